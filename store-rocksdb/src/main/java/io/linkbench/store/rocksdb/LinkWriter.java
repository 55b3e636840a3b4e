package io.linkbench.store.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import org.rocksdb.AbstractWriteBatch;
import org.rocksdb.RocksDBException;
import org.rocksdb.WriteOptions;

/**
 * The link writes of one session (ADD_LINK, UPDATE_LINK, DELETE_LINK). Each holds the stripe lock of its
 * (id1, link_type) group while it reads the old link and writes one batch with the link row, the
 * link_time entry and the count cells, so concurrent writers of a group are serialized and each change
 * is atomic. Reads, locks and batches go through the session's {@link SessionTransaction}. Called by
 * {@link RocksDbSession}, which enters the gate and turns a failure into its exception around each call.
 */
final class LinkWriter {
    private static final byte[] ONE = Bytes.uint64(1);
    private static final byte[] ZERO = Bytes.uint64(0);
    private static final byte[] MINUS_ONE = Bytes.uint64(-1);

    private final Database d;
    private final StripedLocks locks;
    private final SessionTransaction tx;
    private final WriteOptions writes;

    /** What a link write does with a missing link and with the count row. */
    enum Kind {
        /** ADD_LINK: inserts a missing link; writes the count row even when visibility stays. */
        ADD("ADD_LINK", true),
        /** UPDATE_LINK: skips a missing link; writes the count row only when visibility changes. */
        UPDATE("UPDATE_LINK", false),
        /** UPDATE_LINK of the original benchmark: an existing link as UPDATE, a missing one as ADD. */
        UPDATE_OR_ADD("UPDATE_LINK", true);

        final String op;
        final boolean insertsMissing;

        Kind(String op, boolean insertsMissing) {
            this.op = op;
            this.insertsMissing = insertsMissing;
        }

        /** Whether the count row is written when the link's visibility does not change. */
        boolean touchesCount(byte[] old) {
            return this == ADD || old == null;
        }
    }

    LinkWriter(Database d, StripedLocks locks, SessionTransaction tx, WriteOptions writes) {
        this.d = d;
        this.locks = locks;
        this.tx = tx;
        this.writes = writes;
    }

    /**
     * ADD_LINK and UPDATE_LINK: under the group lock, reads the old link and writes one batch with the
     * link row, its link_time entry and the count cells as {@code kind} says.
     *
     * @return whether the link existed before (nothing is written when it did not and is not inserted)
     */
    boolean write(Kind kind, Link link) throws StoreException, RocksDBException {
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
    }

    /**
     * DELETE_LINK: under the group lock, hides the link (or removes it when {@code expunge}) and, when it
     * was visible, drops its link_time entry and counts it out, in one batch.
     *
     * @return whether the link existed
     */
    boolean delete(long id1, long linkType, long id2, boolean expunge) throws StoreException, RocksDBException {
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
}
