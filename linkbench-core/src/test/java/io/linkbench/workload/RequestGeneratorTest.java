package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestGeneratorTest {
    private static final WorkloadConfig CONFIG = TestWorkloads.with("maxid1", "100001");
    private static final GraphShape SHAPE = new GraphShape(CONFIG, 7);

    /** Whether (id1, type, id2) is a link the load phase wrote. */
    private static boolean loaded(long id1, long type, long id2) {
        long n = SHAPE.nodeCount();
        long k = Math.floorMod(id2 - id1 - 1, n);
        return k < SHAPE.degree(id1) && SHAPE.linkType(k) == type;
    }

    private static String describe(Request r) {
        return switch (r.op) {
            case ADD_NODE, UPDATE_NODE -> r.op + " " + r.node;
            case ADD_LINK, UPDATE_LINK -> r.op + " " + r.link;
            case MULTIGET_LINK -> r.op + " " + r.id1 + "/" + r.linkType + Arrays.toString(r.id2Array());
            default -> r.op + " " + r.id1 + "/" + r.linkType + "/" + r.id2 + "/" + r.offset + "/" + r.expunge;
        };
    }

    private static List<String> sequence(long seed, int index, int n) {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, seed, index);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(describe(g.next()).replaceAll("t\\d{13}", "t").replaceAll("time=\\d+", ""));
        }
        return out;
    }

    @Test
    void sameSeedGivesSameOperations() {
        assertEquals(sequence(42, 3, 2000), sequence(42, 3, 2000));
        assertNotEquals(sequence(42, 3, 200), sequence(42, 4, 200));
        assertNotEquals(sequence(42, 3, 200), sequence(43, 3, 200));
    }

    @Test
    void linkOpsHitExistingLinksAtTheIntendedRatesAlsoForSmallNodes() {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, 1, 0);
        int[] total = new int[Op.count()];
        int[] hits = new int[Op.count()];
        int smallTotal = 0;
        int smallHits = 0;
        for (int i = 0; i < 400_000; i++) {
            Request r = g.next();
            long id2;
            long type;
            if (r.op == Op.ADD_LINK || r.op == Op.UPDATE_LINK) {
                id2 = r.link.id2();
                type = r.link.linkType();
                assertEquals(r.id1, r.link.id1());
            } else if (r.op == Op.DELETE_LINK) {
                id2 = r.id2;
                type = r.linkType;
            } else {
                continue;
            }
            assertNotEquals(r.id1, id2, "a link never points to its own node");
            boolean hit = loaded(r.id1, type, id2);
            total[r.op.ordinal()]++;
            hits[r.op.ordinal()] += hit ? 1 : 0;
            if (r.op != Op.ADD_LINK && SHAPE.degree(r.id1) <= 2) {
                smallTotal++;
                smallHits += hit ? 1 : 0;
            }
        }
        assertEquals(0.05, (double) hits[Op.ADD_LINK.ordinal()] / total[Op.ADD_LINK.ordinal()], 0.01);
        assertEquals(0.90, (double) hits[Op.UPDATE_LINK.ordinal()] / total[Op.UPDATE_LINK.ordinal()], 0.01);
        assertEquals(0.90, (double) hits[Op.DELETE_LINK.ordinal()] / total[Op.DELETE_LINK.ordinal()], 0.02);
        assertTrue(smallTotal > 1000, "enough ops on nodes with at most 2 links: " + smallTotal);
        assertEquals(0.90, (double) smallHits / smallTotal, 0.02, "hit rate on nodes with at most 2 links");
    }

    @Test
    void multigetAsksForIdsOfOneTypeMostlyExisting() {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, 5, 0);
        long asked = 0;
        long existing = 0;
        long requests = 0;
        while (requests < 20_000) {
            Request r = g.next();
            if (r.op != Op.MULTIGET_LINK) {
                continue;
            }
            requests++;
            assertTrue(r.id2Count >= 1 && r.id2Count <= 128);
            for (long id2 : r.id2Array()) {
                asked++;
                existing += loaded(r.id1, r.linkType, id2) ? 1 : 0;
            }
        }
        assertEquals(0.90, (double) existing / asked, 0.02);
        assertEquals(1 / 0.382, (double) asked / requests, 0.15, "mean multiget size");
    }

    @Test
    void countAndListQueriesAimAtTypesTheNodeHas() {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, 9, 0);
        int lists = 0;
        int withLinks = 0;
        while (lists < 20_000) {
            Request r = g.next();
            if (r.op != Op.GET_LINKS_LIST && r.op != Op.COUNT_LINK) {
                continue;
            }
            lists++;
            long degree = SHAPE.degree(r.id1);
            withLinks += SHAPE.countOfType(degree, (int) (r.linkType - 1)) > 0 ? 1 : 0;
            if (r.op == Op.GET_LINKS_LIST) {
                assertEquals(10000, r.limit);
                assertEquals(0, r.minTime);
                assertEquals(Long.MAX_VALUE, r.maxTime);
            }
        }
        assertEquals(lists, withLinks, "every list/count query names a type the node has links of");
    }

    @Test
    void fullPagesAreContinuedFromHistory() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "100001", "getlinklist_limit", "1", "getlinklist", "100",
                "getnode", "0", "addnode", "0", "updatenode", "0", "deletenode", "0", "addlink", "0", "deletelink", "0",
                "updatelink", "0", "countlink", "0", "getlink", "0");
        RequestGenerator g = new RequestGenerator(c, SHAPE, 2, 0);
        int continued = 0;
        for (int i = 0; i < 10_000; i++) {
            Request r = g.next();
            if (r.fromHistory) {
                continued++;
                assertTrue(r.offset >= 1);
            }
            g.listReturned(r, 1); // every page is full
        }
        assertEquals(0.30, continued / 10_000.0, 0.02);
        assertEquals(continued, g.historyHits());
    }
}
