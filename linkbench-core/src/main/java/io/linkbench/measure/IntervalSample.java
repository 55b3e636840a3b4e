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

    /**
     * The interval as a point for charts and CSV.
     *
     * @param names         operation names, indexed like the histograms
     * @param offsetSeconds end of the interval since the phase started
     * @param warmup        whether the interval is (partly) warm-up
     * @param rates         host rates of the interval, possibly empty
     */
    public IntervalPoint toPoint(String[] names, double offsetSeconds, boolean warmup, java.util.Map<String, Double> rates) {
        java.util.List<IntervalPoint.OpInterval> ops = new java.util.ArrayList<>(names.length);
        long errorSum = 0;
        for (int i = 0; i < names.length; i++) {
            Histogram h = response != null ? response[i] : service[i];
            boolean any = h.getTotalCount() > 0;
            ops.add(new IntervalPoint.OpInterval(names[i], service[i].getTotalCount(), rows[i],
                    any ? h.getValueAtPercentile(50) / 1e6 : Double.NaN,
                    any ? h.getValueAtPercentile(99) / 1e6 : Double.NaN,
                    any ? h.getMaxValue() / 1e6 : Double.NaN));
            errorSum += errors[i];
        }
        return new IntervalPoint(offsetSeconds, seconds(), warmup, ops, errorSum, rates);
    }

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
