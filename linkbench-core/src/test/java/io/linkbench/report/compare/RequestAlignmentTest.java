package io.linkbench.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Two runs at different speeds, lined up by requests done: they read the same lists at the same counts. */
class RequestAlignmentTest {
    /** A request phase of 10 s intervals with these requests each, and rows per call rising with the requests done. */
    private static PhaseResult run(long... requestsPerInterval) {
        List<IntervalPoint> points = new ArrayList<>();
        long done = 0;
        for (int i = 0; i < requestsPerInterval.length; i++) {
            done += requestsPerInterval[i];
            points.add(new IntervalPoint(10.0 * (i + 1), 10, false,
                    List.of(new IntervalPoint.OpInterval("GET_LINKS_LIST", requestsPerInterval[i], 0, 0.1, 0.2, 0.3)), 0,
                    Map.of(IntervalPoint.LIST_ROWS_PER_CALL, 2.0 + done / 100_000.0)));
        }
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(0, 10_000L * points.size(), 10.0 * points.size()),
                PhaseResult.Latency.closedLoop(List.of()), PhaseEnd.legacy(false), List.of(), null, Map.of(), null, points,
                null);
    }

    @Test
    void rowsComeEveryStepOfRequestsWithEachRunsIntervalThatReachedIt() {
        PhaseResult fast = run(200_000, 200_000, 200_000);
        PhaseResult slow = run(100_000, 100_000, 100_000, 100_000);
        List<String[]> rows = RequestAlignment.rows(Arrays.asList(fast, slow, null), List.of("fast", "slow", "none"), 200_000);
        assertEquals(List.of("requests done", "fast ops/s", "fast list rows/call", "slow ops/s", "slow list rows/call",
                "none ops/s", "none list rows/call"), List.of(rows.get(0)));
        assertEquals(List.of("200,000", "20,000", "4.00", "10,000", "4.00", "-", "-"), List.of(rows.get(1)));
        assertEquals(List.of("400,000", "20,000", "6.00", "10,000", "6.00", "-", "-"), List.of(rows.get(2)));
        assertEquals(List.of("600,000", "20,000", "8.00", "-", "-", "-", "-"), List.of(rows.get(3)));
        assertEquals(4, rows.size());
    }

    @Test
    void aStepGivingMoreRowsThanATableHoldsIsRefusedBeforeAnyRowIsMade() {
        List<PhaseResult> phases = List.of(run(900_000, 900_000), run(100_000));
        assertEquals("--by-requests 1: the runs did up to 1,800,000 requests, which would be 1,800,000 rows; give 180 or"
                + " more (at most 10,000 rows)", RequestAlignment.refusal(phases, 1).orElseThrow());
        assertEquals(java.util.Optional.empty(), RequestAlignment.refusal(phases, 180));
        assertEquals(10_001, RequestAlignment.rows(phases, List.of("a", "b"), 180).size());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> RequestAlignment.rows(phases, List.of("a", "b"), 179));
    }
}
