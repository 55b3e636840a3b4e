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
 *                      when unavailable
 */
public record IntervalPoint(double offsetSeconds, double seconds, boolean warmup, List<OpInterval> ops, long errors,
                            Map<String, Double> rates) {
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
