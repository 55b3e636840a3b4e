package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The power-of-two bucket table and the .hgrm percentile files. */
class LatencyBucketsTest {
    private static PhaseResult phase(boolean openLoop, OpStats... ops) {
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(0, 1000, 1.0),
                new PhaseResult.Latency(openLoop, openLoop ? 100 : 0, List.of(ops), null), PhaseEnd.legacy(false),
                List.of(), null, Map.of(), null, List.of(), null);
    }

    private static Histogram values(long... nanos) {
        Histogram h = new Histogram(3);
        for (long n : nanos) {
            h.recordValue(n);
        }
        return h;
    }

    @Test
    void bucketsDoubleFromOneMicrosecondAndABoundBelongsToItsBucket() {
        assertEquals(0, LatencyBuckets.bucket(500));
        assertEquals(0, LatencyBuckets.bucket(1_000));
        assertEquals(1, LatencyBuckets.bucket(1_001));
        assertEquals(1, LatencyBuckets.bucket(2_000));
        assertEquals(10, LatencyBuckets.bucket(1_024_000));
        assertEquals(11, LatencyBuckets.bucket(1_025_000));
        assertEquals("0.001", LatencyBuckets.bound(0));
        assertEquals("1.024", LatencyBuckets.bound(10));
        assertEquals("16", LatencyBuckets.bound(14));
    }

    @Test
    void theTableRunsFromTheFastestToTheSlowestBucketOfAnyOperation() {
        PhaseResult p = phase(false,
                new OpStats("GET_NODE", values(3_000, 3_500, 7_000, 900_000), null, 0, Map.of(), 0, 0),
                new OpStats("ADD_LINK", values(30_000), null, 0, Map.of(), 0, 0),
                new OpStats("DELETE_NODE", new Histogram(3), null, 0, Map.of(), 0, 0));
        List<String[]> rows = LatencyBuckets.rows(p);
        // buckets 2 (4 us) .. 10 (1024 us): 9 columns after the label
        assertArrayEquals(new String[] {"op \\ ms <=", "0.004", "0.008", "0.016", "0.032", "0.064", "0.128", "0.256",
            "0.512", "1.024"}, rows.get(0));
        assertArrayEquals(new String[] {"GET_NODE", "2", "1", "0", "0", "0", "0", "0", "0", "1"}, rows.get(1));
        assertArrayEquals(new String[] {"ADD_LINK", "0", "0", "0", "1", "0", "0", "0", "0", "0"}, rows.get(2));
        assertEquals(3, rows.size(), "an operation without calls has no row");
        String text = LatencyBuckets.render(p);
        assertTrue(text.startsWith("service time buckets"), text);
        assertTrue(text.contains("GET_NODE"), text);
    }

    @Test
    void anOpenLoopCountsResponseTimes() {
        PhaseResult p = phase(true, new OpStats("GET_NODE", values(1_000), values(5_000_000), 0, Map.of(), 0, 0));
        assertEquals("8.192", LatencyBuckets.rows(p).get(0)[1]);
        assertTrue(LatencyBuckets.render(p).startsWith("response time"));
    }

    @Test
    void hgrmFilesAreHdrHistogramsPercentileDistributionsInMsOnePerOperationAndPhase() {
        PhaseResult first = phase(false, new OpStats("GET_NODE", values(1_000_000, 2_000_000), null, 0, Map.of(), 0, 0));
        PhaseResult second = phase(false, new OpStats("GET_NODE", values(3_000_000), null, 0, Map.of(), 0, 0),
                new OpStats("ADD_LINK", new Histogram(3), null, 0, Map.of(), 0, 0));
        RunResult run = new RunResult("t", 0, "h", Map.of(), null, List.of(first, second), "id");
        Map<String, byte[]> files = new HgrmFiles().files(run);
        assertEquals(List.of("request-GET_NODE.hgrm", "request-2-GET_NODE.hgrm"), List.copyOf(files.keySet()));
        String text = new String(files.get("request-GET_NODE.hgrm"), StandardCharsets.UTF_8);
        assertTrue(text.startsWith("       Value     Percentile TotalCount 1/(1-Percentile)"), text);
        assertTrue(text.contains("#[Max     =        2.001, Total count    =            2]"), text);
    }
}
