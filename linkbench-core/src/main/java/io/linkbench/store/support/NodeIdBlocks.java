package io.linkbench.store.support;

import io.linkbench.store.StoreException;

/**
 * The ADD_NODE id allocator of a store: reserves a block of ids at a time from a durable counter
 * ({@link Counter}) and hands them out in this process, so the ids of all processes sharing the counter
 * are distinct, and the ids one instance hands out increase. A restart continues above every id that
 * may have been handed out, at the cost of a gap (the rest of the last block).
 *
 * <p>The store implements {@link Counter} with its own atomic primitive (a findAndModify, a write
 * under the database's process lock, an UPDATE ... RETURNING); everything else is here. Thread-safe.
 */
public final class NodeIdBlocks {

    /**
     * The durable, atomic counter behind the allocator: a number N such that every id below N is
     * taken. Both steps must be atomic across every process that shares the counter.
     */
    public interface Counter {
        /**
         * Adds {@code size} to N and returns the new N: the ids {@code [N - size, N)} are the
         * caller's alone, durably (no later reservation, in any process, returns them again).
         */
        long reserve(int size) throws StoreException;

        /** Raises N to at least {@code floor}: every later reservation lies at or above it. */
        void raiseTo(long floor) throws StoreException;
    }

    private final Counter counter;
    private final int blockSize;
    private long next; // the next id of the reserved block [next, end); guarded by this
    private long end;

    /**
     * @param counter   the durable counter
     * @param blockSize ids reserved at a time (1: every id is one reservation, and ids increase
     *                  across processes too)
     */
    public NodeIdBlocks(Counter counter, int blockSize) {
        if (blockSize < 1) {
            throw new IllegalArgumentException("block size " + blockSize + " < 1");
        }
        this.counter = counter;
        this.blockSize = blockSize;
    }

    /** The next id (at least 1): from the reserved block, or from a block reserved now. */
    public synchronized long next() throws StoreException {
        if (next >= end) {
            long newEnd = counter.reserve(blockSize);
            next = Math.max(1, newEnd - blockSize); // ids start at 1
            end = newEnd;
        }
        return next++;
    }

    /**
     * Makes every id handed out from now on, by this allocator and every other one sharing the
     * counter, greater than {@code id} (nodes up to it were loaded, or found stored); drops the
     * local block if it lies below.
     */
    public void raiseAbove(long id) throws StoreException {
        counter.raiseTo(id + 1);
        synchronized (this) {
            if (next <= id) {
                next = 0;
                end = 0;
            }
        }
    }

    /** Forgets the reserved block, e.g. after the counter was emptied; the next id reserves anew. */
    public synchronized void reset() {
        next = 0;
        end = 0;
    }
}
