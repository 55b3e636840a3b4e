package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.measure.PhaseCost;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A cluster's server cost by node: one row per node, the sum last, a line for each node not measured. */
class NodeTableTest {

    private static Map<String, Double> node(double cpuUs, double cpuS, double rssBytes, double rKb, double wKb) {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put(PhaseCost.SERVER_CPU_US, cpuUs);
        f.put(PhaseCost.SERVER_READ_KB_PER_OP, rKb);
        f.put(PhaseCost.SERVER_WRITE_KB_PER_OP, wKb);
        f.put(PhaseCost.SERVER_RSS, rssBytes);
        f.put(PhaseCost.SERVER_CPU_S, cpuS);
        return f;
    }

    @Test
    void eachNodeItsShareAndTheSumTheColumnsUse() {
        Map<String, PhaseCost> nodes = new LinkedHashMap<>();
        nodes.put("coordinator 127.0.0.1:9700", new PhaseCost(node(150, 3, 100 << 20, 0, 0.5), List.of()));
        nodes.put("worker 127.0.0.1:9701", new PhaseCost(node(75, 1.5, 200 << 20, 0.25, 2), List.of()));
        nodes.put("worker 127.0.0.1:9702", new PhaseCost(node(75, 1.5, 200 << 20, 0.25, 2), List.of()));
        PhaseCost total = new PhaseCost(node(300, 6, 500 << 20, 0.5, 4.5), List.of()).withNodes(nodes);
        List<String> lines = NodeTable.render(total, false).lines().toList();
        assertEquals("server by node (per operation; share of the server's CPU, %):", lines.get(0));
        assertEquals(List.of("srv_us/t", "share", "rss", "srv_rKB/t", "srv_wKB/t"), List.of(lines.get(1).trim().split("\\s+")));
        assertEquals(List.of("coordinator", "127.0.0.1:9700", "150", "50.0", "100.0", "MiB", "0.000", "0.500"),
                List.of(lines.get(2).trim().split("\\s+")));
        assertEquals(List.of("sum", "300", "100.0", "500.0", "MiB", "0.500", "4.500"), List.of(lines.get(5).trim().split("\\s+")));
        assertEquals(6, lines.size());
        assertEquals("", NodeTable.render(new PhaseCost(node(300, 6, 1, 0, 0), List.of()), false), "a single server");
    }

    @Test
    void aNodeNotMeasuredIsNamedWithItsReasonAndTheSumIsUnavailable() {
        Map<String, PhaseCost> nodes = new LinkedHashMap<>();
        nodes.put("node 1 127.0.0.1:3311", new PhaseCost(node(10, 1, 1 << 20, 0, 1), List.of()));
        nodes.put("node 2 10.0.0.7:3306", new PhaseCost(node(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN),
                List.of("process: at the start: not on this host (or its process was not found): no figures")));
        PhaseCost total = new PhaseCost(node(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN), List.of())
                .withNodes(nodes);
        List<String> lines = NodeTable.render(total, true).lines().toList();
        assertEquals(List.of("srv_us/i", "share", "rss", "srv_rKB/i", "srv_wKB/i"), List.of(lines.get(1).trim().split("\\s+")));
        assertEquals(List.of("node", "1", "127.0.0.1:3311", "10.0", "-", "1.0", "MiB", "0.000", "1.000"),
                List.of(lines.get(2).trim().split("\\s+")), "no share without the sum");
        assertEquals(List.of("sum", "-", "-", "-", "-", "-"), List.of(lines.get(4).trim().split("\\s+")));
        assertEquals("  node 2 10.0.0.7:3306: not measured: process: at the start: not on this host (or its process was"
                + " not found): no figures", lines.get(5));
    }
}
