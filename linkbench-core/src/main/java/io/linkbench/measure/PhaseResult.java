package io.linkbench.measure;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * Everything measured in one phase, for the console report and {@code result.json}.
 *
 * @param phase           {@code load} or {@code request}
 * @param startEpochMs    wall clock at the start of the measured window
 * @param endEpochMs      wall clock at its end
 * @param seconds         length of the measured window (warm-up excluded; for a load, the insert window)
 * @param openLoop        true when driven at a target rate ({@code requestrate})
 * @param targetRate      ops/s asked for, 0 for closed loop
 * @param ops             per operation (request phase) or per load step, in a fixed order
 * @param scheduleLag     open loop: ns between intended and actual start of each op, else null
 * @param storeCounters   deltas of {@link io.linkbench.store.StoreMetrics#counters()} over the phase (for a
 *                        load, post-load steps included, as in the cost's total)
 * @param sizeBytes       store size at the end of the phase, or -1 when unknown
 * @param steps           timed post-load steps (e.g. index build): name to seconds
 * @param end             how the phase ended: completed (and which limit ended it), interrupted or failed
 * @param warnings        one-line warnings raised during the phase (backlog growing, ...)
 * @param loop            0-based loop number of a request phase run several times ({@code --loops}), else 0
 * @param cost            cost per operation (or row) over the measured window; for a load, the total over
 *                        the insert window and every post-load step, with each as one of its parts
 * @param intervals       one point per {@code displayfreq} interval, in time order
 * @param continuations   request phase: GET_LINKS_LIST calls that continued a remembered full page
 *                        ("history"), see {@link WorkerRecorder#recordContinuation}; else 0
 * @param graph           load: the shape of the graph loaded; null for a request phase, or when unknown
 * @param growth          request phase: what it added to and removed from the graph, warm-up included; null for
 *                        a load, or when unknown
 */
public record PhaseResult(String phase, long startEpochMs, long endEpochMs, double seconds, boolean openLoop,
                          double targetRate, List<OpStats> ops, Histogram scheduleLag,
                          Map<String, Long> storeCounters, long sizeBytes, Map<String, Double> steps,
                          PhaseEnd end, List<String> warnings, int loop, PhaseCost cost,
                          List<IntervalPoint> intervals, long continuations, GraphStats graph, GraphGrowth growth) {
    public PhaseResult {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(end, "end");
        ops = List.copyOf(ops);
        storeCounters = Map.copyOf(storeCounters);
        steps = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(steps));
        warnings = List.copyOf(warnings);
        cost = cost == null ? PhaseCost.NONE : cost;
        intervals = List.copyOf(intervals);
    }

    /**
     * A result without loop number, cost, intervals, continuations, graph or growth, whose end is only
     * known as cut short or not.
     */
    public PhaseResult(String phase, long startEpochMs, long endEpochMs, double seconds, boolean openLoop,
                       double targetRate, List<OpStats> ops, Histogram scheduleLag, Map<String, Long> storeCounters,
                       long sizeBytes, Map<String, Double> steps, boolean interrupted, List<String> warnings) {
        this(phase, startEpochMs, endEpochMs, seconds, openLoop, targetRate, ops, scheduleLag, storeCounters, sizeBytes,
                steps, PhaseEnd.legacy(interrupted), warnings, 0, PhaseCost.NONE, List.of(), 0, null, null);
    }

    /** This result with cost and intervals attached. */
    public PhaseResult with(int newLoop, PhaseCost newCost, List<IntervalPoint> newIntervals) {
        return new PhaseResult(phase, startEpochMs, endEpochMs, seconds, openLoop, targetRate, ops, scheduleLag,
                storeCounters, sizeBytes, steps, end, warnings, newLoop, newCost, newIntervals, continuations,
                graph, growth);
    }

    /** This result with the continuation count and graph statistics attached. */
    public PhaseResult with(long newContinuations, GraphStats newGraph) {
        return new PhaseResult(phase, startEpochMs, endEpochMs, seconds, openLoop, targetRate, ops, scheduleLag,
                storeCounters, sizeBytes, steps, end, warnings, loop, cost, intervals, newContinuations,
                newGraph, growth);
    }

    /** True when the phase was cut short, by a signal or by a failure ({@link PhaseEnd#cutShort()}). */
    public boolean interrupted() {
        return end.cutShort();
    }

    /** The statistics of the operation or load step {@code name}, or null. */
    public OpStats op(String name) {
        for (OpStats s : ops) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** Successful operations, or rows for a load, over the measured window. */
    public long operations() {
        long n = 0;
        for (OpStats s : ops) {
            n += "load".equals(phase) ? s.rows() : s.count();
        }
        return n;
    }

    /** Successful operations (or rows, for a load) per second over the measured window. */
    public double throughput() {
        return seconds > 0 ? operations() / seconds : 0;
    }

    /** Failed calls of all operations (after retries). */
    public long totalErrors() {
        long n = 0;
        for (OpStats s : ops) {
            n += s.errors();
        }
        return n;
    }
}
