package io.linkbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The verdict of a request phase says what moved, only beyond the noise, once, with advice that works for
 * that cause: the list lengths (equal request counts; a larger graph only with the 2017 rules), a start-up
 * interval (warm-up), growth (a maxid1 only where growth is linear).
 */
class DriftReadingTest {
    private static final GraphGrowth SMALL_GROWTH = new GraphGrowth(10_000, 1_000, 0, 0, 300, 3_519_594, 1_923);

    /** 10 s intervals with these ops/s (all GET_LINKS_LIST) and GET_LINKS_LIST rows per call. */
    private static List<IntervalPoint> points(double[] opsPerSecond, double[] rowsPerCall) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 0; i < opsPerSecond.length; i++) {
            Map<String, Double> rates = rowsPerCall == null ? Map.of()
                    : Map.of(IntervalPoint.LIST_ROWS_PER_CALL, rowsPerCall[i], IntervalPoint.LIST_SKIPPED_PER_CALL, 2.0 * i);
            points.add(new IntervalPoint(10.0 * (i + 1), 10, false,
                    List.of(new IntervalPoint.OpInterval("GET_LINKS_LIST", (long) (opsPerSecond[i] * 10), 0, 0.1, 0.2, 0.3)),
                    0, rates));
        }
        return points;
    }

    private static double[] of(double... v) {
        return v;
    }

    private static Optional<String> verdict(GraphGrowth growth, List<IntervalPoint> points, boolean rules2012) {
        return GrowthVerdict.warning(new GrowthVerdict.PhaseFacts(growth, DriftReading.of(points), 60, 10, 1, 1_000_000,
                rules2012));
    }

    @Test
    void aFallWhileListCallsReadMoreRowsNamesThemAndAdvisesEqualRequestCounts() {
        List<IntervalPoint> p = points(of(110_000, 104_000, 98_000, 93_000, 88_000, 83_000),
                of(3.7, 6.5, 9.9, 13.0, 15.2, 17.5));
        DriftReading d = DriftReading.of(p);
        assertFalse(d.startup(), d.describe());
        assertTrue(d.drifted() && d.listsMoved(), d.describe());
        String w = verdict(SMALL_GROWTH, p, false).orElseThrow();
        assertTrue(w.startsWith(GrowthVerdict.LEAD + "throughput went down "), w);
        assertTrue(w.contains("as GET_LINKS_LIST 3.7 -> 17.5 rows per call (+373%), 0.0 -> 10.0 skipped entries per call"), w);
        assertTrue(w.contains("follows the requests done, not the time, and warm-up does not cure it; compare stores at"
                + " equal request counts on a fresh load"), w);
        assertTrue(w.contains(GrowthVerdict.LARGER_GRAPH), w);
        assertFalse(w.contains("maxid1 >="), "no maxid1 from a growth of 0.3%: " + w);
        String w2012 = verdict(SMALL_GROWTH, p, true).orElseThrow();
        assertFalse(w2012.contains(GrowthVerdict.LARGER_GRAPH), "no 2017 measurement in 2012 mode: " + w2012);
    }

    @Test
    void aSlowFirstIntervalIsStartUpNotDriftAndAsksForWarmUp() {
        List<IntervalPoint> p = points(of(21_000, 54_000, 55_000, 53_500, 54_500, 55_000), of(3, 3.1, 3, 3.1, 3, 3.1));
        DriftReading d = DriftReading.of(p);
        assertTrue(d.startup(), d.describe());
        assertFalse(d.drifted(), "the steady intervals do not drift: " + d.describe());
        String w = verdict(SMALL_GROWTH, p, false).orElseThrow();
        assertTrue(w.startsWith(GrowthVerdict.LEAD + "the first interval ran 61% below the rest (JIT compilation and"
                + " start-up; left out of the drift): set warmup_time to 10 s or more"), w);
        assertFalse(w.contains("throughput went") || w.contains("grew"), w);
    }

    @Test
    void growthPastTheLimitWithThroughputInsideItsNoiseSaysNothingAboutThroughput() {
        List<IntervalPoint> p = points(of(100_000, 70_000, 115_000, 80_000, 112_000, 88_000), null);
        GraphGrowth grew = new GraphGrowth(60_000, 1_000, 0, 0, 300, 323_520, 300);
        String w = verdict(grew, p, false).orElseThrow();
        assertTrue(w.startsWith(GrowthVerdict.LEAD + "the graph grew 18.2% (+59,000 links on the 323,520 loaded), linearly"
                + " in the requests: use maxid1 >= 1,900,001"), w);
        assertFalse(w.contains("throughput"), "the drift is inside the noise: " + w);
        String bounded = verdict(grew, p, true).orElseThrow();
        assertTrue(bounded.contains("the 2012 rules bound each (id1, link_type) group at 20x its loaded links"), bounded);
        assertFalse(bounded.contains("maxid1"), "no maxid1 from a linear model the 2012 rules do not have: " + bounded);
    }

    @Test
    void aNoisyFlatRunSaysNothingAndAFallWithoutListChangeSaysWhereToLook() {
        assertEquals(Optional.empty(), verdict(SMALL_GROWTH,
                points(of(100_000, 80_000, 115_000, 90_000, 110_000, 95_000), of(3, 3, 3, 3, 3, 3)), false));
        String w = verdict(SMALL_GROWTH, points(of(100_000, 92_000, 85_000, 77_000, 70_000, 62_000),
                of(3, 3, 3.05, 3, 3.02, 3)), false).orElseThrow();
        assertTrue(w.contains(", not with the lists read (GET_LINKS_LIST 3.0 -> 3.0 rows per call (+0%)"), w);
        assertTrue(w.endsWith("look at intervals.csv (the server, its cache, compaction, other processes) and run a longer"
                + " phase"), w);
    }
}
