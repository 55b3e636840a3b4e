package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.compare.LoadedRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.stream.Stream;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.HeldLock;
import io.linkbench.tck.harness.ServerStall;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of the Spider cluster of scripts/start-spider.sh under a run of the command line: a backend
 * killed in the middle of a load and of a request phase, a backend stopped (SIGSTOP) for 5 s and during the
 * post-load index build, the head restarted. Each time the calls the fault hit are counted, no phase outlives its deadline, the run
 * ends with a status, and the counts verify with 0 mismatches. Every node is running again after each
 * test, whatever its outcome.
 */
@Tag("spider")
class SpiderFaultTest {
    private static final String DB = "lbtest_spider_fault";
    private static final int MAXTIME = 12;

    /** Every node runs again (a killed node started, a stopped one resumed), whatever the test did. */
    @AfterEach
    void everyNodeRunsAgain() throws Exception {
        for (int i = 0; i <= SpiderTestCluster.BACKENDS; i++) {
            SpiderTestCluster.control("resume-node", Integer.toString(i));
            SpiderTestCluster.control("start-node", Integer.toString(i));
        }
    }

    /** The run's options: a small graph, retries that outlast a node's restart (a deadline of 60 s, not a count). */
    private static String[] args(Path results, String... more) {
        String[] base = {"-D", "maxid1=5001", "-D", "displayfreq=2", "-D", "retry_backoff_ms=200", "-D", "retry_for=60",
                "-D", "socket_timeout=10", "--results", results.toString()};
        String[] all = new String[base.length + more.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(more, 0, all, base.length, more.length);
        return SpiderTestCluster.args("spider.properties", DB, all);
    }

    private static long rows(int node, String sql) throws Exception {
        try (Connection c = SpiderTestCluster.jdbc(node, ""); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getLong(1) : 0;
        }
    }

    private static void load(Path results) {
        assertEquals(0, Main.run(args(results, "-D", "schema=recreate", "-l")), "the load");
    }

    /** Starts a request phase of MAXTIME s and waits until the requesters have added 20 nodes through the head. */
    private static CompletableFuture<Integer> requests(Path results) throws Exception {
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(args(results,
                "-D", "requesters=4", "-D", "maxtime=" + MAXTIME, "-r")));
        Await.until(Duration.ofSeconds(120), "20 nodes added by the requesters", () ->
                rows(0, "SELECT COALESCE(MAX(id), 0) FROM " + DB + ".nodetable") >= 5001 + 20);
        return run;
    }

    /**
     * Waits for the request phase to end within its deadline; it ends with exit code 0, or with 1 and a
     * status that names the failed calls when {@code mayFail} (a head down longer than the retries last).
     */
    private static void ends(CompletableFuture<Integer> run, long t0, boolean mayFail) throws Exception {
        int exit = run.get(MAXTIME + 120, TimeUnit.SECONDS);
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertTrue(exit == 0 || (mayFail && exit == 1), "exit code of the request phase: " + exit);
        assertTrue(seconds < MAXTIME + 30 + 60, "a " + MAXTIME + " s phase ended after " + seconds + " s (stall_limit 30 s)");
    }

    /** The calls the fault cost in the only run under {@code results}: retried, or failed with CONNECTION or TIMEOUT. */
    private static long lostCalls(Path results, boolean load) throws Exception {
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        PhaseResult p = LoadedRun.readAll(List.of(dir)).get(0).run().phases().stream()
                .filter(r -> r.isLoad() == load).findFirst().orElseThrow();
        long lost = p.ops().stream().mapToLong(o -> o.retries() + o.errorsByKind().getOrDefault("CONNECTION", 0L)
                + o.errorsByKind().getOrDefault("TIMEOUT", 0L)).sum();
        System.out.println("spider fault: " + p.operations() + " operations, " + lost + " retried or lost to the fault; errors "
                + p.ops().stream().map(OpStats::errorsByKind).filter(m -> !m.isEmpty()).toList());
        return lost;
    }

    private static void verifies() {
        assertEquals(0, Main.run(SpiderTestCluster.args("spider.properties", DB, "verify")), "verify: 0 mismatches");
    }

    @Test
    void aBackendKilledMidLoadAndStartedAgainCostsRetriesAndTheCountsVerify(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        // an earlier test's link table on backend 2 would have its rows before this load began: the kill would
        // meet the store's start instead of its load
        try (Connection c = SpiderTestCluster.jdbc(2, ""); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + DB + ".linktable");
        }
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(args(tmp,
                "-D", "maxid1=30001", "-D", "schema=recreate", "-l")));
        Await.until(Duration.ofSeconds(120), "links loaded on backend 2", () -> {
            try {
                return rows(2, "SELECT COUNT(*) FROM " + DB + ".linktable") > 2000;
            } catch (java.sql.SQLException e) {
                return false; // not created yet
            }
        });
        SpiderTestCluster.control("kill-node", "2");
        SpiderTestCluster.control("start-node", "2");
        assertEquals(0, run.get(300, TimeUnit.SECONDS), "the load completes, its failed batches given again");
        assertTrue(lostCalls(tmp, true) > 0, "the batches lost with backend 2 are counted");
        verifies();
    }

    @Test
    void aBackendKilledMidRequestsCostsTheCallsItHadAndTheCountsVerify(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        load(tmp.resolve("l"));
        long t0 = System.nanoTime();
        CompletableFuture<Integer> run = requests(tmp.resolve("r"));
        SpiderTestCluster.control("kill-node", "1");
        SpiderTestCluster.control("start-node", "1");
        ends(run, t0, false);
        assertTrue(lostCalls(tmp.resolve("r"), false) > 0, "the calls lost with backend 1 are counted");
        verifies();
    }

    /**
     * A backend that crashed by itself (SIGABRT, what an InnoDB assertion does; its log says "got signal 6") is taken
     * as damaged: start-node starts it on new, empty data, saying so in one line, with the user and the head's server
     * for it again; a load with schema=recreate then verifies.
     */
    @Test
    void aBackendThatCrashedByItselfStartsOnNewDataSayingSoAndALoadVerifies(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        load(tmp.resolve("l"));
        assertEquals(1, rows(2, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '" + DB + "'"),
                "the load made its database on backend 2");
        SpiderTestCluster.control("crash-node", "2");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        try (PrintStream capture = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            SpiderTestCluster.control("start-node", "2");
        } finally {
            System.setOut(saved);
        }
        String said = console.toString(StandardCharsets.UTF_8);
        System.out.print(said);
        assertTrue(said.lines().anyMatch(l -> l.startsWith("start-spider: the backend 2 crashed by itself when it last ran")
                && l.contains("got signal 6") && l.endsWith("load again with schema=recreate")), said);
        assertEquals(0, rows(2, "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '" + DB + "'"),
                "backend 2 runs on new data");
        load(tmp.resolve("l2"));
        verifies();
    }

    @Test
    void aBackendStoppedFiveSecondsHoldsNoCallPastTheSocketTimeout(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        load(tmp.resolve("l"));
        long t0 = System.nanoTime();
        CompletableFuture<Integer> run = requests(tmp.resolve("r"));
        SpiderTestCluster.control("pause-node", "2");
        try {
            Thread.sleep(5_000); // the fault's length, not a wait for a condition
        } finally {
            SpiderTestCluster.control("resume-node", "2");
        }
        ends(run, t0, false);
        verifies();
    }

    /**
     * Backend 2 stopped while the post-load step builds the link index (held on it by a lock, so that the step has not
     * passed it): the step's status lines name backend 2 as not answering, the load waits {@code load_stall_limit} (not a
     * connection's timeout) and ends {@code failed}, its result written, saying where the index is missing.
     */
    @Test
    void aBackendStoppedDuringTheIndexBuildFailsTheLoadAfterTheStallLimitNamingIt(@TempDir Path tmp) throws Exception {
        String db = DB + "_index";
        SpiderTestCluster.freshStore("InnoDB", db, java.util.Map.of("index_after_load", "true"), 2).close();
        String backend2 = "backend2 " + SpiderTestCluster.host(2) + ":" + (SpiderTestCluster.HEAD_PORT + 2);
        ServerStall.Server node2 = new ServerStall.Server() {
            @Override
            public void stop() throws Exception {
                SpiderTestCluster.control("pause-node", "2");
            }

            @Override
            public void resume() throws Exception {
                SpiderTestCluster.control("resume-node", "2");
            }
        };
        ServerStall.Stalled run;
        try (HeldLock held = HeldLock.hold(SpiderTestCluster.jdbc(2, db), "SELECT * FROM linktable LIMIT 1")) {
            // connect_timeout bounds each ask of a backend, well inside the stall limit; the step's own connection to
            // the stopped backend would have failed after it
            run = ServerStall.postLoadStepFails(node2, tmp, List.of(SpiderTestCluster.args("spider.properties", db,
                    "-D", "maxid1=2001", "-D", "schema=create", "-D", "index_after_load=true", "-D", "connect_timeout=2",
                    "-l")), LinkIndexStep.NAME, 10);
        }
        assertTrue(run.console().lines().anyMatch(l -> l.startsWith("post-load step: " + LinkIndexStep.NAME + " running")
                && l.contains("server stalled? no answer from the server for ") && l.endsWith(backend2 + " does not answer")),
                run.console());
        assertTrue(run.phase().get("end_reason").asText().endsWith("during the post-load step " + LinkIndexStep.NAME + ": "
                + backend2 + " does not answer"), run.phase().toString());
        assertTrue(run.phase().get("warnings").toString().contains("id1_type is not built on " + backend2 + " and head "),
                run.phase().toString());
        assertTrue(run.phase().get("warnings").toString().contains("load again (-l -D schema=recreate)"),
                run.phase().toString());
    }

    @Test
    void aRestartedHeadCostsTheCallsItHadAndTheCountsVerify(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        load(tmp.resolve("l"));
        long t0 = System.nanoTime();
        CompletableFuture<Integer> run = requests(tmp.resolve("r"));
        SpiderTestCluster.control("restart-node", "0");
        ends(run, t0, true); // the head's restart may outlast the retries: then the phase fails, naming CONNECTION errors
        assertTrue(lostCalls(tmp.resolve("r"), false) > 0, "the calls lost with the head are counted");
        verifies();
    }
}
