package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreSession;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** TCK: prepareForLoad (CREATE refuses non-empty stores, RECREATE empties), prepareForRequests, info. */
public abstract class SchemaContract extends TckSupport {

    protected SchemaContract(GraphStoreContract contract) {
        super(contract);
    }

    /** What a test writes before calling prepareForLoad(CREATE) again. */
    private interface Writer {
        void write(StoreSession s) throws Exception;
    }

    private void assertCreateRejected(String what, Writer writer) throws Exception {
        GraphStore store = store();
        StoreSession s = session(store);
        writer.write(s);
        StoreException e = assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.CREATE),
                "CREATE on a store that holds " + what);
        assertEquals(StoreException.Kind.REJECTED, e.kind(), "kind of " + e);
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().contains("schema = recreate"),
                "the message must name 'schema = recreate': " + e.getMessage());
        assertFalse(e.isRetryable());
    }

    @Test
    void createRefusesAStoreWithNodes() throws Exception {
        assertCreateRejected("a node", s -> s.addNode(node(0, 1, 1, 1, "n")));
    }

    @Test
    void createRefusesAStoreWithLinks() throws Exception {
        assertCreateRejected("a hidden link", s -> s.loadLinks(List.of(link(1, 1, 2, 10).withVisibility(Visibility.HIDDEN))));
    }

    @Test
    void createRefusesAStoreWithCounts() throws Exception {
        assertCreateRejected("a count row", s -> s.loadCounts(List.of(new LinkCount(1, 1, 0, 10, 1))));
    }

    @Test
    void refusedCreateKeepsTheData() throws Exception {
        GraphStore store = store();
        StoreSession s = session(store);
        long id = s.addNode(node(0, 1, 1, 1, "kept"));
        s.addLink(link(5, 1, 6, 10));
        assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.CREATE));
        store.prepareForRequests();
        assertEquals(node(id, 1, 1, 1, "kept"), s.getNode(id, 1));
        assertEquals(List.of(link(5, 1, 6, 10)), allVisible(s, 5, 1));
        assertEquals(1, s.countLinks(5, 1));
    }

    @Test
    void createOnAnEmptyStoreSucceedsAgain() throws Exception {
        GraphStore store = store();
        store.prepareForLoad(SchemaMode.CREATE);
        store.prepareForLoad(SchemaMode.CREATE);
        StoreSession s = session(store);
        assertTrue(s.addLink(link(1, 1, 2, 10)));
        assertEquals(1, s.countLinks(1, 1));
    }

    @Test
    void recreateDropsEverything() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        s.loadNodes(List.of(node(1, 1, 1, 1, "a"), node(2, 1, 1, 1, "b")));
        s.loadLinks(List.of(link(1, 1, 2, 10), link(1, 1, 3, 11)));
        s.loadCounts(List.of(new LinkCount(1, 1, 2, 11, 1), new LinkCount(7, 1, 4, 11, 1)));
        long added = s.addNode(node(0, 1, 1, 1, "c"));
        closeSession(s);

        store.prepareForLoad(SchemaMode.RECREATE);
        store.prepareForLoad(SchemaMode.CREATE); // empty now: accepted
        finishLoad(store);
        StoreSession fresh = session(store);
        assertNull(fresh.getNode(1, 1));
        assertNull(fresh.getNode(added, 1));
        assertEquals(0, fresh.countLinks(1, 1));
        assertEquals(0, fresh.countLinks(7, 1));
        assertEquals(List.of(), fresh.multigetLinks(1, 1, new long[] {2, 3}));
        assertEquals(List.of(), allVisible(fresh, 1, 1));
        assertTrue(fresh.addLink(link(1, 1, 2, 10)), "the link is new after RECREATE");
        assertEquals(1, fresh.countLinks(1, 1));
    }

    @Test
    void prepareForRequestsKeepsTheData() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        s.loadNodes(List.of(node(1, 1, 1, 1, "a")));
        s.loadLinks(List.of(link(1, 1, 2, 10)));
        s.loadCounts(List.of(new LinkCount(1, 1, 1, 10, 1)));
        finishLoad(store);
        store.prepareForRequests();
        assertEquals(node(1, 1, 1, 1, "a"), s.getNode(1, 1));
        assertEquals(List.of(link(1, 1, 2, 10)), allVisible(s, 1, 1));
        assertEquals(1, s.countLinks(1, 1));
    }

    @Test
    void infoNamesTheStore() throws Exception {
        StoreInfo info = store().info();
        assertNotNull(info);
        assertFalse(info.store().isBlank(), "StoreInfo.store() must be the provider name");
        assertEquals(info.store().toLowerCase(Locale.ROOT), info.store(), "lower case");
        assertFalse(info.store().contains(" "), "no spaces");
    }
}
