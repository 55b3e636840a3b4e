package io.linkbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseCost;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CostMergerTest {
    /** A host's cost with the given raw totals and per-op figures that the merge must not average. */
    private static PhaseCost host(double reads, double readKb, double writeKb, double hostCpuS, double capacityS,
                                  double serverCpuS, double clientCpuS, double cs, double rss) {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put(PhaseCost.OPS_PER_S, -1.0);
        f.put(PhaseCost.READS, -1.0);
        f.put(PhaseCost.READ_KB, -1.0);
        f.put(PhaseCost.WRITE_KB, -1.0);
        f.put(PhaseCost.HOST_CPU_US, -1.0);
        f.put(PhaseCost.SERVER_CPU_US, -1.0);
        f.put(PhaseCost.CLIENT_CPU_US, -1.0);
        f.put(PhaseCost.MCPU, -1.0);
        f.put(PhaseCost.CONTEXT_SWITCHES, -1.0);
        f.put(PhaseCost.SERVER_RSS, rss);
        f.put(PhaseCost.TOTAL_READS, reads);
        f.put(PhaseCost.TOTAL_READ_KB, readKb);
        f.put(PhaseCost.TOTAL_WRITE_KB, writeKb);
        f.put(PhaseCost.HOST_CPU_S, hostCpuS);
        f.put(PhaseCost.HOST_CPU_CAPACITY_S, capacityS);
        f.put(PhaseCost.SERVER_CPU_S, serverCpuS);
        f.put(PhaseCost.CLIENT_CPU_S, clientCpuS);
        f.put(PhaseCost.TOTAL_CONTEXT_SWITCHES, cs);
        return new PhaseCost(f, List.of());
    }

    @Test
    void totalsAreSummedAndPerOpFiguresRecomputedFromThem() {
        PhaseCost merged = CostMerger.merge(List.of(host(100, 400, 800, 30, 80, 10, 5, 1000, 2e9),
                host(300, 600, 200, 10, 80, 2, 3, 3000, 3e9)), List.of("a", "b"), 2000, 100, Map.of(), false);
        assertEquals(100, merged.get(PhaseCost.OPS_PER_S));
        assertEquals(400.0 / 2000, merged.get(PhaseCost.READS), 1e-12);
        assertEquals(1000.0 / 2000, merged.get(PhaseCost.READ_KB), 1e-12);
        assertEquals(1000.0 / 2000, merged.get(PhaseCost.WRITE_KB), 1e-12);
        assertEquals(40e6 / 2000, merged.get(PhaseCost.HOST_CPU_US), 1e-9);
        assertEquals(12e6 / 2000, merged.get(PhaseCost.SERVER_CPU_US), 1e-9);
        assertEquals(8e6 / 2000, merged.get(PhaseCost.CLIENT_CPU_US), 1e-9);
        assertEquals(40.0 / 160 * 100 * 1e6 / 100, merged.get(PhaseCost.MCPU), 1e-6);
        assertEquals(4000.0 / 2000, merged.get(PhaseCost.CONTEXT_SWITCHES), 1e-12);
        assertEquals(3e9, merged.get(PhaseCost.SERVER_RSS));
        assertEquals(160, merged.get(PhaseCost.HOST_CPU_CAPACITY_S));
        assertEquals(List.copyOf(host(0, 0, 0, 0, 0, 0, 0, 0, 0).figures().keySet()),
                List.copyOf(merged.figures().keySet()), "display order kept");
        assertEquals(List.of(), merged.unavailable());
    }

    @Test
    void aSharedServerCountsItsFiguresOnceAndAHostThatCouldNotSeeItDoesNotSpoilThem() {
        PhaseCost onServerHost = host(100, 400, 800, 30, 80, 10, 5, 1000, 2e9);
        Map<String, Double> remote = new LinkedHashMap<>(host(300, 600, 200, 10, 80, 9, 3, 3000, 3e9).figures());
        remote.remove(PhaseCost.SERVER_CPU_S); // a client on another host than the server cannot see its CPU
        PhaseCost merged = CostMerger.merge(List.of(onServerHost, new PhaseCost(remote, List.of("server CPU: remote"))),
                List.of("a", "b"), 2000, 100, Map.of("rows_read", 70L), true);
        assertEquals(10e6 / 2000, merged.get(PhaseCost.SERVER_CPU_US), 1e-9, "the one host that saw it");
        assertEquals(8e6 / 2000, merged.get(PhaseCost.CLIENT_CPU_US), 1e-9, "clients are still summed");
        assertEquals(40e6 / 2000, merged.get(PhaseCost.HOST_CPU_US), 1e-9, "hosts are still summed");
        assertEquals(List.of("host b: server CPU: remote"), merged.unavailable());
        PhaseCost bothSaw = CostMerger.merge(List.of(host(0, 0, 0, 1, 2, 10, 1, 0, 0), host(0, 0, 0, 1, 2, 12, 1, 0, 0)),
                List.of("a", "b"), 1000, 10, Map.of(), true);
        assertEquals(12e6 / 1000, bothSaw.get(PhaseCost.SERVER_CPU_US), 1e-9, "the largest, not the sum");
    }

    @Test
    void aTotalMissingOnOneHostMakesTheSumAndItsFiguresUnavailable() {
        PhaseCost withoutDisk = new PhaseCost(Map.of(PhaseCost.HOST_CPU_S, 1.0, PhaseCost.HOST_CPU_CAPACITY_S, 2.0),
                List.of("disk IO: no such device"));
        PhaseCost merged = CostMerger.merge(List.of(host(100, 400, 800, 30, 80, 10, 5, 1000, 2e9), withoutDisk),
                List.of("a", "b"), 1000, 50, Map.of(), false);
        assertTrue(Double.isNaN(merged.get(PhaseCost.READS)));
        assertTrue(Double.isNaN(merged.get(PhaseCost.TOTAL_READS)));
        assertEquals(31e6 / 1000, merged.get(PhaseCost.HOST_CPU_US), 1e-9);
        assertTrue(merged.unavailable().contains("host b: disk IO: no such device"), merged.unavailable().toString());
        assertTrue(merged.unavailable().contains("reads: not measured on host b, so the sum over the hosts is unavailable"),
                merged.unavailable().toString());
    }

    @Test
    void noCostAnywhereStaysEmptyAndAFigureWithoutTotalIsNotAveraged() {
        assertEquals(PhaseCost.NONE,
                CostMerger.merge(List.of(PhaseCost.NONE, PhaseCost.NONE), List.of("a", "b"), 10, 1, Map.of(), false));
        PhaseCost other = new PhaseCost(Map.of("rows_read/op", 3.0), List.of());
        PhaseCost merged = CostMerger.merge(List.of(other, other), List.of("a", "b"), 10, 1, Map.of("rows_read", 60L), false);
        assertTrue(Double.isNaN(merged.get("rows_read/op")));
        assertEquals(List.of("rows_read/op: cannot be merged: no raw total or store counter to sum"), merged.unavailable());
    }

    @Test
    void storeCounterFiguresComeFromTheSummedCounters() {
        PhaseCost host = new PhaseCost(Map.of("store rows_read/op", 99.0), List.of());
        PhaseCost merged = CostMerger.merge(List.of(host, host), List.of("a", "b"), 20, 1, Map.of("rows_read", 50L), false);
        assertEquals(2.5, merged.get("store rows_read/op"));
    }
}
