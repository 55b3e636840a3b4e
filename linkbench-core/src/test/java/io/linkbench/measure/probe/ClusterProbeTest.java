package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseCost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server of a cluster as the sum of its nodes: a procfs made by hand with node 1 (pid 10, a child 11),
 * node 2 (pid 20), linkbench (pid 30) and someone else (pid 40), read 10 s apart at 100 ticks per second,
 * 1000 operations.
 */
class ClusterProbeTest {
    private static final long TEN_SECONDS = 10_000_000_000L;
    private static final double EXACT = 1e-9;
    private static final ProbeTargets.Server NODE_1 = new ProbeTargets.Server("node 1 127.0.0.1:3311", OptionalLong.of(10));
    private static final ProbeTargets.Server NODE_2 = new ProbeTargets.Server("node 2 127.0.0.1:3312", OptionalLong.of(20));
    private static final ProbeTargets.Server REMOTE = new ProbeTargets.Server("node 3 10.9.9.9:3306", OptionalLong.empty());

    /** A process: CPU in ticks (user, system), RSS in KiB, storage IO in bytes. */
    private static void process(Path proc, long pid, long ppid, long utime, long stime, long rssKb, long read, long write)
            throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (p" + pid + ") S " + ppid + " 1 1 0 -1 0 0 0 0 0 " + utime + " "
                + stime + " 0 0 20 0 1 0 " + (1000 + pid) + " 1000 100 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0");
        Files.writeString(dir.resolve("status"), "Name:\tp" + pid + "\nVmRSS:\t" + rssKb + " kB\n");
        Files.writeString(dir.resolve("io"), "rchar: 1\nwchar: 1\nread_bytes: " + read + "\nwrite_bytes: " + write + "\n");
    }

    /** The processes at the start (step 0) or 10 s later (step 1). */
    private static Path proc(Path root, int step) throws IOException {
        Path proc = Files.createDirectories(root.resolve("proc" + step));
        process(proc, 10, 1, 1000 + 300 * step, 100 + 100 * step, 100_000, 0, 4096 * 1000 * step);   // node 1: 4 s
        process(proc, 11, 10, 50 + 100 * step, 0, 9_000, 1024 * 500 * step, 0);                      // its backend: 1 s
        process(proc, 20, 1, 2000 + 400 * step, 200 + 100 * step, 200_000, 2048 * 1000 * step, 0);   // node 2: 5 s
        process(proc, 30, 1, 500 + 200 * step, 0, 50_000, 0, 0);                                      // linkbench
        process(proc, 40, 1, 0, 0, 1_000, 0, 1024 * 1000 * step);                                     // someone else
        return proc;
    }

    private static CostFigures figures(Path root, List<ProbeTargets.Server> servers) throws IOException {
        ProbeSnapshot start = new HostProbe(new ProbeTargets(proc(root, 0), List.of(), "none", servers, 30), () -> 0)
                .snapshot();
        ProbeSnapshot end = new HostProbe(new ProbeTargets(proc(root, 1), List.of(), "none", servers, 30),
                () -> TEN_SECONDS).snapshot();
        return CostFigures.of(start, end, 1000, OptionalLong.empty(), Map.of());
    }

    @Test
    void theServerFiguresAreTheSumOfTheNodesAndEachNodeHasItsOwn(@TempDir Path root) throws IOException {
        CostFigures c = figures(root, List.of(NODE_1, NODE_2));
        // node 1: (300 + 100) ticks and its backend's 100 = 5 s; node 2: 500 ticks = 5 s; 10 s / 1000 ops
        assertEquals(OptionalLong.of(10_000_000_000L), c.delta().serverCpuNanos());
        assertEquals(10_000, c.serverCpuUsPerOp(), EXACT);
        assertEquals(OptionalLong.of(300_000), c.serverRssKb(), "the nodes' RSS summed (the root process's each)");
        // node 1 wrote 4,096,000 B, its backend read 512,000 B; node 2 read 2,048,000 B
        assertEquals(2.5, c.serverReadKbPerOp(), EXACT);
        assertEquals(4, c.serverWriteKbPerOp(), EXACT);
        assertEquals(OptionalLong.of(1_024_000), c.othersWriteBytes(), "neither node nor its children is an other");

        Map<String, PhaseCost> nodes = c.nodeCosts();
        assertEquals(List.of(NODE_1.name(), NODE_2.name()), List.copyOf(nodes.keySet()));
        PhaseCost n1 = nodes.get(NODE_1.name());
        assertEquals(PhaseCost.NODE_FIGURES, List.copyOf(n1.figures().keySet()));
        assertEquals(5000, n1.get(PhaseCost.SERVER_CPU_US), EXACT);
        assertEquals(5, n1.get(PhaseCost.SERVER_CPU_S), EXACT);
        assertEquals(100_000 * 1024.0, n1.get(PhaseCost.SERVER_RSS), EXACT);
        assertEquals(0.5, n1.get(PhaseCost.SERVER_READ_KB_PER_OP), EXACT);
        assertEquals(4, n1.get(PhaseCost.SERVER_WRITE_KB_PER_OP), EXACT);
        PhaseCost n2 = nodes.get(NODE_2.name());
        assertEquals(5, n2.get(PhaseCost.SERVER_CPU_S), EXACT);
        assertEquals(2000, n2.get(PhaseCost.SERVER_READ_KB), EXACT);
        for (String f : List.of(PhaseCost.SERVER_CPU_S, PhaseCost.SERVER_READ_KB, PhaseCost.SERVER_WRITE_KB)) {
            assertEquals(c.figures().get(f), n1.get(f) + n2.get(f), EXACT, f + ": the sum is what the columns use");
        }
        assertTrue(n1.unavailable().isEmpty() && n2.unavailable().isEmpty(), n1.unavailable() + " " + n2.unavailable());
    }

    @Test
    void aNodeNotOnThisHostIsNamedWithoutFiguresAndLeavesTheSumsOut(@TempDir Path root) throws IOException {
        CostFigures c = figures(root, List.of(NODE_1, NODE_2, REMOTE));
        assertTrue(Double.isNaN(c.serverCpuUsPerOp()), "a sum without node 3 would under-count");
        assertTrue(Double.isNaN(c.figures().get(PhaseCost.SERVER_RSS)));
        PhaseCost remote = c.nodeCosts().get(REMOTE.name());
        remote.figures().values().forEach(v -> assertTrue(Double.isNaN(v), "no figure invented for a remote node"));
        assertEquals(List.of("process: at the start: not on this host (or its process was not found): no figures"),
                remote.unavailable());
        assertEquals(5, c.nodeCosts().get(NODE_1.name()).get(PhaseCost.SERVER_CPU_S), EXACT, "the local nodes measured");
        assertTrue(c.unavailable().contains("server " + REMOTE.name()
                + ": process: at the start: not on this host (or its process was not found): no figures"), c.unavailable().toString());
        assertTrue(c.unavailable().stream().anyMatch(u -> u.startsWith("server figures (the sum over the 3 nodes)")),
                c.unavailable().toString());
    }

    @Test
    void aSingleServerHasNoBreakdown(@TempDir Path root) throws IOException {
        CostFigures c = figures(root, List.of(new ProbeTargets.Server(ProbeTargets.SERVER, OptionalLong.of(20))));
        assertEquals(OptionalLong.of(5_000_000_000L), c.delta().serverCpuNanos());
        assertEquals(Map.of(), c.nodeCosts());
    }

    @Test
    void aNodeRestartedInTheWindowIsNotCompared(@TempDir Path root) throws IOException {
        List<ProbeTargets.Server> servers = List.of(NODE_1, NODE_2);
        ProbeSnapshot start = new HostProbe(new ProbeTargets(proc(root, 0), List.of(), "none", servers, 30), () -> 0)
                .snapshot();
        Path later = proc(root, 1);
        process(later, 20, 1, 10, 10, 1000, 0, 0); // same pid, another start time below
        Files.writeString(later.resolve("20/stat"), Files.readString(later.resolve("20/stat")).replace(" 1020 1000 ", " 9020 1000 "));
        ProbeSnapshot end = new HostProbe(new ProbeTargets(later, List.of(), "none", servers, 30), () -> TEN_SECONDS)
                .snapshot();
        CostFigures c = CostFigures.of(start, end, 1000, OptionalLong.empty(), Map.of());
        assertTrue(Double.isNaN(c.serverCpuUsPerOp()));
        assertTrue(c.nodeCosts().get(NODE_2.name()).unavailable().get(0).contains("was replaced by another"),
                c.nodeCosts().get(NODE_2.name()).unavailable().toString());
        assertEquals(5, c.nodeCosts().get(NODE_1.name()).get(PhaseCost.SERVER_CPU_S), EXACT);
    }
}
