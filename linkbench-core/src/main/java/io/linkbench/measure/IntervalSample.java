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
 * @param outcomes    per operation, what its successful calls found in the interval (rows read, hits); null
 *                    when not recorded
 */
public record IntervalSample(long startNanos, long endNanos, Histogram[] service, Histogram[] response,
                             Histogram lag, long[] errors, long[] rows, OpOutcomes[] outcomes) {

    /** A sample without outcomes (a load). */
    public IntervalSample(long startNanos, long endNanos, Histogram[] service, Histogram[] response, Histogram lag,
                          long[] errors, long[] rows) {
        this(startNanos, endNanos, service, response, lag, errors, rows, null);
    }

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
        return new IntervalPoint(offsetSeconds, seconds(), warmup, ops, errorSum, withListFigures(names, rates));
    }

    /**
     * The rates with GET_LINKS_LIST's rows per call in the interval ({@value IntervalPoint#LIST_ROWS_PER_CALL})
     * and, when the store counts them ({@value IntervalPoint#LIST_SKIPPED_COUNTER}), the invisible entries its
     * reads passed over per call ({@value IntervalPoint#LIST_SKIPPED_PER_CALL}): where a request phase's
     * drift comes from, next to its throughput.
     */
    private java.util.Map<String, Double> withListFigures(String[] names, java.util.Map<String, Double> rates) {
        int list = java.util.Arrays.asList(names).indexOf(IntervalPoint.LIST_OP);
        if (outcomes == null || list < 0 || outcomes[list].calls() == 0) {
            return rates;
        }
        java.util.Map<String, Double> out = new java.util.LinkedHashMap<>(rates);
        double calls = outcomes[list].calls();
        out.put(IntervalPoint.LIST_ROWS_PER_CALL, outcomes[list].rows() / calls);
        Double skipped = rates.get(IntervalPoint.LIST_SKIPPED_COUNTER);
        if (skipped != null && Double.isFinite(skipped)) {
            out.put(IntervalPoint.LIST_SKIPPED_PER_CALL, skipped / calls);
        }
        return out;
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
