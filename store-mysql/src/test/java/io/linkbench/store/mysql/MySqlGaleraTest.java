package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.compare.LoadedRun;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import io.linkbench.tck.harness.Await;
import io.linkbench.tck.harness.FaultSupport;
import io.linkbench.tck.harness.ServerScripts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * linkbench through all three nodes of the local Galera cluster of
 * {@code scripts/start-galera.sh} (ports 3311-3313, started by scripts/test.sh); skipped when it is not
 * running. Certification failures are retried as CONFLICT (a transaction's at its COMMIT), a node
 * killed mid-phase costs only the calls it had, and every node verifies.
 */
@Tag("galera")
class MySqlGaleraTest {
    private static final String DB = "lbtest_galera";
    private static final String ALL = "hosts=127.0.0.1:3311,127.0.0.1:3312,127.0.0.1:3313";
    private static final Path CLUSTER = Path.of(System.getenv().getOrDefault("GALERA_DIR", "/tmp/linkbench-galera"));

    private static void assumeCluster() {
        for (int i = 1; i <= 3; i++) {
            try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:331" + i + "/?connectTimeout=2000",
                    "linkbench", "linkbench")) {
                c.isValid(2);
            } catch (SQLException e) {
                Assumptions.abort("no Galera node at 127.0.0.1:331" + i + " (run scripts/start-galera.sh): " + e.getMessage());
            }
        }
    }

    private static String[] args(String... more) {
        return CliRunner.args("innodb.properties", DB, Stream.concat(Stream.of("-D", ALL, "-D", "maxid1=5001",
                "-D", "displayfreq=1", "-D", "progressfreq=1"), Stream.of(more)).toArray(String[]::new));
    }

    private static RunResult onlyRun(Path results) throws Exception {
        try (Stream<Path> s = Files.list(results)) {
            return LoadedRun.readAll(List.of(s.filter(Files::isDirectory).findFirst().orElseThrow())).get(0).run();
        }
    }

    private static PhaseResult requests(RunResult r) {
        return r.phases().stream().filter(p -> !p.isLoad()).findFirst().orElseThrow();
    }

    private static long errors(PhaseResult p, String kind) {
        return p.ops().stream().mapToLong(o -> o.errorsByKind().getOrDefault(kind, 0L)).sum();
    }

    private static void verifyEveryNode() {
        for (int i = 1; i <= 3; i++) {
            assertEquals(0, CliRunner.run("innodb.properties", DB, "-D", "hosts=127.0.0.1:331" + i, "verify"),
                    "verify on node " + i);
        }
    }

    @Test
    void aLoadAndRequestsThroughAllNodesVerifyOnEveryNode(@TempDir Path tmp) throws Exception {
        assumeCluster();
        assertEquals(0, io.linkbench.cli.Main.run(args("-D", "schema=recreate", "-D", "requesters=6", "-D", "maxtime=4",
                "-l", "-r", "--results", tmp.toString())));
        PhaseResult r = requests(onlyRun(tmp));
        assertTrue(r.operations() > 0);
        assertTrue(r.storeCounters().containsKey("wsrep_replicated_bytes"), "Galera's counters: " + r.storeCounters().keySet());
        long conflicts = r.ops().stream().mapToLong(OpStats::retries).sum() + errors(r, "CONFLICT");
        System.out.println("galera: certification conflicts retried or failed: " + conflicts + ", wsrep_local_cert_failures "
                + r.storeCounters().get("wsrep_local_cert_failures"));
        verifyEveryNode();
    }

    @Test
    void aNodeKilledMidPhaseCostsOnlyItsCallsAndRejoins(@TempDir Path tmp) throws Exception {
        assumeCluster();
        assertEquals(0, io.linkbench.cli.Main.run(args("-D", "schema=recreate", "-l", "--results", tmp.resolve("l").toString())));
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> io.linkbench.cli.Main.run(args(
                "-D", "requesters=6", "-D", "maxtime=8", "-r", "--results", tmp.resolve("r").toString())));
        try (Connection c = DriverManager.getConnection("jdbc:mysql://127.0.0.1:3313/?connectTimeout=2000", "linkbench",
                "linkbench"); Statement st = c.createStatement()) { // requests flow through node 3 before it is killed
            Await.until(Duration.ofSeconds(60), "20 nodes added by the requesters, seen on node 3", () -> {
                try (ResultSet rs = st.executeQuery("SELECT COALESCE(MAX(id), 0) FROM " + DB + ".nodetable")) {
                    return rs.next() && rs.getLong(1) >= 5001 + 20;
                }
            });
        }
        try {
            ServerScripts.run("start-galera.sh", "kill-node", "3"); // every process of node 3, until none is left
            assertEquals(0, run.get(60, TimeUnit.SECONDS), "the run goes on on nodes 1 and 2");
        } finally {
            ServerScripts.run("start-galera.sh"); // node 3 rejoins, whatever happened above
        }
        PhaseResult r = requests(onlyRun(tmp.resolve("r")));
        System.out.println("galera: after killing node 3: " + r.operations() + " ops, CONNECTION errors "
                + errors(r, "CONNECTION") + ", retries " + r.ops().stream().mapToLong(OpStats::retries).sum());
        assertTrue(r.operations() > 0);
        assertTrue(r.ops().stream().mapToLong(OpStats::retries).sum() + errors(r, "CONNECTION") > 0,
                "the calls node 3 had failed and are counted (retried on another node, or failed)");
        verifyEveryNode();
    }

    @Test
    void theServerCostIsTheSumOfTheThreeNodesEachMeasured(@TempDir Path tmp) throws Exception {
        assumeCluster();
        assertEquals(0, io.linkbench.cli.Main.run(args("-D", "schema=recreate", "-D", "requesters=6", "-D", "maxtime=4",
                "-l", "-r", "--results", tmp.toString())));
        RunResult run = onlyRun(tmp);
        String nodesFact = run.store().facts().get("server nodes");
        for (int i = 1; i <= 3; i++) {
            long pid = Long.parseLong(Files.readString(CLUSTER.resolve("p_" + i + ".pid")).trim());
            assertTrue(nodesFact.contains("node " + i + " 127.0.0.1:331" + i + " (pid " + pid + ")"), nodesFact);
        }
        for (PhaseResult p : run.phases()) {
            PhaseCost c = p.cost();
            assertEquals(List.of("node 1 127.0.0.1:3311", "node 2 127.0.0.1:3312", "node 3 127.0.0.1:3313"),
                    List.copyOf(c.nodes().keySet()), p.phase() + ": " + c.unavailable());
            double cpu = 0;
            double written = 0;
            double rss = 0;
            for (Map.Entry<String, PhaseCost> n : c.nodes().entrySet()) {
                double nodeCpu = n.getValue().get(PhaseCost.SERVER_CPU_S);
                System.out.printf("galera %s %s: %.3f s CPU, %.0f MiB rss, %.0f KB written%n", p.phase(), n.getKey(),
                        nodeCpu, n.getValue().get(PhaseCost.SERVER_RSS) / (1 << 20),
                        n.getValue().get(PhaseCost.SERVER_WRITE_KB));
                assertTrue(nodeCpu > 0, n.getKey() + " has its own CPU: " + n.getValue().unavailable());
                assertTrue(n.getValue().get(PhaseCost.SERVER_RSS) > 0, n.getKey() + " has its own RSS");
                cpu += nodeCpu;
                written += n.getValue().get(PhaseCost.SERVER_WRITE_KB);
                rss += n.getValue().get(PhaseCost.SERVER_RSS);
            }
            assertEquals(cpu, c.get(PhaseCost.SERVER_CPU_S), 1e-9, "the server's CPU is the nodes' sum");
            assertEquals(cpu * 1e6 / p.operations(), c.get(PhaseCost.SERVER_CPU_US), 1e-6, "and the column uses it");
            assertEquals(written, c.get(PhaseCost.SERVER_WRITE_KB), 1e-6);
            assertEquals(rss, c.get(PhaseCost.SERVER_RSS), 1e-6);
        }
        String summary = Files.readString(Files.list(tmp).filter(Files::isDirectory).findFirst().orElseThrow()
                .resolve("summary.txt"));
        assertTrue(summary.contains("server by node (per operation;"), summary);
    }

    /**
     * Two write transactions on two nodes update one link: the one committed first wins, the other's COMMIT
     * fails certification (1213) as CONFLICT, out of its transaction, and nothing of it stays.
     */
    @Test
    void aTransactionLosingCertificationFailsAtCommitWithConflictAndLeavesNothing() throws Exception {
        assumeCluster();
        try (GraphStore store = MySqlTestServer.freshStore("InnoDB", DB + "_tx",
                Map.of("hosts", "127.0.0.1:3311,127.0.0.1:3312"));
             TransactionalSession onNode1 = (TransactionalSession) store.session(0);
             TransactionalSession onNode2 = (TransactionalSession) store.session(1)) {
            TransactionSupport offer = store.transactions();
            assertTrue(offer.offered() && offer.detail().contains("certified cluster-wide at COMMIT"), offer.detail());
            Link x = link(1, 2, "first", 1);
            onNode1.addLink(x);
            Await.until(Duration.ofSeconds(30), "the link replicated to node 2",
                    () -> onNode2.multigetLinks(1, 1, new long[] {2}).equals(List.of(x)));

            onNode1.begin(false);
            onNode1.addLink(link(1, 3, "marker", 1));
            assertTrue(onNode1.updateLink(link(1, 2, "by node 1", 2)));
            onNode2.begin(false);
            assertTrue(onNode2.updateLink(link(1, 2, "by node 2", 3)));
            onNode2.commit();
            StoreException lost = assertThrows(StoreException.class, onNode1::commit, "node 1's COMMIT after node 2's");
            assertEquals(StoreException.Kind.CONFLICT, lost.kind(), lost.getMessage());
            assertFalse(onNode1.inTransaction(), "after the failed commit");

            Link won = link(1, 2, "by node 2", 3);
            Await.until(Duration.ofSeconds(30), "node 2's update on node 1",
                    () -> onNode1.multigetLinks(1, 1, new long[] {2}).equals(List.of(won)));
            assertEquals(List.of(), onNode1.multigetLinks(1, 1, new long[] {3}), "the loser's marker");
            assertEquals(1, onNode1.countLinks(1, 1));
            assertEquals(0, ((CountVerifier) store).verifyCounts().mismatches());
        }
    }

    private static Link link(long id1, long id2, String data, int version) {
        return new Link(id1, 1, id2, Visibility.VISIBLE, data.getBytes(java.nio.charset.StandardCharsets.UTF_8), version,
                10L * version);
    }

    @Test
    void myRocksOnGaleraIsRefusedInOneLine(@TempDir Path tmp) {
        assumeCluster();
        FaultSupport.CapturedRun refused = FaultSupport.runCapturingErr(CliRunner.args("myrocks.properties", DB,
                "-D", "hosts=127.0.0.1:3311", "-l", "--results", tmp.toString()));
        assertEquals(1, refused.exitCode(), refused.err());
        assertTrue(refused.firstLine().contains("is a Galera node (wsrep_on = ON), and Galera replicates only InnoDB"
                + " tables; use engine = InnoDB"), refused.err());
    }
}
