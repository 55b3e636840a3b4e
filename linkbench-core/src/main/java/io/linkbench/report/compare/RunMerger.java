package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.GraphGrowth;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.measure.SizeCounts;
import io.linkbench.store.StoreInfo;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * Combines the results of several client hosts that ran the same phases at the same time against
 * one database into one result, as if one client had done all the work.
 *
 * <p>The runs must have the same phases (names and loop numbers, in the same order), the same store
 * and engine, and agree on open or closed loop. Per phase:
 * <ul>
 *   <li>per op: service, response and schedule-lag histograms added (percentiles are read from the
 *       sum, never averaged); counts, errors (by kind), retries, rows and outcome counters summed;
 *       history continuations and the rows they read summed;</li>
 *   <li>graph (load): the hosts' slices added ({@link GraphStats#plus}); null unless every host has one,
 *       as a partial sum would understate the graph;</li>
 *   <li>{@code seconds = operations / (sum of the hosts' throughputs)}, so the merged throughput is
 *       exactly the sum of the hosts' throughputs even when their windows differ slightly in length;
 *       start = earliest start, end = latest end; target rate summed;</li>
 *   <li>cost: see {@link CostMerger}; store counter deltas summed, or with {@code sharedServer} the
 *       largest (server-wide counters that every host measured); size = the largest; post-load steps =
 *       the longest; interrupted when any host was; warnings kept as {@code host <name>: ...};</li>
 *   <li>intervals: the i-th interval of every host merged (counts and errors summed, max = the
 *       largest); interval percentiles and host rates are not kept as histograms or totals, so they
 *       are left out (NaN, no rates); the runs of a fleet ({@code client_count > 1}) are checked to
 *       belong together and their intervals are lined up on the wall clock instead ({@link FleetRuns}).</li>
 * </ul>
 * The result carries the first run's configuration plus {@code merged_from} (the directories) and
 * the first run's store facts plus, per host, {@code host <name>} (its directory) and
 * {@code host <name>, <phase>} (its own throughput and cost figures).
 */
public final class RunMerger {
    /** The configuration key listing the merged directories. */
    public static final String MERGED_FROM = "merged_from";
    /** The configuration key that records how the server's figures were merged. */
    public static final String MERGED_SERVER = "merged_server";

    /** The configuration key naming the fleet's clients that were not merged ({@code --allow-missing}). */
    public static final String MERGED_MISSING = "merged_missing";

    private final boolean sharedServer;
    private final boolean allowMissing;

    /** A merger for clients of servers of their own (or of one server whose figures no host saw). */
    public RunMerger() {
        this(false);
    }

    /**
     * @param sharedServer the hosts ran against one server: its CPU, IO and store counters are taken
     *                     once (the largest of the hosts' measurements) instead of summed
     */
    public RunMerger(boolean sharedServer) {
        this(sharedServer, false);
    }

    /**
     * @param sharedServer as {@link #RunMerger(boolean)}
     * @param allowMissing merge the runs of a fleet that lacks some clients' runs, saying which in every phase's
     *                     warnings, instead of refusing them
     */
    public RunMerger(boolean sharedServer, boolean allowMissing) {
        this.sharedServer = sharedServer;
        this.allowMissing = allowMissing;
    }

    /**
     * Merges the runs.
     *
     * @throws ConfigException (one line) when the runs cannot be merged: different phases, stores or
     *                         loop modes, windows that do not overlap (runs that did not run at the same time),
     *                         runs of different fleets, or a fleet's runs without all its clients
     */
    public RunResult merge(List<LoadedRun> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge");
        }
        checkDistinct(runs);
        checkSameStore(runs);
        checkSamePhases(runs);
        boolean fleet = FleetRuns.isFleet(runs);
        String missing = "";
        if (fleet) {
            missing = FleetRuns.check(runs, allowMissing);
        } else {
            checkOverlap(runs, "; merge the runs of client hosts that ran at the same time");
        }
        List<String> hosts = hostNames(runs);
        List<PhaseResult> phases = new ArrayList<>();
        for (int i = 0; i < runs.get(0).run().phases().size(); i++) {
            int index = i;
            phases.add(mergePhase(runs.stream().map(r -> r.run().phases().get(index)).toList(), hosts, fleet, missing));
        }
        RunResult first = runs.get(0).run();
        Map<String, String> config = new LinkedHashMap<>(first.config());
        if (!missing.isEmpty()) {
            config.put(MERGED_MISSING, missing);
        }
        config.put(MERGED_FROM, String.join(", ",
                runs.stream().map(r -> r.dir().toAbsolutePath().normalize().toString()).toList()));
        config.put(MERGED_SERVER, sharedServer ? "shared: server figures and store counters taken once (largest)"
                : "per host: server figures and store counters summed");
        long started = runs.stream().mapToLong(r -> r.run().startedEpochMs()).min().orElseThrow();
        return new RunResult(first.linkbenchVersion(), started, String.join("+", hosts), config,
                storeInfo(runs, hosts), phases, RunResult.newRunId(), new io.linkbench.measure.RunMeta(first.meta().tag(),
                first.meta().notes(), List.of(), null, null, first.meta().build(), "")); // the hosts' tag
    }

    /**
     * Refuses runs whose windows of some phase do not overlap: hosts of one run work at the same time, and the
     * sum of two runs made one after the other is no one's throughput.
     */
    static void checkOverlap(List<LoadedRun> runs, String hint) {
        for (int i = 0; i < runs.get(0).run().phases().size(); i++) {
            int phase = i;
            List<PhaseResult> parts = runs.stream().map(r -> r.run().phases().get(phase)).toList();
            long latestStart = parts.stream().mapToLong(p -> p.window().startEpochMs()).max().orElseThrow();
            long earliestEnd = parts.stream().mapToLong(p -> p.window().endEpochMs()).min().orElseThrow();
            if (latestStart >= earliestEnd) {
                throw new ConfigException("cannot merge: the " + phaseName(parts.get(0)) + " windows do not overlap"
                        + " (latest start " + Instant.ofEpochMilli(latestStart) + ", earliest end "
                        + Instant.ofEpochMilli(earliestEnd) + "): they did not run at the same time" + hint);
            }
        }
    }

    /** Each host counts once: the same directory, or a copy of one run (same run id), is refused. */
    private static void checkDistinct(List<LoadedRun> runs) {
        Set<Path> seen = new HashSet<>();
        Map<String, LoadedRun> ids = new HashMap<>();
        for (LoadedRun r : runs) {
            if (!seen.add(r.dir().toAbsolutePath().normalize())) {
                throw new ConfigException("cannot merge: " + r.dir() + " is given twice; each client host counts once");
            }
            LoadedRun same = ids.putIfAbsent(identity(r.run()), r);
            if (same != null) {
                throw new ConfigException("cannot merge: " + r.dir() + " and " + same.dir()
                        + " hold the same run (run id " + identity(r.run()) + "); each client host counts once");
            }
        }
    }

    /** The run id, or for files written before run ids the host and start time, which copies share too. */
    private static String identity(RunResult run) {
        return run.runId().isEmpty() ? run.host() + "@" + run.startedEpochMs() : run.runId();
    }

    private static void checkSameStore(List<LoadedRun> runs) {
        String first = storeName(runs.get(0).run());
        for (LoadedRun r : runs.subList(1, runs.size())) {
            if (!storeName(r.run()).equals(first)) {
                throw new ConfigException("cannot merge: " + r.dir() + " ran " + storeName(r.run()) + " but "
                        + runs.get(0).dir() + " ran " + first);
            }
        }
    }

    private static String storeName(RunResult run) {
        StoreInfo s = run.store();
        return s == null ? "an unknown store" : "store=" + s.store() + (s.engine().isEmpty() ? "" : " engine=" + s.engine());
    }

    private static void checkSamePhases(List<LoadedRun> runs) {
        List<String> first = phaseNames(runs.get(0).run());
        for (LoadedRun r : runs.subList(1, runs.size())) {
            List<String> these = phaseNames(r.run());
            if (!these.equals(first)) {
                throw new ConfigException("cannot merge: " + r.dir() + " has phases " + these + " but "
                        + runs.get(0).dir() + " has " + first + "; merge runs of the same phases");
            }
            for (int i = 0; i < these.size(); i++) {
                if (r.run().phases().get(i).openLoop() != runs.get(0).run().phases().get(i).openLoop()) {
                    throw new ConfigException("cannot merge: the " + these.get(i) + " phase is " + loopMode(r, i)
                            + " in " + r.dir() + " but " + loopMode(runs.get(0), i) + " in " + runs.get(0).dir());
                }
            }
        }
    }

    private static String loopMode(LoadedRun r, int phase) {
        return r.run().phases().get(phase).openLoop() ? "open loop" : "closed loop";
    }

    private static List<String> phaseNames(RunResult run) {
        return run.phases().stream().map(RunMerger::phaseName).toList();
    }

    static String phaseName(PhaseResult p) {
        return p.loop() == 0 ? p.phase().label() : p.phase().label() + " loop " + p.loop();
    }

    /** The hosts' names; a name used by several runs gets the directory name appended. */
    static List<String> hostNames(List<LoadedRun> runs) {
        List<String> names = runs.stream()
                .map(r -> r.run().host() == null || r.run().host().isBlank() ? r.name() : r.run().host()).toList();
        Map<String, Integer> uses = new HashMap<>();
        names.forEach(n -> uses.merge(n, 1, Integer::sum));
        List<String> unique = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            unique.add(uses.get(n) > 1 && !n.equals(runs.get(i).name()) ? n + " (" + runs.get(i).name() + ")" : n);
        }
        return unique;
    }

    private PhaseResult mergePhase(List<PhaseResult> parts, List<String> hosts, boolean fleet, String missing) {
        PhaseResult first = parts.get(0);
        Map<String, List<OpStats>> byOp = new LinkedHashMap<>();
        for (PhaseResult p : parts) {
            for (OpStats s : p.ops()) {
                byOp.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s);
            }
        }
        List<OpStats> ops = byOp.values().stream().map(RunMerger::mergeOp).toList();
        Map<String, Long> counters = new LinkedHashMap<>();
        Map<String, Double> steps = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        double throughput = 0;
        for (int h = 0; h < parts.size(); h++) {
            PhaseResult p = parts.get(h);
            throughput += p.throughput();
            p.storeCounters().forEach((k, v) -> counters.merge(k, v, sharedServer ? Math::max : Long::sum));
            p.steps().forEach((k, v) -> steps.merge(k, v, Math::max));
            for (String w : p.warnings()) {
                warnings.add("host " + hosts.get(h) + ": " + w);
            }
        }
        long start = parts.stream().mapToLong(p -> p.window().startEpochMs()).min().orElseThrow();
        long end = parts.stream().mapToLong(p -> p.window().endEpochMs()).max().orElseThrow();
        if (!missing.isEmpty()) {
            warnings.add(0, missing + ": the figures are of the " + parts.size() + " clients merged");
        }
        // operations as PhaseResult counts them (rows for a load, successful calls otherwise)
        long operations = PhaseResult.operations(first.phase(), ops);
        double seconds = throughput > 0 ? operations / throughput
                : parts.stream().mapToDouble(PhaseResult::seconds).max().orElse(0);
        PhaseCost cost = CostMerger.merge(parts.stream().map(PhaseResult::cost).toList(), hosts, operations, throughput,
                counters, sharedServer);
        PhaseResult.Latency latency = new PhaseResult.Latency(first.openLoop(),
                parts.stream().mapToDouble(p -> p.latency().targetRate()).sum(), ops,
                add(parts.stream().map(PhaseResult::scheduleLag).toList()));
        PhaseResult.StoreReadings store = new PhaseResult.StoreReadings(counters,
                parts.stream().mapToLong(PhaseResult::sizeBytes).max().orElse(-1), // the hosts' slices add up:
                parts.stream().allMatch(p -> p.logicalBytes() >= 0) ? parts.stream().mapToLong(PhaseResult::logicalBytes).sum() : -1);
        PhaseResult.GraphFacts graph = new PhaseResult.GraphFacts(graph(parts), growth(parts),
                parts.stream().mapToLong(p -> p.graph().continuations()).sum(),
                parts.stream().mapToLong(p -> p.graph().continuationRows()).sum(), keysByShard(parts),
                transactionSizes(parts));
        return new PhaseResult(first.phase(), first.loop(), new PhaseResult.Window(start, end, seconds), latency,
                end(parts), warnings, store, steps, cost, fleet ? FleetRuns.aligned(parts) : intervals(parts), graph);
    }

    /** TAOBench's keys per virtual shard added over the hosts; empty unless every host drew them over as many shards. */
    private static List<Long> keysByShard(List<PhaseResult> parts) {
        int shards = parts.get(0).graph().keysByShard().size();
        if (shards == 0 || parts.stream().anyMatch(p -> p.graph().keysByShard().size() != shards)) {
            return List.of();
        }
        long[] sum = new long[shards];
        for (PhaseResult p : parts) {
            for (int i = 0; i < shards; i++) {
                sum[i] += p.graph().keysByShard().get(i);
            }
        }
        return java.util.Arrays.stream(sum).boxed().toList();
    }

    /** TAOBench's transactions per size added over the hosts, type by type (a type one host ran is kept). */
    private static Map<String, SizeCounts> transactionSizes(List<PhaseResult> parts) {
        Map<String, SizeCounts> sum = new TreeMap<>();
        for (PhaseResult p : parts) {
            p.graph().transactionSizes().forEach((type, sizes) -> sum.merge(type, sizes, SizeCounts::plus));
        }
        return sum;
    }

    /** The worst of the hosts' ends (failed over interrupted over completed); the first host's among equals. */
    private static PhaseEnd end(List<PhaseResult> parts) {
        return parts.stream().map(PhaseResult::end)
                .reduce((a, b) -> b.status().compareTo(a.status()) > 0 ? b : a).orElseThrow();
    }

    /** The hosts' growth added; null unless every host has one. */
    private static GraphGrowth growth(List<PhaseResult> parts) {
        if (parts.stream().anyMatch(p -> p.graph().growth() == null)) {
            return null;
        }
        return parts.stream().map(p -> p.graph().growth()).reduce(GraphGrowth::plus).orElseThrow();
    }

    private static OpStats mergeOp(List<OpStats> parts) {
        Map<String, Long> byKind = new LinkedHashMap<>();
        long errors = 0;
        long retries = 0;
        long rows = 0;
        OpOutcomes outcomes = OpOutcomes.NONE;
        for (OpStats s : parts) {
            s.errorsByKind().forEach((k, v) -> byKind.merge(k, v, Long::sum));
            errors += s.errors();
            retries += s.retries();
            rows += s.rows();
            outcomes = outcomes.plus(s.outcomes());
        }
        return new OpStats(parts.get(0).name(), add(parts.stream().map(OpStats::service).toList()),
                add(parts.stream().map(OpStats::response).toList()), errors, byKind, retries, rows, outcomes);
    }

    /** The hosts' graph slices added; null unless every host has one. */
    private static GraphStats graph(List<PhaseResult> parts) {
        if (parts.stream().anyMatch(p -> p.graph().loaded() == null)) {
            return null;
        }
        return parts.stream().map(p -> p.graph().loaded()).reduce(GraphStats::plus).orElseThrow();
    }

    /** The sum of the histograms (nulls skipped), or null when all are null. */
    static Histogram add(List<Histogram> parts) {
        List<Histogram> present = parts.stream().filter(Objects::nonNull).toList();
        if (present.isEmpty()) {
            return null;
        }
        int digits = present.stream().mapToInt(Histogram::getNumberOfSignificantValueDigits).max().orElseThrow();
        Histogram sum = new Histogram(digits); // auto-resizing: holds every host's largest value
        present.forEach(sum::add);
        return sum;
    }

    /** The i-th interval of every host, for i up to the shortest host's count. */
    private static List<IntervalPoint> intervals(List<PhaseResult> parts) {
        int n = parts.stream().mapToInt(p -> p.intervals().size()).min().orElse(0);
        List<IntervalPoint> merged = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int index = i;
            List<IntervalPoint> same = parts.stream().map(p -> p.intervals().get(index)).toList();
            merged.add(mergePoints(same, same.get(0).offsetSeconds()));
        }
        return merged;
    }

    /** One interval of several hosts at {@code offset}: counts and errors summed, max the largest, no percentiles. */
    static IntervalPoint mergePoints(List<IntervalPoint> same, double offset) {
        Map<String, IntervalPoint.OpInterval> ops = new LinkedHashMap<>();
        for (IntervalPoint point : same) {
            for (IntervalPoint.OpInterval o : point.ops()) {
                ops.merge(o.name(), new IntervalPoint.OpInterval(o.name(), o.count(), o.rows(), Double.NaN,
                        Double.NaN, o.maxMs()), (a, b) -> new IntervalPoint.OpInterval(a.name(),
                        a.count() + b.count(), a.rows() + b.rows(), Double.NaN, Double.NaN, larger(a.maxMs(), b.maxMs())));
            }
        }
        return new IntervalPoint(offset, same.get(0).seconds(), same.stream().anyMatch(IntervalPoint::warmup),
                new ArrayList<>(ops.values()), same.stream().mapToLong(IntervalPoint::errors).sum(), Map.of());
    }

    private static double larger(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
    }

    /** The first run's store, with each host's directory and per-phase figures added as facts. */
    private static StoreInfo storeInfo(List<LoadedRun> runs, List<String> hosts) {
        StoreInfo first = runs.get(0).run().store();
        Map<String, String> facts = new LinkedHashMap<>(first == null ? Map.of() : first.facts());
        for (int h = 0; h < runs.size(); h++) {
            facts.put("host " + hosts.get(h), runs.get(h).dir().toAbsolutePath().normalize().toString());
            for (PhaseResult p : runs.get(h).run().phases()) {
                facts.put("host " + hosts.get(h) + ", " + phaseName(p), hostFigures(p));
            }
        }
        return first == null ? new StoreInfo("unknown", "", "", facts, false)
                : new StoreInfo(first.store(), first.version(), first.engine(), facts, first.transactional());
    }

    /** e.g. {@code 4115.2 ops/s over 300.0 s (1234567 ops); r/op 0.123; Mcpu/op 1234.500}. */
    static String hostFigures(PhaseResult p) {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.1f %s over %.1f s (%d %s)", p.throughput(),
                p.isLoad() ? "rows/s" : "ops/s", p.seconds(), p.operations(),
                p.isLoad() ? "rows" : "ops"));
        Function<Double, String> fmt = v -> String.format(Locale.ROOT, "%.3f", v);
        p.cost().figures().forEach((name, v) -> {
            if (Double.isFinite(v) && !PhaseCost.OPS_PER_S.equals(name)) {
                s.append("; ").append(name).append(' ').append(fmt.apply(v));
            }
        });
        return s.toString();
    }
}
