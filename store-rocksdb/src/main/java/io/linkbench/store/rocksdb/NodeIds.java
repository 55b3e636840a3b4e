package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Assigns ADD_NODE ids: above every id that exists, was loaded or was assigned before, even after the
 * highest node is deleted and the store reopened. Ids are handed out from an in-memory counter; the
 * store persists a reservation ({@link Reservations}) one block ahead, so a restart continues above
 * every id that may have been handed out, at the cost of a gap.
 */
final class NodeIds {
    static final long BLOCK = 1024;

    /** Where the highest reserved id is persisted. */
    interface Reservations {
        void persist(long reservedUpTo) throws StoreException;
    }

    private final AtomicLong last;
    private final Reservations reservations;
    private volatile long reserved;

    /** @param start the highest id in use or reserved before: the first assigned id is start + 1 */
    NodeIds(long start, Reservations reservations) {
        this.last = new AtomicLong(start);
        this.reserved = start;
        this.reservations = reservations;
    }

    /** The next id for ADD_NODE. */
    long next() throws StoreException {
        long id = last.incrementAndGet();
        if (id > reserved) {
            reserveThrough(id);
        }
        return id;
    }

    /** Records that ids up to {@code maxId} were loaded, so later ids are above them. */
    void loaded(long maxId) throws StoreException {
        long now = last.accumulateAndGet(maxId, Math::max);
        if (now > reserved) {
            reserveThrough(now);
        }
    }

    private synchronized void reserveThrough(long id) throws StoreException {
        if (id > reserved) {
            long upTo = id + BLOCK;
            reservations.persist(upTo);
            reserved = upTo;
        }
    }
}
