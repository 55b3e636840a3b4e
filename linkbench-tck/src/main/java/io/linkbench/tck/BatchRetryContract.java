package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TCK: a bulk batch whose write failed with a retryable exception, given again on the same session
 * (as the loader does), leaves exactly one copy of each row and the counts given. Needs the store's
 * test to implement {@link FaultInjection}.
 */
public abstract class BatchRetryContract extends TckSupport {
    private static final int ROWS = 40;

    protected BatchRetryContract(GraphStoreContract contract) {
        super(contract);
    }

    /** The failure the hook arranged: retryable, as the loader's retry needs. */
    static void assertRetryableFailure(FaultInjection faults, GraphStore store, StoreSession s, Call call)
            throws Exception {
        faults.failNextCall(store, s);
        StoreException e = assertThrows(StoreException.class, call::run, "the call after failNextCall");
        assertTrue(e.isRetryable(), "an injected fault must be retryable, got " + e.kind() + ": " + e.getMessage());
    }

    /** One store call. */
    interface Call {
        void run() throws Exception;
    }

    @Test
    void nodeBatchGivenAgainLeavesOneCopy() throws Exception {
        FaultInjection faults = TckSupport.faults(contract());
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        List<Node> batch = new ArrayList<>();
        for (long id = 1; id <= ROWS; id++) {
            batch.add(node(id, 2, id, (int) id, "n" + id));
        }
        assertRetryableFailure(faults, store, s, () -> s.loadNodes(batch));
        s.loadNodes(batch);
        finishLoad(store);
        for (Node n : batch) {
            Node got = s.getNode(n.id(), 2);
            assertNotNull(got, "node " + n.id());
            assertEquals("n" + n.id(), new String(got.data(), java.nio.charset.StandardCharsets.UTF_8));
        }
        long added = s.addNode(node(0, 2, 1, 1, "new"));
        assertTrue(added > ROWS, "addNode after a retried batch assigned " + added);
    }

    @Test
    void linkBatchGivenAgainLeavesOneCopy() throws Exception {
        FaultInjection faults = TckSupport.faults(contract());
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        List<Link> batch = new ArrayList<>();
        for (long id1 = 1; id1 <= 4; id1++) {
            for (long id2 = 1; id2 <= ROWS / 4; id2++) {
                Visibility v = id2 % 3 == 0 ? Visibility.HIDDEN : Visibility.VISIBLE;
                batch.add(link(id1, 1, id2, v, bytes("l" + id1 + "." + id2), 1, 100 + id2));
            }
        }
        assertRetryableFailure(faults, store, s, () -> s.loadLinks(batch));
        s.loadLinks(batch);
        List<LinkCount> counts = new ArrayList<>();
        for (long id1 = 1; id1 <= 4; id1++) {
            long id = id1;
            counts.add(new LinkCount(id1, 1, batch.stream().filter(l -> l.id1() == id && l.isVisible()).count(), 1, 1));
        }
        s.loadCounts(counts);
        finishLoad(store);
        for (long id1 = 1; id1 <= 4; id1++) {
            long id = id1;
            List<Link> mine = batch.stream().filter(l -> l.id1() == id).toList();
            assertEquals(newestFirst(mine), allVisible(s, id1, 1), "links of id1 " + id1);
            long[] id2s = mine.stream().mapToLong(Link::id2).toArray();
            assertEquals(byId2(mine), s.multigetLinks(id1, 1, id2s), "multiget of id1 " + id1);
            assertEquals(newestFirst(mine).size(), s.countLinks(id1, 1), "count of id1 " + id1);
        }
    }

    @Test
    void countBatchGivenAgainLeavesTheCountsGiven() throws Exception {
        FaultInjection faults = TckSupport.faults(contract());
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        List<LinkCount> batch = new ArrayList<>();
        for (long id1 = 1; id1 <= ROWS; id1++) {
            batch.add(new LinkCount(id1, 3, id1 % 7, 50, 1));
        }
        assertRetryableFailure(faults, store, s, () -> s.loadCounts(batch));
        s.loadCounts(batch);
        finishLoad(store);
        for (LinkCount c : batch) {
            assertEquals(c.count(), s.countLinks(c.id1(), 3), "count of id1 " + c.id1());
        }
        s.addLink(link(1, 3, 999, 200));
        assertEquals(batch.get(0).count() + 1, s.countLinks(1, 3), "count after addLink on a retried count row");
    }
}
