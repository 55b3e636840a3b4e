package io.linkbench.workload;

import io.linkbench.config.Settings;

/**
 * How an operation picks its id: Zipf-shaped over the nodes (hot ids first) or uniform, and which
 * share of the picks is independent of a node's out-degree.
 *
 * @param function       ZIPF or UNIFORM
 * @param shape          Zipf shape (exponent), used when ZIPF
 * @param uncorrelatedPct percent of picks whose popularity order is independent of out-degree; the
 *                       rest pick the node with the same rank in out-degree order (the most linked
 *                       nodes are the hottest)
 */
public record AccessSpec(Function function, double shape, double uncorrelatedPct) {

    /** Id distributions. */
    public enum Function { ZIPF, UNIFORM }

    /** Reads {@code <prefix>_function}, {@code <prefix>_shape} and, when given, {@code <prefix>_uncorr_blend}. */
    static AccessSpec from(Settings s, String prefix, boolean hasBlend) {
        return new AccessSpec(
                s.getEnum(prefix + "_function", Function.class, Function.ZIPF),
                s.getDouble(prefix + "_shape", 0.0001, 20),
                hasBlend ? s.getDouble(prefix + "_uncorr_blend", 0, 100) : 100);
    }
}
