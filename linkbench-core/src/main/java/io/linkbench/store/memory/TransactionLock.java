package io.linkbench.store.memory;

import io.linkbench.store.StoreException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;

/**
 * The memory store's store-wide lock between transactions and everything else: every single
 * operation and bulk load holds its shared side for its duration, a transaction (read-only or not)
 * holds its exclusive side from {@code begin} to its commit or rollback. So transactions run one at a
 * time, and while one runs no other session reads or writes: serializable, and a read-only
 * transaction sees one state.
 *
 * <p>A {@link StampedLock}: a shared hold is one compare-and-set on the way in and one on the way out,
 * with no per-thread bookkeeping (a {@code ReentrantReadWriteLock} adds a thread-local hold count to
 * every read lock); none of the holds nests, and the exclusive hold is released by the session that
 * took it, on its own thread or in {@code close()}. Every wait has a deadline: a holder that never
 * ends cannot hang a requester, which fails with CONFLICT after {@link #WAIT_SECONDS}.
 */
final class TransactionLock {
    /** The longest wait for either side; then the requester fails with CONFLICT. */
    static final long WAIT_SECONDS = 10;

    private final StampedLock lock = new StampedLock();

    /** Takes the shared side; returns the stamp for {@link #releaseShared}. */
    long shared() throws StoreException {
        long stamp = lock.tryReadLock();
        return stamp != 0 ? stamp : await(false);
    }

    void releaseShared(long stamp) {
        lock.unlockRead(stamp);
    }

    /** Takes the exclusive side; returns the stamp (never 0) for {@link #releaseExclusive}. */
    long exclusive() throws StoreException {
        long stamp = lock.tryWriteLock();
        return stamp != 0 ? stamp : await(true);
    }

    void releaseExclusive(long stamp) {
        lock.unlockWrite(stamp);
    }

    private long await(boolean exclusive) throws StoreException {
        long stamp;
        try {
            stamp = exclusive ? lock.tryWriteLock(WAIT_SECONDS, TimeUnit.SECONDS)
                    : lock.tryReadLock(WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(StoreException.Kind.OTHER, "interrupted while waiting for the memory store's "
                    + "transaction lock", e);
        }
        if (stamp == 0) {
            throw new StoreException(StoreException.Kind.CONFLICT, "lock wait timeout: a transaction of the memory store "
                    + "held its store-wide lock for more than " + WAIT_SECONDS + " s");
        }
        return stamp;
    }
}
