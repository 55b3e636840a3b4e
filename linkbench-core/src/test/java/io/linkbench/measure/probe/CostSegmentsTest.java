package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseCost;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * A window cut into an insert segment and a step, from the fixtures of {@link CostFiguresTest}: probe/start
 * to probe/end is 1000 reads, 28000 KiB written, 400 server ticks, 1000 busy of 4000 host ticks.
 */
class CostSegmentsTest {
    private static final double EXACT = 1e-9;
    private static final long SECOND = 1_000_000_000L;
    private static final List<String> ADDITIVE = List.of(PhaseCost.TOTAL_READS, PhaseCost.TOTAL_READ_KB,
            PhaseCost.TOTAL_WRITE_KB, PhaseCost.HOST_CPU_S, PhaseCost.HOST_CPU_CAPACITY_S, PhaseCost.SERVER_CPU_S,
            PhaseCost.CLIENT_CPU_S, PhaseCost.TOTAL_CONTEXT_SWITCHES, PhaseCost.SERVER_READ_KB, PhaseCost.SERVER_WRITE_KB,
            PhaseCost.SECONDS, PhaseCost.READS, PhaseCost.READ_KB, PhaseCost.WRITE_KB, PhaseCost.HOST_CPU_US,
            PhaseCost.SERVER_CPU_US, PhaseCost.CLIENT_CPU_US, PhaseCost.CONTEXT_SWITCHES,
            PhaseCost.SERVER_READ_KB_PER_OP, PhaseCost.SERVER_WRITE_KB_PER_OP, "store rows_read/op");

    private static ProbeSnapshot snapshot(String fixture, long nanoTime) {
        return new HostProbe(new ProbeTargets(Fixtures.dir(fixture), List.of("sda", "sdb"), "test devices",
                OptionalLong.of(100), 200), () -> nanoTime).snapshot();
    }

    /** Inserts from 0 to {@code insertEnd} s, a step from there to 10 s; the counters move in {@code moving}. */
    private static PhaseCost twoSegments(long insertEnd, String insertFixture) {
        CostSegments s = new CostSegments(snapshot("start", 0));
        s.end(PhaseCost.INSERT_PART, snapshot(insertFixture, insertEnd * SECOND), Map.of("rows_read", 1000L));
        s.end(PhaseCost.STEP_PART + "compact", snapshot("end", 10 * SECOND), Map.of("rows_read", 5000L));
        return s.cost(2000, OptionalLong.of(1L << 30));
    }

    @Test
    void thePartsAddUpToTheTotalAndDivideByTheSameRows() {
        for (PhaseCost total : List.of(twoSegments(4, "start"), twoSegments(6, "end"))) {
            PhaseCost insert = total.parts().get(PhaseCost.INSERT_PART);
            PhaseCost step = total.parts().get("step: compact");
            assertEquals(List.of("insert", "step: compact"), List.copyOf(total.parts().keySet()));
            for (String f : ADDITIVE) {
                assertEquals(total.get(f), insert.get(f) + step.get(f), EXACT, f);
            }
            // the total equals one window over the 10 s: as in CostFiguresTest
            assertEquals(10, total.get(PhaseCost.SECONDS), EXACT);
            assertEquals(200, total.get(PhaseCost.OPS_PER_S), EXACT);                // 2000 rows / 10 s
            assertEquals(14, total.get(PhaseCost.WRITE_KB), EXACT);                  // 28000 KiB / 2000 rows
            assertEquals(0.5, total.get(PhaseCost.READS), EXACT);
            assertEquals(125_000, total.get(PhaseCost.MCPU), EXACT);
            assertEquals(3, total.get("store rows_read/op"), EXACT);                // (1000 + 5000) / 2000
            assertEquals(0.5, insert.get("store rows_read/op"), EXACT);
            assertTrue(total.parts().values().stream().allMatch(p -> p.parts().isEmpty()));
        }
    }

    @Test
    void onlyTheInsertWindowHasARateAndAStepSaysWhyNot() {
        PhaseCost total = twoSegments(6, "end");
        PhaseCost insert = total.parts().get(PhaseCost.INSERT_PART);
        PhaseCost step = total.parts().get("step: compact");
        assertEquals(2000 / 6.0, insert.get(PhaseCost.OPS_PER_S), EXACT);
        assertEquals(14, insert.get(PhaseCost.WRITE_KB), EXACT, "everything written during the inserts");
        assertEquals(0, step.get(PhaseCost.WRITE_KB), EXACT, "a measured 0 is a real 0");
        assertTrue(Double.isNaN(step.get(PhaseCost.OPS_PER_S)));
        assertTrue(step.unavailable().contains("ops/s: step: compact completes no rows; its time is secs"),
                step.unavailable().toString());
        assertEquals(4, step.get(PhaseCost.SECONDS), EXACT);
        // Mcpu of the insert: busy 25% x 10^6 / 333.3 rows/s; the step's two readings are the same file, no
        // tick elapsed at all, so its busy% is 0/0: unavailable, not 0
        assertEquals(25 * 1e6 / (2000 / 6.0), insert.get(PhaseCost.MCPU), EXACT);
        assertTrue(Double.isNaN(step.get(PhaseCost.MCPU)));
    }

    @Test
    void aWindowWithoutSegmentsHasNoCostHere() {
        CostSegments s = new CostSegments(snapshot("start", 0));
        assertTrue(s.isEmpty());
        assertThrows(IllegalStateException.class, () -> s.cost(1, OptionalLong.empty()));
    }
}
