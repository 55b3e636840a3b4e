package io.linkbench.store.memory;

import io.linkbench.store.StoreException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.StampedLock;

/**
 * The memory store's store-wide lock between transactions and everything else: every single
 * operation and bulk load holds a shared side for its duration, a transaction (read-only or not)
 * holds the exclusive side from {@code begin} to its commit or rollback. So transactions run one at a
 * time, and while one runs no other session reads or writes: serializable, and a read-only
 * transaction sees one state.
 *
 * <p>The shared side is striped: {@link #STRIPES} {@link StampedLock}s, each on cache lines of its
 * own, a session using the stripe of its worker id, and the exclusive side is all of them, taken in
 * stripe order (two transactions cannot deadlock). So the single operations of the sessions, the hot
 * path, each make one uncontended compare-and-set on the way in and one on the way out, on a line no
 * other session writes; one lock word shared by every session would move between the cores on every
 * operation. A {@link StampedLock} keeps no per-thread hold count (a {@code ReentrantReadWriteLock}'s
 * read side updates a thread-local one on every hold); no hold nests, and the exclusive side is
 * released by the session that took it, on its own thread or in {@code close()}.
 *
 * <p>Every wait has a deadline: a holder that never ends cannot hang a requester, which fails with
 * CONFLICT after {@link #WAIT} (a lock wait timeout, as a database reports it).
 */
final class TransactionLock {
    /** The longest wait for either side; then the requester fails with CONFLICT. */
    static final Duration WAIT = Duration.ofSeconds(10);
    /** Stripes of the shared side: sessions with worker ids this far apart share one. A power of 2. */
    static final int STRIPES = 64;

    /** A {@link StampedLock} followed by 128 bytes of padding: the stripes of one array share no line. */
    @SuppressWarnings("unused")
    private static final class Stripe extends StampedLock {
        private static final long serialVersionUID = 1L;
        private long p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15;
    }

    private final Stripe[] stripes = new Stripe[STRIPES];
    private final Duration wait;

    /** A lock whose requesters wait at most {@code wait}. */
    TransactionLock(Duration wait) {
        this.wait = wait;
        for (int i = 0; i < STRIPES; i++) {
            stripes[i] = new Stripe();
        }
    }

    /** The longest wait as messages write it: "10 s", "250 ms". */
    String waitText() {
        return wait.toMillis() % 1000 == 0 ? wait.toSeconds() + " s" : wait.toMillis() + " ms";
    }

    /** The stripe of a session with this worker id. */
    static int stripe(int workerId) {
        return workerId & (STRIPES - 1);
    }

    /** Takes the shared side of {@code stripe}; returns the stamp for {@link #releaseShared}. */
    long shared(int stripe) throws StoreException {
        StampedLock lock = stripes[stripe];
        long stamp = lock.tryReadLock();
        if (stamp != 0) {
            return stamp;
        }
        try {
            stamp = lock.tryReadLock(wait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            throw interrupted(e);
        }
        if (stamp == 0) {
            throw timeout();
        }
        return stamp;
    }

    void releaseShared(int stripe, long stamp) {
        stripes[stripe].unlockRead(stamp);
    }

    /** Takes the exclusive side: every stripe, in order, within one deadline. */
    void exclusive() throws StoreException {
        long deadline = System.nanoTime() + wait.toNanos();
        for (int i = 0; i < STRIPES; i++) {
            long stamp = stripes[i].tryWriteLock();
            if (stamp == 0) {
                try {
                    stamp = stripes[i].tryWriteLock(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    releaseBelow(i);
                    throw interrupted(e);
                }
                if (stamp == 0) {
                    releaseBelow(i);
                    throw timeout();
                }
            }
        }
    }

    /** Releases the exclusive side, taken by {@link #exclusive}. */
    void releaseExclusive() {
        releaseBelow(STRIPES);
    }

    private void releaseBelow(int end) {
        for (int i = end - 1; i >= 0; i--) {
            stripes[i].tryUnlockWrite();
        }
    }

    private static StoreException interrupted(InterruptedException e) {
        Thread.currentThread().interrupt();
        return new StoreException(StoreException.Kind.OTHER, "interrupted while waiting for the memory store's "
                + "transaction lock", e);
    }

    private StoreException timeout() {
        return new StoreException(StoreException.Kind.CONFLICT, "lock wait timeout: a transaction of the memory store "
                + "held its store-wide lock for more than " + waitText());
    }
}
