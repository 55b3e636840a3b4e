package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** maxid1 = 10^10 works in O(1) memory: ids in range and Zipf skew kept. */
class ScaleTest {
    @Test
    void tenBillionNodesSampleInRangeWithSkewAndNoMemoryGrowth() {
        long start = 1;
        long max = 10_000_000_001L;
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        WorkloadConfig c = TestWorkloads.with("maxid1", Long.toString(max));
        GraphShape shape = new GraphShape(c, 1);
        RequestGenerator g = new RequestGenerator(c, shape, 1, 0);
        Map<Long, Integer> linkReads = new HashMap<>();
        int samples = 200_000;
        long maxDegree = 0;
        for (int i = 0; i < samples; i++) {
            Request r = g.next();
            assertTrue(r.id1 >= start && r.id1 < max || r.op == Op.ADD_NODE || r.op == Op.UPDATE_NODE,
                    "id out of range: " + r.id1);
            if (r.op == Op.COUNT_LINK || r.op == Op.MULTIGET_LINK || r.op == Op.GET_LINKS_LIST) {
                linkReads.merge(r.id1, 1, Integer::sum);
            }
            if (r.op == Op.UPDATE_NODE) {
                assertTrue(r.node.id() >= start && r.node.id() < max);
            }
            maxDegree = Math.max(maxDegree, shape.degree(r.id1));
        }
        int hottest = linkReads.values().stream().max(Integer::compare).orElse(0);
        int reads = linkReads.values().stream().mapToInt(Integer::intValue).sum();
        // Zipf 0.8 over 10^10 ranks gives rank 0 about 0.2% of the picks (1 / H(n, 0.8), H ~ n^0.2 / 0.2);
        // uniform picks would almost never repeat an id
        double expectedTop = reads * 0.2 / Math.pow(1e10, 0.2);
        assertTrue(hottest > expectedTop * 0.6 && hottest < expectedTop * 1.6,
                "the hottest id1 was read " + hottest + " times of " + reads + ", expected about " + expectedTop);
        assertTrue(shape.maxDegree() <= 0.01 * shape.expectedLinks(), "largest node <= 1% of links");
        linkReads.clear();
        System.gc();
        long after = rt.totalMemory() - rt.freeMemory();
        assertTrue(after - before < 64L << 20, "memory grew by " + ((after - before) >> 20) + " MiB");
    }
}
