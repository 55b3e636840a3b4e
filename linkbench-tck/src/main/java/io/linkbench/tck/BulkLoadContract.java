package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * TCK: the load phase as the driver runs it: several loaders over disjoint id ranges, each with its
 * own session and thread, writing nodes (each loader's ids rising, the loaders' ranges interleaved),
 * links and counts in batches, all at once; then every read agrees.
 */
public abstract class BulkLoadContract extends TckSupport {
    /** Loader threads (each with its own session): nodes of their own ranges, and links. */
    static final int LOADERS = 3;
    private static final int NODES = 2_000;
    private static final int NODE_BATCH = 250;
    private static final int ID1S_PER_LOADER = 50;
    private static final int LINK_BATCH = 100;
    private static final int COUNT_BATCH = 40;
    private static final long[] TYPES = {1, 2};

    protected BulkLoadContract(GraphStoreContract contract) {
        super(contract);
    }

    private static Node loadedNode(long id) {
        byte[] data = new byte[(int) (id % 50)];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (id * 31 + i);
        }
        return new Node(id, (int) (id % 3), id * 2, (int) (1_000 + id), data);
    }

    /** The links loaded for (id1, type), by ascending id2: a heavy tail, some hidden, many equal times. */
    private static List<Link> loadedLinks(long id1, long type) {
        int degree = id1 % 7 == 0 && type == 1 ? 60 : (int) (1 + (id1 + type) % 4);
        List<Link> links = new ArrayList<>(degree);
        for (int j = 0; j < degree; j++) {
            Visibility v = j % 5 == 4 ? Visibility.HIDDEN : Visibility.VISIBLE;
            links.add(link(id1, type, 3L * j + 1, v, bytes("p" + id1 + "." + j), j, 10_000 + (j * 37L) % 50));
        }
        return links;
    }

    private static long visibleCount(List<Link> links) {
        return links.stream().filter(Link::isVisible).count();
    }

    /**
     * Loader {@code k} of {@link #LOADERS}'s nodes: ranges of {@link #NODE_BATCH} ids, every
     * {@code LOADERS}th one from its {@code k}th, rising, as the driver's chunks are handed out.
     */
    private Callable<Void> nodeLoader(GraphStore store, int k) {
        int worker = nextWorkerId(store);
        return () -> {
            try (StoreSession s = store.session(worker)) {
                for (long first = 1 + (long) k * NODE_BATCH; first <= NODES; first += (long) LOADERS * NODE_BATCH) {
                    List<Node> batch = new ArrayList<>();
                    for (long id = first; id < first + NODE_BATCH && id <= NODES; id++) {
                        batch.add(loadedNode(id));
                    }
                    s.loadNodes(batch);
                }
            }
            return null;
        };
    }

    private Callable<Void> linkLoader(GraphStore store, long firstId1) {
        int worker = nextWorkerId(store);
        return () -> {
            try (StoreSession s = store.session(worker)) {
                List<Link> links = new ArrayList<>();
                List<LinkCount> counts = new ArrayList<>();
                for (long id1 = firstId1; id1 < firstId1 + ID1S_PER_LOADER; id1++) {
                    for (long type : TYPES) {
                        List<Link> group = loadedLinks(id1, type);
                        for (Link l : group) {
                            links.add(l);
                            if (links.size() == LINK_BATCH) { // batches split groups, as the driver's do
                                s.loadLinks(links);
                                links = new ArrayList<>();
                            }
                        }
                        counts.add(new LinkCount(id1, type, visibleCount(group), 10_049, 1));
                        if (counts.size() == COUNT_BATCH) {
                            s.loadCounts(counts);
                            counts = new ArrayList<>();
                        }
                    }
                }
                s.loadLinks(links);
                s.loadCounts(counts);
            }
            return null;
        };
    }

    /** Loads everything with 2 x LOADERS concurrent sessions (nodes and links at once), then runs finishLoad. */
    private GraphStore loadedStore() throws Exception {
        GraphStore store = storeForLoad();
        List<Callable<Void>> loaders = new ArrayList<>();
        for (int k = 0; k < LOADERS; k++) {
            loaders.add(nodeLoader(store, k));
        }
        for (int k = 0; k < LOADERS; k++) {
            loaders.add(linkLoader(store, 1 + (long) k * ID1S_PER_LOADER));
        }
        Parallel.run("bulk load", contract().concurrentTimeout(), loaders);
        finishLoad(store);
        return store;
    }

    @Test
    void loadedNodesAreReadBack() throws Exception {
        StoreSession s = session(loadedStore());
        for (long id = 1; id <= NODES; id++) {
            Node expected = loadedNode(id);
            assertEquals(expected, s.getNode(id, expected.type()), "node " + id);
        }
        long added = s.addNode(node(0, 1, 1, 1, "after the load"));
        assertTrue(added > NODES, "addNode after a load assigned " + added);
    }

    @Test
    void loadedLinksAndCountsAreReadBack() throws Exception {
        StoreSession s = session(loadedStore());
        long links = 0;
        for (long id1 = 1; id1 <= (long) LOADERS * ID1S_PER_LOADER; id1++) {
            for (long type : TYPES) {
                List<Link> group = loadedLinks(id1, type);
                links += group.size();
                String where = "group " + id1 + "/" + type;
                assertEquals(visibleCount(group), s.countLinks(id1, type), where);
                assertEquals(newestFirst(group), allVisible(s, id1, type), where);
                long[] asked = new long[group.size() + 1];
                for (int j = 0; j < group.size(); j++) {
                    asked[j] = group.get(j).id2();
                }
                asked[group.size()] = 2; // never loaded (id2s are 1, 4, 7 ...)
                assertEquals(group, s.multigetLinks(id1, type, asked), where);
            }
        }
        assertTrue(links > 1_000, "the test loads a few thousand links: " + links);
        assertEquals(0, s.countLinks(LOADERS * ID1S_PER_LOADER + 1, 1), "beyond the loaded range");
    }

    @Test
    void writesAfterTheLoadContinueFromLoadedCounts() throws Exception {
        StoreSession s = session(loadedStore());
        List<Link> group = loadedLinks(7, 1);
        long count = visibleCount(group);
        assertTrue(s.addLink(link(7, 1, 2, 20_000)));
        assertEquals(count + 1, s.countLinks(7, 1));
        Link hidden = group.get(4);
        assertFalse(hidden.isVisible());
        assertFalse(s.addLink(hidden.withVisibility(Visibility.VISIBLE)), "revive a loaded hidden link");
        assertEquals(count + 2, s.countLinks(7, 1));
        assertTrue(s.deleteLink(7, 1, group.get(0).id2(), true));
        assertEquals(count + 1, s.countLinks(7, 1));
    }

    @Test
    void loadedCountsAreWhatCountLinksReturns() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        s.loadCounts(List.of(new LinkCount(9_000, 1, 5, 100, 3), new LinkCount(9_000, 2, 0, 100, 1),
                new LinkCount(9_001, 1, 1, 100, 1)));
        s.loadLinks(List.of(link(9_001, 1, 1, 100)));
        finishLoad(store);
        assertEquals(5, s.countLinks(9_000, 1));
        assertEquals(0, s.countLinks(9_000, 2));
        assertEquals(1, s.countLinks(9_001, 1));
        assertTrue(s.addLink(link(9_000, 1, 1, 100)));
        assertEquals(6, s.countLinks(9_000, 1), "a count goes on from its loaded value");
        assertTrue(s.addLink(link(9_000, 2, 1, 100)));
        assertEquals(1, s.countLinks(9_000, 2));
    }
}
