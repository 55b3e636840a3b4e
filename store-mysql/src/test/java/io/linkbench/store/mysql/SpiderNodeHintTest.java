package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.FaultSupport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spider node that cannot be reached is named, with the command that starts that node of scripts/start-spider.sh's
 * cluster (not the plain server's script), and the status lines give that hint once while the node stays down.
 * Backend 1 is killed for the tests and started again whatever their outcome.
 */
@Tag("spider")
class SpiderNodeHintTest {
    private static final String DB = "lbtest_spider_hint";
    private static final String BACKEND1 = "the Spider backend backend1 " + SpiderTestCluster.host(1) + ":"
            + (SpiderTestCluster.HEAD_PORT + 1);
    private static final String HINT = "; a local server: bash scripts/start-spider.sh start-node 1; another server:"
            + " start the Spider head's server backend1, or point it elsewhere (ALTER SERVER)";

    @Test
    void aHeadThatIsNotThereHintsAtTheSpiderScript() throws Exception {
        int port = FaultSupport.closedPort();
        Map<String, String> settings = SpiderTestCluster.settings("InnoDB", DB, Map.of("port", Integer.toString(port)));
        StoreException e = assertThrows(StoreException.class, () -> SpiderTestCluster.open(settings, 1).close());
        assertTrue(e.getMessage().endsWith("; a local server: bash scripts/start-spider.sh start; another server: set"
                + " host, port, socket, user, password_file"), e.getMessage());
    }

    @Test
    void aBackendDownIsNamedWithTheCommandThatStartsItAndTheStatusLinesSayItOnce(@TempDir Path tmp) throws Exception {
        SpiderTestCluster.assumeAvailable();
        String[] common = {"-D", "maxid1=2001", "-D", "socket_timeout=2", "--results", tmp.toString()};
        assertEquals(0, Main.run(SpiderTestCluster.args("spider.properties", DB, concat(common, "-D", "schema=recreate",
                "-l"))), "the load");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        try (GraphStore store = SpiderTestCluster.open(SpiderTestCluster.settings("InnoDB", DB, Map.of()), 1);
             PrintStream capture = new PrintStream(console, true, StandardCharsets.UTF_8)) {
            System.setOut(capture);
            CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> Main.run(SpiderTestCluster.args(
                    "spider.properties", DB, concat(common, "-D", "maxtime=8", "-D", "displayfreq=1", "-r"))));
            Await.until(Duration.ofSeconds(60), "the first status line", () -> text(console).contains("\n["));
            SpiderTestCluster.control("kill-node", "1");
            StoreException e = assertThrows(StoreException.class, () -> ((StoreMetrics) store).counters());
            assertTrue(e.getMessage().startsWith("cannot connect to " + BACKEND1 + " as 'linkbench': "), e.getMessage());
            assertTrue(e.getMessage().endsWith(HINT), e.getMessage());
            run.get(120, TimeUnit.SECONDS);
            List<String> status = text(console).lines().filter(l -> l.startsWith("[")).toList();
            assertTrue(status.stream().filter(l -> l.contains("not read: cannot connect to " + BACKEND1)).count() >= 2,
                    "the backend is down on several status lines: " + text(console));
            assertEquals(1, status.stream().filter(l -> l.contains("start-spider.sh start-node 1")).count(),
                    "the hint once: " + text(console));
            assertFalse(text(console).contains("start-mariadb.sh"), text(console));
        } finally {
            System.setOut(saved);
            SpiderTestCluster.control("start-node", "1");
        }
    }

    private static String text(ByteArrayOutputStream console) {
        return console.toString(StandardCharsets.UTF_8);
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
