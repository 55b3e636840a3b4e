package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.support.ConnectHint;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The store's counters per interval: read when a phase starts and at the end of every interval, each
 * counter's delta given as the rate {@value IntervalPoint#STORE_COUNTER_PREFIX}{@code <counter>} (a counter
 * that went backwards, a server restart, is left out of that interval). An interval whose reading is
 * missing (the server did not answer in time, {@link MetricsReader}) has no counters, nor has the one after
 * it; {@link #missing()} says why. A reading waits at most half the interval, between 1 and
 * {@link MetricsReader#COUNTERS} seconds, so that the status line after a stalled read comes late by that much
 * at most. A reason's hint at what to do ({@link ConnectHint}: the command that starts a node that is down) is
 * given once a phase, with the first status line that has it, not on every line while the node stays down.
 * Nothing for a store without counters. Used by the phase's monitoring thread only.
 */
final class IntervalCounters {
    private final GraphStore store;
    private final MetricsReader reads;
    private Map<String, Long> last;
    private MetricsReader.Reading<Map<String, Long>> first;
    private String missing = "";
    /** The reasons with a hint given whole so far: said again, they come without it. */
    private final Set<String> hinted = new HashSet<>();
    private int skipped;

    IntervalCounters(GraphStore store, MetricsReader reads) {
        this.store = store;
        this.reads = reads;
    }

    /** The phase starts: the first reading. */
    void start() {
        if (store instanceof StoreMetrics) {
            first = take(MetricsReader.COUNTERS);
        }
    }

    /**
     * The phase's first reading while no interval has ended since (a window that opens with the phase starts
     * from it rather than read again), or null.
     */
    MetricsReader.Reading<Map<String, Long>> first() {
        return first;
    }

    /**
     * The rates of the interval of {@code seconds} that ends now, empty when its counters are missing; while the
     * phase is {@code stopping} (a stop request) the reading waits 1 s at most, so the files are written soon.
     */
    Map<String, Double> next(double seconds, boolean stopping) {
        first = null;
        if (!(store instanceof StoreMetrics)) {
            return Map.of();
        }
        Map<String, Long> before = last;
        long wait = stopping ? 1000 : Math.max(1000, Math.min(MetricsReader.COUNTERS.toMillis(), (long) (seconds * 500)));
        Map<String, Long> now = take(Duration.ofMillis(wait)).value();
        Map<String, Double> out = new LinkedHashMap<>();
        if (before != null && now != null) {
            StoreCounters.delta(before, now).forEach((k, v) -> out.put(IntervalPoint.STORE_COUNTER_PREFIX + k, (double) v));
        }
        return out;
    }

    /** Why the last reading is missing, or "" when it was read. */
    String missing() {
        return missing;
    }

    /** Readings missed so far. */
    int skipped() {
        return skipped;
    }

    private MetricsReader.Reading<Map<String, Long>> take(Duration deadline) {
        MetricsReader.Reading<Map<String, Long>> r = StoreCounters.read(reads, store, deadline);
        String bare = ConnectHint.withoutHint(r.missing());
        missing = bare.equals(r.missing()) || hinted.add(r.missing()) ? r.missing() : bare;
        if (!r.read()) {
            skipped++;
        }
        last = r.value();
        return r;
    }
}
