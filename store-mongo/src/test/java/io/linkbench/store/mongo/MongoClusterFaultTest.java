package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of the sharded DocumentDB (LINKBENCH_MONGO_CLUSTER_URL, injected by the script that
 * LINKBENCH_DOCUMENTDB_CLUSTER_CONTROL names, scripts/start-documentdb-cluster.sh) under the store with
 * {@code sharding = on} and transactions: a worker killed (SIGKILL of every process) in the middle of a load
 * and of a request phase, then started again (crash recovery); a worker stopped (SIGSTOP), which the run's
 * status lines report and which ends the request phase {@code failed}, never {@code completed}; the
 * coordinator restarted under a request phase, which costs counted errors or retries. After each fault
 * {@code verify} finds 0 mismatches: a link write and its count, co-located on one worker, commit together
 * even across that worker's crash. Each test restores the node it faulted in a {@code finally}.
 */
@Tag("mongo")
class MongoClusterFaultTest {
    private static final int LOADED = 2001;
    /**
     * Seconds of each request phase: the fault comes about 1 s in. A call the fault holds past the end is waited
     * for ({@code stall_limit} 60 s: the gateway gives up on a statement after 30 s) and counted.
     */
    private static final int MAXTIME = 10;
    /** A request phase's status after a fault that cut calls: completed, or failed when more than 1% failed. */
    private static final List<String> COMPLETED_OR_SHORT = List.of("completed", "failed");
    private static final int WORKER = 2;

    /**
     * The calls the crash cuts fail as lost connections and are retried; the gateway also retries a statement while
     * the worker is away, so a crash between calls may cost no failure at all (it did in 1 run of 5): nothing counted
     * is asserted, only that what failed is a failure of the absent worker and that no count drifted.
     */
    @Test
    void aWorkerKilledMidRequestsCostsOnlyTheRunningOperations(@TempDir Path results) throws Exception {
        Path control = RealMongo.clusterControlOrSkip();
        requestsAcross(results, "lbtest_ckill", () -> {
            try {
                control(control, "kill-node", WORKER);
            } finally {
                control(control, "start-node", WORKER);
            }
        });
    }

    @Test
    void aWorkerKilledMidLoadCostsOnlyRetries(@TempDir Path results) throws Exception {
        Path control = RealMongo.clusterControlOrSkip();
        String url = RealMongo.clusterUrlOrSkip();
        String db = "lbtest_ckillload";
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            // retries that outlast the worker's crash recovery on a busy machine: a deadline, not a count
            Future<Integer> load = pool.submit(() -> MongoCli.run(url, db, sharded("-D", "maxid1=3001",
                    "-D", "schema=recreate", "-D", "progressfreq=0.5", "-D", "retry_for=120", "-D", "retry_backoff_ms=20",
                    "-l", "--results", results.toString())));
            MongoCli.awaitInterval(results, "load", Duration.ofSeconds(120));
            assertFalse(load.isDone(), "the load still runs when the worker is killed");
            try {
                control(control, "kill-node", WORKER);
            } finally {
                control(control, "start-node", WORKER);
            }
            assertEquals(0, load.get(300, TimeUnit.SECONDS), "exit code of a load across a worker's crash");
        } finally {
            pool.shutdownNow();
        }
        JsonNode phase = MongoCli.phase(MongoCli.result(results));
        assertEquals("completed", phase.get("status").asText(), phase.toString());
        assertTrue(MongoCli.sum(phase, "retries") > 0, "the batches the crash cut were retried: " + phase.get("ops"));
        MongoCli.assertErrorsOfAnAbsentServer(phase);
        awaitNoPreparedTransactions();
        assertEquals(0, MongoCli.run(url, db, sharded("verify")), "verify after a worker's crash in the load");
    }

    /**
     * A stopped worker answers nothing, and the gateway waits for it (PostgresCommandTimeoutSecs, 30 s, longer than
     * this phase runs past its end): the requesters wait inside their calls, the status lines say the server
     * stalled, and the phase ends failed {@code stall_limit} after its end.
     */
    @Test
    void aWorkerStoppedEndsTheRequestPhaseFailedWithStatusLinesThroughout(@TempDir Path results) throws Exception {
        Path control = RealMongo.clusterControlOrSkip();
        String url = RealMongo.clusterUrlOrSkip();
        String db = "lbtest_cstop";
        assertEquals(0, MongoCli.run(url, db, sharded("-D", "maxid1=" + LOADED, "-D", "schema=recreate", "-l",
                "--results", results.resolve("load").toString())), "exit code of -l");
        List<String> cli = MongoCli.childCli(url, db, results);
        // the default socket_timeout (120 s): the stall ends the phase, and the store's close (whose endSessions the
        // gateway answers only once the worker runs again) waits at most the connect timeout
        cli.addAll(List.of(sharded("-D", "maxid1=" + LOADED, "-D", "requesters=2", "-r")));
        try {
            ServerStall.requestPhaseFails(new ServerStall.Server() {
                @Override
                public void stop() throws Exception {
                    control(control, "pause-node", 1);
                }

                @Override
                public void resume() throws Exception {
                    control(control, "resume-node", 1);
                }
            }, results, cli, MAXTIME);
        } finally {
            control(control, "resume-node", 1);
        }
        assertEquals(0, MongoCli.run(url, db, sharded("verify")), "verify after a worker's stop");
    }

    @Test
    void theCoordinatorRestartedMidRequestsCostsCountedErrors(@TempDir Path results) throws Exception {
        Path control = RealMongo.clusterControlOrSkip();
        JsonNode phase = requestsAcross(results, "lbtest_crestart", () -> {
            try {
                control(control, "restart-node", 0);
            } finally {
                control(control, "start-node", 0); // a restart that failed: the next test finds the coordinator up
            }
        });
        assertTrue(MongoCli.sum(phase, "retries") + MongoCli.sum(phase, "errors") > 0,
                "the calls the restart cut are counted, as retries or errors: " + phase.get("ops"));
    }

    /** What a test does to the cluster while the request phase runs; it restores what it faulted. */
    private interface Fault {
        void inject() throws Exception;
    }

    /**
     * Loads {@code db}, runs a request phase of {@value #MAXTIME} s with {@code fault} injected once the requesters
     * are at work, checks its status (completed, exit code 0; or failed, exit code 1, saying that too many calls
     * failed), that its errors are those of an absent server, and that {@code verify} finds 0 mismatches
     * afterwards; returns the phase.
     */
    private static JsonNode requestsAcross(Path results, String db, Fault fault) throws Exception {
        String url = RealMongo.clusterUrlOrSkip();
        assertEquals(0, MongoCli.run(url, db, sharded("-D", "maxid1=" + LOADED, "-D", "schema=recreate", "-l",
                "--results", results.resolve("load").toString())), "exit code of -l");
        ExecutorService pool = Executors.newSingleThreadExecutor();
        int exitCode;
        try {
            // retries that outlast a node's restart on a busy machine: a deadline of 60 s, not a count
            Future<Integer> run = MongoCli.requests(pool, url, db, LOADED, MAXTIME, "on", 10, results.resolve("r"),
                    sharded("-D", "retry_for=60", "-D", "retry_backoff_ms=20", "-D", "stall_limit=60"));
            MongoCli.awaitInterval(results.resolve("r"), "request", Duration.ofSeconds(60));
            assertFalse(run.isDone(), "the request phase still runs when the fault comes");
            fault.inject();
            exitCode = run.get(MAXTIME + 240, TimeUnit.SECONDS); // a guard against a hang, not a bound
        } finally {
            pool.shutdownNow();
        }
        JsonNode phase = MongoCli.phase(MongoCli.result(results.resolve("r")));
        String status = phase.get("status").asText();
        assertTrue(COMPLETED_OR_SHORT.contains(status), "status " + status + ": " + phase);
        assertEquals(status.equals("completed") ? 0 : 1, exitCode, "exit code of -r across the fault, status " + status);
        if (status.equals("failed")) {
            assertTrue(phase.get("end_reason").asText().contains("calls failed"), "a failed phase says why: " + phase);
        }
        MongoCli.assertErrorsOfAnAbsentServer(phase);
        assertEquals(0, MongoCli.run(url, db, sharded("verify")), "verify after the fault");
        return phase;
    }

    /**
     * Waits until no worker holds a prepared transaction. A batch of the load spans both workers (two-phase commit);
     * when the crash comes between the coordinator's commit and the worker's, the batch is committed but its rows on
     * that worker stay invisible until the coordinator's recovery commits them there (citus.recover_2pc_interval, 1
     * min by default), and the counts loaded after them would not match yet.
     */
    private static void awaitNoPreparedTransactions() throws Exception {
        try (Connection c = RealMongo.clusterCoordinatorOrSkip()) {
            Await.until(Duration.ofSeconds(180), "no prepared transaction left on the workers", () -> {
                try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FILTER (WHERE NOT"
                        + " success OR result <> '0') FROM run_command_on_workers('SELECT count(*) FROM pg_prepared_xacts')")) {
                    return rs.next() && rs.getLong(1) == 0;
                }
            });
        }
    }

    /** {@code args} after the keys of the sharded store: sharding and transactions on. */
    private static String[] sharded(String... args) {
        List<String> all = new ArrayList<>(List.of("-D", "sharding=on", "-D", "transactions=on"));
        all.addAll(List.of(args));
        return all.toArray(String[]::new);
    }

    /** Runs the cluster's control script with {@code action} on node {@code node}, failing on a non-zero exit. */
    private static void control(Path script, String action, int node) throws Exception {
        assertEquals(0, RealMongo.control(script, action, Integer.toString(node)), script + " " + action + " " + node);
    }
}
