package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import io.linkbench.store.support.NodeIdBlocks;

/**
 * The durable counter behind the store's ADD_NODE ids ({@link NodeIdBlocks}): the highest id taken,
 * persisted by {@link Reservations} before any id of a block is handed out, so a reopened store
 * assigns above every id that exists, was loaded or was assigned before, even after the highest node
 * was deleted. Only one process opens a RocksDB database, so the atomic step is this object's lock.
 */
final class NodeIdCounter implements NodeIdBlocks.Counter {
    /** Ids reserved at a time. */
    static final int BLOCK = 1024;

    /** Where the highest reserved id is persisted. */
    interface Reservations {
        void persist(long reservedUpTo) throws StoreException;
    }

    private final Reservations reservations;
    private long reserved; // guarded by this

    /** @param start the highest id in use or reserved before: the first assigned id is start + 1 */
    NodeIdCounter(long start, Reservations reservations) {
        this.reserved = start;
        this.reservations = reservations;
    }

    @Override
    public synchronized long reserve(int size) throws StoreException {
        long upTo = reserved + size;
        reservations.persist(upTo);
        reserved = upTo;
        return upTo + 1;
    }

    @Override
    public synchronized void raiseTo(long floor) throws StoreException {
        if (floor - 1 > reserved) {
            reservations.persist(floor - 1);
            reserved = floor - 1;
        }
    }
}
