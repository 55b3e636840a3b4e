package io.linkbench.measure.probe;

import io.linkbench.measure.PhaseCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A measured window cut into consecutive segments (a load's insert window, then each post-load step):
 * one probe reading at the start and one at the end of each segment. Each segment's cost is the
 * difference between its two readings; the total's is the difference between the first and the last,
 * so the parts' raw totals add up to the total's exactly, and every per-operation figure of a part or of
 * the total divides by the same operations (the rows loaded), so those add up too. Only the first
 * segment completes operations: the others have no {@code ops/s} of their own, and their length is
 * in {@link PhaseCost#SECONDS}. Not thread-safe.
 */
public final class CostSegments {
    private final ProbeSnapshot start;
    private final List<Segment> segments = new ArrayList<>();

    private record Segment(String name, ProbeSnapshot end, Map<String, Long> storeCounterDeltas) {
    }

    /** A window that starts with reading {@code start}. */
    public CostSegments(ProbeSnapshot start) {
        this.start = Objects.requireNonNull(start, "start");
    }

    /** The segment named {@code name} ended with reading {@code end}; its store counter deltas. */
    public void end(String name, ProbeSnapshot end, Map<String, Long> storeCounterDeltas) {
        segments.add(new Segment(name, end, Map.copyOf(storeCounterDeltas)));
    }

    /** True when no segment has ended yet. */
    public boolean isEmpty() {
        return segments.isEmpty();
    }

    /**
     * The cost of the whole window, from the start to the end of the last segment, with each segment as
     * a part.
     *
     * @param ops       operations (rows) completed in the window, all in the first segment
     * @param sizeBytes the store's size at the end
     */
    public PhaseCost cost(long ops, OptionalLong sizeBytes) {
        if (segments.isEmpty()) {
            throw new IllegalStateException("no segment ended");
        }
        Map<String, PhaseCost> parts = new LinkedHashMap<>();
        Map<String, Long> counters = new LinkedHashMap<>();
        ProbeSnapshot from = start;
        for (Segment s : segments) {
            PhaseCost part = cost(CostFigures.of(from, s.end(), ops, sizeBytes, s.storeCounterDeltas()));
            if (from != start) {
                Map<String, Double> noRate = Map.of(PhaseCost.OPS_PER_S, Double.NaN);
                part = part.plus(noRate, List.of(PhaseCost.OPS_PER_S + ": " + s.name() + " completes no rows; its time is "
                        + PhaseCost.SECONDS));
            }
            parts.put(s.name(), part);
            s.storeCounterDeltas().forEach((k, v) -> counters.merge(k, v, Long::sum));
            from = s.end();
        }
        return cost(CostFigures.of(start, from, ops, sizeBytes, counters)).withParts(parts);
    }

    private static PhaseCost cost(CostFigures c) {
        Map<String, Double> f = new LinkedHashMap<>(c.figures());
        f.put(PhaseCost.SECONDS, c.delta().seconds());
        return new PhaseCost(f, c.unavailable()).withNodes(c.nodeCosts());
    }
}
