package io.linkbench.report.compare;

import io.linkbench.measure.Phase;
import static io.linkbench.report.compare.TestRuns.phase;
import static io.linkbench.report.compare.TestRuns.run;
import static io.linkbench.report.compare.TestRuns.series;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The workload figures of {@code compare}: hit% and rows per call side by side, or the graph loaded. */
class WorkloadComparisonTest {
    private final ComparisonRenderer renderer = new ComparisonRenderer();

    private static OpStats op(String name, OpOutcomes outcomes) {
        return new OpStats(name, series((int) outcomes.calls(), 1000, 0), null, 0, Map.of(), 0, 0, outcomes);
    }

    private static PhaseResult request(long continuations, OpOutcomes getNode, OpOutcomes list) {
        return phase("request", 10, List.of(op("GET_NODE", getNode), op("GET_LINKS_LIST", list)))
                .with(new PhaseResult.GraphFacts(null, null, continuations));
    }

    private final Comparison requests = Comparison.of(List.of(
            run("a", "h", "mysql", "InnoDB", request(3, new OpOutcomes(1000, 981, 981, 1000),
                    new OpOutcomes(400, 380, 2600, 400))),
            run("b", "h", "mysql", "ROCKSDB", request(1, new OpOutcomes(500, 489, 489, 500),
                    new OpOutcomes(200, 191, 1290, 200))),
            run("c", "h", "mongo", "", phase("request", 10, List.of(TestRuns.op("GET_NODE", series(10, 1000, 0)))))),
            List.of(), Phase.REQUEST);

    @Test
    void textShowsHitRateAndRowsPerCallOfEachRunSideBySide() {
        String text = renderer.render(requests, ComparisonFormat.TEXT);
        assertTrue(text.endsWith("""

                operation statistics (hit: an existing row was found); runs of the same workload show close values:
                figure                              mysql InnoDB  mysql ROCKSDB  mongo
                GET_NODE hit%                               98.1           97.8      -
                GET_LINKS_LIST hit%                         95.0           95.5      -
                GET_LINKS_LIST rows/call                    6.50           6.45      -
                GET_LINKS_LIST continued%                    0.8            0.5      -
                GET_LINKS_LIST continued rows/call          0.00           0.00      -
                """), text);
    }

    @Test
    void csvAndMarkdownGiveTheFiguresAsATableOfTheirOwn() {
        List<String> csv = renderer.render(requests, ComparisonFormat.CSV).lines().toList();
        int table = csv.indexOf("figure,mysql InnoDB,mysql ROCKSDB,mongo");
        assertTrue(table > 0, "the last table, one column per run: " + csv);
        assertEquals("GET_NODE hit%,98.1,97.8,", csv.get(table + 1), "unrounded, empty when unavailable");
        assertEquals("GET_LINKS_LIST continued%,0.75,0.5,", csv.get(table + 4));

        List<String> md = renderer.render(requests, ComparisonFormat.MARKDOWN).lines().toList();
        table = md.indexOf("| figure | mysql InnoDB | mysql ROCKSDB | mongo |");
        assertTrue(table > 0, md.toString());
        assertEquals("| :--- | ---: | ---: | ---: |", md.get(table + 1));
        assertEquals("| GET_LINKS_LIST rows/call | 6.50 | 6.45 | - |", md.get(table + 4));
    }

    @Test
    void loadsCompareTheirGraphs() {
        GraphStats a = new GraphStats(200_000, 520_312, 400_000, new long[] {0, 0, 162_400, 30_000, 7_000, 600}, 512,
                522_000);
        GraphStats b = new GraphStats(100_000, 260_000, 200_000, new long[] {0, 0, 81_000, 15_000, 3_700, 300}, 300,
                -1);
        Comparison loads = Comparison.of(List.of(
                run("a", "h", "mysql", "InnoDB", phase("load", 10, List.of()).with(new PhaseResult.GraphFacts(a, null, 0))),
                run("b", "h", "rocksdb", "", phase("load", 10, List.of()).with(new PhaseResult.GraphFacts(b, null, 0))),
                run("c", "h", "mongo", "", phase("load", 10, List.of()))), List.of(), Phase.LOAD);

        assertEquals(List.of("id1s", "link rows", "links per id1"),
                loads.workload().stream().map(WorkloadFigure::name).toList());
        assertTrue(Double.isNaN(loads.workload().get(1).values().get(2)), "a run without graph statistics");
        String text = renderer.render(loads, ComparisonFormat.TEXT);
        assertTrue(text.endsWith("""

                graph loaded; runs of the same workload show close values:
                figure         mysql InnoDB  rocksdb  mongo
                id1s                200,000  100,000      -
                link rows           520,312  260,000      -
                links per id1          2.60     2.60      -
                """), text);
    }

    @Test
    void runsWithoutOutcomesOrGraphHaveNoWorkloadTable() {
        Comparison old = Comparison.of(List.of(
                run("a", "h", "mysql", "InnoDB", phase("request", 10, List.of(TestRuns.op("GET_NODE", series(10, 1, 0)))))),
                List.of(), Phase.REQUEST);
        assertEquals(List.of(), old.workload());
        assertFalse(renderer.render(old, ComparisonFormat.TEXT).contains("operation statistics"));
    }
}
