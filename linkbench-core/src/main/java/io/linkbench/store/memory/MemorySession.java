package io.linkbench.store.memory;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A session of the {@link MemoryStore}. Every call goes straight to the shared, thread-safe
 * structures, holding the shared side of the store's {@link TransactionLock} for its duration; inside
 * a transaction ({@link MemoryTransaction}) the session holds the exclusive side instead, and each
 * write first records its before-images. A call that throws inside a transaction rolls it back
 * before the exception leaves.
 */
final class MemorySession implements TransactionalSession {
    private static final byte[] NO_BYTES = {};
    /** What a batch and a single row add to {@link #writes}. */
    private static final int BATCH = 64;
    private static final int ROW = 1;

    private final MemoryStore store;
    private final ConcurrentHashMap<Long, Node> nodes;
    private final MemoryStats stats;
    private final MemoryTransaction tx;
    private boolean closed;
    private int writes;
    private boolean failNext;

    MemorySession(MemoryStore store, int workerId) {
        this.store = store;
        this.nodes = store.nodes();
        this.stats = store.stats();
        this.tx = new MemoryTransaction(store.transactionLock(), workerId, nodes, stats);
    }

    /** Waits for the store-wide lock: for other sessions' transactions, and for their single calls to end. */
    @Override
    public void begin(boolean readOnly) throws StoreException {
        checkOpen();
        tx.begin(); // a write inside a read-only transaction runs as in any other
    }

    @Override
    public void commit() {
        tx.commit();
    }

    @Override
    public void rollback() {
        tx.rollback();
    }

    @Override
    public boolean inTransaction() {
        return tx.isOpen();
    }

    @Override
    public long addNode(Node node) throws StoreException {
        long shared = tx.enter();
        try {
            checkWrite(ROW);
            long id = store.maxNodeId().incrementAndGet();
            Node stored = new Node(id, node.type(), node.version(), node.time(), copy(node.data()));
            tx.node(id, null);
            stats.nodeWritten(nodes.put(id, stored), stored);
            return id;
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        long shared = tx.enter();
        try {
            checkOpen();
            Node n = nodes.get(id);
            if (n == null || n.type() != type) {
                return null;
            }
            stats.nodeRead();
            return n;
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        long shared = tx.enter();
        try {
            checkWrite(ROW);
            Node stored = new Node(node.id(), node.type(), node.version(), node.time(), copy(node.data()));
            while (true) {
                Node current = nodes.get(node.id());
                if (current == null || current.type() != node.type()) {
                    return false;
                }
                tx.node(node.id(), current); // inside a transaction nothing else writes: the replace succeeds
                if (nodes.replace(node.id(), current, stored)) {
                    stats.nodeWritten(current, stored);
                    return true;
                }
            }
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        long shared = tx.enter();
        try {
            checkOpen();
            while (true) {
                Node current = nodes.get(id);
                if (current == null || current.type() != type) {
                    return false;
                }
                tx.node(id, current);
                if (nodes.remove(id, current)) {
                    stats.nodeRemoved(current);
                    return true;
                }
            }
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        long shared = tx.enter();
        try {
            checkWrite(ROW);
            LinkGroup g = store.groupForWrite(link.id1(), link.linkType());
            tx.link(g, link.id2());
            return g.add(copy(link), stats);
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        long shared = tx.enter();
        try {
            checkWrite(ROW);
            LinkGroup g = store.group(link.id1(), link.linkType());
            if (g == null) {
                return false;
            }
            tx.link(g, link.id2());
            return g.update(copy(link), stats);
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        long shared = tx.enter();
        try {
            checkWrite(ROW);
            LinkGroup g = store.groupForWrite(link.id1(), link.linkType());
            tx.link(g, link.id2());
            return g.updateOrAdd(copy(link), stats);
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        long shared = tx.enter();
        try {
            checkOpen();
            LinkGroup g = store.group(id1, linkType);
            if (g == null) {
                return false;
            }
            tx.link(g, id2);
            return g.delete(id2, expunge, stats);
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        long shared = tx.enter();
        try {
            checkOpen();
            LinkGroup g = store.group(id1, linkType);
            stats.countRead();
            return g == null ? 0 : g.count();
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        long shared = tx.enter();
        try {
            checkOpen();
            LinkGroup g = store.group(id1, linkType);
            if (g == null || id2s.length == 0) {
                return List.of();
            }
            List<Link> found = g.multiget(sortedDistinct(id2s));
            stats.linksRead(found.size());
            return found;
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        long shared = tx.enter();
        try {
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
        } catch (Throwable t) {
            tx.rollback();
            throw t;
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public void loadNodes(List<Node> batch) throws StoreException {
        if (failNext) {
            failNext = false;
            loadNodes(batch.subList(0, batch.size() / 2));
            throw injectedFault();
        }
        load(() -> {
            long max = Long.MIN_VALUE;
            for (Node n : batch) {
                max = Math.max(max, n.id());
            }
            store.maxNodeId().accumulateAndGet(max, Math::max); // before the puts: addNode stays above
            for (Node n : batch) {
                Node stored = new Node(n.id(), n.type(), n.version(), n.time(), copy(n.data()));
                stats.nodeWritten(nodes.put(n.id(), stored), stored);
            }
        });
    }

    @Override
    public void loadLinks(List<Link> batch) throws StoreException {
        if (failNext) {
            failNext = false;
            loadLinks(batch.subList(0, batch.size() / 2));
            throw injectedFault();
        }
        load(() -> loadRuns(batch));
    }

    /** Each run of one (id1, linkType) of a sorted batch into its group at once. */
    private void loadRuns(List<Link> batch) {
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
        load(() -> {
            for (LinkCount c : batch) {
                store.groupForWrite(c.id1(), c.linkType()).loadCount(c);
                stats.countWritten();
            }
        });
    }

    /** A bulk load's work. */
    private interface Load {
        void run();
    }

    /** Runs a bulk load under the shared side of the store's lock; never inside a transaction. */
    private void load(Load work) throws StoreException {
        if (tx.isOpen()) {
            throw new IllegalStateException("a bulk load inside a transaction: loads never run in one");
        }
        long shared = tx.enter();
        try {
            checkWrite(BATCH);
            work.run();
        } finally {
            tx.leave(shared);
        }
    }

    @Override
    public void close() {
        tx.rollback();
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
