package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreMetrics;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The store's counters per interval: reads {@link StoreMetrics#counters()} when a phase starts and at the
 * end of every interval, and gives each counter's delta as the rate
 * {@value IntervalPoint#STORE_COUNTER_PREFIX}{@code <counter>} (a counter that went backwards, a server
 * restart, is left out of that interval). Nothing for a store without counters. Runs on the phase's
 * monitoring thread only.
 */
public final class IntervalCounters implements PhaseObserver {
    private final GraphStore store;
    private Map<String, Long> last;

    public IntervalCounters(GraphStore store) {
        this.store = store;
    }

    @Override
    public void phaseStarted(Phase phase, int loop) {
        last = store instanceof StoreMetrics ? StoreCounters.read(store) : null;
    }

    @Override
    public Map<String, Double> intervalRates() {
        if (last == null) {
            return Map.of();
        }
        Map<String, Long> now = StoreCounters.read(store);
        Map<String, Double> out = new LinkedHashMap<>();
        StoreCounters.delta(last, now).forEach((k, v) -> out.put(IntervalPoint.STORE_COUNTER_PREFIX + k, (double) v));
        last = now;
        return out;
    }
}
