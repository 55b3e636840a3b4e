package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.Signals;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of the Citus cluster through the command line, each injected by {@code scripts/start-citus.sh}
 * while a phase runs: a worker killed (SIGKILL of its postmaster and backends) in the middle of a
 * request phase and of a load, a worker stopped (SIGSTOP) for 5 s, the coordinator restarted. Each
 * time the errors are counted (as retries, or as errors once the retries are spent), the run ends
 * within its time limits with the status {@link #REQUESTS_STATUS} or {@link #LOAD_STATUS}, and, once
 * the script has restarted the node, {@code verify} finds 0 mismatches.
 */
@Tag("citus")
class CitusFaultTest {
    /** The request phase's status in result.json after a fault it rode through. */
    private static final List<String> REQUESTS_STATUS = List.of("completed");
    /**
     * The request phase's status after a worker's crash: completed when the calls that failed (once their
     * retries were spent) are at most 1% of all, else failed, saying so.
     */
    private static final List<String> KILLED_STATUSES = List.of("completed", "failed");
    /** The load's status in result.json after a fault it rode through (its retries outlast the outage). */
    private static final String LOAD_STATUS = "completed";
    /**
     * Long enough that the node is back before the end even on a busy machine (a call cut by the end fails): the
     * fault comes 1-3 s in, a node restarts in 1-2 s here (a 5 s stop lasts 5 s), so 20 s leaves a margin of
     * more than 10 s; every second of it is waited out by every request-phase test.
     */
    private static final int MAXTIME = 20;
    private static final long LOADED = 2001;

    @AfterEach
    void everyNodeRunsAgain() throws Exception {
        if (Files.isReadable(CitusTestCluster.PASSWORD_FILE)) {
            for (int i = 0; i <= CitusTestCluster.WORKERS; i++) {
                CitusTestCluster.control("resume-node", Integer.toString(i));
                CitusTestCluster.control("start-node", Integer.toString(i));
            }
        }
    }

    @Test
    void workerKilledInTheRequestPhase(@TempDir Path results) throws Exception {
        String json = requestsAcross("lbtest_citus_kill", results, KILLED_STATUSES, () -> {
            CitusTestCluster.control("kill-node", "2");
            awaitDown(2);
            CitusTestCluster.control("start-node", "2");
        });
        assertTrue(retries(json) + errors(json) > 0, "the calls the dead worker failed are counted: " + json);
        if (status(json, "request").equals("failed")) {
            assertTrue(json.contains("calls failed"), "a failed phase says why: " + json);
        }
    }

    @Test
    void workerStoppedForFiveSecondsInTheRequestPhase(@TempDir Path results) throws Exception {
        long[] stalled = new long[1];
        requestsAcross("lbtest_citus_stop", results, REQUESTS_STATUS, () -> {
            CitusTestCluster.control("pause-node", "1");
            long t0 = System.nanoTime();
            Thread.sleep(5_000); // the fault itself lasts 5 s: nothing to wait for
            CitusTestCluster.control("resume-node", "1");
            stalled[0] = (System.nanoTime() - t0) / 1_000_000;
        });
        assertTrue(stalled[0] >= 5_000, "the worker was stopped for " + stalled[0] + " ms");
    }

    @Test
    void coordinatorRestartedInTheRequestPhase(@TempDir Path results) throws Exception {
        String json = requestsAcross("lbtest_citus_restart", results, REQUESTS_STATUS, () -> CitusTestCluster.control("restart-node", "0"));
        assertTrue(retries(json) > 0 || json.contains("\"CONNECTION\""),
                "the calls the restart cut are counted: retried, or CONNECTION errors when the retries ran out");
    }

    @Test
    void workerKilledInTheLoad(@TempDir Path results) throws Exception {
        killedInTheLoad("lbtest_citus_killload", results, false);
    }

    /**
     * The race a list of pids taken before the kill loses: a backend of the worker that does not run when the
     * worker is killed (here stopped with SIGSTOP; on a busy machine, one forked a moment before, or one
     * blocked on a lock) must die with the rest, or it keeps the node's shared memory and no start succeeds.
     * start-node brings the worker back within 60 s, and verify finds 0 mismatches.
     */
    @Test
    void workerKilledWithABackendStoppedInTheLoad(@TempDir Path results) throws Exception {
        killedInTheLoad("lbtest_citus_killstopped", results, true);
    }

    private static void killedInTheLoad(String schema, Path results, boolean stopABackend) throws Exception {
        CitusTestCluster.assumeAvailable();
        try (Connection c = CitusTestCluster.jdbc(0); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE"); // so only this load's rows are seen below
        }
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            long t0 = System.nanoTime();
            // retries that outlast the worker's restart (allowed 60 s below): a deadline of 120 s, not a count
            Future<Integer> load = pool.submit(() -> Main.run(cli(schema, "-D", "maxid1=20001", "-D", "schema=recreate",
                    "-D", "retry_for=120", "-D", "retry_backoff_ms=20", "-l", "--results", results.toString())
                    .toArray(String[]::new)));
            try (Connection c = CitusTestCluster.jdbc(0)) {
                Await.until(Duration.ofSeconds(120), "1,000 links loaded", () -> load.isDone()
                        || queryLong(c, "SELECT to_regclass('" + schema + ".linktable') IS NOT NULL::int") == 1
                        && queryLong(c, "SELECT count(*) FROM (SELECT 1 FROM " + schema + ".linktable LIMIT 1000) l") >= 1000);
            }
            assertFalse(load.isDone(), "the load still runs when the worker is killed");
            long stopped = stopABackend ? stopABackend(2) : 0;
            CitusTestCluster.control("kill-node", "2");
            awaitDown(2);
            if (stopped != 0) {
                assertFalse(Files.exists(Path.of("/proc", Long.toString(stopped))),
                        "the stopped backend " + stopped + " died with its worker");
            }
            long started = System.nanoTime();
            CitusTestCluster.control("start-node", "2");
            double seconds = (System.nanoTime() - started) / 1e9;
            assertTrue(seconds < 60, "start-node 2 took " + seconds + " s");
            assertEquals(0, load.get(600, TimeUnit.SECONDS), "exit code of a load across a worker's crash");
            assertTrue((System.nanoTime() - t0) / 1e9 < 600);
        } finally {
            pool.shutdownNow();
        }
        String json = resultJson(results);
        assertEquals(LOAD_STATUS, status(json, "load"), json);
        assertTrue(retries(json) > 0, "the batches the crash failed were retried: " + json);
        awaitNoPreparedTransactions();
        assertEquals(0, Main.run(cli(schema, "verify").toArray(String[]::new)));
    }

    @Test
    void aPlainTableLoadedWithoutCitusIsRefusedInOneLine(@TempDir Path results) throws Exception {
        CitusTestCluster.assumeAvailable();
        String schema = "lbtest_citus_offload";
        assertEquals(0, Main.run(cli(schema, "-D", "maxid1=501", "-D", "schema=recreate", "-D", "citus=off", "-l",
                "--results", results.toString()).toArray(String[]::new)));
        FaultSupport.CapturedRun run = FaultSupport.runCapturingErr(cli(schema, "-D", "maxid1=501", "-r",
                "--results", results.toString()).toArray(String[]::new));
        assertEquals(1, run.exitCode(), run.err());
        assertFalse(run.err().contains("\tat "), run.err());
        assertEquals("linkbench: table " + schema + ".linktable on the Citus coordinator " + CitusTestCluster.node(0)
                + " is a plain table holding rows, not distributed over the workers: load anew with -l -D schema=recreate,"
                + " which creates distributed tables (or set citus = off to use the coordinator's plain tables)",
                run.firstLine());
    }

    /** What a test does to the cluster while the request phase runs. */
    private interface Fault {
        void inject() throws Exception;
    }

    /**
     * Loads {@code schema}, runs a request phase of {@value #MAXTIME} s with {@code fault} injected once
     * the requesters run, checks the run's time, its status (one of {@code statuses}; the exit code 0 for
     * completed, 1 else) and that {@code verify} finds 0 mismatches afterwards; returns result.json.
     */
    private static String requestsAcross(String schema, Path results, List<String> statuses, Fault fault) throws Exception {
        CitusTestCluster.assumeAvailable();
        assertEquals(0, Main.run(cli(schema, "-D", "maxid1=" + LOADED, "-D", "schema=recreate", "-l",
                "--results", results.resolve("load").toString()).toArray(String[]::new)));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        int exitCode;
        try {
            long t0 = System.nanoTime();
            // retries that outlast a restart on a busy machine: a deadline of 60 s each, not a count
            Future<Integer> run = pool.submit(() -> Main.run(cli(schema, "-D", "maxid1=" + LOADED, "-D", "maxtime=" + MAXTIME,
                    "-D", "requesters=2", "-D", "displayfreq=2", "-D", "retry_for=60",
                    "-D", "retry_backoff_ms=20", "-r",
                    "--results", results.resolve("r").toString())
                    .toArray(String[]::new)));
            try (Connection c = CitusTestCluster.jdbc(0)) {
                Await.until(Duration.ofSeconds(60), "20 nodes added by the requesters", () -> run.isDone()
                        || queryLong(c, "SELECT COALESCE(MAX(id), 0) FROM " + schema + ".nodetable") >= LOADED + 20);
            }
            assertFalse(run.isDone(), "the request phase still runs when the fault comes");
            fault.inject();
            exitCode = run.get(MAXTIME + 120, TimeUnit.SECONDS);
            double seconds = (System.nanoTime() - t0) / 1e9;
            assertTrue(seconds < MAXTIME + 60, "a " + MAXTIME + " s phase took " + seconds + " s");
        } finally {
            pool.shutdownNow();
        }
        String json = resultJson(results.resolve("r"));
        String status = status(json, "request");
        assertTrue(statuses.contains(status), "status " + status + ", expected one of " + statuses + ": " + json);
        assertEquals(status.equals("completed") ? 0 : 1, exitCode, "exit code of -r across the fault, status " + status);
        assertEquals(0, Main.run(cli(schema, "verify").toArray(String[]::new)));
        return json;
    }

    /**
     * Stops (SIGSTOP) a backend of node {@code i} that serves the cluster (one the coordinator opened), once there
     * is one; returns its pid.
     */
    private static long stopABackend(int i) throws Exception {
        long pid;
        try (Connection c = CitusTestCluster.jdbc(i)) {
            pid = Await.until(Duration.ofSeconds(60), "a backend of node " + i + " serving the coordinator",
                    () -> queryLong(c, "SELECT COALESCE(MAX(pid), 0) FROM pg_stat_activity WHERE backend_type = 'client backend'"
                            + " AND datname = current_database() AND pid <> pg_backend_pid()"), p -> p > 0);
        }
        Signals.send("STOP", pid);
        return pid;
    }

    /** Waits until node {@code i} no longer answers (its postmaster killed). */
    private static void awaitDown(int i) throws Exception {
        Await.until(Duration.ofSeconds(30), "node " + i + " down", () -> {
            try (Connection c = CitusTestCluster.jdbc(i)) {
                return false;
            } catch (SQLException e) {
                return true;
            }
        });
    }

    /**
     * Waits until no worker holds a prepared transaction: after a crash the coordinator commits or rolls
     * back the ones the crash left ({@code citus.recover_2pc_interval}, 1 min by default).
     */
    private static void awaitNoPreparedTransactions() throws Exception {
        Await.until(Duration.ofSeconds(180), "no prepared transaction left on the workers", () -> {
            long prepared = 0;
            for (int w = 1; w <= CitusTestCluster.WORKERS; w++) {
                try (Connection c = CitusTestCluster.jdbc(w)) {
                    prepared += queryLong(c, "SELECT count(*) FROM pg_prepared_xacts WHERE database = current_database()");
                }
            }
            return prepared == 0;
        });
    }

    /** {@code -c config/citus.properties} with the test cluster's coordinates, a schema, 4 shards, and {@code args}. */
    static List<String> cli(String schema, String... args) {
        return PgFaultTest.cli("config/citus.properties", Map.of("port", Integer.toString(CitusTestCluster.PORT),
                "password_file", CitusTestCluster.PASSWORD_FILE.toString(), "pg_schema", schema, "citus_shard_count", "4"),
                args);
    }

    private static long queryLong(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long retries(String json) {
        return sum(json, "retries");
    }

    private static long errors(String json) {
        return sum(json, "errors");
    }

    private static String resultJson(Path results) throws IOException {
        return PgFaultTest.resultJson(results);
    }

    private static String status(String json, String phase) {
        return PgFaultTest.status(json, phase);
    }

    private static long sum(String json, String key) {
        return PgFaultTest.sum(json, key);
    }
}
