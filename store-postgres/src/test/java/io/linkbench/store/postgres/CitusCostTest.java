package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.compare.LoadedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's cost on the Citus cluster of scripts/start-citus.sh counts every node: a load and a request
 * phase through config/citus.properties, then each node (the coordinator and the workers) has its own CPU
 * and RSS, and the server columns are their sums. Skipped, saying why, without the cluster.
 */
@Tag("citus")
class CitusCostTest {
    private static final String SCHEMA = "lbtest_citus_cost";

    private static String[] args(Path results) {
        List<String> all = new ArrayList<>(List.of("-c", PgFaultTest.repositoryRoot().resolve("config/citus.properties")
                .toString()));
        Map<String, String> settings = new java.util.LinkedHashMap<>(CitusTestCluster.settings(SCHEMA, Map.of()));
        settings.putAll(Map.of("maxid1", "5001", "requesters", "4", "maxtime", "4", "displayfreq", "2",
                "schema", "recreate"));
        settings.forEach((k, v) -> all.addAll(List.of("-D", k + "=" + v)));
        all.addAll(List.of("-l", "-r", "--results", results.toString()));
        return all.toArray(String[]::new);
    }

    @Test
    void eachNodeHasItsOwnServerCostAndTheColumnsAreTheirSum(@TempDir Path tmp) throws Exception {
        CitusTestCluster.assumeAvailable();
        try (java.sql.Connection c = CitusTestCluster.jdbc(0); java.sql.Statement s = c.createStatement()) {
            s.execute("CREATE SCHEMA IF NOT EXISTS " + SCHEMA); // the store's facts read it before the load creates it
        }
        assertEquals(0, Main.run(args(tmp)));
        Path dir;
        try (Stream<Path> s = Files.list(tmp)) {
            dir = s.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        RunResult run = LoadedRun.readAll(List.of(dir)).get(0).run();
        List<String> names = new ArrayList<>(List.of("coordinator " + CitusTestCluster.node(0)));
        for (int i = 1; i <= CitusTestCluster.WORKERS; i++) {
            names.add("worker " + CitusTestCluster.node(i));
        }
        String fact = run.store().facts().get("server nodes");
        for (int i = 0; i <= CitusTestCluster.WORKERS; i++) {
            String pid = Files.readAllLines(CitusTestCluster.RUN.resolve("node" + i).resolve("data/postmaster.pid")).get(0);
            assertTrue(fact.contains(names.get(i) + " (pid " + pid.trim() + ")"), fact);
        }
        for (PhaseResult p : run.phases()) {
            PhaseCost c = p.cost();
            assertEquals(names, List.copyOf(c.nodes().keySet()), p.phase() + ": " + c.unavailable());
            double cpu = 0;
            double rss = 0;
            double written = 0;
            for (Map.Entry<String, PhaseCost> n : c.nodes().entrySet()) {
                PhaseCost node = n.getValue();
                System.out.printf("citus %s %s: %.3f s CPU (%.1f us/op), %.0f MiB rss, %.0f KB written%n", p.phase(),
                        n.getKey(), node.get(PhaseCost.SERVER_CPU_S), node.get(PhaseCost.SERVER_CPU_US),
                        node.get(PhaseCost.SERVER_RSS) / (1 << 20), node.get(PhaseCost.SERVER_WRITE_KB));
                assertTrue(node.get(PhaseCost.SERVER_CPU_S) > 0, n.getKey() + " has its own CPU: " + node.unavailable());
                assertTrue(node.get(PhaseCost.SERVER_RSS) > 0, n.getKey() + " has its own RSS");
                cpu += node.get(PhaseCost.SERVER_CPU_S);
                rss += node.get(PhaseCost.SERVER_RSS);
                written += node.get(PhaseCost.SERVER_WRITE_KB);
            }
            assertEquals(cpu, c.get(PhaseCost.SERVER_CPU_S), 1e-9, "the server's CPU is the nodes' sum");
            assertEquals(cpu * 1e6 / p.operations(), c.get(PhaseCost.SERVER_CPU_US), 1e-6, "and the column uses it");
            assertEquals(rss, c.get(PhaseCost.SERVER_RSS), 1e-6);
            assertEquals(written, c.get(PhaseCost.SERVER_WRITE_KB), 1e-6);
        }
        String summary = Files.readString(dir.resolve("summary.txt"));
        assertTrue(summary.contains("server by node (per operation;") && summary.contains("worker " + CitusTestCluster.node(2)),
                summary);
        assertTrue(Files.readString(dir.resolve("report.html")).contains("The server by node"), "report.html's table");
    }
}
