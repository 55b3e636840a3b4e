package io.linkbench.measure;

import org.HdrHistogram.Histogram;

/**
 * What all workers recorded between two samples: per operation, service-time histograms, error and
 * row deltas. The histograms are owned by the sample.
 *
 * @param startNanos  {@link System#nanoTime()} at the previous sample
 * @param endNanos    {@link System#nanoTime()} at this sample
 * @param service     per operation
 * @param response    per operation, open loop only (else null)
 * @param lag         schedule lag, open loop only (else null)
 * @param errors      per operation
 * @param rows        per operation (load steps)
 */
public record IntervalSample(long startNanos, long endNanos, Histogram[] service, Histogram[] response,
                             Histogram lag, long[] errors, long[] rows) {

    public double seconds() {
        return (endNanos - startNanos) / 1e9;
    }

    /** Successful calls of all operations in the interval. */
    public long totalCount() {
        long n = 0;
        for (Histogram h : service) {
            n += h.getTotalCount();
        }
        return n;
    }

    public long totalRows() {
        long n = 0;
        for (long r : rows) {
            n += r;
        }
        return n;
    }
}
