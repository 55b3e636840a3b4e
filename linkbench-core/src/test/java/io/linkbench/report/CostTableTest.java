package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cost after a phase: one published row on the console, every figure in detail. */
class CostTableTest {
    private final CostTable table = new CostTable();

    /** 10 s, 2,000 GET_NODE calls; the store counted 6,000 statements; linkbench used 0.3 s of CPU. */
    private static PhaseResult phase() {
        Map<String, Double> f = new LinkedHashMap<>();
        f.put(PhaseCost.OPS_PER_S, 200.0);
        f.put(PhaseCost.READS, 0.5);
        f.put(PhaseCost.READ_KB, 2.0);
        f.put(PhaseCost.WRITE_KB, 4.0);
        f.put(PhaseCost.MCPU, 125_000.0);
        f.put("store rows_read/op", 3.0);
        f.put(PhaseCost.TOTAL_READ_KB, 4096.0);
        f.put(PhaseCost.TOTAL_WRITE_KB, 8192.0);
        f.put(PhaseCost.HOST_CPU_S, 10.0);
        f.put(PhaseCost.HOST_CPU_CAPACITY_S, 40.0);
        f.put(PhaseCost.CLIENT_CPU_S, 0.3);
        PhaseCost cost = new PhaseCost(f, List.of("server process: no server process on this host known"));
        List<OpStats> ops = List.of(new OpStats("GET_NODE", Histograms.constant(2000, 100_000), null, 0, Map.of(), 0, 0));
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(0, 10_000, 10.0), PhaseResult.Latency.closedLoop(ops),
                PhaseEnd.legacy(false), List.of(), new PhaseResult.StoreReadings(Map.of("statements", 6000L, "rows_read", 6000L),
                1L << 20), Map.of(), cost, List.of(), null);
    }

    @Test
    void theConsoleGetsOnePublishedRowAndWhereTheRestIs() {
        List<String> lines = table.render(phase(), false).lines().toList();
        assertEquals("cost (per operation):", lines.get(0));
        assertEquals(List.of("tps", "r/t", "rKB/t", "wKB/t", "Mcpu/t", "size", "un", "gn", "ul", "gl", "rMB/s", "wMB/s", "cpu"),
                List.of(lines.get(1).trim().split("\\s+")));
        // 4096 KB and 8192 KB over 10 s: 0.4 and 0.8 MB/s; 10 of 40 CPU seconds busy: 25%
        assertEquals(List.of("requests", "200", "0.500", "2.000", "4.000", "125000", "1.0", "MiB", "-", "0.100", "-", "-",
                "0.400", "0.800", "25.0"), List.of(lines.get(2).trim().split("\\s+")));
        assertTrue(lines.get(3).startsWith("  per operation; tps the phase line's ops/s; un gn ul gl: p99 ms of"), lines.get(3));
        assertEquals("  every figure, store counters and what was unavailable (1 line): summary.txt, or --details",
                lines.get(4));
        assertEquals(5, lines.size());
    }

    @Test
    void theDetailsHoldEveryFigureTheUnavailableReasonsAndStatementsPerOperation() {
        String text = table.render(phase(), true);
        assertTrue(text.contains("store rows_read/op"), text);
        assertTrue(text.contains("unavailable: server process: no server process on this host known"), text);
        // 6,000 statements for 2,000 operations; 0.3 s of linkbench's CPU over 6,000 statements
        assertTrue(text.lines().anyMatch(l -> l.matches("\\s*stmts/t\\s+3\\.000")), text);
        assertTrue(text.lines().anyMatch(l -> l.matches("\\s*cli_us/stmt\\s+50\\.0")), text);
        assertFalse(table.render(phase(), false).contains("stmts/t"), "not in the published row");
    }

    @Test
    void noPrintedFigureIsNegativeWhenTheWindowFlushedOlderDirtyPages() {
        PhaseResult p = phase();
        Map<String, Double> dirty = new LinkedHashMap<>();
        dirty.put(PhaseCost.DIRTY_KB_PER_OP, Double.NaN);
        dirty.put(PhaseCost.DIRTY_CHANGE_KB, -20516.0);
        dirty.put(PhaseCost.DIRTY_START_KB, 20584.0);
        dirty.put(PhaseCost.DIRTY_END_KB, 8.0);
        PhaseResult flushed = new PhaseResult(p.phase(), 0, new PhaseResult.Window(0, 10_000, 10.0),
                PhaseResult.Latency.closedLoop(p.ops()), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of(), 1L << 20), Map.of(),
                p.cost().plus(dirty, List.of("dirtyKB/op: unattributed: ...")), List.of(), null);
        for (boolean details : new boolean[] {false, true}) {
            String text = table.render(flushed, details);
            assertFalse(text.lines().anyMatch(l -> l.matches(".*\\s-\\d.*")), text);
        }
        assertTrue(table.render(flushed, true).contains("unavailable: dirtyKB/op: unattributed"));
    }
}
