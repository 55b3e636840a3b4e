package io.linkbench.measure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Watches a phase from outside the hot path, on the phase's own monitoring thread: the host/process
 * cost probe and the interval files plug in here. Every method has a no-op default; {@link #of}
 * combines several observers.
 */
public interface PhaseObserver {

    /** Observes nothing. */
    PhaseObserver NONE = new PhaseObserver() {
    };

    /** Phase {@code phase} (loop {@code loop}) starts now, warm-up included: its first interval starts here. */
    default void phaseStarted(Phase phase, int loop) {
    }

    /** The measured window of phase {@code phase} (loop {@code loop}) starts now (after any warm-up). */
    default void windowStarted(Phase phase, int loop) {
    }

    /** An interval just ended: rates to attach to its point (CPU, IO), possibly empty. */
    default Map<String, Double> intervalRates() {
        return Map.of();
    }

    /** The finished interval, as a point and as the raw histograms of each operation. */
    default void interval(Phase phase, int loop, String[] names, IntervalPoint point, IntervalSample sample) {
    }

    /**
     * A segment of the window (a load's insert window, a post-load step) ended now; the window's cost
     * then also has one part per segment, and its total runs to the end of the last segment.
     *
     * @param name          the segment, e.g. {@code insert} or {@code step: compact}
     * @param storeCounters the store's counter deltas over the segment
     */
    default void segmentEnded(String name, Map<String, Long> storeCounters) {
    }

    /**
     * The measured window ended now with {@code operations} (rows, for a load) completed in it.
     *
     * @param storeCounters the store's counter deltas over the window, as the phase read them
     * @param sizeBytes     the store's size now, or -1 when unknown
     * @return the cost over the window, or {@link PhaseCost#NONE}
     */
    default PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
        return PhaseCost.NONE;
    }

    /** All of {@code observers}, in order; the first non-empty cost wins, rates are merged. */
    static PhaseObserver of(PhaseObserver... observers) {
        List<PhaseObserver> all = new ArrayList<>(List.of(observers));
        return new PhaseObserver() {
            @Override
            public void phaseStarted(Phase phase, int loop) {
                all.forEach(o -> o.phaseStarted(phase, loop));
            }

            @Override
            public void windowStarted(Phase phase, int loop) {
                all.forEach(o -> o.windowStarted(phase, loop));
            }

            @Override
            public Map<String, Double> intervalRates() {
                Map<String, Double> m = new LinkedHashMap<>();
                all.forEach(o -> m.putAll(o.intervalRates()));
                return m;
            }

            @Override
            public void interval(Phase phase, int loop, String[] names, IntervalPoint point, IntervalSample sample) {
                all.forEach(o -> o.interval(phase, loop, names, point, sample));
            }

            @Override
            public void segmentEnded(String name, Map<String, Long> storeCounters) {
                all.forEach(o -> o.segmentEnded(name, storeCounters));
            }

            @Override
            public PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
                PhaseCost cost = PhaseCost.NONE;
                for (PhaseObserver o : all) {
                    PhaseCost c = o.windowEnded(operations, storeCounters, sizeBytes);
                    if (cost.figures().isEmpty()) {
                        cost = c;
                    }
                }
                return cost;
            }
        };
    }
}
