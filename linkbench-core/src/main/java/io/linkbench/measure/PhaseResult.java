package io.linkbench.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Everything measured in one phase, for the console report and {@code result.json}, in named parts.
 *
 * @param phase     load or request
 * @param loop      0-based loop number of a request phase run several times ({@code --loops}), else 0
 * @param window    when the measured window ran
 * @param latency   the operations' (or load steps') statistics and, open loop, the schedule lag
 * @param end       how the phase ended: completed (and which limit ended it), interrupted or failed
 * @param warnings  one-line warnings raised during the phase (backlog growing, ...)
 * @param store     the store's own counters and size
 * @param steps     timed post-load steps (e.g. index build): name to seconds, in the order they ran
 * @param cost      cost per operation (or row) over the measured window; for a load, the total over the
 *                  insert window and every post-load step, with each as one of its parts
 * @param intervals one point per {@code displayfreq} interval, in time order
 * @param graph     what the phase loaded, found in or did to the graph
 * @param target    the step of a capacity curve this request phase ran ({@code --sweep}, {@code --slo}), or null
 */
public record PhaseResult(Phase phase, int loop, Window window, Latency latency, PhaseEnd end, List<String> warnings,
                          StoreReadings store, Map<String, Double> steps, PhaseCost cost, List<IntervalPoint> intervals,
                          GraphFacts graph, StepTarget target) {
    public PhaseResult {
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(end, "end");
        warnings = List.copyOf(warnings);
        store = store == null ? StoreReadings.NONE : store;
        steps = Collections.unmodifiableMap(new LinkedHashMap<>(steps));
        cost = cost == null ? PhaseCost.NONE : cost;
        intervals = List.copyOf(intervals);
        graph = graph == null ? GraphFacts.NONE : graph;
    }

    /** A phase that is no step of a curve. */
    public PhaseResult(Phase phase, int loop, Window window, Latency latency, PhaseEnd end, List<String> warnings,
                       StoreReadings store, Map<String, Double> steps, PhaseCost cost, List<IntervalPoint> intervals,
                       GraphFacts graph) {
        this(phase, loop, window, latency, end, warnings, store, steps, cost, intervals, graph, null);
    }

    /**
     * What one step of a capacity curve set.
     *
     * @param knob  the setting the curve varies: {@code requestrate} or {@code requesters}
     * @param value its value in this step
     * @param slo   the {@code --slo} conditions the step was run to test, or null for a sweep
     */
    public record StepTarget(String knob, double value, String slo) {
        public StepTarget {
            Objects.requireNonNull(knob, "knob");
        }

        /** A sweep's step. */
        public StepTarget(String knob, double value) {
            this(knob, value, null);
        }
    }

    /**
     * The measured window.
     *
     * @param startEpochMs wall clock at its start
     * @param endEpochMs   wall clock at its end
     * @param seconds      its length (warm-up excluded; for a load, the insert window)
     */
    public record Window(long startEpochMs, long endEpochMs, double seconds) {
    }

    /**
     * What the operations measured.
     *
     * @param openLoop    true when driven at a target rate ({@code requestrate})
     * @param targetRate  ops/s asked for, 0 for closed loop
     * @param ops         per operation (request phase) or per load step, in a fixed order
     * @param scheduleLag open loop: ns between intended and actual start of each op, else null
     */
    public record Latency(boolean openLoop, double targetRate, List<OpStats> ops, Histogram scheduleLag) {
        public Latency {
            ops = List.copyOf(ops);
        }

        /** Closed loop, no schedule lag. */
        public static Latency closedLoop(List<OpStats> ops) {
            return new Latency(false, 0, ops, null);
        }
    }

    /**
     * The store's own readings over the phase.
     *
     * @param counters  deltas of {@link io.linkbench.store.StoreMetrics#counters()} (for a load, post-load
     *                  steps included, as in the cost's total)
     * @param sizeBytes store size at the end of the phase, or -1 when unknown
     * @param logicalBytes load: the bytes of the rows loaded as the workload defines them (keys and payloads,
     *                  {@link LogicalBytes}), the denominator of the space amplification; -1 when not counted
     */
    public record StoreReadings(Map<String, Long> counters, long sizeBytes, long logicalBytes) {
        /** Nothing read. */
        public static final StoreReadings NONE = new StoreReadings(Map.of(), -1);

        public StoreReadings {
            counters = Map.copyOf(counters);
        }

        /** Readings without logical bytes (a request phase). */
        public StoreReadings(Map<String, Long> counters, long sizeBytes) {
            this(counters, sizeBytes, -1);
        }

        /** Size over logical bytes (how much more the store occupies than the data), NaN when either is unknown. */
        public double spaceAmplification() {
            return sizeBytes >= 0 && logicalBytes > 0 ? (double) sizeBytes / logicalBytes : Double.NaN;
        }
    }

    /**
     * The graph as the phase saw it.
     *
     * @param loaded        load: the shape of the graph loaded; else null, or when unknown
     * @param growth        request phase: what it added to and removed from the graph, warm-up included;
     *                      else null, or when unknown
     * @param continuations request phase: GET_LINKS_LIST calls that continued a remembered full page
     *                      ("history"), see {@link WorkerRecorder#recordContinuation}; else 0
     * @param continuationRows the rows those calls read
     * @param keysByShard   request phase of TAOBench: the keys its requests drew in each virtual shard (0 is
     *                      the hot one), warm-up included; else empty
     * @param transactionSizes request phase of TAOBench: per transaction type that ran (its row's name,
     *                      READ_TRANSACTION or WRITE_TRANSACTION) how many transactions of each size (operations
     *                      drawn) were executed, warm-up and given-up ones included, each once whatever its
     *                      retries; else empty
     */
    public record GraphFacts(GraphStats loaded, GraphGrowth growth, long continuations, long continuationRows,
                             List<Long> keysByShard, Map<String, SizeCounts> transactionSizes) {
        /** Nothing recorded. */
        public static final GraphFacts NONE = new GraphFacts(null, null, 0, 0);

        public GraphFacts {
            keysByShard = List.copyOf(keysByShard);
            transactionSizes = Collections.unmodifiableMap(new TreeMap<>(transactionSizes)); // by name: READ first
        }

        /** Facts of a LinkBench phase (no virtual shards, no transactions). */
        public GraphFacts(GraphStats loaded, GraphGrowth growth, long continuations, long continuationRows) {
            this(loaded, growth, continuations, continuationRows, List.of(), Map.of());
        }

        /** The share of keys drawn in virtual shard 0 (TAOBench's hot shard), or NaN when none were drawn. */
        public double hotShardShare() {
            long all = keysByShard.stream().mapToLong(Long::longValue).sum();
            return all == 0 ? Double.NaN : (double) keysByShard.get(0) / all;
        }

        /** Facts without rows read by continuations (none, or not recorded). */
        public GraphFacts(GraphStats loaded, GraphGrowth growth, long continuations) {
            this(loaded, growth, continuations, 0);
        }
    }

    /** This result with loop number, cost and intervals attached. */
    public PhaseResult with(int newLoop, PhaseCost newCost, List<IntervalPoint> newIntervals) {
        return new PhaseResult(phase, newLoop, window, latency, end, warnings, store, steps, newCost, newIntervals, graph,
                target);
    }

    /** This result with other graph facts. */
    public PhaseResult with(GraphFacts newGraph) {
        return new PhaseResult(phase, loop, window, latency, end, warnings, store, steps, cost, intervals, newGraph,
                target);
    }

    /** This result with one more warning (e.g. what several loops together did to the graph). */
    public PhaseResult withWarning(String warning) {
        List<String> more = new java.util.ArrayList<>(warnings);
        more.add(warning);
        return new PhaseResult(phase, loop, window, latency, end, more, store, steps, cost, intervals, graph, target);
    }

    /** This result as the step {@code newTarget} of a curve. */
    public PhaseResult with(StepTarget newTarget) {
        return new PhaseResult(phase, loop, window, latency, end, warnings, store, steps, cost, intervals, graph,
                newTarget);
    }

    /** True when the phase was cut short, by a signal or by a failure ({@link PhaseEnd#cutShort()}). */
    public boolean interrupted() {
        return end.cutShort();
    }

    /** True for a load. */
    public boolean isLoad() {
        return phase == Phase.LOAD;
    }

    public double seconds() {
        return window.seconds();
    }

    public List<OpStats> ops() {
        return latency.ops();
    }

    public boolean openLoop() {
        return latency.openLoop();
    }

    public Histogram scheduleLag() {
        return latency.scheduleLag();
    }

    public long sizeBytes() {
        return store.sizeBytes();
    }

    /** Load: the logical bytes loaded ({@link StoreReadings#logicalBytes()}), else -1. */
    public long logicalBytes() {
        return store.logicalBytes();
    }

    public Map<String, Long> storeCounters() {
        return store.counters();
    }

    /** The statistics of the operation or load step {@code name}, or null. */
    public OpStats op(String name) {
        for (OpStats s : latency.ops()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    /** Successful operations, or rows for a load, over the measured window. */
    public long operations() {
        return operations(phase, latency.ops());
    }

    /** Successful operations of {@code ops}, or rows when {@code phase} is a load. */
    public static long operations(Phase phase, List<OpStats> ops) {
        long n = 0;
        for (OpStats s : ops) {
            n += phase == Phase.LOAD ? s.rows() : s.count();
        }
        return n;
    }

    /** Successful operations (or rows, for a load) per second over the measured window. */
    public double throughput() {
        return window.seconds() > 0 ? operations() / window.seconds() : 0;
    }

    /** Failed calls of all operations (after retries). */
    public long totalErrors() {
        long n = 0;
        for (OpStats s : latency.ops()) {
            n += s.errors();
        }
        return n;
    }
}
