package io.linkbench.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one {@code displayfreq} interval of a phase looked like, for the interval CSV and the charts.
 *
 * @param offsetSeconds end of the interval, seconds since the phase started (warm-up included)
 * @param seconds       length of the interval
 * @param warmup        true when the interval lies (partly) in the warm-up
 * @param ops           per operation (or load step): calls and latency in the interval
 * @param errors        failed calls in the interval, all operations
 * @param rates         host and process rates in the interval (e.g. {@code cpu_busy_pct}, {@code rKB/s}); NaN
 *                      when unavailable. Also, under {@value #STORE_COUNTER_PREFIX}{@code <counter>}, the delta of
 *                      each store counter ({@link io.linkbench.store.StoreMetrics#counters()}) over the interval, and
 *                      in an open loop {@value #BUSY_MEAN} and {@value #BUSY_MAX}: the requesters inside a store
 *                      call at once, on average and at most; in a request phase {@value #LIST_ROWS_PER_CALL} and
 *                      {@value #LIST_SKIPPED_PER_CALL}: GET_LINKS_LIST's rows and skipped entries per call
 */
public record IntervalPoint(double offsetSeconds, double seconds, boolean warmup, List<OpInterval> ops, long errors,
                            Map<String, Double> rates) {
    /** Prefix of a store counter's delta over the interval among the {@code rates}. */
    public static final String STORE_COUNTER_PREFIX = "store.";
    /** Open loop: requesters inside a store call, time-weighted mean over the interval. */
    public static final String BUSY_MEAN = "busy_requesters_mean";
    /** Open loop: the most requesters inside a store call at once in the interval. */
    public static final String BUSY_MAX = "busy_requesters_max";
    /** The operation whose rows per call move a request phase's throughput most. */
    public static final String LIST_OP = "GET_LINKS_LIST";
    /** GET_LINKS_LIST: rows returned per successful call in the interval. */
    public static final String LIST_ROWS_PER_CALL = "list_rows_per_call";
    /** GET_LINKS_LIST: invisible entries (deleted or moved links) its reads passed over, per call in the interval. */
    public static final String LIST_SKIPPED_PER_CALL = "list_skipped_per_call";
    /** The store counter of those entries ({@link io.linkbench.store.StoreMetrics#LIST_ENTRIES_SKIPPED}), as a rate. */
    public static final String LIST_SKIPPED_COUNTER = STORE_COUNTER_PREFIX + io.linkbench.store.StoreMetrics.LIST_ENTRIES_SKIPPED;

    public IntervalPoint {
        ops = List.copyOf(ops);
        rates = Collections.unmodifiableMap(new LinkedHashMap<>(rates));
    }

    /**
     * One operation in one interval.
     *
     * @param name  operation or load step
     * @param count successful calls (rows, for load steps: see {@code rows})
     * @param rows  rows written (load steps), else 0
     * @param p50Ms median latency in ms (response time when open loop), NaN when no calls
     * @param p99Ms 99th percentile in ms, NaN when no calls
     * @param maxMs maximum in ms, NaN when no calls
     */
    public record OpInterval(String name, long count, long rows, double p50Ms, double p99Ms, double maxMs) {
    }

    /** Successful calls per second over all operations. */
    public double opsPerSecond() {
        long n = 0;
        for (OpInterval o : ops) {
            n += o.count();
        }
        return seconds > 0 ? n / seconds : 0;
    }
}
