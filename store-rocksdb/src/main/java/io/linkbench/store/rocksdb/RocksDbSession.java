package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import io.linkbench.store.support.NodeIdBlocks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rocksdb.AbstractWriteBatch;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Status;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The operations of one worker thread. Every link write holds the stripe lock of its (id1, link_type)
 * group while it reads the old link and writes one batch with the link row, the link_time entry and
 * the count cells, so concurrent writers of a group are serialized and each change is atomic. Inside
 * a transaction the operations read, lock and write as {@link SessionTransaction} says.
 */
final class RocksDbSession implements TransactionalSession {
    private static final byte[] ONE = Bytes.uint64(1);
    private static final byte[] ZERO = Bytes.uint64(0);
    private static final byte[] MINUS_ONE = Bytes.uint64(-1);

    private final Database d;
    private final StripedLocks locks;
    private final NodeIdBlocks nodeIds;
    private final Gate.Pass pass;
    private final Errors errors;
    private final WriteOptions writes;
    private final WriteOptions loadWrites;
    private final SessionTransaction tx;
    /** Set by {@link #failNextCall}. */
    private boolean failNext;

    RocksDbSession(Database d, StripedLocks locks, NodeIdBlocks nodeIds, Gate.Pass pass, Errors errors,
                   WriteOptions writes, WriteOptions loadWrites) {
        this.d = d;
        this.locks = locks;
        this.nodeIds = nodeIds;
        this.pass = pass;
        this.errors = errors;
        this.writes = writes;
        this.loadWrites = loadWrites;
        this.tx = new SessionTransaction(d.db, locks);
    }

    @Override
    public void begin(boolean readOnly) throws StoreException {
        pass.enter();
        try {
            tx.begin(readOnly);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void commit() throws StoreException {
        pass.enter();
        try {
            tx.commit(writes);
        } catch (RocksDBException e) {
            throw errors.onOperation("commit", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void rollback() {
        if (!tx.open()) {
            return;
        }
        try {
            pass.enter();
        } catch (StoreException closed) {
            tx.forget(); // the database is closed: only the locks are left to give back
            return;
        }
        try {
            tx.rollback();
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean inTransaction() {
        return tx.open();
    }

    /**
     * Starts operation {@code op}: the gate's check, then a fault armed by {@link #failNextCall}, which
     * fails the operation the way a RocksDB {@code Busy} status does (through {@link #failed}).
     */
    private void enter(String op) throws StoreException {
        pass.enter();
        if (failNext) {
            failNext = false;
            StoreException e = failed(op, new RocksDBException("injected fault (failNextCall)",
                    new Status(Status.Code.Busy, Status.SubCode.None, null)));
            pass.exit();
            throw e;
        }
    }

    /**
     * The TCK's fault hook ({@code FaultInjection}): the next operation of this session fails with
     * CONFLICT before it changes anything, rolling back an open transaction as any failure does.
     */
    void failNextCall() {
        failNext = true;
    }

    /**
     * Ends an open transaction (an operation that fails rolls it back whole) and says why: a RocksDB
     * failure as its kind, a runtime exception thrown as it is.
     */
    private StoreException failed(String op, Exception e) {
        tx.rollback();
        if (e instanceof RuntimeException r) {
            throw r;
        }
        return errors.onOperation(op, (RocksDBException) e);
    }

    @Override
    public long addNode(Node node) throws StoreException {
        enter("ADD_NODE");
        try {
            tx.checkWritable("ADD_NODE");
            long id = nodeIds.next();
            tx.put(d.nodes, Keys.node(id), Values.node(node), writes);
            return id;
        } catch (RocksDBException | RuntimeException e) {
            throw failed("ADD_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        enter("GET_NODE");
        try {
            if (tx.locksReads()) {
                tx.lock(locks.node(id), "GET_NODE"); // kept to the end of the transaction
            }
            byte[] v = tx.get(d.nodes, Keys.node(id));
            return v == null || Values.nodeType(v) != type ? null : Values.toNode(id, v);
        } catch (RocksDBException | RuntimeException e) {
            throw failed("GET_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        enter("UPDATE_NODE");
        try {
            byte[] key = Keys.node(node.id());
            StripedLocks.Stripe s = locks.node(node.id());
            boolean release = tx.lock(s, "UPDATE_NODE");
            try {
                byte[] v = tx.get(d.nodes, key);
                if (v == null || Values.nodeType(v) != node.type()) {
                    return false;
                }
                tx.put(d.nodes, key, Values.node(node), writes);
                return true;
            } finally {
                if (release) {
                    SessionTransaction.release(s);
                }
            }
        } catch (RocksDBException | RuntimeException e) {
            throw failed("UPDATE_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        enter("DELETE_NODE");
        try {
            byte[] key = Keys.node(id);
            StripedLocks.Stripe s = locks.node(id);
            boolean release = tx.lock(s, "DELETE_NODE");
            try {
                byte[] v = tx.get(d.nodes, key);
                if (v == null || Values.nodeType(v) != type) {
                    return false;
                }
                tx.delete(d.nodes, key, writes);
                return true;
            } finally {
                if (release) {
                    SessionTransaction.release(s);
                }
            }
        } catch (RocksDBException | RuntimeException e) {
            throw failed("DELETE_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        return !writeLinkOp(LinkWrite.ADD, link);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        return writeLinkOp(LinkWrite.UPDATE, link);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return writeLinkOp(LinkWrite.UPDATE_OR_ADD, link);
    }

    /** What a link write does with a missing link and with the count row. */
    private enum LinkWrite {
        /** ADD_LINK: inserts a missing link; writes the count row even when visibility stays. */
        ADD("ADD_LINK", true),
        /** UPDATE_LINK: skips a missing link; writes the count row only when visibility changes. */
        UPDATE("UPDATE_LINK", false),
        /** UPDATE_LINK of the original benchmark: an existing link as UPDATE, a missing one as ADD. */
        UPDATE_OR_ADD("UPDATE_LINK", true);

        final String op;
        final boolean insertsMissing;

        LinkWrite(String op, boolean insertsMissing) {
            this.op = op;
            this.insertsMissing = insertsMissing;
        }

        /** Whether the count row is written when the link's visibility does not change. */
        boolean touchesCount(byte[] old) {
            return this == ADD || old == null;
        }
    }

    /**
     * ADD_LINK and UPDATE_LINK: under the group lock, reads the old link and writes one batch with the
     * link row, its link_time entry and the count cells as {@code kind} says.
     *
     * @return whether the link existed before (nothing is written when it did not and is not inserted)
     */
    private boolean writeLinkOp(LinkWrite kind, Link link) throws StoreException {
        enter(kind.op);
        try {
            byte[] key = Keys.link(link.id1(), link.linkType(), link.id2());
            StripedLocks.Stripe s = locks.group(link.id1(), link.linkType());
            boolean release = tx.lock(s, kind.op);
            try {
                byte[] old = tx.get(d.links, key);
                if (old == null && !kind.insertsMissing) {
                    return false;
                }
                AbstractWriteBatch b = tx.batch();
                writeLink(b, key, old, link);
                int delta = visible(link) - visible(old);
                if (delta != 0 || kind.touchesCount(old)) {
                    touchCount(b, link.id1(), link.linkType(), delta, link.time());
                }
                tx.finish(b, writes);
                return old != null;
            } finally {
                if (release) {
                    SessionTransaction.release(s);
                }
            }
        } catch (RocksDBException | RuntimeException e) {
            throw failed(kind.op, e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        enter("DELETE_LINK");
        try {
            byte[] key = Keys.link(id1, linkType, id2);
            StripedLocks.Stripe s = locks.group(id1, linkType);
            boolean release = tx.lock(s, "DELETE_LINK");
            try {
                byte[] old = tx.get(d.links, key);
                if (old == null) {
                    return false;
                }
                boolean wasVisible = Values.linkVisible(old);
                if (!expunge && !wasVisible) {
                    return true; // hidden already: nothing changes
                }
                AbstractWriteBatch b = tx.batch();
                if (expunge) {
                    b.delete(d.links, key);
                } else {
                    byte[] hidden = old.clone();
                    hidden[0] = Visibility.HIDDEN.code();
                    b.put(d.links, key, hidden);
                }
                if (wasVisible) {
                    b.delete(d.linkTime, Keys.linkTime(id1, linkType, Values.linkTime(old), id2));
                    touchCount(b, id1, linkType, -1, System.currentTimeMillis());
                }
                tx.finish(b, writes);
                return true;
            } finally {
                if (release) {
                    SessionTransaction.release(s);
                }
            }
        } catch (RocksDBException | RuntimeException e) {
            throw failed("DELETE_LINK", e);
        } finally {
            pass.exit();
        }
    }

    /** Adds the link row and its link_time entry (removed, moved or added) to the batch. */
    private void writeLink(AbstractWriteBatch b, byte[] key, byte[] old, Link link) throws RocksDBException {
        b.put(d.links, key, Values.link(link));
        if (old != null && Values.linkVisible(old)) {
            b.delete(d.linkTime, Keys.linkTime(link.id1(), link.linkType(), Values.linkTime(old), link.id2()));
        }
        if (link.isVisible()) {
            b.put(d.linkTime, Keys.linkTime(link.id1(), link.linkType(), link.time(), link.id2()),
                    Values.timeEntry(link));
        }
    }

    /**
     * Adds the count row change to the batch: the count and version cells by merge (blind 64-bit adds),
     * the time cell by put. The count cell is merged even with 0 so the row exists. An increment needs
     * no read; a decrement reads the count first (under the group lock, so it cannot change meanwhile)
     * and is dropped at 0, so a count never goes below 0 even when a loaded count was too low.
     */
    private void touchCount(AbstractWriteBatch b, long id1, long linkType, int delta, long time)
            throws RocksDBException {
        byte[] countKey = Keys.count(id1, linkType, Keys.CELL_COUNT);
        byte[] operand = delta > 0 ? ONE : ZERO;
        if (delta < 0) {
            byte[] current = tx.get(d.counts, countKey);
            operand = current != null && Bytes.getUint64(current) > 0 ? MINUS_ONE : ZERO;
        }
        b.merge(d.counts, countKey, operand);
        b.merge(d.counts, Keys.count(id1, linkType, Keys.CELL_VERSION), ONE);
        b.put(d.counts, Keys.count(id1, linkType, Keys.CELL_TIME), Bytes.long8(time));
    }

    private static int visible(Link link) {
        return link.isVisible() ? 1 : 0;
    }

    private static int visible(byte[] linkValue) {
        return linkValue != null && Values.linkVisible(linkValue) ? 1 : 0;
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        enter("COUNT_LINK");
        try {
            if (tx.locksReads()) {
                tx.lock(locks.group(id1, linkType), "COUNT_LINK"); // kept to the end of the transaction
            }
            byte[] v = tx.get(d.counts, Keys.count(id1, linkType, Keys.CELL_COUNT));
            return v == null ? 0 : Bytes.getUint64(v);
        } catch (RocksDBException | RuntimeException e) {
            throw failed("COUNT_LINK", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return Collections.emptyList();
        }
        long[] sorted = Arrays.stream(id2s).sorted().distinct().toArray();
        enter("MULTIGET_LINK");
        try {
            if (tx.locksReads()) {
                tx.lock(locks.group(id1, linkType), "MULTIGET_LINK"); // kept to the end of the transaction
            }
            List<Link> out = new ArrayList<>(sorted.length);
            if (sorted.length == 1) {
                byte[] v = tx.get(d.links, Keys.link(id1, linkType, sorted[0]));
                if (v != null) {
                    out.add(Values.toLink(id1, linkType, sorted[0], v));
                }
                return out;
            }
            List<byte[]> keys = new ArrayList<>(sorted.length);
            for (long id2 : sorted) {
                keys.add(Keys.link(id1, linkType, id2));
            }
            List<byte[]> values = tx.multiGet(d.links, keys);
            for (int i = 0; i < sorted.length; i++) {
                byte[] v = values.get(i);
                if (v != null) {
                    out.add(Values.toLink(id1, linkType, sorted[i], v));
                }
            }
            return out;
        } catch (RocksDBException | RuntimeException e) {
            throw failed("MULTIGET_LINK", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        if (limit <= 0 || minTime > maxTime) {
            return Collections.emptyList();
        }
        byte[] group = Keys.group(id1, linkType);
        enter("GET_LINKS_LIST");
        try {
            if (tx.locksReads()) {
                tx.lock(locks.group(id1, linkType), "GET_LINKS_LIST"); // kept to the end of the transaction
            }
            return listGroup(id1, linkType, group, minTime, maxTime, offset, limit);
        } catch (RocksDBException | RuntimeException e) {
            throw failed("GET_LINKS_LIST", e);
        } finally {
            pass.exit();
        }
    }

    /** GET_LINKS_LIST's scan of the group's link_time entries. */
    private List<Link> listGroup(long id1, long linkType, byte[] group, long minTime, long maxTime, int offset,
                                 int limit) throws RocksDBException {
        try (RocksIterator it = tx.groupIterator(d.linkTime)) {
            List<Link> out = new ArrayList<>(Math.min(limit, 64));
            int skip = offset;
            // The group's entries run newest first; the first with time <= maxTime is at (maxTime, max id2).
            it.seek(Keys.linkTime(id1, linkType, maxTime, Long.MAX_VALUE));
            for (; it.isValid() && out.size() < limit; it.next()) {
                byte[] key = it.key();
                if (!Keys.inGroup(key, group) || Keys.timeOf(key) < minTime) {
                    break;
                }
                if (skip > 0) {
                    skip--;
                } else {
                    out.add(Values.timeEntryToLink(key, it.value()));
                }
            }
            it.status();
            return out;
        }
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        if (nodes.isEmpty()) {
            return;
        }
        enter("load of nodes");
        try {
            WriteBatch batch = tx.loadBatch();
            long maxId = Long.MIN_VALUE;
            for (Node n : nodes) {
                batch.put(d.nodes, Keys.node(n.id()), Values.node(n));
                maxId = Math.max(maxId, n.id());
            }
            nodeIds.raiseAbove(maxId);
            d.db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw failed("load of nodes", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        if (links.isEmpty()) {
            return;
        }
        enter("load of links");
        try {
            WriteBatch batch = tx.loadBatch();
            for (Link l : links) {
                batch.put(d.links, Keys.link(l.id1(), l.linkType(), l.id2()), Values.link(l));
                if (l.isVisible()) {
                    batch.put(d.linkTime, Keys.linkTime(l.id1(), l.linkType(), l.time(), l.id2()), Values.timeEntry(l));
                }
            }
            d.db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw failed("load of links", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        if (counts.isEmpty()) {
            return;
        }
        enter("load of counts");
        try {
            WriteBatch batch = tx.loadBatch();
            ColumnFamilyHandle cf = d.counts;
            for (LinkCount c : counts) {
                batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_COUNT), Bytes.uint64(c.count()));
                batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_VERSION), Bytes.uint64(c.version()));
                batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_TIME), Bytes.long8(c.time()));
            }
            d.db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw failed("load of counts", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void close() {
        rollback(); // a transaction left open: its snapshot and locks are given back
        pass.release();
        tx.close();
    }
}
