package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.BatchRetryContract;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import io.linkbench.tck.SessionAfterErrorContract;
import io.linkbench.tck.harness.Await;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;

/**
 * The TCK's fault contracts on the Citus cluster with a worker-side failure: the backend a worker runs
 * for the session's coordinator backend is terminated in the middle of the session's next call. To
 * catch the call on a worker, the hook holds an ACCESS EXCLUSIVE lock on every shard of the store's
 * distributed tables, from a connection of its own to each worker; a watcher terminates the worker
 * backends of the session (Citus names them {@code citus_internal gpid=<the coordinator backend's
 * global pid>}; a load batch's COPY runs on the session's own connections to the workers, see
 * {@link CitusLoader}) once one waits for that lock, then releases the locks. The coordinator relays the
 * failure (or the load's connection is lost), and the contracts check that the session reports it as retryable and serves the next call.
 * (A worker backend terminated while idle is no failure: Citus finds the closed socket of its cached
 * connection and opens another.) {@link CitusStoreTest} runs every contract with the coordinator's
 * backends terminated instead.
 */
@Tag("citus")
class CitusWorkerFaultTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private final WorkerBackendKiller killer = new WorkerBackendKiller();

    /** A bulk batch given again after a worker failed under it. */
    @Nested
    class BatchRetry extends BatchRetryContract {
        BatchRetry() {
            super(killer);
        }
    }

    /** The session after a worker failed under its call. */
    @Nested
    class SessionAfterError extends SessionAfterErrorContract {
        SessionAfterError() {
            super(killer);
        }
    }

    /** The watcher of the test's fault ended without failing: it terminated a backend, then released the locks. */
    @AfterEach
    void theWatcherTerminatedAWaitingWorkerBackend() throws Exception {
        killer.awaitWatchers();
    }

    /** The store as {@link CitusStoreTest} opens it, and the fault hook. */
    static final class WorkerBackendKiller extends GraphStoreContract implements FaultInjection {
        private static final String SCHEMA = "lbtest_citus_workerfault";
        private final List<CompletableFuture<Void>> watchers = new ArrayList<>();

        @Override
        protected GraphStore openFreshStore() throws Exception {
            return CitusTestCluster.freshStore(SCHEMA, Map.of(), maxSessions());
        }

        @Override
        public void failNextCall(GraphStore store, StoreSession session) throws Exception {
            List<String> names = TerminatesSessionBackends.askEach(session, "SELECT citus_backend_gpid()").stream()
                    .map(gpid -> "citus_internal gpid=" + gpid).toList();
            List<Connection> locks = lockEveryShard();
            watchers.add(CompletableFuture.runAsync(() -> {
                try {
                    terminateWhenWaiting(names);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                } finally {
                    locks.forEach(CitusWorkerFaultTest::rollbackAndClose);
                }
            }));
        }

        /** One connection per worker, in a transaction that holds every shard of the store's tables there. */
        private static List<Connection> lockEveryShard() throws Exception {
            List<Connection> locks = new ArrayList<>();
            try {
                for (int worker = 1; worker <= CitusTestCluster.WORKERS; worker++) {
                    List<String> shards = shardsOn(worker);
                    Connection c = CitusTestCluster.jdbc(worker);
                    locks.add(c);
                    try (Statement s = c.createStatement()) {
                        s.execute("SET citus.enable_manual_changes_to_shards = on");
                        s.execute("SET lock_timeout = '" + DEADLINE.toSeconds() + "s'");
                        c.setAutoCommit(false);
                        s.execute("LOCK TABLE " + String.join(", ", shards) + " IN ACCESS EXCLUSIVE MODE");
                    }
                }
                return locks;
            } catch (Exception e) {
                locks.forEach(CitusWorkerFaultTest::rollbackAndClose);
                throw e;
            }
        }

        /** The shards of the store's distributed tables on worker {@code worker}, schema-qualified. */
        private static List<String> shardsOn(int worker) throws SQLException {
            List<String> shards = new ArrayList<>();
            try (Connection c = CitusTestCluster.jdbc(0); PreparedStatement ps = c.prepareStatement(
                    "SELECT shard_name FROM citus_shards WHERE citus_table_type = 'distributed'"
                            + " AND table_name::text LIKE ? AND nodeport = ? ORDER BY shard_name")) {
                ps.setString(1, SCHEMA + ".%");
                ps.setInt(2, CitusTestCluster.PORT + worker);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        shards.add(rs.getString(1));
                    }
                }
            }
            if (shards.isEmpty()) {
                throw new AssertionError("no shard of " + SCHEMA + " on " + CitusTestCluster.node(worker));
            }
            return shards;
        }

        /** Waits until a worker backend of the session waits for a lock, and terminates the session's ones there. */
        private static void terminateWhenWaiting(List<String> names) throws Exception {
            List<Connection> workers = new ArrayList<>();
            try {
                for (int worker = 1; worker <= CitusTestCluster.WORKERS; worker++) {
                    workers.add(CitusTestCluster.jdbc(worker));
                }
                Await.until(DEADLINE, "a worker backend of " + names + " waiting for the shard locks", () -> {
                    for (Connection c : workers) {
                        // the session's backends on the worker: those the coordinator runs for it, and the
                        // load's own connections to the worker (CitusLoader), which wait for a shard of the schema
                        try (PreparedStatement ps = c.prepareStatement(
                                "SELECT count(pg_terminate_backend(a.pid)) FROM pg_stat_activity a"
                                        + " WHERE a.wait_event_type = 'Lock' AND (a.application_name = ANY (?) OR a.pid IN"
                                        + " (SELECT l.pid FROM pg_locks l JOIN pg_class r ON r.oid = l.relation"
                                        + " JOIN pg_namespace n ON n.oid = r.relnamespace WHERE NOT l.granted"
                                        + " AND n.nspname = ?))")) {
                            ps.setArray(1, c.createArrayOf("text", names.toArray()));
                            ps.setString(2, SCHEMA);
                            try (ResultSet rs = ps.executeQuery()) {
                                if (rs.next() && rs.getLong(1) > 0) {
                                    return true;
                                }
                            }
                        }
                    }
                    return false;
                });
            } finally {
                workers.forEach(CitusWorkerFaultTest::rollbackAndClose);
            }
        }

        void awaitWatchers() throws Exception {
            try {
                for (CompletableFuture<Void> w : watchers) {
                    w.get(DEADLINE.toSeconds() + 30, TimeUnit.SECONDS);
                }
            } finally {
                watchers.clear();
            }
        }
    }

    /** Ends the connection's transaction, if any, and closes it. */
    private static void rollbackAndClose(Connection c) {
        try (c) {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
        } catch (SQLException e) {
            // closing gives the locks up as well
        }
    }
}
