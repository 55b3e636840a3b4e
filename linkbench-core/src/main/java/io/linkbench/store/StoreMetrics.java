package io.linkbench.store;

import java.util.Map;
import java.util.OptionalLong;
import java.util.OptionalInt;

/**
 * A store that exposes server or engine counters and its size, for the cost report. The reporter
 * takes {@link #counters()} at the start and end of a phase and reports the differences.
 */
public interface StoreMetrics extends GraphStore {

    /** Monotonic counters (rows read, bytes written ...), by stable name. */
    Map<String, Long> counters() throws StoreException;

    /** Bytes the data occupies (tables and indexes, or files), when known. */
    OptionalLong sizeBytes() throws StoreException;

    /** The pid of the server process when it runs on this host, for the CPU probe. */
    default OptionalInt serverPid() {
        return OptionalInt.empty();
    }
}
