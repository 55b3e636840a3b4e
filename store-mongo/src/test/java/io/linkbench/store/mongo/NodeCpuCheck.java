package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.tck.harness.ProcReadings;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks each server node's CPU in a phase's cost against the test's own reading of /proc, written apart
 * from the probe: wrapped around the cost probe, it reads every node's CPU just before and just after the
 * probe's readings at the start and the end of its window (as {@code CostCheck} does for one process), so the
 * probe's figure lies between the test's over the shortest and over the longest window. A node's CPU is its
 * process's and every descendant's user + system ticks, with what exited children left in {@code cutime} and
 * {@code cstime} (a postmaster with its backends), which only grows. The tolerance: 2 ticks and 3% either side
 * (a backend that exits between two readings moves its ticks to its parent once reaped).
 */
final class NodeCpuCheck implements PhaseObserver {
    private final PhaseObserver probe;
    private final Map<String, Long> pids;
    private final double tick = 1.0 / ProcReadings.ticksPerSecond();
    private Map<String, Long> startBefore;
    private Map<String, Long> startAfter;
    private Map<String, Long> endBefore;
    private Map<String, Long> endAfter;

    /** @param pids each node's process by the name the store gives it */
    NodeCpuCheck(PhaseObserver probe, Map<String, Long> pids) {
        this.probe = probe;
        this.pids = pids;
    }

    @Override
    public void windowStarted(Phase phase, int loop) {
        startBefore = read();
        probe.windowStarted(phase, loop);
        startAfter = read();
    }

    @Override
    public Map<String, Double> intervalRates() {
        return probe.intervalRates();
    }

    @Override
    public void segmentEnded(String name, Map<String, Long> storeCounters) {
        probe.segmentEnded(name, storeCounters);
    }

    @Override
    public PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
        endBefore = read();
        PhaseCost cost = probe.windowEnded(operations, storeCounters, sizeBytes);
        endAfter = read();
        return cost;
    }

    /**
     * Asserts that {@code cost} has every node, in order, each with CPU in the test's bracket and above 0, and
     * that the server's CPU is their sum; returns one line per node.
     */
    List<String> check(PhaseCost cost) {
        assertEquals(List.copyOf(pids.keySet()), List.copyOf(cost.nodes().keySet()), "nodes: " + cost.unavailable());
        List<String> report = new ArrayList<>();
        double sum = 0;
        for (String node : pids.keySet()) {
            double probed = cost.nodes().get(node).get(PhaseCost.SERVER_CPU_S);
            double shortest = (endBefore.get(node) - startAfter.get(node)) * tick;
            double longest = (endAfter.get(node) - startBefore.get(node)) * tick;
            double slack = 2 * tick + 0.03 * longest;
            String line = String.format(Locale.ROOT, "%s: probe %.3f s CPU, the test read %.3f to %.3f s", node, probed,
                    shortest, longest);
            report.add(line);
            assertTrue(probed > 0, node + " worked: " + cost.nodes().get(node).unavailable());
            assertTrue(probed >= shortest - slack && probed <= longest + slack, line);
            sum += probed;
        }
        assertEquals(sum, cost.get(PhaseCost.SERVER_CPU_S), 1e-9, "the server's CPU is the nodes' sum");
        return report;
    }

    private Map<String, Long> read() {
        Map<Long, List<Long>> children = children();
        Map<String, Long> out = new LinkedHashMap<>();
        pids.forEach((node, pid) -> out.put(node, treeTicks(pid, children)));
        return out;
    }

    /** Every process's children, from field 4 of each /proc/PID/stat. */
    private static Map<Long, List<Long>> children() {
        Map<Long, List<Long>> out = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(Path.of("/proc"), p -> p.getFileName().toString()
                .matches("\\d+"))) {
            for (Path dir : dirs) {
                String[] f = statFields(Long.parseLong(dir.getFileName().toString()));
                if (f != null) {
                    out.computeIfAbsent(Long.parseLong(f[1]), k -> new ArrayList<>()).add(Long.parseLong(
                            dir.getFileName().toString()));
                }
            }
        } catch (IOException e) {
            throw new AssertionError("/proc cannot be listed", e);
        }
        return out;
    }

    /** utime + stime + cutime + cstime (fields 14 to 17) of {@code pid} and every descendant alive. */
    private static long treeTicks(long pid, Map<Long, List<Long>> children) {
        long sum = 0;
        ArrayDeque<Long> todo = new ArrayDeque<>(List.of(pid));
        while (!todo.isEmpty()) {
            long p = todo.poll();
            String[] f = statFields(p);
            if (f != null) {
                sum += Long.parseLong(f[11]) + Long.parseLong(f[12]) + Long.parseLong(f[13]) + Long.parseLong(f[14]);
            }
            todo.addAll(children.getOrDefault(p, List.of()));
        }
        return sum;
    }

    /** The fields of /proc/PID/stat from field 3 (the state) on, or null when the process is gone. */
    private static String[] statFields(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        } catch (IOException e) {
            return null;
        }
    }
}
