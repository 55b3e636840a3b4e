package io.linkbench.store.mongo;

import static io.linkbench.tck.harness.FaultSupport.runCapturingErr;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.VerificationReport;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults over the wire protocol: a server that cannot be reached at start ends the run with a
 * one-line error and exit code 1 within the server selection timeout; connections dropped in the
 * middle of a request phase (a relay between client and server resets them and refuses new ones for
 * a second, three times) cost only the operations that were running: they are retried or counted as errors, the
 * phase ends on time and reports, and the counts are off by at most one per failed link write
 * (transactions are off against the in-process server).
 */
@Tag("mongo")
class MongoFaultTest {

    @Test
    void refusedConnectionEndsTheRunWithOneLine(@TempDir Path results) throws Exception {
        int port = FaultSupport.closedPort();
        long t0 = System.nanoTime();
        CapturedRun o = runCapturingErr("-D", "store=mongo", "-D", "host=127.0.0.1", "-D", "port=" + port,
                "-D", "server_selection_timeout=2", "-r", "--results", results.toString());
        double seconds = (System.nanoTime() - t0) / 1e9;
        String line = o.firstLine("linkbench:");
        assertEquals(1, o.exitCode(), o.err());
        assertTrue(line.startsWith("linkbench: cannot connect to MongoDB at 127.0.0.1:" + port), o.err());
        assertTrue(line.contains("refused"), "the cause is named: " + line);
        assertTrue(line.endsWith("; a local server: bash scripts/start-documentdb.sh; another server: set url, host, port,"
                + " user, password_file"), "the script and the keys: " + line);
        assertTrue(seconds < 2 + 8, "gave up after " + seconds + " s with server_selection_timeout=2");
    }

    @Test
    void silentServerEndsTheRunWithinTheSelectionTimeout(@TempDir Path results) throws Exception {
        try (ServerSocket silent = FaultSupport.silentServer()) {
            long t0 = System.nanoTime();
            CapturedRun o = runCapturingErr("-D", "store=mongo",
                    "-D", "url=mongodb://127.0.0.1:" + silent.getLocalPort(), "-D", "server_selection_timeout=2",
                    "-D", "connect_timeout=1", "-r", "--results", results.toString());
            double seconds = (System.nanoTime() - t0) / 1e9;
            String line = o.firstLine("linkbench:");
            assertEquals(1, o.exitCode(), o.err());
            assertTrue(line.startsWith("linkbench: cannot connect to MongoDB at 127.0.0.1:" + silent.getLocalPort()),
                    o.err());
            assertTrue(seconds < 2 + 8, "gave up after " + seconds + " s with server_selection_timeout=2");
        }
    }

    @Test
    void droppedConnectionsDuringRequestsCostOnlyTheRunningOperations(@TempDir Path results) throws Exception {
        try (InProcessMongo server = new InProcessMongo(); FaultProxy proxy = new FaultProxy(server.port())) {
            // without the driver's own single retry of reads and writes, so that every operation the
            // cut hits reaches the store's error mapping and the core's retries
            String url = "mongodb://127.0.0.1:" + proxy.port() + "/?retryReads=false&retryWrites=false";
            String db = "lbtest_fault";
            MongoCli.load(url, db, 501, "off", results.resolve("load"));
            int maxtime = 10;
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                long t0 = System.nanoTime();
                Future<Integer> run = MongoCli.requests(pool, url, db, 501, maxtime, "off", 2, results.resolve("r"));
                Await.until(Duration.ofSeconds(60), "the requesters at work through the relay",
                        () -> proxy.accepted() > 0 && proxy.relayedBytes() > 50_000);
                long bytesAtReopen = 0;
                for (int cut = 0; cut < 3; cut++) {
                    proxy.refuse(true);
                    proxy.cutAll();
                    Thread.sleep(1_000);
                    bytesAtReopen = proxy.relayedBytes();
                    proxy.refuse(false);
                    long reopened = bytesAtReopen;
                    Await.until(Duration.ofSeconds(60), "traffic through the relay again after cut " + (cut + 1),
                            () -> proxy.relayedBytes() > reopened + 10_000);
                }
                assertEquals(0, run.get(maxtime + 60, TimeUnit.SECONDS), "exit code of -r across dropped connections");
                double seconds = (System.nanoTime() - t0) / 1e9;
                assertTrue(seconds < maxtime + 20, "a " + maxtime + " s phase took " + seconds + " s");
                assertTrue(proxy.relayedBytes() > bytesAtReopen + 10_000, "the requesters went on after the fault");
            } finally {
                pool.shutdownNow();
            }
            JsonNode phase = MongoCli.phase(MongoCli.result(results.resolve("r")));
            long failures = MongoCli.sum(phase, "errors") + MongoCli.sum(phase, "retries");
            assertTrue(failures > 0, "operations hit by the cut are retried or counted: " + phase.get("ops"));
            for (JsonNode op : phase.get("ops")) {
                for (var kind : (Iterable<Map.Entry<String, JsonNode>>) op.get("errors_by_kind")::fields) {
                    assertTrue(kind.getKey().equals("CONNECTION") || kind.getKey().equals("TIMEOUT"),
                            "errors of " + op.get("name") + " are connection failures: " + op);
                }
            }
            long linkWriteFailures = MongoCli.sum(phase, "errors", "ADD_LINK", "UPDATE_LINK", "DELETE_LINK")
                    + MongoCli.sum(phase, "retries", "ADD_LINK", "UPDATE_LINK", "DELETE_LINK");
            try (GraphStore store = server.open(db, Map.of(), 1)) {
                VerificationReport report = ((CountVerifier) store).verifyCounts();
                assertTrue(report.mismatches() <= linkWriteFailures, "counts off: " + report.mismatches()
                        + " > failed link writes " + linkWriteFailures + ": " + report.examples());
            }
        }
    }
}
