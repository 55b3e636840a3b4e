package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;

/**
 * The base of every TCK test group: opens stores through the {@link GraphStoreContract}, hands out
 * sessions, closes all of them after each test (sessions first, newest first), and builds test data.
 */
public abstract class TckSupport {
    /** Lower bound of a time range that covers every link of the tests (their times are positive). */
    protected static final long MIN_TIME = 0;
    /** Upper bound of a time range that covers every link. */
    protected static final long MAX_TIME = Long.MAX_VALUE;
    /** A limit above the size of every list in the tests (the benchmark's default limit). */
    protected static final int NO_LIMIT = 10_000;

    /** Newest first; equal times by descending id2: the order of GET_LINKS_LIST. */
    protected static final Comparator<Link> NEWEST_FIRST =
            Comparator.comparingLong(Link::time).thenComparingLong(Link::id2).reversed();

    private final GraphStoreContract contract;
    private final Deque<AutoCloseable> toClose = new ArrayDeque<>();
    private final Map<GraphStore, Integer> nextWorker = new IdentityHashMap<>();

    protected TckSupport(GraphStoreContract contract) {
        this.contract = contract;
    }

    protected final GraphStoreContract contract() {
        return contract;
    }

    /** The contract as its fault hook; skips the test (an assumption) when the store's test has none. */
    static FaultInjection faults(GraphStoreContract contract) {
        Assumptions.assumeTrue(contract instanceof FaultInjection, () -> contract.getClass().getSimpleName()
                + " does not implement io.linkbench.tck.FaultInjection: the fault contracts are skipped");
        return (FaultInjection) contract;
    }

    /** A fresh store after {@code prepareForLoad(CREATE)}: ready for the load operations. */
    protected final GraphStore storeForLoad() throws Exception {
        GraphStore store = contract.openFreshStore();
        assertNotNull(store, "openFreshStore() returned null");
        synchronized (this) {
            toClose.push(store);
        }
        store.prepareForLoad(SchemaMode.CREATE);
        return store;
    }

    /** A fresh store prepared as the driver does before a request phase (after an empty load). */
    protected final GraphStore store() throws Exception {
        GraphStore store = storeForLoad();
        finishLoad(store);
        return store;
    }

    /** What the driver does between the loaders and the requests: finishLoad, then prepareForRequests. */
    protected static void finishLoad(GraphStore store) throws StoreException {
        if (store instanceof LoadHooks hooks) {
            hooks.finishLoad();
        }
        store.prepareForRequests();
    }

    /** Closes a store of {@link #storeForLoad}, whose sessions are closed, before the end of the test. */
    protected final void closeStore(GraphStore store) throws Exception {
        synchronized (this) {
            toClose.remove(store);
        }
        store.close();
    }

    /** {@link GraphStoreContract#reopenStore()}, closed after the test; null when the store keeps nothing. */
    protected final GraphStore reopen() throws Exception {
        GraphStore store = contract.reopenStore();
        if (store != null) {
            synchronized (this) {
                toClose.push(store);
            }
        }
        return store;
    }

    /** A session for the test's own thread, closed after the test. */
    protected final StoreSession session(GraphStore store) throws StoreException {
        StoreSession s = store.session(nextWorkerId(store));
        assertNotNull(s, "session() returned null");
        synchronized (this) {
            toClose.push(s);
        }
        return s;
    }

    /** Closes a session of {@link #session} before the end of the test. */
    protected final void closeSession(StoreSession s) throws StoreException {
        synchronized (this) {
            toClose.remove(s);
        }
        s.close();
    }

    /** A worker id not yet used on this store, for a session another thread opens and closes itself. */
    protected final synchronized int nextWorkerId(GraphStore store) {
        int id = nextWorker.getOrDefault(store, 0);
        nextWorker.put(store, id + 1);
        return id;
    }

    @AfterEach
    final void closeEverything() throws Exception {
        Exception first = null;
        List<AutoCloseable> all;
        synchronized (this) {
            all = new ArrayList<>(toClose);
            toClose.clear();
        }
        all.sort(Comparator.comparing((AutoCloseable c) -> c instanceof GraphStore)); // sessions before stores, stable
        for (AutoCloseable c : all) {
            try {
                c.close();
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }

    /** A visible link with version 1 and a payload naming it. */
    protected static Link link(long id1, long linkType, long id2, long time) {
        return new Link(id1, linkType, id2, Visibility.VISIBLE, bytes("l" + id1 + "/" + linkType + "/" + id2),
                1, time);
    }

    /** A link with every field given. */
    protected static Link link(long id1, long linkType, long id2, Visibility v, byte[] data, int version, long time) {
        return new Link(id1, linkType, id2, v, data, version, time);
    }

    /** A node with a text payload. */
    protected static Node node(long id, int type, long version, int time, String data) {
        return new Node(id, type, version, time, bytes(data));
    }

    protected static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The visible links among {@code links}, in GET_LINKS_LIST order. */
    protected static List<Link> newestFirst(Collection<Link> links) {
        return links.stream().filter(Link::isVisible).sorted(NEWEST_FIRST).toList();
    }

    /** The links in MULTIGET_LINK order. */
    protected static List<Link> byId2(Collection<Link> links) {
        return links.stream().sorted(Comparator.comparingLong(Link::id2)).toList();
    }

    /** Every visible link of the group, as GET_LINKS_LIST returns them without time bounds. */
    protected static List<Link> allVisible(StoreSession s, long id1, long linkType) throws StoreException {
        return s.getLinkList(id1, linkType, MIN_TIME, MAX_TIME, 0, NO_LIMIT);
    }
}
