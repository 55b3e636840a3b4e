package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import io.linkbench.store.support.NodeIdBlocks;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The operations of one worker thread. Node writes hold the stripe lock of their node while they read
 * and write; the link writes are {@link LinkWriter}'s, the link reads {@link LinkReader}'s and the bulk
 * loads {@link BulkLoads}'s, each called inside this session's gate and failure handling. Inside a
 * transaction the operations read, lock and write as {@link SessionTransaction} says.
 */
final class RocksDbSession implements TransactionalSession {
    private final Database d;
    private final StripedLocks locks;
    private final NodeIdBlocks nodeIds;
    private final Gate.Pass pass;
    private final Errors errors;
    private final WriteOptions writes;
    private final WriteOptions loadWrites;
    private final SessionTransaction tx;
    private final LinkWriter linkWriter;
    private final LinkReader linkReader;
    private final BulkLoads loads;
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
        this.linkWriter = new LinkWriter(d, locks, tx, writes);
        this.linkReader = new LinkReader(d, tx);
        this.loads = new BulkLoads(d, nodeIds);
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
        return !writeLinkOp(LinkWriter.Kind.ADD, link);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        return writeLinkOp(LinkWriter.Kind.UPDATE, link);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return writeLinkOp(LinkWriter.Kind.UPDATE_OR_ADD, link);
    }

    /** ADD_LINK and UPDATE_LINK ({@link LinkWriter#write}). */
    private boolean writeLinkOp(LinkWriter.Kind kind, Link link) throws StoreException {
        enter(kind.op);
        try {
            return linkWriter.write(kind, link);
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
            return linkWriter.delete(id1, linkType, id2, expunge);
        } catch (RocksDBException | RuntimeException e) {
            throw failed("DELETE_LINK", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        enter("COUNT_LINK");
        try {
            if (tx.locksReads()) {
                tx.lock(locks.group(id1, linkType), "COUNT_LINK"); // kept to the end of the transaction
            }
            return linkReader.count(id1, linkType);
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
            return linkReader.multiget(id1, linkType, sorted);
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
            return linkReader.list(id1, linkType, group, minTime, maxTime, offset, limit);
        } catch (RocksDBException | RuntimeException e) {
            throw failed("GET_LINKS_LIST", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        load("load of nodes", nodes, loads::nodes);
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        load("load of links", links, loads::links);
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        load("load of counts", counts, loads::counts);
    }

    /**
     * Bulk load {@code op}: one batch with the rows {@code load} puts in it ({@link BulkLoads}), written
     * with the load's write options; nothing when there are no rows.
     */
    private <T> void load(String op, List<T> rows, BulkLoads.Load<T> load) throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        enter(op);
        try {
            WriteBatch batch = tx.loadBatch();
            load.fill(batch, rows);
            d.db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw failed(op, e);
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
