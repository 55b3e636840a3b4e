package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyTableTest {
    private final LatencyTable table = new LatencyTable();

    /** 1000 calls of 1 us .. 1000 us, 10 calls of 1.5 ms, over 10 s. */
    private static List<OpStats> closedLoopOps() {
        return List.of(
                new OpStats("GET_NODE", Histograms.series(1000, 1_000, 0), null, 0, Map.of(), 0, 0),
                new OpStats("DELETE_NODE", new Histogram(3), null, 0, Map.of(), 0, 0),
                new OpStats("ADD_LINK", Histograms.constant(10, 1_500_000), null, 0, Map.of(), 0, 0));
    }

    private static PhaseResult request(List<OpStats> ops, boolean openLoop, Histogram lag) {
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(1_000, 11_000, 10.0),
                new PhaseResult.Latency(openLoop, openLoop ? 120.0 : 0, ops, lag), PhaseEnd.legacy(false), List.of(),
                null, Map.of(), null, List.of(), null);
    }

    @Test
    void closedLoopTableShowsKnownFiguresAligned() {
        String text = table.render(request(closedLoopOps(), false, null));
        List<String> lines = text.lines().toList();

        assertEquals("request phase: 10.0 s measured, closed loop: latency is service time, throughput 101.0 ops/s",
                lines.get(0));
        assertEquals("latency (ms):", lines.get(1));
        List<String> tbl = lines.subList(2, 6);
        assertArrayEquals(new String[] {"op", "count", "errors", "mean", "p25", "p50", "p75", "p95", "p99", "p99.9", "max",
            "ops/s"},
                cells(tbl.get(0)));
        String[] get = cells(tbl.get(1));
        assertArrayEquals(new String[] {"GET_NODE", "1000", "0"}, Arrays.copyOf(get, 3));
        assertEquals(0.5005, Double.parseDouble(get[3]), 0.001, "mean");
        assertArrayEquals(new String[] {"0.250", "0.500", "0.750", "0.950", "0.990", "0.999", "1.000", "100.0"},
                Arrays.copyOfRange(get, 4, 12));
        assertArrayEquals(new String[] {"ADD_LINK", "10", "0", "1.500", "1.500", "1.500", "1.500", "1.500", "1.500",
                "1.500", "1.500", "1.0"}, cells(tbl.get(2)));
        String[] total = cells(tbl.get(3));
        assertEquals("TOTAL", total[0]);
        assertEquals("1010", total[1]);
        assertEquals("1.500", total[10], "max over all ops");
        assertEquals("101.0", total[11]);
        assertFalse(text.contains("DELETE_NODE"), "an op with no calls is left out");
        assertRightAligned(tbl);
        assertEquals("size at end: unknown", lines.get(6));
        assertEquals(7, lines.size(), "nothing else to report");
    }

    @Test
    void openLoopAddsResponseTimeTableAndScheduleLag() {
        Histogram lag = Histograms.constant(99, 10_000);
        lag.recordValue(1_200_000);
        List<OpStats> ops = List.of(new OpStats("GET_LINKS_LIST", Histograms.series(1000, 1_000, 0),
                Histograms.series(1000, 1_000, 40_000), 0, Map.of(), 0, 0));
        List<String> lines = table.render(request(ops, true, lag)).lines().toList();

        assertEquals("request phase: 10.0 s measured, open loop at target 120.0 ops/s, throughput 100.0 ops/s",
                lines.get(0));
        assertEquals("service time (ms, actual start to end):", lines.get(1));
        assertEquals("0.990", cells(lines.get(3))[8]);
        assertEquals("response time (ms, intended start to end):", lines.get(5));
        List<String> response = lines.subList(6, 9);
        String[] row = cells(response.get(1));
        assertEquals("GET_LINKS_LIST", row[0]);
        assertEquals("0.540", row[5], "p50");
        assertEquals("1.030", row[8], "p99");
        assertEquals("1.040", row[10], "max");
        assertEquals("100.0", row[11]);
        assertRightAligned(response);
        assertEquals("schedule lag (ms): p50 0.010  p99 0.010  max 1.200", lines.get(9));
    }

    @Test
    void errorsRetriesCountersSizeStepsAndWarnings() {
        List<OpStats> ops = List.of(
                new OpStats("ADD_LINK", Histograms.constant(5, 100_000), null, 3,
                        Map.of("TIMEOUT", 2L, "CONFLICT", 1L), 7, 0),
                new OpStats("GET_NODE", new Histogram(3), null, 1, Map.of("TIMEOUT", 1L), 0, 0));
        PhaseResult phase = new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(0, 2_000, 2.0),
                PhaseResult.Latency.closedLoop(ops), PhaseEnd.legacy(true), List.of("backlog growing"),
                new PhaseResult.StoreReadings(Map.of("rows_read", 42L, "bytes_written", 1_000L, "unchanged", 0L), 1_610_612_736L), orderedSteps(), null, List.of(), null);
        String text = table.render(phase);
        List<String> lines = text.lines().toList();

        assertTrue(lines.get(0).endsWith(", INTERRUPTED (cut short (cause not recorded))"), lines.get(0));
        String[] getNode = cells(lines.get(4));
        assertArrayEquals(new String[] {"GET_NODE", "0", "1", "-", "-", "-", "-", "-", "-", "-", "-", "0.0"}, getNode,
                "an op that only failed still gets a row");
        assertEquals("4", cells(lines.get(5))[2], "TOTAL errors");
        int e = lines.indexOf("errors: 4 (CONFLICT 1, TIMEOUT 3)");
        assertTrue(e > 0, text);
        assertArrayEquals(new String[] {"ADD_LINK", "3", "CONFLICT", "1,", "TIMEOUT", "2"}, cells(lines.get(e + 1)));
        assertArrayEquals(new String[] {"GET_NODE", "1", "TIMEOUT", "1"}, cells(lines.get(e + 2)));
        assertEquals("retries: ADD_LINK 7", lines.get(e + 3));
        assertEquals("store counters (delta over the phase):", lines.get(e + 4));
        assertEquals(List.of("  bytes_written  1000", "  rows_read        42"), lines.subList(e + 5, e + 7),
                "sorted by name, zero deltas left out, values right-aligned");
        assertEquals("size at end: 1.5 GiB", lines.get(e + 7));
        assertEquals("post-load steps: compact 3.3 s, analyze 0.5 s", lines.get(e + 8), "in the order they ran");
        assertEquals("warning: backlog growing", lines.get(e + 9));
        String shortText = table.render(phase, false);
        assertFalse(shortText.contains("store counters") || shortText.contains("rows_read"),
                "store counters only in the detailed text (summary.txt, --details)");
        assertTrue(shortText.contains("size at end: 1.5 GiB"), shortText);
    }

    @Test
    void loadHeaderGivesRowsPerSecondInTotalAndPerStep() {
        List<OpStats> ops = List.of(
                new OpStats("LOAD_NODES", Histograms.constant(10, 500_000), null, 0, Map.of(), 0, 1_000),
                new OpStats("LOAD_LINKS", Histograms.constant(40, 800_000), null, 0, Map.of(), 0, 4_000),
                new OpStats("LOAD_COUNTS", new Histogram(3), null, 0, Map.of(), 0, 0));
        PhaseResult load = new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(0, 2_000, 2.0),
                PhaseResult.Latency.closedLoop(ops), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of(), 2_048), Map.of(), null, List.of(), null);
        List<String> lines = table.render(load).lines().toList();

        assertEquals("load phase: 2.0 s measured, closed loop: latency is service time, throughput 2500.0 rows/s"
                + " (LOAD_NODES 500.0, LOAD_LINKS 2000.0)", lines.get(0));
        assertEquals("latency (ms, per batch of 100 rows on average; rows/s in the line above):", lines.get(1));
        assertTrue(lines.get(2).startsWith("op          batches  errors") && lines.get(2).endsWith("batches/s"),
                lines.get(2));
        assertEquals("size at end: 2.0 KiB", lines.get(lines.size() - 1));
    }

    @Test
    void operationStatisticsFollowTheLatencyTableWithTheirNotes() {
        List<OpStats> ops = List.of(
                withOutcomes("GET_NODE", new OpOutcomes(1000, 981, 981, 1000)),
                withOutcomes("ADD_NODE", OpOutcomes.NONE),
                withOutcomes("UPDATE_LINK", new OpOutcomes(300, 270, 270, 300)),
                withOutcomes("COUNT_LINK", new OpOutcomes(50, 40, 120, 50)),
                withOutcomes("MULTIGET_LINK", new OpOutcomes(100, 61, 170, 420)),
                withOutcomes("GET_LINKS_LIST", new OpOutcomes(200, 190, 1300, 200)));
        PhaseResult phase = request(ops, false, null).with(new PhaseResult.GraphFacts(null, null, 1));
        String text = table.render(phase);

        assertTrue(text.contains("""
                TOTAL            1650       0  1.000  1.000  1.000  1.000  1.000  1.000  1.000  1.000  165.0
                operation statistics (hit: an existing row was found):
                op              calls  hit%  rows/call
                GET_NODE         1000  98.1          -
                UPDATE_LINK       300  90.0          -
                COUNT_LINK         50  80.0          -
                MULTIGET_LINK     100  61.0       1.70
                GET_LINKS_LIST    200  95.0       6.50
                  UPDATE_LINK: 270 updates (90.0%), 30 inserts or misses
                  COUNT_LINK: the count read averaged 2.40 links (one count row per call)
                  MULTIGET_LINK: 4.20 id2s asked per call, 40.5% found
                  GET_LINKS_LIST: 1 of 200 calls (0.5%) continued a remembered full page (history), reading 0 rows, 0.00 per list call
                size at end: unknown
                """), text);
        assertFalse(table.render(request(closedLoopOps(), false, null)).contains("operation statistics"),
                "no table when no outcome was recorded (older results)");
    }

    @Test
    void withoutContinuationsTheNoteSaysNoFullPageWasMet() {
        List<OpStats> ops = List.of(withOutcomes("GET_LINKS_LIST", new OpOutcomes(200, 190, 1300, 200)));
        String text = table.render(request(ops, false, null).with(new PhaseResult.GraphFacts(null, null, 0)));
        assertTrue(text.contains("GET_LINKS_LIST: 0 of 200 calls (0.0%) continued a remembered full page"
                + " (history: no full page met)"), text);
    }

    @Test
    void aLoadPrintsItsGraphLine() {
        GraphStats graph = new GraphStats(200_000, 520_312, 400_000, new long[] {0, 0, 162_400, 30_000, 7_000, 600},
                512, 522_000);
        PhaseResult load = new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(0, 2_000, 2.0),
                PhaseResult.Latency.closedLoop(List.of(new OpStats("LOAD_LINKS", Histograms.constant(40, 800_000), null, 0, Map.of(), 0, 520_312))), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of(), 2_048), Map.of(), null, List.of(), null).with(new PhaseResult.GraphFacts(graph, null, 0));
        List<String> lines = table.render(load).lines().toList();

        assertTrue(lines.contains("graph: 200,000 id1s, 520,312 link rows (2.60 per id1; model 2.61), 400,000 count"
                + " rows, id1s with 0 links 0.0%, 1 0.0%, 2 81.2%, 3-10 15.0%, 11-100 3.5%, >100 0.3%, most links of one id1 512"),
                lines.toString());
        GraphStats noModel = GraphStats.of(new long[] {1, 2, 0, 0, 0, 0}, 2, 2, 1, -1);
        assertEquals("graph: 3 id1s, 2 link rows (0.67 per id1), 2 count rows, id1s with 0 links 33.3%, 1 66.7%,"
                + " 2 0.0%, 3-10 0.0%, 11-100 0.0%, >100 0.0%, most links of one id1 1", GraphLine.of(noModel));
    }

    private static OpStats withOutcomes(String name, OpOutcomes outcomes) {
        return new OpStats(name, Histograms.constant((int) outcomes.calls(), 1_000_000), null, 0, Map.of(), 0, 0,
                outcomes);
    }

    @Test
    void humanBytes() {
        assertEquals("unknown", Formats.bytes(-1));
        assertEquals("0 B", Formats.bytes(0));
        assertEquals("1023 B", Formats.bytes(1023));
        assertEquals("1.0 KiB", Formats.bytes(1024));
        assertEquals("10.0 MiB", Formats.bytes(10L << 20));
        assertEquals("2.5 TiB", Formats.bytes(5L << 39));
    }

    private static String[] cells(String line) {
        return line.trim().split("\\s+");
    }

    /**
     * The first column starts at the left margin; every other column ends at the same position on
     * every line (right-aligned under its header).
     */
    private static void assertRightAligned(List<String> lines) {
        List<int[]> ends = new ArrayList<>();
        for (String line : lines) {
            assertFalse(line.startsWith(" "), line);
            List<Integer> e = new ArrayList<>();
            Matcher m = Pattern.compile("\\S+").matcher(line);
            while (m.find()) {
                e.add(m.end());
            }
            ends.add(e.stream().mapToInt(Integer::intValue).toArray());
        }
        for (int[] e : ends) {
            assertEquals(ends.get(0).length, e.length);
            for (int c = 1; c < e.length; c++) {
                assertEquals(ends.get(0)[c], e[c], "column " + c + " in " + lines);
            }
        }
    }

    private static Map<String, Double> orderedSteps() {
        Map<String, Double> steps = new java.util.LinkedHashMap<>();
        steps.put("compact", 3.25);
        steps.put("analyze", 0.5);
        return steps;
    }
}
