package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.rocksdb.AbstractWriteBatch;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteBatchWithIndex;
import org.rocksdb.WriteOptions;

/**
 * How one session reads, locks and writes: outside a transaction, inside a read-only one, or inside a
 * read-write one. Used by the session's thread only.
 *
 * <ul>
 *   <li><b>No transaction:</b> reads go to the database as they are; a write operation holds its
 *       stripe while it reads and writes, and writes one batch.</li>
 *   <li><b>Read-only:</b> every read sees the RocksDB snapshot taken at {@link #begin}; no lock.</li>
 *   <li><b>Read-write:</b> every operation takes the stripe of its node or (id1, link_type) group and
 *       keeps it until the transaction ends (strict two-phase locking); writes collect in a
 *       {@link WriteBatchWithIndex} that reads look through, so the transaction sees its own writes;
 *       {@link #commit} is one atomic write of that batch.</li>
 * </ul>
 */
final class SessionTransaction implements AutoCloseable {
    private enum State { NONE, READ_ONLY, READ_WRITE }

    private final RocksDB db;
    private final StripedLocks locks;
    private final StripedLocks.Owner owner = new StripedLocks.Owner();
    /** The stripes a read-write transaction holds. */
    private final List<StripedLocks.Stripe> held = new ArrayList<>();
    /** The writes of the open read-write transaction. */
    private final WriteBatchWithIndex pending = new WriteBatchWithIndex(true);
    /** The batch of one write operation outside a transaction. */
    private final WriteBatch single = new WriteBatch();
    /** Scans of one link_time group: the prefix extractor and its bloom filter apply. */
    private final ReadOptions groupScan = new ReadOptions().setPrefixSameAsStart(true);
    private final ReadOptions latest = new ReadOptions();
    private final ReadOptions snapshotReads = new ReadOptions();
    private final ReadOptions snapshotScan = new ReadOptions().setPrefixSameAsStart(true);
    private Snapshot snapshot;
    private State state = State.NONE;

    SessionTransaction(RocksDB db, StripedLocks locks) {
        this.db = db;
        this.locks = locks;
    }

    boolean open() {
        return state != State.NONE;
    }

    /** Starts a transaction; a read-only one takes its snapshot now. */
    void begin(boolean readOnly) {
        if (state != State.NONE) {
            throw new IllegalStateException("begin: a transaction is open on this session already");
        }
        if (readOnly) {
            snapshot = db.getSnapshot();
            snapshotReads.setSnapshot(snapshot);
            snapshotScan.setSnapshot(snapshot);
            state = State.READ_ONLY;
        } else {
            state = State.READ_WRITE;
        }
    }

    /** Writes the transaction's batch, if any, in one atomic write; the transaction ends either way. */
    void commit(WriteOptions writes) throws RocksDBException {
        if (state == State.NONE) {
            throw new IllegalStateException("commit: no transaction is open on this session");
        }
        try {
            if (state == State.READ_WRITE && pending.count() > 0) {
                db.write(writes, pending);
            }
        } finally {
            end(true);
        }
    }

    /** Discards the open transaction, if any. */
    void rollback() {
        end(true);
    }

    /** Ends the transaction after the store was closed: gives the stripes back and leaves the database alone. */
    void forget() {
        end(false);
    }

    private void end(boolean releaseSnapshot) {
        if (state == State.NONE) {
            return;
        }
        for (StripedLocks.Stripe s : held) {
            StripedLocks.unlock(s);
        }
        held.clear();
        pending.clear(); // the session's own objects, not the database's
        if (snapshot != null) {
            snapshotReads.setSnapshot(null);
            snapshotScan.setSnapshot(null);
            if (releaseSnapshot) {
                db.releaseSnapshot(snapshot);
            }
            snapshot = null;
        }
        state = State.NONE;
    }

    /**
     * Whether reads lock: inside a read-write transaction a read takes the stripe of its node or group
     * ({@link #lock}) and keeps it to the end, so what it read cannot change before the commit.
     */
    boolean locksReads() {
        return state == State.READ_WRITE;
    }

    /**
     * Takes the stripe {@code s} for operation {@code op}: one that writes, or one that reads inside a
     * read-write transaction ({@link #locksReads}); a failure ends the transaction.
     *
     * @return whether the caller gives it back when the operation ends ({@link #release}): true outside
     * a transaction, false inside one, which keeps it
     * @throws StoreException REJECTED inside a read-only transaction; CONFLICT or OTHER from
     *                        {@link StripedLocks#lock}
     */
    boolean lock(StripedLocks.Stripe s, String op) throws StoreException {
        switch (state) {
            case NONE -> {
                locks.lock(owner, s, op);
                return true;
            }
            case READ_ONLY -> throw refuseWrite(op);
            default -> {
                if (!s.heldBy(owner)) {
                    try {
                        locks.lock(owner, s, op);
                    } catch (StoreException e) {
                        rollback();
                        throw e;
                    }
                    held.add(s);
                }
                return false;
            }
        }
    }

    /** Refuses a write that takes no lock (ADD_NODE) inside a read-only transaction. */
    void checkWritable(String op) throws StoreException {
        if (state == State.READ_ONLY) {
            throw refuseWrite(op);
        }
    }

    private StoreException refuseWrite(String op) {
        rollback();
        return new StoreException(Kind.REJECTED, op + " inside a read-only transaction (begin(false) starts one "
                + "that writes); the transaction is rolled back");
    }

    /** Gives back a stripe that {@link #lock} said to give back. */
    static void release(StripedLocks.Stripe s) {
        StripedLocks.unlock(s);
    }

    /** The value of {@code key}: as the transaction sees it, or as the database holds it now. */
    byte[] get(ColumnFamilyHandle cf, byte[] key) throws RocksDBException {
        return switch (state) {
            case NONE -> db.get(cf, key);
            case READ_ONLY -> db.get(cf, snapshotReads, key);
            case READ_WRITE -> pending.getFromBatchAndDB(db, cf, latest, key);
        };
    }

    /** The values of {@code keys} (null for a missing one), in their order. */
    List<byte[]> multiGet(ColumnFamilyHandle cf, List<byte[]> keys) throws RocksDBException {
        List<ColumnFamilyHandle> families = Collections.nCopies(keys.size(), cf);
        return switch (state) {
            case NONE -> db.multiGetAsList(families, keys);
            case READ_ONLY -> db.multiGetAsList(snapshotReads, families, keys);
            case READ_WRITE -> {
                List<byte[]> out = new ArrayList<>(keys.size());
                for (byte[] k : keys) {
                    out.add(pending.getFromBatchAndDB(db, cf, latest, k));
                }
                yield out;
            }
        };
    }

    /** An iterator over one group of {@code cf} (prefix-bounded), as {@link #get} sees the data. */
    RocksIterator groupIterator(ColumnFamilyHandle cf) {
        return switch (state) {
            case NONE -> db.newIterator(cf, groupScan);
            case READ_ONLY -> db.newIterator(cf, snapshotScan);
            // the returned iterator owns the base one
            case READ_WRITE -> pending.newIteratorWithBase(cf, db.newIterator(cf, groupScan), groupScan);
        };
    }

    /**
     * The batch a write operation adds to: the transaction's, or an empty one of its own that
     * {@link #finish} writes.
     */
    AbstractWriteBatch batch() {
        if (state == State.READ_WRITE) {
            return pending;
        }
        single.clear();
        return single;
    }

    /** Ends a write operation: writes its batch outside a transaction; inside one, the commit will. */
    void finish(AbstractWriteBatch b, WriteOptions writes) throws RocksDBException {
        if (b == single) {
            db.write(writes, single);
        }
    }

    /** Writes one key: at once outside a transaction, into its batch inside one. */
    void put(ColumnFamilyHandle cf, byte[] key, byte[] value, WriteOptions writes) throws RocksDBException {
        if (state == State.READ_WRITE) {
            pending.put(cf, key, value);
        } else {
            db.put(cf, writes, key, value);
        }
    }

    /** Deletes one key: at once outside a transaction, in its batch inside one. */
    void delete(ColumnFamilyHandle cf, byte[] key, WriteOptions writes) throws RocksDBException {
        if (state == State.READ_WRITE) {
            pending.delete(cf, key);
        } else {
            db.delete(cf, writes, key);
        }
    }

    /** The batch of a bulk load (never inside a transaction), emptied. */
    WriteBatch loadBatch() {
        single.clear();
        return single;
    }

    @Override
    public void close() {
        pending.close();
        single.close();
        groupScan.close();
        latest.close();
        snapshotReads.close();
        snapshotScan.close();
    }
}
