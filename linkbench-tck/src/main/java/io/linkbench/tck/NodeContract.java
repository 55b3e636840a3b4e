package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Node;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TCK: ADD_NODE, GET_NODE, UPDATE_NODE, DELETE_NODE and loadNodes, on one session. */
public abstract class NodeContract extends TckSupport {

    protected NodeContract(GraphStoreContract contract) {
        super(contract);
    }

    @Test
    void loadedNodesAreReadBack() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        List<Node> nodes = List.of(node(10, 1, 1, 100, "ten"), node(20, 2, 7, 200, "twenty"),
                node(30, 1, 3, 300, ""));
        s.loadNodes(nodes);
        finishLoad(store);
        for (Node n : nodes) {
            assertEquals(n, s.getNode(n.id(), n.type()));
        }
    }

    @Test
    void getNodeOfMissingIdOrWrongTypeIsNull() throws Exception {
        StoreSession s = session(store());
        assertNull(s.getNode(1, 1), "empty store");
        long id = s.addNode(node(0, 5, 1, 10, "x"));
        assertNull(s.getNode(id, 6), "wrong type");
        assertNull(s.getNode(id + 1, 5), "missing id");
        assertEquals(node(id, 5, 1, 10, "x"), s.getNode(id, 5));
    }

    @Test
    void addNodeAssignsIncreasingIdsAboveEveryLoadedId() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        s.loadNodes(List.of(node(100, 1, 1, 1, "a"), node(5000, 1, 1, 1, "b"), node(42, 1, 1, 1, "c")));
        finishLoad(store);
        long previous = 5000;
        for (int i = 0; i < 5; i++) {
            long id = s.addNode(node(7, 3, i, 1000 + i, "added " + i));
            assertTrue(id > previous, "id " + id + " must be above " + previous);
            assertEquals(node(id, 3, i, 1000 + i, "added " + i), s.getNode(id, 3));
            previous = id;
        }
        assertNull(s.getNode(7, 3), "node.id() given to addNode must be ignored");
        assertEquals(node(5000, 1, 1, 1, "b"), s.getNode(5000, 1), "loaded nodes are untouched");
    }

    @Test
    void addNodeStaysAboveDeletedIds() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        s.loadNodes(List.of(node(1, 1, 1, 1, "a"), node(2, 1, 1, 1, "b"), node(3, 1, 1, 1, "c")));
        finishLoad(store);
        assertTrue(s.deleteNode(3, 1));
        long added = s.addNode(node(0, 1, 1, 1, "d"));
        assertTrue(added > 3, "id " + added + " must be above the deleted, loaded id 3");
        assertTrue(s.deleteNode(added, 1));
        long next = s.addNode(node(0, 1, 1, 1, "e"));
        assertTrue(next > added, "id " + next + " must be above the deleted, assigned id " + added);
    }

    @Test
    void addNodeIdsAreDistinctOnAnEmptyStore() throws Exception {
        StoreSession s = session(store());
        long a = s.addNode(node(0, 1, 1, 1, "a"));
        long b = s.addNode(node(0, 1, 1, 1, "b"));
        assertTrue(b > a, b + " must be above " + a);
        assertEquals(node(a, 1, 1, 1, "a"), s.getNode(a, 1));
        assertEquals(node(b, 1, 1, 1, "b"), s.getNode(b, 1));
    }

    @Test
    void updateNodeReplacesVersionTimeAndData() throws Exception {
        StoreSession s = session(store());
        long id = s.addNode(node(0, 2, 1, 100, "before"));
        assertTrue(s.updateNode(node(id, 2, 9, 900, "after, and longer than before")));
        assertEquals(node(id, 2, 9, 900, "after, and longer than before"), s.getNode(id, 2));
        assertTrue(s.updateNode(node(id, 2, 10, 1000, "")));
        assertEquals(node(id, 2, 10, 1000, ""), s.getNode(id, 2));
    }

    @Test
    void updateNodeOfMissingIdOrWrongTypeChangesNothing() throws Exception {
        StoreSession s = session(store());
        long id = s.addNode(node(0, 2, 1, 100, "kept"));
        assertFalse(s.updateNode(node(id + 1, 2, 5, 500, "new")), "missing id");
        assertNull(s.getNode(id + 1, 2), "updateNode must not insert");
        assertFalse(s.updateNode(node(id, 3, 5, 500, "new")), "wrong type");
        assertNull(s.getNode(id, 3));
        assertEquals(node(id, 2, 1, 100, "kept"), s.getNode(id, 2));
    }

    @Test
    void deleteNodeRemovesItOnce() throws Exception {
        StoreSession s = session(store());
        long id = s.addNode(node(0, 4, 1, 100, "gone"));
        long other = s.addNode(node(0, 4, 1, 100, "stays"));
        assertTrue(s.deleteNode(id, 4));
        assertNull(s.getNode(id, 4));
        assertFalse(s.deleteNode(id, 4), "second delete");
        assertFalse(s.updateNode(node(id, 4, 2, 200, "back")), "update of a deleted node");
        assertNull(s.getNode(id, 4));
        assertEquals(node(other, 4, 1, 100, "stays"), s.getNode(other, 4));
    }

    @Test
    void deleteNodeOfWrongTypeOrMissingIdChangesNothing() throws Exception {
        StoreSession s = session(store());
        long id = s.addNode(node(0, 4, 1, 100, "kept"));
        assertFalse(s.deleteNode(id, 5), "wrong type");
        assertFalse(s.deleteNode(id + 1, 4), "missing id");
        assertEquals(node(id, 4, 1, 100, "kept"), s.getNode(id, 4));
    }

    @Test
    void deleteNodeLeavesItsLinks() throws Exception {
        StoreSession s = session(store());
        long id = s.addNode(node(0, 1, 1, 1, "n"));
        s.addLink(link(id, 1, 2, 50));
        assertTrue(s.deleteNode(id, 1));
        assertEquals(1, s.countLinks(id, 1));
        assertEquals(List.of(link(id, 1, 2, 50)), allVisible(s, id, 1));
    }

    @Test
    void sessionsOfOneStoreSeeEachOthersWrites() throws Exception {
        GraphStore store = store();
        StoreSession a = session(store);
        StoreSession b = session(store);
        long id = a.addNode(node(0, 1, 1, 1, "from a"));
        assertEquals(node(id, 1, 1, 1, "from a"), b.getNode(id, 1));
        assertTrue(b.updateNode(node(id, 1, 2, 2, "from b")));
        assertEquals(node(id, 1, 2, 2, "from b"), a.getNode(id, 1));
        a.addLink(link(id, 1, 9, 9));
        assertEquals(1, b.countLinks(id, 1));
    }
}
