package io.linkbench.report.html;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalPoint.OpInterval;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.store.StoreInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A hand-built run for the report tests: a closed-loop load with intervals, an open-loop request loop
 * with NaN costs, gaps in its p99 series and an operation whose name needs escaping, and a second
 * request loop without any interval data. Config values and store facts hold markup.
 */
final class SampleRuns {
    /** A config value that would run a script if it were not escaped. */
    static final String EVIL = "<script>alert(\"x\")</script> & 'q' <b>bold</b>";
    /** An operation name with every character that needs escaping. */
    static final String ODD_OP = "ODD<&>\"'OP";

    /** The graph of the load: 100,000 id1s, 400,000 links. */
    static final GraphStats GRAPH = new GraphStats(100_000, 400_000, 150_000,
            new long[] {0, 80_000, 10_000, 8_000, 1_900, 100}, 3_000, -1);

    private SampleRuns() {
    }

    static RunResult run() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("requesters", "4");
        config.put("maxid1", "100001");
        config.put("requestrate", "500");
        config.put("zz_note", EVIL);
        config.put("a<key>", "v&1");
        StoreInfo store = new StoreInfo("memory", "1.0", "", Map.of("topology", "embedded </td></tr></table> x"), true);
        return new RunResult("0.1.0-test", 1_735_787_045_678L, "client<1>", config, store,
                List.of(load(), request(), secondLoop()), "sample-run");
    }

    static PhaseResult load() {
        List<OpStats> ops = List.of(
                new OpStats("LOAD_NODES", constant(50, 2_000_000), null, 0, Map.of(), 0, 100_000),
                new OpStats("LOAD_LINKS", series(400, 5_000), null, 2, Map.of("CONFLICT", 2L), 5, 400_000),
                new OpStats("LOAD_COUNTS", new Histogram(3), null, 0, Map.of(), 0, 0));
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 12; i++) {
            points.add(new IntervalPoint(i * 5.0, 5.0, false, List.of(
                    new OpInterval("LOAD_NODES", 4, i <= 6 ? 16_000 : 0, 2.0, 2.5, 3.0),
                    new OpInterval("LOAD_LINKS", 30, 30_000 + 500 * i, 0.01, 0.02 * i, 0.5)), 0, Map.of()));
        }
        Map<String, Double> steps = new LinkedHashMap<>();
        steps.put("build_index", 4.25);
        steps.put("compact", 1.5);
        PhaseCost cost = new PhaseCost(figures(PhaseCost.OPS_PER_S, 8333.3, PhaseCost.READS, 0.0012,
                PhaseCost.WRITE_KB, 0.25, PhaseCost.MCPU, 12.5, PhaseCost.SERVER_RSS, 512.0 * 1024 * 1024), List.of());
        return new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(1_735_787_046_000L, 1_735_787_106_000L, 60.0),
                PhaseResult.Latency.closedLoop(ops), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of("rows_inserted", 500_000L, "unchanged", 0L), 123_456_789L), steps, null, List.of(), null)
                .with(0, cost, points).with(new PhaseResult.GraphFacts(GRAPH, null, 0));
    }

    static PhaseResult request() {
        List<OpStats> ops = List.of(
                new OpStats("GET_NODE", series(1000, 1_000), series(1000, 2_000), 1, Map.of("TIMEOUT", 1L), 0, 0,
                        new OpOutcomes(1000, 990, 990, 1000)),
                new OpStats("UPDATE_LINK", series(300, 7_000), series(300, 9_000), 0, Map.of(), 3, 0,
                        new OpOutcomes(300, 240, 240, 300)),
                new OpStats(ODD_OP, constant(10, 40_000), constant(10, 50_000), 0, Map.of(), 0, 0),
                new OpStats("DELETE_NODE", new Histogram(3), new Histogram(3), 0, Map.of(), 0, 0));
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            boolean warm = i <= 4;
            // UPDATE_LINK has no call in intervals 9 and 10: a gap in its p99 line
            boolean gap = i == 9 || i == 10;
            points.add(new IntervalPoint(i * 1.0, 1.0, warm, List.of(
                    new OpInterval("GET_NODE", 300 + 10 * i, 0, 0.5, 0.9 + 0.05 * (i % 5), 2.0),
                    new OpInterval("UPDATE_LINK", gap ? 0 : 100, 0, gap ? Double.NaN : 1.0,
                            gap ? Double.NaN : 3.0 + (i % 3), gap ? Double.NaN : 6.0),
                    new OpInterval(ODD_OP, i == 15 ? 10 : 0, 0, i == 15 ? 0.04 : Double.NaN,
                            i == 15 ? 0.05 : Double.NaN, i == 15 ? 0.06 : Double.NaN),
                    new OpInterval("DELETE_NODE", 0, 0, Double.NaN, Double.NaN, Double.NaN)),
                    i == 7 ? 1 : 0, Map.of("cpu_busy_pct", 40.0, "rKB/s", Double.NaN)));
        }
        PhaseCost cost = new PhaseCost(figures(PhaseCost.OPS_PER_S, 500.0, PhaseCost.READS, Double.NaN,
                PhaseCost.READ_KB, Double.NaN, PhaseCost.HOST_CPU_US, 140.5, PhaseCost.MCPU, Double.NaN),
                List.of("r/op, rKB/op: no block device holds the data <tmpfs>", "Mcpu/op: /proc/stat unreadable"));
        Histogram lag = series(1000, 10);
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(1_735_787_110_000L, 1_735_787_130_000L, 16.0),
                new PhaseResult.Latency(true, 500.0, ops, lag), PhaseEnd.legacy(true), List.of("backlog growing: 1200 ops behind <schedule>"),
                new PhaseResult.StoreReadings(Map.of("reads", 77L, "writes", 0L), -1), Map.of(), null, List.of(), null).with(0, cost, points);
    }

    static PhaseResult secondLoop() {
        List<OpStats> ops = List.of(new OpStats("GET_NODE", series(200, 1_000), null, 0, Map.of(), 0, 0));
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(1_735_787_131_000L, 1_735_787_141_000L, 10.0),
                PhaseResult.Latency.closedLoop(ops), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of(), 5_000_000L), Map.of(), null, List.of(), null).with(1, PhaseCost.NONE, List.of());
    }

    /** Ops that ran (successes or errors) in a phase. */
    static List<String> ranOps(PhaseResult p) {
        return p.ops().stream().filter(s -> s.count() > 0 || s.errors() > 0).map(OpStats::name).toList();
    }

    private static Map<String, Double> figures(Object... kv) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], (Double) kv[i + 1]);
        }
        return m;
    }

    private static Histogram series(int n, long stepNs) {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= n; i++) {
            h.recordValue(i * stepNs);
        }
        return h;
    }

    private static Histogram constant(int n, long valueNs) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(valueNs, n);
        return h;
    }
}
