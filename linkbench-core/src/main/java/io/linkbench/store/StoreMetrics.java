package io.linkbench.store;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.OptionalInt;

/**
 * A store that exposes server or engine counters and its size, for the cost report. The reporter
 * takes {@link #counters()} at the start and end of a phase and reports the differences. Its methods
 * are called from one thread at a time (the phase's monitoring thread, or the main thread between
 * phases) while sessions may be working.
 *
 * <pre>{@code
 * Map<String, Long> before = store.counters();
 * // ... the phase runs ...
 * long rowsRead = store.counters().get("Innodb_rows_read") - before.get("Innodb_rows_read");
 * }</pre>
 */
public interface StoreMetrics extends GraphStore {
    /**
     * The name of a counter a store reports when it can count them: the entries its GET_LINKS_LIST reads
     * passed over without returning them (deleted or moved links its index still holds, such as an LSM
     * tree's tombstones). The request phase prints them per call next to its throughput, since they slow
     * the list reads as a run goes on.
     */
    String LIST_ENTRIES_SKIPPED = "list_entries_skipped";

    /**
     * Monotonic counters (rows read, bytes written ...), by stable name.
     *
     * @return the counters now, never null, may be empty
     * @throws StoreException CONNECTION, TIMEOUT or OTHER when they cannot be read; the report then
     *                        goes without them
     */
    Map<String, Long> counters() throws StoreException;

    /**
     * Bytes the store's own data occupies on disk now (its tables and indexes, or its files), when
     * known: what a server holds for others (other databases, shared memtables or logs) is left out.
     * Each store's Javadoc says what exactly it counts; called at the end of a phase.
     *
     * @return the bytes, or empty when the store cannot tell
     * @throws StoreException CONNECTION, TIMEOUT or OTHER when the size cannot be read
     */
    OptionalLong sizeBytes() throws StoreException;

    /**
     * The pid of the server process when it runs on this host, for the CPU and IO probe, which counts
     * the process together with all its descendants (a server of several processes, such as
     * PostgreSQL's postmaster and backends, gives the pid of their common parent).
     */
    default OptionalInt serverPid() {
        return OptionalInt.empty();
    }

    /**
     * The directory that holds the data when it is on this host (the server's data directory, or the
     * embedded store's files), so the IO probe can find the block devices behind it.
     */
    default Optional<Path> dataDirectory() {
        return Optional.empty();
    }
}
