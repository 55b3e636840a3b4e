package io.linkbench.run;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreMetrics;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads a store's optional counters and size, each within its deadline ({@link MetricsReader}), and takes
 * deltas of counters over a phase.
 */
final class StoreCounters {
    private StoreCounters() {
    }

    /** The store's counters now (none for a store without them), or why they could not be read. */
    static MetricsReader.Reading<Map<String, Long>> read(MetricsReader reads, GraphStore store) {
        return read(reads, store, MetricsReader.COUNTERS);
    }

    /** As {@link #read(MetricsReader, GraphStore)}, waiting at most {@code deadline}. */
    static MetricsReader.Reading<Map<String, Long>> read(MetricsReader reads, GraphStore store, Duration deadline) {
        if (store instanceof StoreMetrics m) {
            return reads.read("server counters", m::counters, deadline);
        }
        return MetricsReader.Reading.of(Map.of());
    }

    /** after - before for every counter in both; counters that went backwards (a restart) are left out. */
    static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> d = new TreeMap<>();
        for (Map.Entry<String, Long> e : after.entrySet()) {
            Long b = before.get(e.getKey());
            if (b != null && e.getValue() >= b) {
                d.put(e.getKey(), e.getValue() - b);
            }
        }
        return d;
    }

    /** The store's size in bytes (-1 when it cannot tell, or has no size), or why it could not be read. */
    static MetricsReader.Reading<Long> size(MetricsReader reads, GraphStore store) {
        if (store instanceof StoreMetrics m) {
            return reads.read("data size", () -> m.sizeBytes().orElse(-1), MetricsReader.SLOW);
        }
        return MetricsReader.Reading.of(-1L);
    }
}
