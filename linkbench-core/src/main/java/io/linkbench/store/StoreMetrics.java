package io.linkbench.store;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.OptionalInt;

/**
 * A store that exposes server or engine counters and its size, for the cost report. The reporter
 * takes {@link #counters()} at the start and end of a phase and at every interval, and reports the
 * differences. Its methods are called one at a time, each on a short-lived thread of the driver's,
 * while sessions may be working; the driver waits for each within a deadline (a few seconds) and goes
 * on without the figure when it is late. A late call is left running, so it may still run when the
 * driver calls another method: give the server's reads a network timeout of their own (e.g.
 * {@code socket_timeout}), so that a server that stops answering ends them.
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

    /**
     * Every server process of the store, for the cost probe, which measures each local one and sums them
     * into the server columns: one node for a single server, one per server of a cluster (in a stable
     * order, e.g. the coordinator first). Called once per run, before the first phase; it may ask each
     * server for its pid and data directory, and then answers within the store's connect timeout.
     * The default is one node, {@value ServerNode#SINGLE}, from {@link #serverPid()} and
     * {@link #dataDirectory()}.
     *
     * <pre>{@code
     * for (ServerNode n : store.serverNodes()) {
     *     System.out.println(n.name() + (n.isLocal() ? " pid " + n.pid().getAsInt() : " not on this host"));
     * }
     * }</pre>
     *
     * @return the nodes, never empty, names unique
     */
    default List<ServerNode> serverNodes() {
        return List.of(new ServerNode(ServerNode.SINGLE, serverPid(), dataDirectory()));
    }
}
