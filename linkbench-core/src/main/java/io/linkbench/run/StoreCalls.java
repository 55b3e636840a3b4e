package io.linkbench.run;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Which workers of a phase are inside a store call, and since when: each worker marks the start and end
 * of its calls through its {@link Slot} (one ordered store each, no lock, no shared counter), and the
 * phase's monitoring thread looks at them ({@link #waiting}) to tell a stalled server apart from a slow
 * one: a status line that says how long the requesters have waited, and the limit after which a load
 * counts the server as stalled.
 */
final class StoreCalls {
    /** Slots 128 bytes apart, so that workers do not write one cache line. */
    private static final int SPACING = 16;
    private static final long IDLE = 0;

    private final int workers;
    private final AtomicLongArray since;

    StoreCalls(int workers) {
        this.workers = workers;
        this.since = new AtomicLongArray(workers * SPACING);
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
        }
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
