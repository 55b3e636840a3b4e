package io.linkbench.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cost of a phase per operation (or per row, for a load), from host, process and store counters
 * taken at the start and end of the phase's measured window: named figures in display order (e.g.
 * {@code r/op}, {@code cpu_us/op host}, {@code Mcpu/op}); a figure that could not be measured is NaN
 * and {@link #unavailable()} says why. {@code src/site/markdown/metrics.md} defines every figure.
 *
 * @param figures     name to value; NaN when unavailable
 * @param unavailable one line per figure (or group) that could not be measured, with the reason
 */
public record PhaseCost(Map<String, Double> figures, List<String> unavailable) {
    /** No cost measured at all. */
    public static final PhaseCost NONE = new PhaseCost(Map.of(), List.of());

    public PhaseCost {
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        unavailable = List.copyOf(unavailable);
    }

    /** The figure, or NaN when it is absent or unavailable. */
    public double get(String name) {
        Double v = figures.get(name);
        return v == null ? Double.NaN : v;
    }
}
