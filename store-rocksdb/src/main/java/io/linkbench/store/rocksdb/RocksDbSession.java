package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.support.NodeIdBlocks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * The operations of one worker thread. Every link write holds the stripe lock of its (id1, link_type)
 * group while it reads the old link and writes one {@link WriteBatch} with the link row, the
 * link_time entry and the count cells, so concurrent writers of a group are serialized and each
 * change is atomic.
 */
final class RocksDbSession implements StoreSession {
    private static final byte[] ONE = Bytes.uint64(1);
    private static final byte[] ZERO = Bytes.uint64(0);
    private static final byte[] MINUS_ONE = Bytes.uint64(-1);

    private final Database d;
    private final RocksDB db;
    private final StripedLocks locks;
    private final NodeIdBlocks nodeIds;
    private final Gate.Pass pass;
    private final Errors errors;
    private final WriteOptions writes;
    private final WriteOptions loadWrites;
    private final WriteBatch batch = new WriteBatch();
    /** For scans of one link_time group: the prefix extractor and its bloom filter apply. */
    private final ReadOptions groupScan = new ReadOptions().setPrefixSameAsStart(true);

    RocksDbSession(Database d, StripedLocks locks, NodeIdBlocks nodeIds, Gate.Pass pass, Errors errors,
                   WriteOptions writes, WriteOptions loadWrites) {
        this.d = d;
        this.db = d.db;
        this.locks = locks;
        this.nodeIds = nodeIds;
        this.pass = pass;
        this.errors = errors;
        this.writes = writes;
        this.loadWrites = loadWrites;
    }

    @Override
    public long addNode(Node node) throws StoreException {
        pass.enter();
        try {
            long id = nodeIds.next();
            db.put(d.nodes, writes, Keys.node(id), Values.node(node));
            return id;
        } catch (RocksDBException e) {
            throw errors.onOperation("ADD_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        pass.enter();
        try {
            byte[] v = db.get(d.nodes, Keys.node(id));
            return v == null || Values.nodeType(v) != type ? null : Values.toNode(id, v);
        } catch (RocksDBException e) {
            throw errors.onOperation("GET_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        pass.enter();
        try {
            byte[] key = Keys.node(node.id());
            synchronized (locks.node(node.id())) {
                byte[] v = db.get(d.nodes, key);
                if (v == null || Values.nodeType(v) != node.type()) {
                    return false;
                }
                db.put(d.nodes, writes, key, Values.node(node));
                return true;
            }
        } catch (RocksDBException e) {
            throw errors.onOperation("UPDATE_NODE", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        pass.enter();
        try {
            byte[] key = Keys.node(id);
            synchronized (locks.node(id)) {
                byte[] v = db.get(d.nodes, key);
                if (v == null || Values.nodeType(v) != type) {
                    return false;
                }
                db.delete(d.nodes, writes, key);
                return true;
            }
        } catch (RocksDBException e) {
            throw errors.onOperation("DELETE_NODE", e);
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
        pass.enter();
        try {
            byte[] key = Keys.link(link.id1(), link.linkType(), link.id2());
            synchronized (locks.group(link.id1(), link.linkType())) {
                byte[] old = db.get(d.links, key);
                if (old == null && !kind.insertsMissing) {
                    return false;
                }
                writeLink(key, old, link);
                int delta = visible(link) - visible(old);
                if (delta != 0 || kind.touchesCount(old)) {
                    touchCount(link.id1(), link.linkType(), delta, link.time());
                }
                db.write(writes, batch);
                return old != null;
            }
        } catch (RocksDBException e) {
            throw errors.onOperation(kind.op, e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        pass.enter();
        try {
            byte[] key = Keys.link(id1, linkType, id2);
            synchronized (locks.group(id1, linkType)) {
                byte[] old = db.get(d.links, key);
                if (old == null) {
                    return false;
                }
                boolean wasVisible = Values.linkVisible(old);
                if (!expunge && !wasVisible) {
                    return true; // hidden already: nothing changes
                }
                batch.clear();
                if (expunge) {
                    batch.delete(d.links, key);
                } else {
                    byte[] hidden = old.clone();
                    hidden[0] = Visibility.HIDDEN.code();
                    batch.put(d.links, key, hidden);
                }
                if (wasVisible) {
                    batch.delete(d.linkTime, Keys.linkTime(id1, linkType, Values.linkTime(old), id2));
                    touchCount(id1, linkType, -1, System.currentTimeMillis());
                }
                db.write(writes, batch);
                return true;
            }
        } catch (RocksDBException e) {
            throw errors.onOperation("DELETE_LINK", e);
        } finally {
            pass.exit();
        }
    }

    /** Starts the batch with the link row and its link_time entry (removed, moved or added). */
    private void writeLink(byte[] key, byte[] old, Link link) throws RocksDBException {
        batch.clear();
        batch.put(d.links, key, Values.link(link));
        if (old != null && Values.linkVisible(old)) {
            batch.delete(d.linkTime, Keys.linkTime(link.id1(), link.linkType(), Values.linkTime(old), link.id2()));
        }
        if (link.isVisible()) {
            batch.put(d.linkTime, Keys.linkTime(link.id1(), link.linkType(), link.time(), link.id2()),
                    Values.timeEntry(link));
        }
    }

    /**
     * Adds the count row change to the batch: the count and version cells by merge (blind 64-bit adds),
     * the time cell by put. The count cell is merged even with 0 so the row exists. An increment needs
     * no read; a decrement reads the count first (under the group lock, so it cannot change meanwhile)
     * and is dropped at 0, so a count never goes below 0 even when a loaded count was too low.
     */
    private void touchCount(long id1, long linkType, int delta, long time) throws RocksDBException {
        byte[] countKey = Keys.count(id1, linkType, Keys.CELL_COUNT);
        byte[] operand = delta > 0 ? ONE : ZERO;
        if (delta < 0) {
            byte[] current = db.get(d.counts, countKey);
            operand = current != null && Bytes.getUint64(current) > 0 ? MINUS_ONE : ZERO;
        }
        batch.merge(d.counts, countKey, operand);
        batch.merge(d.counts, Keys.count(id1, linkType, Keys.CELL_VERSION), ONE);
        batch.put(d.counts, Keys.count(id1, linkType, Keys.CELL_TIME), Bytes.long8(time));
    }

    private static int visible(Link link) {
        return link.isVisible() ? 1 : 0;
    }

    private static int visible(byte[] linkValue) {
        return linkValue != null && Values.linkVisible(linkValue) ? 1 : 0;
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        pass.enter();
        try {
            byte[] v = db.get(d.counts, Keys.count(id1, linkType, Keys.CELL_COUNT));
            return v == null ? 0 : Bytes.getUint64(v);
        } catch (RocksDBException e) {
            throw errors.onOperation("COUNT_LINK", e);
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
        pass.enter();
        try {
            List<Link> out = new ArrayList<>(sorted.length);
            if (sorted.length == 1) {
                byte[] v = db.get(d.links, Keys.link(id1, linkType, sorted[0]));
                if (v != null) {
                    out.add(Values.toLink(id1, linkType, sorted[0], v));
                }
                return out;
            }
            List<byte[]> keys = new ArrayList<>(sorted.length);
            for (long id2 : sorted) {
                keys.add(Keys.link(id1, linkType, id2));
            }
            List<byte[]> values = db.multiGetAsList(Collections.nCopies(sorted.length, d.links), keys);
            for (int i = 0; i < sorted.length; i++) {
                byte[] v = values.get(i);
                if (v != null) {
                    out.add(Values.toLink(id1, linkType, sorted[i], v));
                }
            }
            return out;
        } catch (RocksDBException e) {
            throw errors.onOperation("MULTIGET_LINK", e);
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
        pass.enter();
        try (RocksIterator it = db.newIterator(d.linkTime, groupScan)) {
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
        } catch (RocksDBException e) {
            throw errors.onOperation("GET_LINKS_LIST", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        if (nodes.isEmpty()) {
            return;
        }
        pass.enter();
        try {
            batch.clear();
            long maxId = Long.MIN_VALUE;
            for (Node n : nodes) {
                batch.put(d.nodes, Keys.node(n.id()), Values.node(n));
                maxId = Math.max(maxId, n.id());
            }
            nodeIds.raiseAbove(maxId);
            db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw errors.onOperation("load of nodes", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        if (links.isEmpty()) {
            return;
        }
        pass.enter();
        try {
            batch.clear();
            for (Link l : links) {
                batch.put(d.links, Keys.link(l.id1(), l.linkType(), l.id2()), Values.link(l));
                if (l.isVisible()) {
                    batch.put(d.linkTime, Keys.linkTime(l.id1(), l.linkType(), l.time(), l.id2()), Values.timeEntry(l));
                }
            }
            db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw errors.onOperation("load of links", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        if (counts.isEmpty()) {
            return;
        }
        pass.enter();
        try {
            batch.clear();
            ColumnFamilyHandle cf = d.counts;
            for (LinkCount c : counts) {
                batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_COUNT), Bytes.uint64(c.count()));
                batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_VERSION), Bytes.uint64(c.version()));
                batch.put(cf, Keys.count(c.id1(), c.linkType(), Keys.CELL_TIME), Bytes.long8(c.time()));
            }
            db.write(loadWrites, batch);
        } catch (RocksDBException e) {
            throw errors.onOperation("load of counts", e);
        } finally {
            pass.exit();
        }
    }

    @Override
    public void close() {
        pass.release();
        batch.close();
        groupScan.close();
    }
}
