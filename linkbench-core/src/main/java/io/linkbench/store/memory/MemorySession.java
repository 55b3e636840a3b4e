package io.linkbench.store.memory;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A session of the {@link MemoryStore}. It holds no state of its own beyond being open: every call
 * goes straight to the shared, thread-safe structures.
 */
final class MemorySession implements StoreSession {
    private static final byte[] NO_BYTES = {};
    /** What a batch and a single row add to {@link #writes}. */
    private static final int BATCH = 64;
    private static final int ROW = 1;

    private final MemoryStore store;
    private final ConcurrentHashMap<Long, Node> nodes;
    private final MemoryStats stats;
    private boolean closed;
    private int writes;
    private boolean failNext;

    MemorySession(MemoryStore store) {
        this.store = store;
        this.nodes = store.nodes();
        this.stats = store.stats();
    }

    @Override
    public long addNode(Node node) throws StoreException {
        checkWrite(ROW);
        long id = store.maxNodeId().incrementAndGet();
        Node stored = new Node(id, node.type(), node.version(), node.time(), copy(node.data()));
        stats.nodeWritten(nodes.put(id, stored), stored);
        return id;
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        checkOpen();
        Node n = nodes.get(id);
        if (n == null || n.type() != type) {
            return null;
        }
        stats.nodeRead();
        return n;
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        checkWrite(ROW);
        Node stored = new Node(node.id(), node.type(), node.version(), node.time(), copy(node.data()));
        while (true) {
            Node current = nodes.get(node.id());
            if (current == null || current.type() != node.type()) {
                return false;
            }
            if (nodes.replace(node.id(), current, stored)) {
                stats.nodeWritten(current, stored);
                return true;
            }
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        checkOpen();
        while (true) {
            Node current = nodes.get(id);
            if (current == null || current.type() != type) {
                return false;
            }
            if (nodes.remove(id, current)) {
                stats.nodeRemoved(current);
                return true;
            }
        }
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        checkWrite(ROW);
        return store.groupForWrite(link.id1(), link.linkType()).add(copy(link), stats);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        checkWrite(ROW);
        LinkGroup g = store.group(link.id1(), link.linkType());
        return g != null && g.update(copy(link), stats);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        checkWrite(ROW);
        return store.groupForWrite(link.id1(), link.linkType()).updateOrAdd(copy(link), stats);
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        checkOpen();
        LinkGroup g = store.group(id1, linkType);
        return g != null && g.delete(id2, expunge, stats);
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        checkOpen();
        LinkGroup g = store.group(id1, linkType);
        stats.countRead();
        return g == null ? 0 : g.count();
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        checkOpen();
        LinkGroup g = store.group(id1, linkType);
        if (g == null || id2s.length == 0) {
            return List.of();
        }
        List<Link> found = g.multiget(sortedDistinct(id2s));
        stats.linksRead(found.size());
        return found;
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        checkOpen();
        if (offset < 0 || limit < 0) {
            throw new StoreException(StoreException.Kind.REJECTED,
                    "offset and limit must not be negative: offset " + offset + ", limit " + limit);
        }
        LinkGroup g = store.group(id1, linkType);
        if (g == null) {
            return List.of();
        }
        List<Link> found = g.linkList(minTime, maxTime, offset, limit);
        stats.linksRead(found.size());
        return found;
    }

    @Override
    public void loadNodes(List<Node> batch) throws StoreException {
        if (failNext) {
            failNext = false;
            loadNodes(batch.subList(0, batch.size() / 2));
            throw injectedFault();
        }
        checkWrite(BATCH);
        long max = Long.MIN_VALUE;
        for (Node n : batch) {
            max = Math.max(max, n.id());
        }
        store.maxNodeId().accumulateAndGet(max, Math::max); // before the puts: addNode stays above
        for (Node n : batch) {
            Node stored = new Node(n.id(), n.type(), n.version(), n.time(), copy(n.data()));
            stats.nodeWritten(nodes.put(n.id(), stored), stored);
        }
    }

    @Override
    public void loadLinks(List<Link> batch) throws StoreException {
        if (failNext) {
            failNext = false;
            loadLinks(batch.subList(0, batch.size() / 2));
            throw injectedFault();
        }
        checkWrite(BATCH);
        int from = 0;
        while (from < batch.size()) {
            Link first = batch.get(from);
            int to = from + 1;
            while (to < batch.size() && batch.get(to).id1() == first.id1()
                    && batch.get(to).linkType() == first.linkType()) {
                to++;
            }
            Link[] run = new Link[to - from];
            for (int i = from; i < to; i++) {
                run[i - from] = copy(batch.get(i));
            }
            store.groupForWrite(first.id1(), first.linkType()).load(Arrays.asList(run), stats);
            from = to;
        }
    }

    @Override
    public void loadCounts(List<LinkCount> batch) throws StoreException {
        if (failNext) {
            failNext = false;
            loadCounts(batch.subList(0, batch.size() / 2));
            throw injectedFault();
        }
        checkWrite(BATCH);
        for (LinkCount c : batch) {
            store.groupForWrite(c.id1(), c.linkType()).loadCount(c);
            stats.countWritten();
        }
    }

    @Override
    public void close() {
        closed = true;
    }

    /** Checks the heap before every batch and every {@link #ROW}-th single-row write. */
    private void checkWrite(int weight) throws StoreException {
        checkOpen();
        writes += weight;
        if (writes >= BATCH) {
            writes = 0;
            store.checkHeap();
        }
    }

    /**
     * The TCK's fault hook (package-private, for the memory store's test): the next call fails with a
     * retryable CONFLICT, a bulk load after writing the first half of its batch, any other call
     * before it changes anything.
     */
    void failNextCall() {
        failNext = true;
    }

    private static StoreException injectedFault() {
        return new StoreException(StoreException.Kind.CONFLICT, "injected fault (TCK)");
    }

    private void checkOpen() throws StoreException {
        if (failNext) {
            failNext = false;
            throw injectedFault();
        }
        if (closed) {
            throw new StoreException(StoreException.Kind.OTHER, "this memory store session is closed");
        }
        store.checkOpen();
    }

    private static byte[] copy(byte[] data) {
        return data.length == 0 ? NO_BYTES : data.clone();
    }

    private static Link copy(Link l) {
        return new Link(l.id1(), l.linkType(), l.id2(), l.visibility(), copy(l.data()), l.version(), l.time());
    }

    /** The ids ascending without duplicates; the array itself when it already is. */
    private static long[] sortedDistinct(long[] ids) {
        boolean ascending = true;
        for (int i = 1; i < ids.length && ascending; i++) {
            ascending = ids[i - 1] < ids[i];
        }
        if (ascending) {
            return ids;
        }
        long[] sorted = ids.clone();
        Arrays.sort(sorted);
        int n = 1;
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] != sorted[n - 1]) {
                sorted[n++] = sorted[i];
            }
        }
        return n == sorted.length ? sorted : Arrays.copyOf(sorted, n);
    }
}
