package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * Exclusive locks on nodes and (id1, link_type) groups: a fixed set of stripes chosen by hashing the
 * key, each held by one {@link Owner} (a session, whatever thread it runs on) at a time. A single
 * operation holds one stripe while it reads and writes; a read-write transaction keeps every stripe it
 * took until it ends. Every wait has a deadline, and a wait that would close a cycle of owners waiting
 * for each other (a deadlock between transactions) fails at once: both are {@link Kind#CONFLICT}.
 *
 * <pre>{@code
 * Stripe s = locks.group(id1, linkType);
 * locks.lock(owner, s, "ADD_LINK");   // CONFLICT after the deadline or on a deadlock
 * try { ... } finally { StripedLocks.unlock(s); }
 * }</pre>
 */
final class StripedLocks {
    /** Owners followed at most when looking for a cycle; a longer chain is left to the deadline. */
    private static final int MAX_CHAIN = 1024;

    private final Stripe[] stripes;
    private final int mask;
    private final long timeoutNanos;
    private final long timeoutMillis;

    /**
     * @param count         a power of two
     * @param timeoutMillis the longest wait for one stripe
     */
    StripedLocks(int count, long timeoutMillis) {
        if (Integer.bitCount(count) != 1) {
            throw new IllegalArgumentException("stripe count must be a power of two: " + count);
        }
        stripes = new Stripe[count];
        for (int i = 0; i < count; i++) {
            stripes[i] = new Stripe();
        }
        mask = count - 1;
        this.timeoutMillis = timeoutMillis;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /** The stripe of the (id1, link_type) group. */
    Stripe group(long id1, long linkType) {
        return stripes[(int) mix(id1 * 0x9E3779B97F4A7C15L + linkType) & mask];
    }

    /** The stripe of a node id. */
    Stripe node(long id) {
        return stripes[(int) mix(id) & mask];
    }

    /**
     * Takes {@code s} for {@code who}, which must not hold it already.
     *
     * @param op the operation, for the message
     * @throws StoreException CONFLICT when the stripe stays taken past the deadline or the wait would
     *                        close a cycle of waiting owners; OTHER when the thread is interrupted
     */
    void lock(Owner who, Stripe s, String op) throws StoreException {
        if (s.tryAcquire(1)) {
            s.owner = who;
        } else {
            waitFor(who, s, op);
        }
    }

    private void waitFor(Owner who, Stripe s, String op) throws StoreException {
        // Publish the wait before looking for a cycle: of two owners starting to wait for each other,
        // at least one sees the other's wait.
        who.waitingFor = s;
        try {
            if (closesCycle(who, s)) {
                throw new StoreException(Kind.CONFLICT, op + ": deadlock: the lock it waits for is held by a "
                        + "transaction that waits, directly or not, for one this session holds");
            }
            if (!s.tryAcquireNanos(1, timeoutNanos)) {
                throw new StoreException(Kind.CONFLICT, op + ": lock wait timeout (" + RocksDbConfig.LOCK_WAIT_TIMEOUT_MS
                        + " = " + timeoutMillis + "): a transaction held the node or (id1, link_type) group that long");
            }
            s.owner = who;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(Kind.OTHER, op + ": interrupted while waiting for a lock", e);
        } finally {
            who.waitingFor = null;
        }
    }

    /** Gives back a stripe taken by {@link #lock}; any thread may call it. */
    static void unlock(Stripe s) {
        s.owner = null;
        s.release(1);
    }

    /**
     * Whether the owners that hold what {@code who} waits for, and what they wait for in turn, lead back
     * to {@code who}. Reads a moving graph without stopping it: a cycle it misses ends at the deadline.
     */
    private static boolean closesCycle(Owner who, Stripe wanted) {
        Stripe s = wanted;
        for (int i = 0; i < MAX_CHAIN && s != null; i++) {
            Owner holder = s.owner;
            if (holder == null) {
                return false;
            }
            if (holder == who) {
                return true;
            }
            s = holder.waitingFor;
        }
        return false;
    }

    /** A 64-bit finalizer (xor-shift-multiply) that spreads neighbouring ids over the stripes. */
    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    /**
     * One lock: free (state 0) or taken (1), by an {@link Owner} rather than a thread, so any thread may
     * give it back; one object, so taking it touches one cache line.
     */
    static final class Stripe extends AbstractQueuedSynchronizer {
        private static final long serialVersionUID = 1L;
        private transient volatile Owner owner;

        @Override
        protected boolean tryAcquire(int ignored) {
            return compareAndSetState(0, 1);
        }

        @Override
        protected boolean tryRelease(int ignored) {
            setState(0);
            return true;
        }

        /** Whether {@code who} holds this stripe. */
        boolean heldBy(Owner who) {
            return owner == who;
        }
    }

    /** A holder of stripes (one per session), and the stripe it waits for, if any. */
    static final class Owner {
        private volatile Stripe waitingFor;
    }
}
