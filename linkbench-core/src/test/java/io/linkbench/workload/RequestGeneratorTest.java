package io.linkbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The request generator against the rules of the original's effective workload (workload.md, rules 1-3, 6, 7, 9). */
class RequestGeneratorTest {
    private static final WorkloadConfig CONFIG = TestWorkloads.with("maxid1", "100001");
    private static final GraphShape SHAPE = new GraphShape(CONFIG, 7);

    /** Whether (id1, type, id2) is a link the load phase wrote (next id2 rule, raised split). */
    static boolean loaded(GraphShape shape, long id1, long type, long id2) {
        long j = Math.floorMod(id2 - id1 - 1, shape.nodeCount());
        return id2 >= shape.startId() && id2 < shape.endId() && j < shape.linksOfType(shape.degree(id1), (int) type - 1);
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

    /** Rule 1: the link type of every link operation is uniform among the types, whatever id1 holds. */
    @Test
    void linkTypesAreUniformAndIndependentOfId1() {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, 3, 0);
        long[] all = new long[3];
        long[] hubs = new long[3];
        for (int i = 0; i < 300_000; i++) {
            Request r = g.next();
            if (r.op.ordinal() < Op.ADD_LINK.ordinal()) {
                continue;
            }
            long type = r.op == Op.ADD_LINK || r.op == Op.UPDATE_LINK ? r.link.linkType() : r.linkType;
            all[(int) type]++;
            if (SHAPE.degree(r.id1) >= 4) {
                hubs[(int) type]++;
            }
        }
        assertEquals(0.5, (double) all[1] / (all[1] + all[2]), 0.005);
        assertEquals(0.5, (double) hubs[1] / (hubs[1] + hubs[2]), 0.02);
        assertTrue(hubs[1] + hubs[2] > 5000, "enough operations on id1s with 4 links or more");
    }

    /** Rules 2 and 3: writes aim at a loaded link of the chosen type at the configured rates, also for small nodes. */
    @Test
    void linkOpsHitLoadedLinksAtTheIntendedRatesAlsoForSmallNodes() {
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
            boolean hit = loaded(SHAPE, r.id1, type, id2);
            total[r.op.ordinal()]++;
            hits[r.op.ordinal()] += hit ? 1 : 0;
            if (r.op != Op.ADD_LINK && SHAPE.degree(r.id1) <= 2) {
                smallTotal++;
                smallHits += hit ? 1 : 0;
            }
        }
        assertEquals(0.05, (double) hits[Op.ADD_LINK.ordinal()] / total[Op.ADD_LINK.ordinal()], 0.01);
        // UPDATE_LINK inserts what it misses: 10% of its calls
        assertEquals(0.90, (double) hits[Op.UPDATE_LINK.ordinal()] / total[Op.UPDATE_LINK.ordinal()], 0.01);
        assertEquals(0.90, (double) hits[Op.DELETE_LINK.ordinal()] / total[Op.DELETE_LINK.ordinal()], 0.02);
        assertTrue(smallTotal > 1000, "enough ops on nodes with at most 2 links: " + smallTotal);
        assertEquals(0.90, (double) smallHits / smallTotal, 0.02, "hit rate on nodes with at most 2 links");
    }

    /** Rule 6: sizes min + ceil(geometric), 2..127, mean about 3.62; half the id2s loaded, the rest uniform; duplicates kept. */
    @Test
    void multigetSizesAndId2sAreTheOriginals() {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, 5, 0);
        long asked = 0;
        long loadedIds = 0;
        long requests = 0;
        int smallest = Integer.MAX_VALUE;
        int largest = 0;
        boolean duplicates = false;
        while (requests < 100_000) {
            Request r = g.next();
            if (r.op != Op.MULTIGET_LINK) {
                continue;
            }
            requests++;
            smallest = Math.min(smallest, r.id2Count);
            largest = Math.max(largest, r.id2Count);
            long[] ids = r.id2Array();
            duplicates |= Arrays.stream(ids).distinct().count() < ids.length;
            for (long id2 : ids) {
                asked++;
                loadedIds += loaded(SHAPE, r.id1, r.linkType, id2) ? 1 : 0;
                assertTrue(id2 >= 0 && id2 < CONFIG.maxId1());
            }
        }
        assertEquals(2, smallest, "never one id2");
        assertTrue(largest <= 127 && largest >= 10, "largest size " + largest);
        assertEquals(1 + 1 / 0.382, (double) asked / requests, 0.1, "mean multiget size");
        assertEquals(0.5, (double) loadedIds / asked, 0.01, "share of loaded id2s");
        assertTrue(duplicates, "duplicate id2s are kept");
    }

    /** Rule 6, 2012 code: with link_multiget_distinct, a MULTIGET_LINK never repeats an id2. */
    @Test
    void distinctMultigetsRemoveDuplicates() {
        WorkloadConfig c = TestWorkloads.with("maxid1", "100001", "link_multiget_distinct", "true");
        RequestGenerator g = new RequestGenerator(c, new GraphShape(c, 7), 5, 0);
        for (int requests = 0; requests < 20_000; ) {
            Request r = g.next();
            if (r.op == Op.MULTIGET_LINK) {
                requests++;
                long[] ids = r.id2Array();
                assertEquals(ids.length, Arrays.stream(ids).distinct().count());
                assertTrue(ids.length >= 1);
            }
        }
    }

    /** Rule 7: 0.3% of GET_LINKS_LIST continue a full page, by time (offset 1) from the last returned link. */
    @Test
    void fullPagesAreContinuedByTime() {
        WorkloadConfig c = listOnly("getlinklist_history", "0.3");
        RequestGenerator g = new RequestGenerator(c, SHAPE, 2, 0);
        int continued = 0;
        int calls = 400_000;
        long lastTime = 1_000_000;
        for (int i = 0; i < calls; i++) {
            Request r = g.next();
            if (r.fromHistory) {
                continued++;
                assertEquals(1, r.offset);
                assertTrue(r.maxTime < 1_000_000, "a continuation asks for links no newer than the last one");
            } else {
                assertEquals(0, r.offset);
                assertEquals(Long.MAX_VALUE, r.maxTime);
            }
            r.lastTime = --lastTime;
            g.listReturned(r, r.limit); // every page is full
        }
        assertEquals(0.003, continued / (double) calls, 0.0005);
        assertEquals(continued, g.historyHits());
    }

    /** Rule 7: only full pages are remembered, at most 2048 of them; a continuation that is not full ends its entry. */
    @Test
    void onlyFullPagesAreRememberedAndTheHistoryIsBounded() {
        WorkloadConfig c = listOnly("getlinklist_history", "100");
        RequestGenerator g = new RequestGenerator(c, SHAPE, 2, 0);
        for (int i = 0; i < 1000; i++) {
            Request r = g.next();
            assertFalse(r.fromHistory, "nothing remembered from pages that were not full");
            r.lastTime = 5;
            g.listReturned(r, r.limit - 1);
        }
        ListHistory h = new ListHistory(WorkloadRules.HistoryIndex.EXACT);
        java.util.SplittableRandom random = new java.util.SplittableRandom(1);
        for (int i = 0; i < 5000; i++) {
            h.remember(i, 1, 100, 0, 10, random);
        }
        assertEquals(ListHistory.CAPACITY, h.size());
        h.remember(h.id1(0), 1, 100, 0, 10, random);
        assertEquals(ListHistory.CAPACITY, h.size(), "a list is remembered once");
        h.continued(0, true, 50, 1, 10);
        assertEquals(50, h.lastTime(0));
        h.continued(0, false, 40, 1, 10);
        assertEquals(ListHistory.CAPACITY - 1, h.size());
    }

    /**
     * Rule 7, the original's index: a list whose entry ended in any slot but the last is never remembered
     * again; one that ended in the last slot is; with the exact index both are.
     */
    @Test
    void theOriginalsIndexKeepsAListThatEndedOutsideTheLastSlot() {
        for (WorkloadRules.HistoryIndex index : WorkloadRules.HistoryIndex.values()) {
            ListHistory h = new ListHistory(index);
            java.util.SplittableRandom random = new java.util.SplittableRandom(1);
            h.remember(7, 1, 100, 0, 10, random);
            h.remember(8, 1, 100, 0, 10, random);
            h.remember(9, 1, 100, 0, 10, random);
            h.continued(0, false, 90, 1, 10);          // list 7 ends in slot 0: list 9 moves there
            assertEquals(9, h.id1(0));
            h.continued(1, false, 90, 1, 10);          // list 8 ends in the last slot
            assertEquals(1, h.size());
            h.remember(8, 1, 100, 0, 10, random);
            h.remember(7, 1, 100, 0, 10, random);
            boolean original = index == WorkloadRules.HistoryIndex.ORIGINAL;
            assertEquals(original ? 2 : 3, h.size(), index + ": list 8 again, list 7 " + (original ? "never" : "too"));
            assertEquals(8, h.id1(1));
        }
    }

    /** Rule 9: ADD_NODE writes version 1, UPDATE_NODE version 2, link writes version 0. */
    @Test
    void requestWritesCarryTheOriginalsVersions() {
        RequestGenerator g = new RequestGenerator(CONFIG, SHAPE, 4, 0);
        for (int i = 0; i < 50_000; i++) {
            Request r = g.next();
            switch (r.op) {
                case ADD_NODE -> assertEquals(1, r.node.version());
                case UPDATE_NODE -> assertEquals(2, r.node.version());
                case ADD_LINK, UPDATE_LINK -> assertEquals(0, r.link.version());
                default -> { }
            }
        }
    }

    private static WorkloadConfig listOnly(String... more) {
        List<String> kv = new ArrayList<>(List.of("maxid1", "100001", "getlinklist", "100", "getnode", "0",
                "addnode", "0", "updatenode", "0", "deletenode", "0", "addlink", "0", "deletelink", "0",
                "updatelink", "0", "countlink", "0", "getlink", "0"));
        kv.addAll(List.of(more));
        return TestWorkloads.with(kv.toArray(String[]::new));
    }
}
