package io.linkbench.report.compare;

import static io.linkbench.report.compare.TestRuns.op;
import static io.linkbench.report.compare.TestRuns.phase;
import static io.linkbench.report.compare.TestRuns.run;
import static io.linkbench.report.compare.TestRuns.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.measure.SizeCounts;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RunMergerTest {
    private final RunMerger merger = new RunMerger();

    @Test
    void histogramsAreAddedCountsSummedAndThroughputIsTheSum() {
        Histogram fast = series(1000, 1000, 0);      // 1 us .. 1 ms
        Histogram slow = series(100, 100_000, 0);    // 0.1 ms .. 10 ms
        OpStats a = new OpStats("GET_NODE", fast, null, 2, Map.of("TIMEOUT", 2L), 1, 0);
        OpStats b = new OpStats("GET_NODE", slow, null, 3, Map.of("TIMEOUT", 1L, "DEADLOCK", 2L), 4, 0);
        RunResult merged = merger.merge(List.of(
                run("d1", "client1", "mysql", "InnoDB", phase("request", 10, List.of(a))),
                run("d2", "client2", "mysql", "InnoDB", phase("request", 9, List.of(b, op("ADD_LINK", series(5, 10, 0)))))));
        PhaseResult p = merged.phases().get(0);
        OpStats get = p.op("GET_NODE");
        Histogram byHand = fast.copy();
        byHand.add(slow);
        assertEquals(1100, get.count());
        assertEquals(byHand.getValueAtPercentile(99), get.service().getValueAtPercentile(99));
        assertEquals(byHand.getMaxValue(), get.service().getMaxValue());
        assertEquals(5, get.errors());
        assertEquals(Map.of("TIMEOUT", 3L, "DEADLOCK", 2L), get.errorsByKind());
        assertEquals(5, get.retries());
        assertEquals(5, p.op("ADD_LINK").count(), "an op of one host only is kept");
        assertNull(get.response());
        assertEquals(1000 / 10.0 + 105 / 9.0, p.throughput(), 1e-9);
        assertEquals("client1+client2", merged.host());
        assertEquals("/results/d1, /results/d2", merged.config().get(RunMerger.MERGED_FROM));
        assertEquals("1001", merged.config().get("maxid1"));
        assertTrue(merged.store().facts().get("host client2, request").startsWith("11.7 ops/s over 9.0 s (105 ops)"),
                merged.store().facts().toString());
        assertEquals("rr", merged.store().facts().get("isolation"));
    }

    @Test
    void outcomesContinuationsAndGraphSlicesAreAddedExactly() {
        OpStats a = new OpStats("MULTIGET_LINK", series(10, 1000, 0), null, 0, Map.of(), 0, 0,
                new OpOutcomes(10, 7, 25, 41));
        OpStats b = new OpStats("MULTIGET_LINK", series(20, 1000, 0), null, 0, Map.of(), 0, 0,
                new OpOutcomes(20, 15, 52, 80));
        GraphStats sliceA = new GraphStats(100, 260, 150, new long[] {0, 80, 10, 9, 1, 0}, 40, 255);
        GraphStats sliceB = new GraphStats(50, 500, 90, new long[] {0, 30, 10, 5, 4, 1}, 300, 490);
        RunResult merged = merger.merge(List.of(
                run("d1", "c1", "mysql", "InnoDB", phase("load", 5, List.of()).with(new PhaseResult.GraphFacts(sliceA, null, 0)),
                        phase("request", 10, List.of(a)).with(new PhaseResult.GraphFacts(null, null, 3))),
                run("d2", "c2", "mysql", "InnoDB", phase("load", 6, List.of()).with(new PhaseResult.GraphFacts(sliceB, null, 0)),
                        phase("request", 10, List.of(b)).with(new PhaseResult.GraphFacts(null, null, 4)))));

        PhaseResult load = merged.phases().get(0);
        assertEquals(new GraphStats(150, 760, 240, new long[] {0, 110, 20, 14, 5, 1}, 300, 745), load.graph().loaded());
        PhaseResult request = merged.phases().get(1);
        assertEquals(new OpOutcomes(30, 22, 77, 121), request.op("MULTIGET_LINK").outcomes());
        assertEquals(7, request.graph().continuations());
        assertNull(request.graph().loaded());

        RunResult partly = merger.merge(List.of(
                run("d1", "c1", "mysql", "InnoDB", phase("load", 5, List.of()).with(new PhaseResult.GraphFacts(sliceA, null, 0))),
                run("d2", "c2", "mysql", "InnoDB", phase("load", 6, List.of()))));
        assertNull(partly.phases().get(0).graph().loaded(), "a host without graph statistics: the total is unknown");
    }

    @Test
    void transactionSizesAreAddedSizeBySize() {
        Map<String, SizeCounts> a = Map.of("READ_TRANSACTION", new SizeCounts(List.of(0L, 0L, 10L, 5L)),
                "WRITE_TRANSACTION", new SizeCounts(List.of(0L, 7L)));
        Map<String, SizeCounts> b = Map.of("READ_TRANSACTION", new SizeCounts(List.of(0L, 0L, 1L, 0L, 0L, 2L)));
        RunResult merged = merger.merge(List.of(
                run("d1", "c1", "mysql", "InnoDB", phase("request", 10, List.of())
                        .with(new PhaseResult.GraphFacts(null, null, 0, 0, List.of(3L, 1L), a))),
                run("d2", "c2", "mysql", "InnoDB", phase("request", 10, List.of())
                        .with(new PhaseResult.GraphFacts(null, null, 0, 0, List.of(2L, 2L), b)))));

        PhaseResult.GraphFacts graph = merged.phases().get(0).graph();
        assertEquals(Map.of("READ_TRANSACTION", new SizeCounts(List.of(0L, 0L, 11L, 5L, 0L, 2L)),
                "WRITE_TRANSACTION", new SizeCounts(List.of(0L, 7L))), graph.transactionSizes(),
                "a type only one host ran is kept");
        assertEquals(List.of(5L, 3L), graph.keysByShard());
        assertEquals(18, graph.transactionSizes().get("READ_TRANSACTION").total());
    }

    @Test
    void aSharedServerTakesTheStoreCountersOnceAndTheRunSaysHow() {
        List<LoadedRun> runs = List.of(
                run("d1", "c1", "mysql", "InnoDB", withCounters(Map.of("Questions", 1000L, "Handler_write", 40L))),
                run("d2", "c2", "mysql", "InnoDB", withCounters(Map.of("Questions", 1100L))));
        RunResult shared = new RunMerger(true).merge(runs);
        assertEquals(Map.of("Questions", 1100L, "Handler_write", 40L), shared.phases().get(0).storeCounters());
        assertTrue(shared.config().get(RunMerger.MERGED_SERVER).startsWith("shared"), shared.config().toString());
        RunResult separate = merger.merge(runs);
        assertEquals(2100L, separate.phases().get(0).storeCounters().get("Questions"));
        assertTrue(separate.config().get(RunMerger.MERGED_SERVER).startsWith("per host"), separate.config().toString());
    }

    @Test
    void theLoadPartsAreMergedPartByPartAndAddUpToTheMergedTotal() {
        List<LoadedRun> runs = List.of(run("d1", "c1", "rocksdb", "", loadInParts(1000, 10, 2, 100, 200, 2.0)),
                run("d2", "c2", "rocksdb", "", loadInParts(3000, 10, 3, 600, 900, 1.0)));
        PhaseCost total = merger.merge(runs).phases().get(0).cost();
        PhaseCost insert = total.parts().get("insert");
        PhaseCost compact = total.parts().get("step: compact");
        assertEquals(List.of("insert", "step: compact"), List.copyOf(total.parts().keySet()));
        assertEquals(700, insert.get(PhaseCost.TOTAL_WRITE_KB), 1e-9);
        assertEquals(700 / 4000.0, insert.get(PhaseCost.WRITE_KB), 1e-12);          // per row of both hosts
        assertEquals(1100 / 4000.0, compact.get(PhaseCost.WRITE_KB), 1e-12);
        assertEquals(total.get(PhaseCost.WRITE_KB), insert.get(PhaseCost.WRITE_KB) + compact.get(PhaseCost.WRITE_KB), 1e-12);
        assertEquals(1800, total.get(PhaseCost.TOTAL_WRITE_KB), 1e-9);
        assertEquals(100 + 300, insert.get(PhaseCost.OPS_PER_S), 1e-9);
        assertEquals(1000 / 12.0 + 3000 / 13.0, total.get(PhaseCost.OPS_PER_S), 1e-9, "rows over insert and steps");
        assertTrue(Double.isNaN(compact.get(PhaseCost.OPS_PER_S)));
        assertEquals(3, compact.get(PhaseCost.SECONDS), 1e-12, "the longest host's step");
        assertEquals((2000 + 3000) / 4000.0, insert.get("store Handler_write/op"), 1e-12);
        PhaseCost shared = new RunMerger(true).merge(runs).phases().get(0).cost().parts().get("insert");
        assertEquals(3000 / 4000.0, shared.get("store Handler_write/op"), 1e-12, "a shared server's counter once");
    }

    /** A load of {@code rows} in parts: insert {@code insertS} s, compact {@code stepS} s, KB written in each. */
    private static PhaseResult loadInParts(long rows, double insertS, double stepS, double insertKb, double stepKb,
                                           double handlerWritesPerRow) {
        PhaseCost insert = cost(rows / insertS, insertS, insertKb, rows);
        insert = insert.plus(Map.of("store Handler_write/op", handlerWritesPerRow), List.of());
        PhaseCost step = cost(Double.NaN, stepS, stepKb, rows);
        PhaseCost total = cost(rows / (insertS + stepS), insertS + stepS, insertKb + stepKb, rows)
                .plus(Map.of("store Handler_write/op", handlerWritesPerRow), List.of())
                .withParts(new java.util.LinkedHashMap<>(Map.of("insert", insert)));
        Map<String, PhaseCost> parts = new java.util.LinkedHashMap<>(total.parts());
        parts.put("step: compact", step);
        return new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(1_000_000, 1_012_000, insertS),
                PhaseResult.Latency.closedLoop(List.of(new OpStats("LOAD_NODES", series(10, 1000, 0), null, 0, Map.of(), 0, rows))), PhaseEnd.LOADED, List.of(),
                new PhaseResult.StoreReadings(Map.of("Handler_write", Math.round(handlerWritesPerRow * rows)), 1000), Map.of("compact", stepS), total.withParts(parts), List.of(), null);
    }

    private static PhaseCost cost(double opsPerS, double secs, double writeKb, long rows) {
        Map<String, Double> f = new java.util.LinkedHashMap<>();
        f.put(PhaseCost.OPS_PER_S, opsPerS);
        f.put(PhaseCost.WRITE_KB, writeKb / rows);
        f.put(PhaseCost.SECONDS, secs);
        f.put(PhaseCost.TOTAL_WRITE_KB, writeKb);
        return new PhaseCost(f, List.of());
    }

    private static PhaseResult withCounters(Map<String, Long> counters) {
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(1_000_000, 1_010_000, 10),
                PhaseResult.Latency.closedLoop(List.of(op("GET_NODE", series(10, 1000, 0)))), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(counters, 1000), Map.of(), io.linkbench.measure.PhaseCost.NONE, List.of(), null);
    }

    @Test
    void runsOfDifferentPhasesOrStoresAreRefused() {
        LoadedRun loadAndRequest = run("d1", "c1", "memory", "", phase("load", 1, List.of()), phase("request", 1, List.of()));
        LoadedRun requestOnly = run("d2", "c2", "memory", "", phase("request", 1, List.of()));
        ConfigException e = assertThrows(ConfigException.class, () -> merger.merge(List.of(loadAndRequest, requestOnly)));
        assertEquals("cannot merge: /results/d2 has phases [request] but /results/d1 has [load, request]; "
                + "merge runs of the same phases", e.getMessage());
        LoadedRun otherLoop = run("d3", "c3", "memory", "", phase("request", 2, 1, List.of(), PhaseCost.NONE, List.of()));
        assertTrue(assertThrows(ConfigException.class, () -> merger.merge(List.of(requestOnly, otherLoop)))
                .getMessage().contains("[request loop 2]"));
        assertEquals("cannot merge: /results/d2 is given twice; each client host counts once",
                assertThrows(ConfigException.class, () -> merger.merge(List.of(requestOnly, requestOnly))).getMessage());
        LoadedRun rocks = run("d4", "c4", "rocksdb", "", phase("request", 1, List.of()));
        assertEquals("cannot merge: /results/d4 ran store=rocksdb but /results/d2 ran store=memory",
                assertThrows(ConfigException.class, () -> merger.merge(List.of(requestOnly, rocks))).getMessage());
    }

    @Test
    void runsThatDidNotRunAtTheSameTimeAreRefusedNotSummed() {
        LoadedRun first = run("d1", "c1", "memory", "", phase("request", 10, List.of(op("GET_NODE", series(100, 1000, 0)))));
        PhaseResult p = first.run().phases().get(0);
        PhaseResult later = new PhaseResult(p.phase(), p.loop(), new PhaseResult.Window(p.window().endEpochMs() + 60_000,
                p.window().endEpochMs() + 70_000, 10), p.latency(), p.end(), p.warnings(), p.store(), p.steps(), p.cost(),
                p.intervals(), p.graph());
        LoadedRun unrelated = run("d2", "c2", "memory", "", later);
        assertEquals("cannot merge: the request windows do not overlap (latest start 1970-01-01T00:17:50Z, earliest end"
                + " 1970-01-01T00:16:50Z): they did not run at the same time; merge the runs of client hosts that ran at"
                + " the same time", assertThrows(ConfigException.class, () -> merger.merge(List.of(first, unrelated)))
                .getMessage());
    }

    @Test
    void intervalsAreMergedByIndexWithoutInventingPercentiles() {
        IntervalPoint i1 = new IntervalPoint(1, 1, false, List.of(new IntervalPoint.OpInterval("GET_NODE", 10, 0, 0.1, 0.5, 2)),
                1, Map.of("cpu_busy_pct", 50.0));
        IntervalPoint i2 = new IntervalPoint(1, 1, false, List.of(new IntervalPoint.OpInterval("GET_NODE", 30, 0, 0.2, 0.9, 1)),
                0, Map.of("cpu_busy_pct", 20.0));
        RunResult merged = merger.merge(List.of(
                run("d1", "c", "memory", "", phase("request", 0, 1, List.of(), PhaseCost.NONE, List.of(i1, i1))),
                run("d2", "c", "memory", "", phase("request", 0, 1, List.of(), PhaseCost.NONE, List.of(i2)))));
        List<IntervalPoint> intervals = merged.phases().get(0).intervals();
        assertEquals(1, intervals.size(), "up to the shortest host's intervals");
        IntervalPoint.OpInterval op = intervals.get(0).ops().get(0);
        assertEquals(40, op.count());
        assertEquals(2, op.maxMs());
        assertTrue(Double.isNaN(op.p99Ms()));
        assertEquals(1, intervals.get(0).errors());
        assertEquals("c (d1)+c (d2)", merged.host(), "same host name twice gets the directory");
    }
}
