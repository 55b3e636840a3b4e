package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Open loop: how many requesters are inside a store call at once. Requesters call {@link #enter} and
 * {@link #exit} around each call (retries included); the monitoring thread takes {@link #sample} at the
 * end of every interval: the time-weighted mean (the calls' busy time ended in the interval over its
 * length; a call is counted in the interval it ends) and the most at once.
 */
final class BusyRequesters {
    private final AtomicInteger now = new AtomicInteger();
    private final AtomicInteger max = new AtomicInteger();
    private final LongAdder busyNanos = new LongAdder();
    private long lastSampleNanos;

    BusyRequesters(long startNanos) {
        lastSampleNanos = startNanos;
    }

    /** A requester starts a call. */
    void enter() {
        int n = now.incrementAndGet();
        max.accumulateAndGet(n, Math::max);
    }

    /** A requester ends a call that started at {@code startNanos}. */
    void exit(long startNanos, long endNanos) {
        now.decrementAndGet();
        busyNanos.add(endNanos - startNanos);
    }

    /** Mean and max since the previous sample, as the interval rates {@code busy_requesters_*}. */
    Map<String, Double> sample(long nowNanos) {
        long length = nowNanos - lastSampleNanos;
        lastSampleNanos = nowNanos;
        double mean = length > 0 ? busyNanos.sumThenReset() / (double) length : Double.NaN;
        int most = max.getAndSet(now.get());
        return Map.of(IntervalPoint.BUSY_MEAN, mean, IntervalPoint.BUSY_MAX, (double) most);
    }
}
