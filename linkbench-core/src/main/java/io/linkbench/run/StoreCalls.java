package io.linkbench.run;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which workers of a phase are inside a store call, and since when: each worker marks the start and end
 * of its calls through its {@link Slot} (one ordered store each, no lock, no shared counter), and the
 * phase's monitoring thread looks at them ({@link #waiting}) to tell a stalled server apart from a slow
 * one: a status line that says how long the requesters have waited, and the limit after which a load
 * counts the server as stalled. It also keeps the longest stretch in which no call returned ({@link #longestGap}):
 * a server stopped for a while inside a phase shows there even when the phase ends in time.
 */
final class StoreCalls {
    /** Slots 128 bytes apart, so that workers do not write one cache line. */
    private static final int SPACING = 16;
    private static final long IDLE = 0;
    /**
     * Returns closer than this to the last one written are not written again (the workers share that clock): the
     * gaps are measured that much too long at most.
     */
    private static final long GAP_GRAIN = 10_000_000L;

    private final int workers;
    private final AtomicLongArray since;
    /** When a call last returned (within {@link #GAP_GRAIN}). */
    private final AtomicLong lastReturn = new AtomicLong(System.nanoTime());
    /** The longest gap between two returns seen so far, from and to ({@link System#nanoTime()}); guarded by this. */
    private long gapFrom;
    private long gapTo;

    StoreCalls(int workers) {
        this.workers = workers;
        this.since = new AtomicLongArray(workers * SPACING);
        this.gapFrom = lastReturn.get();
        this.gapTo = gapFrom;
    }

    /** The marks of worker {@code i} (0-based, below the number of workers). */
    Slot slot(int i) {
        return new Slot(i * SPACING);
    }

    /** A worker's marks: the start and end of each of its store calls. */
    interface Marks {
        /** A call starts at {@code startNanos} ({@link System#nanoTime()}). */
        void enter(long startNanos);

        /** The call that started last ends now. */
        void exit();

        /** Both {@code a} and {@code b}, in that order. */
        static Marks both(Marks a, Marks b) {
            return new Marks() {
                @Override
                public void enter(long startNanos) {
                    a.enter(startNanos);
                    b.enter(startNanos);
                }

                @Override
                public void exit() {
                    a.exit();
                    b.exit();
                }
            };
        }
    }

    /** One worker's marks; used by that worker's thread only. */
    final class Slot implements Marks {
        private final int index;

        private Slot(int index) {
            this.index = index;
        }

        @Override
        public void enter(long startNanos) {
            since.setRelease(index, startNanos == IDLE ? 1 : startNanos);
        }

        @Override
        public void exit() {
            since.setRelease(index, IDLE);
            returned(System.nanoTime());
        }
    }

    /** A call returned at {@code now}: the gap since the one before may be the longest. */
    private void returned(long now) {
        if (now - lastReturn.get() < GAP_GRAIN) {
            return; // a return close before: no write to the shared clock
        }
        long before = lastReturn.getAndAccumulate(now, Math::max);
        if (now - before > GAP_GRAIN) {
            gapEnded(before, now);
        }
    }

    private synchronized void gapEnded(long from, long to) {
        if (to - from > gapTo - gapFrom) {
            gapFrom = from;
            gapTo = to;
        }
    }

    /** Gaps are measured from {@code nowNanos} on (the measured window opens): the longest so far is forgotten. */
    synchronized void measureGapsFrom(long nowNanos) {
        lastReturn.set(nowNanos);
        gapFrom = nowNanos;
        gapTo = nowNanos;
    }

    /**
     * The longest stretch with no call returned.
     *
     * @param fromNanos when it began: the return before it, or the start of the measure ({@link System#nanoTime()})
     * @param nanos     how long it lasted
     */
    record Gap(long fromNanos, long nanos) {
        double seconds() {
            return nanos / 1e9;
        }
    }

    /**
     * The longest stretch since {@link #measureGapsFrom} (or since this was made) in which no store call returned,
     * up to {@code nowNanos}: the stretch since the last return counts too (calls still inside the store at the end).
     */
    synchronized Gap longestGap(long nowNanos) {
        long last = lastReturn.get();
        if (nowNanos - last > gapTo - gapFrom) {
            return new Gap(last, Math.max(0, nowNanos - last));
        }
        return new Gap(gapFrom, gapTo - gapFrom);
    }

    /**
     * The workers inside a store call at {@code nowNanos}.
     *
     * @param inCall   how many are inside a call
     * @param longest  nanoseconds the longest-waiting one has waited (0 when none is inside a call)
     * @param shortest nanoseconds the one that entered its call last has waited (0 when none is)
     */
    record Waiting(int inCall, long longest, long shortest) {
        /** Seconds the longest-waiting worker has waited. */
        double longestSeconds() {
            return longest / 1e9;
        }

        /** True when {@code alive} workers are all inside a call that has lasted longer than {@code limitNanos}. */
        boolean allLongerThan(int alive, long limitNanos) {
            return alive > 0 && inCall >= alive && shortest > limitNanos;
        }
    }

    /** Who waits inside a store call now. */
    Waiting waiting(long nowNanos) {
        int in = 0;
        long longest = 0;
        long shortest = Long.MAX_VALUE;
        for (int i = 0; i < workers; i++) {
            long start = since.getAcquire(i * SPACING);
            if (start != IDLE) {
                in++;
                long waited = Math.max(0, nowNanos - start);
                longest = Math.max(longest, waited);
                shortest = Math.min(shortest, waited);
            }
        }
        return new Waiting(in, longest, in == 0 ? 0 : shortest);
    }
}
