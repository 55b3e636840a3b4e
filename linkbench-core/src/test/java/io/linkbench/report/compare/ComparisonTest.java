package io.linkbench.report.compare;

import io.linkbench.measure.Phase;
import static io.linkbench.report.compare.TestRuns.op;
import static io.linkbench.report.compare.TestRuns.phase;
import static io.linkbench.report.compare.TestRuns.run;
import static io.linkbench.report.compare.TestRuns.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.SummaryRow;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {
    /** A request phase of 10 s with 1000 GET_NODE calls of 1..1000 us and the given r/op. */
    private static PhaseResult request(int loop, int calls, double readsPerOp) {
        return phase("request", loop, 10, List.of(op("GET_NODE", series(calls, 1000, 0))),
                new PhaseCost(Map.of(PhaseCost.READS, readsPerOp), List.of()), List.of());
    }

    @Test
    void ratiosAreToTheFirstRunAndNaNWhenEitherIsUnavailable() {
        Comparison c = Comparison.of(List.of(run("a", "h", "mysql", "InnoDB", request(0, 1000, 2.0)),
                run("b", "h", "mysql", "ROCKSDB", request(0, 800, 1.0))), List.of(), Phase.REQUEST);
        int tps = c.columns().indexOf("tps");
        int reads = c.columns().indexOf("r/t");
        int un = c.columns().indexOf("un");
        assertEquals(1.0, c.ratio(0, tps));
        assertEquals(0.8, c.ratio(1, tps), 1e-12);
        assertEquals(0.5, c.ratio(1, reads), 1e-12);
        assertTrue(Double.isNaN(c.ratio(1, un)), "no UPDATE_NODE in either run");
        assertEquals(List.of("mysql InnoDB", "mysql ROCKSDB"), c.rows().stream().map(Comparison.Row::label).toList());
    }

    @Test
    void theLastLoopIsComparedAndAMissingPhaseIsNoted() {
        Comparison c = Comparison.of(List.of(run("a", "h", "memory", "", request(0, 100, 1), request(1, 300, 1)),
                run("b", "h", "memory", "", phase("load", 5, List.of()))), List.of(), Phase.REQUEST);
        assertEquals(30.0, c.rows().get(0).value(0), 1e-12);
        assertEquals("last of 2 loops", c.rows().get(0).note());
        assertNull(c.rows().get(1).summary());
        assertEquals("no request phase", c.rows().get(1).note());
        assertTrue(Double.isNaN(c.ratio(1, 0)));
    }

    @Test
    void collidingLabelsGetTheDirectoryNameAndGivenLabelsComeFirst() {
        List<LoadedRun> runs = List.of(run("d1", "h", "memory", "", request(0, 10, 1)),
                run("d2", "h", "memory", "", request(0, 10, 1)), run("d3", "h", "rocksdb", "", request(0, 10, 1)));
        assertEquals(List.of("memory (d1)", "memory (d2)", "rocksdb"), Comparison.labels(runs, List.of()));
        assertEquals(List.of("base", "memory", "rocksdb"), Comparison.labels(runs, List.of("base")));
        ConfigException e = assertThrows(ConfigException.class,
                () -> Comparison.of(runs.subList(0, 1), List.of("x", "y"), Phase.REQUEST));
        assertEquals("2 labels for 1 run directories", e.getMessage());
    }

    @Test
    void loadPhaseUsesTheLoadColumns() {
        Comparison c = Comparison.of(List.of(run("a", "h", "memory", "", phase("load", 5, List.of()))), List.of(), Phase.LOAD);
        assertEquals(SummaryRow.LOAD_COLUMNS, c.columns());
        assertEquals(1000.0, c.rows().get(0).summary().get("size"));
        assertThrows(IllegalArgumentException.class, () -> Phase.of("warmup"));
    }

    @Test
    void aLoadShowsItsLogicalBytesAndSpaceAmplificationWhenRecorded() {
        // TestRuns' phases end with a size of 1000 bytes
        LoadedRun a = run("a", "h", "mysql", "InnoDB", phase("load", 10, List.of()));
        LoadedRun b = run("b", "h", "mysql", "ROCKSDB", phase("load", 10, List.of()));
        RunFacts facts = new RunFacts("", "", Map.of(), Map.of(), Map.of(), List.of(800L));
        Comparison c = Comparison.of(List.of(new LoadedRun(a.dir(), a.run(), facts), b), List.of(), Phase.LOAD);
        WorkloadFigure logical = c.workload().stream().filter(f -> f.name().startsWith("logical bytes")).findFirst()
                .orElseThrow();
        assertEquals(800.0, logical.values().get(0));
        assertTrue(Double.isNaN(logical.values().get(1)), "not recorded by an older run");
        WorkloadFigure amp = c.workload().stream().filter(f -> f.name().startsWith("space amplification")).findFirst()
                .orElseThrow();
        assertEquals(1.25, amp.values().get(0), 1e-12);
    }
}
