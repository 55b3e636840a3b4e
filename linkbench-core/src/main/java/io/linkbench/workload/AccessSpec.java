package io.linkbench.workload;

import io.linkbench.config.Settings;

/**
 * How an operation picks its id: a blend of an "uncorrelated" distribution, whose hot ids are spread
 * over the id space by a permutation independent of out-degree, and a "correlated" one, whose hottest
 * ids are the most linked nodes. Each is Zipf-shaped over popularity ranks or uniform.
 *
 * @param uncorrelated    the distribution of the uncorrelated share
 * @param correlated      the distribution of the correlated share
 * @param uncorrelatedPct percent of picks taken from the uncorrelated distribution
 */
public record AccessSpec(Dist uncorrelated, Dist correlated, double uncorrelatedPct) {

    /** Id distributions. */
    public enum Function { ZIPF, UNIFORM }

    /** One distribution: Zipf with a shape (exponent), or uniform (shape unused). */
    public record Dist(Function function, double shape) {
        static Dist from(Settings s, String prefix) {
            return new Dist(s.getEnum(prefix + "_function", Function.class, Function.ZIPF),
                    s.getDouble(prefix + "_shape", 0.0001, 20));
        }
    }

    /** A node operation's spec: {@code <prefix>_function} and {@code _shape}, all picks uncorrelated. */
    static AccessSpec nodes(Settings s, String prefix) {
        Dist d = Dist.from(s, prefix);
        return new AccessSpec(d, d, 100);
    }

    /**
     * Link reads: {@code read_uncorr_function}/{@code _shape} for the {@code read_uncorr_blend} percent,
     * {@code read_function}/{@code _shape} for the rest.
     */
    static AccessSpec linkReads(Settings s) {
        return new AccessSpec(Dist.from(s, "read_uncorr"), Dist.from(s, "read"), s.getDouble("read_uncorr_blend", 0, 100));
    }

    /**
     * Link writes: the correlated share from {@code write_function}/{@code _shape}; the uncorrelated one
     * from the keys {@code link_write_uncorr} names: {@code read_uncorr} (what the original's code really
     * reads: the link reads' uncorrelated distribution and blend) or {@code write_uncorr}.
     */
    static AccessSpec linkWrites(Settings s) {
        String prefix = s.getEnum("link_write_uncorr", UncorrKeys.class) == UncorrKeys.READ_UNCORR
                ? "read_uncorr" : "write_uncorr";
        return new AccessSpec(Dist.from(s, prefix), Dist.from(s, "write"), s.getDouble(prefix + "_blend", 0, 100));
    }

    /** {@code link_write_uncorr}. */
    enum UncorrKeys { READ_UNCORR, WRITE_UNCORR }
}
