package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Open loop: how many requesters are inside a store call at once. Each requester marks the start and
 * end of its calls (retries included) through its {@link Slot}; the monitoring thread takes
 * {@link #sample} at the end of every interval: the time-weighted mean (the time requesters spent in
 * calls within the interval, the part of a call that crosses a boundary counted on each side, over the
 * interval's length) and the most at once.
 */
final class BusyRequesters {
    private static final long IDLE = Long.MIN_VALUE;

    private final AtomicLongArray starts;
    private final AtomicInteger now = new AtomicInteger();
    private final AtomicInteger max = new AtomicInteger();
    private final LongAdder endedNanos = new LongAdder();
    private volatile long lastSampleNanos;

    BusyRequesters(int requesters, long startNanos) {
        starts = new AtomicLongArray(requesters);
        for (int i = 0; i < requesters; i++) {
            starts.set(i, IDLE);
        }
        lastSampleNanos = startNanos;
    }

    /** The marks of requester {@code i} (0-based, below the number of requesters). */
    Slot slot(int i) {
        return new Slot(i);
    }

    /** One requester's marks; used by that requester's thread only. */
    final class Slot implements StoreCalls.Marks {
        private final int index;

        private Slot(int index) {
            this.index = index;
        }

        @Override
        public void enter(long startNanos) {
            starts.set(index, startNanos);
            max.accumulateAndGet(now.incrementAndGet(), Math::max);
        }

        /** The call ends now: its time since the last sample counts in this interval. */
        @Override
        public void exit() {
            long endNanos = System.nanoTime();
            long start = starts.getAndSet(index, IDLE);
            now.decrementAndGet();
            endedNanos.add(Math.max(0, endNanos - Math.max(start, lastSampleNanos)));
        }
    }

    /** Mean and max since the previous sample, as the interval rates {@code busy_requesters_*}. */
    Map<String, Double> sample(long nowNanos) {
        long from = lastSampleNanos;
        long busy = endedNanos.sumThenReset();
        for (int i = 0; i < starts.length(); i++) {
            long start = starts.get(i);
            if (start != IDLE) { // still inside a call: its part in this interval
                busy += Math.max(0, nowNanos - Math.max(start, from));
            }
        }
        lastSampleNanos = nowNanos;
        long length = nowNanos - from;
        double mean = length > 0 ? busy / (double) length : Double.NaN;
        int most = max.getAndSet(now.get());
        return Map.of(IntervalPoint.BUSY_MEAN, mean, IntervalPoint.BUSY_MAX, (double) most);
    }
}
