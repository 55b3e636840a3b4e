package io.linkbench.run;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import java.util.Map;
import java.util.TreeMap;

/** Reads a store's optional counters and size, and takes deltas of counters over a phase. */
final class StoreCounters {
    private StoreCounters() {
    }

    /** The store's counters now, or an empty map when it has none or they cannot be read. */
    static Map<String, Long> read(GraphStore store) {
        if (store instanceof StoreMetrics m) {
            try {
                return m.counters();
            } catch (StoreException | RuntimeException e) {
                return Map.of();
            }
        }
        return Map.of();
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

    /** The store's size in bytes, or -1 when unknown. */
    static long size(GraphStore store) {
        if (store instanceof StoreMetrics m) {
            try {
                return m.sizeBytes().orElse(-1);
            } catch (StoreException | RuntimeException e) {
                return -1;
            }
        }
        return -1;
    }
}
