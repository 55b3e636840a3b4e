package io.linkbench.report.compare;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.store.StoreInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Test helper: small hand-built results. */
final class TestRuns {
    private TestRuns() {
    }

    /** {@code n} values {@code offsetNs + i * stepNs}, i = 1..n. */
    static Histogram series(int n, long stepNs, long offsetNs) {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= n; i++) {
            h.recordValue(offsetNs + i * stepNs);
        }
        return h;
    }

    static OpStats op(String name, Histogram service) {
        return new OpStats(name, service, null, 0, Map.of(), 0, 0);
    }

    /** A closed-loop phase of {@code seconds} with the given ops, cost and intervals. */
    static PhaseResult phase(String name, int loop, double seconds, List<OpStats> ops, PhaseCost cost,
                             List<IntervalPoint> intervals) {
        return new PhaseResult(Phase.of(name), loop, new PhaseResult.Window(1_000_000, 1_000_000 + (long) (seconds * 1000), seconds),
                PhaseResult.Latency.closedLoop(ops), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of(), 1000), Map.of(), cost, intervals, null);
    }

    static PhaseResult phase(String name, double seconds, List<OpStats> ops) {
        return phase(name, 0, seconds, ops, PhaseCost.NONE, List.of());
    }

    static LoadedRun run(String dir, String host, String store, String engine, PhaseResult... phases) {
        return new LoadedRun(Path.of("/results", dir), new RunResult("test", 1_000_000, host, Map.of("maxid1", "1001"),
                new StoreInfo(store, "1.0", engine, Map.of("isolation", "rr"), true), List.of(phases), "run-" + dir));
    }
}
