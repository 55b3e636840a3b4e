package io.linkbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThroughputDriftTest {
    /** Intervals of 10 s with these ops/s (all GET_NODE). */
    private static List<IntervalPoint> points(double... opsPerSecond) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 0; i < opsPerSecond.length; i++) {
            points.add(new IntervalPoint(10.0 * (i + 1), 10, false,
                    List.of(new IntervalPoint.OpInterval("GET_NODE", (long) (opsPerSecond[i] * 10), 0, 0.1, 0.2, 0.3)), 0,
                    Map.of()));
        }
        return points;
    }

    @Test
    void aSteadyFallIsADriftBeyondTheNoise() {
        ThroughputDrift d = ThroughputDrift.of(points(128_000, 110_000, 90_000, 69_000));
        assertEquals(-46.1, d.lastVsFirstPct(), 0.1);
        assertTrue(d.trendPct() < -40, d.describe());
        assertTrue(d.beyondNoise(), d.describe());
    }

    @Test
    void aNoisyFlatRunIsNoDrift() {
        ThroughputDrift d = ThroughputDrift.of(points(100_000, 80_000, 115_000, 90_000, 110_000, 95_000));
        assertFalse(d.beyondNoise(), d.describe());
    }

    @Test
    void twoIntervalsHaveNoNoiseAndNoVerdictAndAShortLastIntervalIsLeftOut() {
        ThroughputDrift d = ThroughputDrift.of(points(100_000, 50_000));
        assertTrue(Double.isNaN(d.noisePct()));
        assertFalse(d.beyondNoise());
        List<IntervalPoint> p = new ArrayList<>(points(100_000));
        p.add(new IntervalPoint(12, 2, false, List.of(new IntervalPoint.OpInterval("GET_NODE", 10, 0, 1, 1, 1)), 0, Map.of()));
        assertNull(ThroughputDrift.of(p), "one full interval and a 2 s tail");
    }

    @Test
    void theSuggestedMaxid1ScalesTheNodesByTheGrowthOverTheLimit() {
        assertEquals(490_001, GrowthVerdict.maxId1UnderLimit(49.0, 1, 100_000));
        assertEquals(41_001, GrowthVerdict.maxId1UnderLimit(20.1, 1, 20_000));
        GraphGrowth g = new GraphGrowth(160_000, 1_420, 0, 0, 900, 323_520, 700);
        assertEquals(49.0, g.linksGrowthPct(), 0.1);
        String w = GrowthVerdict.warning(new GrowthVerdict.PhaseFacts(g, null, 30, 10, 1, 100_000, false)).orElseThrow();
        assertTrue(w.startsWith(GrowthVerdict.LEAD + "the graph grew 49.0% (+158,580 links on the 323,520 loaded)"), w);
        assertTrue(w.contains("use maxid1 >= 500,001"), w); // 49.02% of 100,000 nodes, rounded up
        assertTrue(GrowthVerdict.warning(new GrowthVerdict.PhaseFacts(new GraphGrowth(30_000, 0, 0, 0, 900, 323_520, 700),
                null, 30, 10, 1, 100_000, false)).isEmpty(), "9.3% is under the limit");
    }
}
