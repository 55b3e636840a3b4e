package io.linkbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.store.StoreInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code merge} of a fleet: the runs must be one fleet's, and their intervals line up on the wall clock. */
class FleetMergeTest {
    /** A request phase starting at {@code startMs} with one 1-s interval per count, each of that many GET_NODEs. */
    private static LoadedRun host(String seed, int count, int index, long startMs, long... perSecond) {
        List<IntervalPoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < perSecond.length; i++) {
            points.add(new IntervalPoint(i + 1, 1, false,
                    List.of(new IntervalPoint.OpInterval("GET_NODE", perSecond[i], 0, 1, 2, 3)), 0, Map.of()));
        }
        OpStats op = new OpStats("GET_NODE", TestRuns.series((int) java.util.Arrays.stream(perSecond).sum(), 1000, 0),
                null, 0, Map.of(), 0, 0);
        PhaseResult p = new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(startMs, startMs + perSecond.length * 1000L,
                perSecond.length), PhaseResult.Latency.closedLoop(List.of(op)), PhaseEnd.legacy(false), List.of(), null,
                Map.of(), PhaseCost.NONE, points, null);
        return new LoadedRun(Path.of("/results/h" + index + "-" + seed + startMs), new RunResult("test", startMs, "h" + index,
                Map.of("seed", seed, "client_count", Integer.toString(count), "client_index", Integer.toString(index)),
                new StoreInfo("mysql", "1", "InnoDB", Map.of(), true), List.of(p), "run-" + index + "-" + seed + startMs));
    }

    @Test
    void intervalsAreAlignedOnTheWallClock() {
        // host 1 started 1 s after host 0: its first interval is host 0's second
        RunResult merged = new RunMerger(true).merge(List.of(host("5", 2, 0, 10_000, 10, 20, 30),
                host("5", 2, 1, 11_000, 100, 200, 300)));
        List<IntervalPoint> points = merged.phases().get(0).intervals();
        assertEquals(List.of(10L, 120L, 230L, 300L), points.stream().map(p -> p.ops().get(0).count()).toList());
        assertEquals(List.of(1.0, 2.0, 3.0, 4.0), points.stream().map(IntervalPoint::offsetSeconds).toList());
        assertEquals(660, merged.phases().get(0).operations(), "the merged total is the sum");
    }

    @Test
    void runsOfDifferentFleetsAreRefusedInOneLine() {
        RunMerger m = new RunMerger(true);
        assertTrue(assertThrows(ConfigException.class, () -> m.merge(List.of(host("5", 2, 0, 10_000, 1),
                host("6", 2, 1, 10_000, 1)))).getMessage().contains("seed = 6"));
        assertTrue(assertThrows(ConfigException.class, () -> m.merge(List.of(host("5", 2, 0, 10_000, 1),
                host("5", 3, 1, 10_000, 1)))).getMessage().contains("client_count = 3"));
        assertTrue(assertThrows(ConfigException.class, () -> m.merge(List.of(host("5", 2, 1, 10_000, 1),
                host("5", 2, 1, 10_001, 1)))).getMessage().contains("are both client_index = 1"));
        assertTrue(assertThrows(ConfigException.class, () -> m.merge(List.of(host("5", 2, 0, 10_000, 1),
                host("5", 2, 1, 20_000, 1)))).getMessage().contains("windows do not overlap"));
        LoadedRun other = withConfig(host("5", 2, 1, 10_000, 1), "start_at", "2026-01-31T12:00:00Z");
        assertEquals("cannot merge: " + other.dir() + " has start_at = '2026-01-31T12:00:00Z' but /results/h0-510000 has"
                + " ''; the hosts of one fleet share start_at",
                assertThrows(ConfigException.class, () -> m.merge(List.of(host("5", 2, 0, 10_000, 1), other))).getMessage());
    }

    @Test
    void aFleetWithoutAllItsClientsIsRefusedNamingTheMissingOnesUnlessAllowed() {
        List<LoadedRun> twoOfThree = List.of(host("5", 3, 0, 10_000, 10, 20), host("5", 3, 1, 10_000, 30, 40));
        assertEquals("cannot merge: client 2 of the fleet of 3 is missing (given: 0, 1); give every client's run, or"
                + " --allow-missing to merge these 2",
                assertThrows(ConfigException.class, () -> new RunMerger(true).merge(twoOfThree)).getMessage());
        assertEquals("cannot merge: clients 0, 2, 3 of the fleet of 4 are missing (given: 1); give every client's run, or"
                + " --allow-missing to merge these 1", assertThrows(ConfigException.class,
                () -> new RunMerger(true).merge(List.of(host("5", 4, 1, 10_000, 1)))).getMessage());
        RunResult partial = new RunMerger(true, true).merge(twoOfThree);
        assertEquals("client 2 of the fleet of 3 is missing", partial.config().get(RunMerger.MERGED_MISSING));
        assertEquals("client 2 of the fleet of 3 is missing: the figures are of the 2 clients merged",
                partial.phases().get(0).warnings().get(0));
        assertEquals(100, partial.phases().get(0).operations());
    }

    private static LoadedRun withConfig(LoadedRun r, String key, String value) {
        Map<String, String> config = new java.util.LinkedHashMap<>(r.run().config());
        config.put(key, value);
        RunResult run = r.run();
        return new LoadedRun(Path.of(r.dir() + "-" + key), new RunResult(run.linkbenchVersion(), run.startedEpochMs(),
                run.host(), config, run.store(), run.phases(), run.runId() + "-" + key));
    }
}
