package io.linkbench.store.memory;

import java.util.function.LongSupplier;

/**
 * Tells the memory store when the heap is about to run out, before an {@link OutOfMemoryError} does.
 *
 * <p>Why not catch the error instead: it strikes whichever thread allocates next (a loader, a
 * requester, the status thread, the writer of the results), possibly between two updates of a link
 * group, and the threads it ends print their own traces. Checking before a write lets the store fail
 * that write with a {@link io.linkbench.store.StoreException}, which the phases already turn into a
 * failed load or counted errors, while there is still heap to report and write the results.
 *
 * <p>The heap is short when less than {@link #headroom} bytes could still be allocated. As the used
 * figure includes garbage, a short reading is confirmed after a collection ({@code System.gc()}), at most
 * once a second; in between, the live heap is estimated as the last collection left it plus twice what
 * the store says it added since (a loader adds far more than the headroom in a second, so the last
 * reading alone would go stale), and only a short estimate forces another collection.
 */
final class HeapGuard {
    /**
     * The smallest headroom; above 128 MiB of heap it is an eighth of the heap. The driver needs it:
     * batches in flight, and histograms that a small heap's collector must place in whole free regions.
     */
    static final long MIN_HEADROOM = 16L << 20;
    private static final long COLLECT_INTERVAL_NANOS = 1_000_000_000L;

    private final long max;
    private final long headroom;
    private final LongSupplier used;
    private final Runnable collect;
    private long lastCollect;
    private boolean lastShort;
    private boolean collected;
    private long liveAfterCollect;
    private long storeBytesAtCollect;

    /** A guard of this JVM's heap. */
    HeapGuard() {
        this(Runtime.getRuntime().maxMemory(), () -> Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory(),
                System::gc);
    }

    HeapGuard(long max, LongSupplier used, Runnable collect) {
        this.max = max;
        this.headroom = Math.max(MIN_HEADROOM, max / 8);
        this.used = used;
        this.collect = collect;
    }

    /** The heap's limit in bytes ({@code -Xmx}). */
    long max() {
        return max;
    }

    /**
     * True when the heap is short even after a collection.
     *
     * @param storeBytes what the store estimates its data takes now
     */
    boolean isShort(long storeBytes) {
        return max - used.getAsLong() < headroom && confirmShort(storeBytes);
    }

    private synchronized boolean confirmShort(long storeBytes) {
        long now = System.nanoTime();
        if (collected && now - lastCollect < COLLECT_INTERVAL_NANOS) {
            if (lastShort) {
                return true;
            }
            long estimate = liveAfterCollect + 2 * Math.max(0, storeBytes - storeBytesAtCollect);
            if (max - estimate >= headroom) {
                return false;
            }
        }
        collect.run();
        collected = true;
        lastCollect = System.nanoTime();
        liveAfterCollect = used.getAsLong();
        storeBytesAtCollect = storeBytes;
        lastShort = max - liveAfterCollect < headroom;
        return lastShort;
    }
}
