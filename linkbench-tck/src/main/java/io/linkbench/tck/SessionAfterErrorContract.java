package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TCK: a session that threw a non-fatal {@link io.linkbench.store.StoreException} serves the next call
 * correctly: the failed write left nothing behind, the repeated write
 * applies once, and reads see the store as it is. Needs the store's test to implement
 * {@link FaultInjection}.
 */
public abstract class SessionAfterErrorContract extends TckSupport {

    protected SessionAfterErrorContract(GraphStoreContract contract) {
        super(contract);
    }

    @Test
    void linkWriteRepeatedAfterAFailureAppliesOnce() throws Exception {
        FaultInjection faults = TckSupport.faults(contract());
        GraphStore store = store();
        StoreSession s = session(store);
        s.addLink(link(7, 1, 1, 10));
        Link second = link(7, 1, 2, 20);
        BatchRetryContract.assertRetryableFailure(faults, store, s, () -> s.addLink(second));
        long countAfterFailure = s.countLinks(7, 1);
        assertEquals(1, countAfterFailure, "a failed addLink must leave the count as it was");
        assertTrue(s.addLink(second), "the repeated addLink inserts the link");
        assertEquals(2, s.countLinks(7, 1));
        assertEquals(List.of(second, link(7, 1, 1, 10)), allVisible(s, 7, 1));
    }

    @Test
    void readsAndNodeWritesWorkAfterAFailure() throws Exception {
        FaultInjection faults = TckSupport.faults(contract());
        GraphStore store = store();
        StoreSession s = session(store);
        long id = s.addNode(node(0, 4, 1, 1, "before"));
        BatchRetryContract.assertRetryableFailure(faults, store, s, () -> s.getNode(id, 4));
        Node got = s.getNode(id, 4);
        assertNotNull(got, "getNode after a failed getNode");
        assertEquals(1, got.version());
        assertTrue(s.updateNode(node(id, 4, 2, 2, "after")));
        assertEquals(2, s.getNode(id, 4).version());
        long next = s.addNode(node(0, 4, 1, 1, "next"));
        assertTrue(next > id, "ids keep growing after a failure: " + next + " after " + id);
    }

    @Test
    void failedDeleteLeavesTheLinkAndTheCount() throws Exception {
        FaultInjection faults = TckSupport.faults(contract());
        GraphStore store = store();
        StoreSession s = session(store);
        Link l = link(9, 2, 5, 30);
        s.addLink(l);
        BatchRetryContract.assertRetryableFailure(faults, store, s, () -> s.deleteLink(9, 2, 5, false));
        assertEquals(1, s.countLinks(9, 2), "a failed delete must not change the count");
        assertEquals(List.of(l), allVisible(s, 9, 2));
        assertTrue(s.deleteLink(9, 2, 5, false));
        assertEquals(0, s.countLinks(9, 2));
        assertFalse(s.deleteLink(9, 2, 6, false), "a missing link after the failure");
    }
}
