package io.linkbench.run;

import io.linkbench.measure.GraphGrowth;
import io.linkbench.measure.GrowthVerdict;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.SizeCounts;
import io.linkbench.measure.DriftReading;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionSupport;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.Op;
import io.linkbench.workload.RequestGenerator;
import io.linkbench.workload.Seeds;
import io.linkbench.workload.WorkloadConfig;
import io.linkbench.workload.WorkloadRules;
import io.linkbench.workload.tao.RequestKind;
import io.linkbench.workload.tao.TaoConfig;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The request phase: {@code requesters} threads run the operation mix against the store until
 * {@code requests} in total, {@code warmup_time + maxtime} seconds, or a stop request. Closed loop by
 * default; open loop at {@code requestrate} ops/s with a global arrival schedule. A status line every
 * {@code displayfreq} seconds ({@link RequestMonitor}); warm-up is excluded from the result. Built by
 * {@link PhaseContext#requests}.
 */
public final class RequestPhase {
    /** The least gap with no call returned that the phase's warnings name ({@link #gapWarning}). */
    static final long GAP_NOTED = 1_000_000_000L;

    private final PhaseContext ctx;
    private final RunConfig run;
    private final WorkloadConfig workload;
    private final GraphShape shape;
    private final RunControl control;
    private final PrintStream out;
    private final int loop;

    /** @param loop 0-based loop number (differentiates the random streams of loops) */
    RequestPhase(PhaseContext ctx, int loop) {
        this.ctx = ctx;
        this.run = ctx.run();
        this.workload = ctx.spec().workload();
        this.shape = ctx.spec().shape();
        this.control = ctx.control();
        this.out = ctx.out();
        this.loop = loop;
    }

    /** Runs the phase on an opened store and returns what it measured. */
    public PhaseResult execute(GraphStore store) throws StoreException, InterruptedException {
        store.prepareForRequests();
        Optional<TaoConfig> tao = ctx.spec().tao();
        if (tao.isPresent()) {
            TransactionSupport tx = store.transactions();
            if (!tx.offered()) {
                throw StoreException.refusal("workload = taobench runs read and write transactions, which this store"
                        + " declines: " + tx.detail());
            }
            out.println("transactions: " + tx.detail());
        }
        String[] names = rowNames(tao.isPresent()).toArray(String[]::new);
        PhaseRecorder recorder = new PhaseRecorder(names, run.openLoop());
        OpCalls calls = new OpCalls(workload.rules().updateMissing());
        int threads = run.requesters();
        long seed = run.seed() + loop * 0x9E3779B97F4A7C15L;
        Fleet fleet = run.fleet();
        try (PhaseRunner runner = new PhaseRunner(ctx, Phase.REQUEST, loop, store)) {
            ConnectionCheck.refuseBeyondLimit(store, threads, "requesters", threads);
            runner.openSessions(threads);
            if (fleet.startAt().isPresent() && loop == 0) { // the measured window opens at start_at on every host
                Fleet.sleepUntil(fleet.startAt().get().minusMillis((long) (run.warmupSeconds() * 1000)), control);
            }
            long startNanos = System.nanoTime();
            long warmupEnd = startNanos + (long) (run.warmupSeconds() * 1e9);
            long deadline = warmupEnd + (long) (run.maxSeconds() * 1e9);
            ArrivalSchedule schedule = run.openLoop()
                    ? new ArrivalSchedule(run.requestRate(), run.arrival(), Seeds.derive(seed, Seeds.Stream.ARRIVALS, fleet.index()), startNanos)
                    : null;
            out.printf(Locale.ROOT, "request phase%s: %d requesters, %s, up to %,d requests or %.0f s%s%n",
                    tao.map(t -> " (TAOBench workload " + t.name() + ")").orElse(""), threads,
                    run.openLoop() ? String.format(Locale.ROOT, "open loop at %,.0f ops/s (%s arrivals)", run.requestRate(),
                            run.arrival().name().toLowerCase(Locale.ROOT)) : "closed loop",
                    run.requests(), run.maxSeconds(),
                    run.warmupSeconds() > 0 ? String.format(Locale.ROOT, " after %.0f s warm-up", run.warmupSeconds()) : "");
            WarmupGate warmup = new WarmupGate();
            BusyRequesters busy = run.openLoop() ? new BusyRequesters(threads, startNanos) : null;
            List<Requester> requesters = new ArrayList<>();
            runner.createWorkers(i -> "requester-" + i, (i, session) -> {
                long quota = run.requests() / threads + (i < run.requests() % threads ? 1 : 0);
                int stream = fleet.requesterIndex(threads, i); // host k has requesters k*R .. k*R+R-1 of one big host
                Requester r = new Requester(session, new RequestGenerator(workload, shape, seed, stream),
                        recorder.newWorker(), calls,
                        new Retrier(run.maxRetries(), run.retryBackoffMs(), run.retrySeconds(), control, Seeds.derive(seed, Seeds.Stream.REQUESTS, -1 - stream)),
                        quota, warmupEnd, warmup, deadline, schedule, control,
                        busy == null ? runner.calls().slot(i) : StoreCalls.Marks.both(runner.calls().slot(i), busy.slot(i)));
                tao.ifPresent(t -> r.runningTao(new TaoCalls(t, workload, shape, calls, seed, stream)));
                requesters.add(r);
                return r;
            });
            long wallStart = System.currentTimeMillis();
            runner.phaseStarted();
            runner.startWorkers();
            RequestMonitor monitor = new RequestMonitor(ctx, runner, recorder, names, startNanos, warmupEnd, warmup, busy);
            monitor.watch(runner.workers(), deadline, new StopWait(ctx, store));
            long endNanos = System.nanoTime();
            monitor.interval(endNanos);
            List<String> warnings = new ArrayList<>(monitor.warnings());
            StoreCalls.Waiting stuck = runner.calls().waiting(endNanos);
            if (runner.anyAlive()) { // left behind by the monitor: the run was stopped or failed meanwhile
                warnings.add(String.format(Locale.ROOT, "%d of %d requesters were still inside a store call when the phase"
                        + " ended, for up to %.0f s (the server stalled?); their calls are not counted", stuck.inCall(),
                        threads, stuck.longestSeconds()));
            }
            long measuredStart = monitor.measuredStartNanos();
            gapWarning(runner.calls().longestGap(endNanos), measuredStart).ifPresent(warnings::add);
            double seconds = Math.max(0, (endNanos - measuredStart) / 1e9);
            long wallMeasuredStart = wallStart + (measuredStart - startNanos) / 1_000_000;
            List<OpStats> stats = recorder.results();
            PhaseRunner.WindowEnd window = runner.endWindow(stats.stream().mapToLong(OpStats::count).sum(), warnings);
            PhaseEnd end = runner.end(limit(requesters.stream().allMatch(Requester::usedQuota))); // an open loop ends its last slot early
            if (!end.cutShort()) {
                Optional<String> shortfall = Shortfall.of(requesters.stream()
                        .map(r -> new Shortfall.Calls(r.succeeded(), r.failed())).toList());
                if (shortfall.isPresent()) {
                    control.fail(shortfall.get());
                    end = PhaseEnd.failed(shortfall.get());
                }
            }
            GraphGrowth growth = growth(recorder);
            out.printf(Locale.ROOT, "request phase %s%n", end.describe());
            out.println("graph growth (warm-up included): " + growth.describe());
            DriftReading drift = DriftReading.of(monitor.points());
            out.println("throughput drift: " + drift.describe());
            GrowthVerdict.warning(new GrowthVerdict.PhaseFacts(growth, drift, (endNanos - startNanos) / 1e9,
                    run.displaySeconds(), shape.startId(), shape.nodeCount(), workload.rules().is2012()))
                    .ifPresent(warnings::add); // printed once, with the phase's tables
            return new PhaseResult(Phase.REQUEST, loop,
                    new PhaseResult.Window(wallMeasuredStart, System.currentTimeMillis(), seconds),
                    new PhaseResult.Latency(run.openLoop(), run.requestRate(), stats, recorder.scheduleLag()), end,
                    warnings, window.readings(), Map.of(), window.cost(), monitor.points(),
                    new PhaseResult.GraphFacts(null, growth, recorder.continuations(), recorder.continuationRows(),
                            keysByShard(requesters), transactionSizes(requesters)));
        }
    }

    /**
     * The rows of a request phase, in recorder order: the ten operations, then with TAOBench its
     * READ_TRANSACTION and WRITE_TRANSACTION ({@link TaoCalls#READ_TRANSACTION_ROW} and the next).
     */
    public static List<String> rowNames(boolean taobench) {
        List<String> names = new ArrayList<>();
        for (Op op : Op.values()) {
            names.add(op.name());
        }
        if (taobench) {
            names.add(RequestKind.READ_TRANSACTION.name());
            names.add(RequestKind.WRITE_TRANSACTION.name());
        }
        return names;
    }

    /** TAOBench's keys drawn per virtual shard by every requester (warm-up included); empty for LinkBench. */
    private static List<Long> keysByShard(List<Requester> requesters) {
        long[] sum = null;
        for (Requester r : requesters) {
            if (r.tao() != null) {
                long[] k = r.tao().keysByShard();
                if (sum == null) {
                    sum = new long[k.length];
                }
                for (int i = 0; i < k.length; i++) {
                    sum[i] += k[i];
                }
            }
        }
        return sum == null ? List.of() : Arrays.stream(sum).boxed().toList();
    }

    /**
     * TAOBench's transactions executed per size by every requester (warm-up included), by row name, for the
     * types that ran; empty for LinkBench.
     */
    private static Map<String, SizeCounts> transactionSizes(List<Requester> requesters) {
        Map<String, SizeCounts> sizes = new LinkedHashMap<>();
        for (RequestKind kind : List.of(RequestKind.READ_TRANSACTION, RequestKind.WRITE_TRANSACTION)) {
            SizeCounts sum = SizeCounts.NONE;
            for (Requester r : requesters) {
                if (r.tao() != null) {
                    sum = sum.plus(r.tao().transactionSizes(kind));
                }
            }
            if (!sum.isEmpty()) {
                sizes.put(kind.name(), sum);
            }
        }
        return sizes;
    }

    /**
     * The limit that ended the phase: {@code requests} when every requester issued its share (else
     * {@code maxtime} ended it; in an open loop a requester also stops early when its next slot falls
     * after the deadline).
     */
    private PhaseEnd limit(boolean quotasUsed) {
        if (quotasUsed) {
            return PhaseEnd.limit("requests", String.format(Locale.ROOT,
                    "ended by requests (%,d in total) before maxtime (%s s)", run.requests(), plain(run.maxSeconds())));
        }
        return PhaseEnd.limit("maxtime", String.format(Locale.ROOT, "ended by maxtime (%s s) before requests (%,d in total)",
                plain(run.maxSeconds()), run.requests()));
    }

    /**
     * That no call returned for a while in the measured window ({@code gap}), when that while was at least
     * {@link #GAP_NOTED} (in an open loop also ten times the mean time between arrivals): the server stopped
     * answering, or every requester waited, even when the phase ended in time.
     */
    private Optional<String> gapWarning(StoreCalls.Gap gap, long measuredStart) {
        long least = Math.max(GAP_NOTED, run.openLoop() ? (long) (10e9 / run.requestRate()) : 0);
        if (gap.nanos() < least) {
            return Optional.empty();
        }
        double from = (gap.fromNanos() - measuredStart) / 1e9;
        return Optional.of(String.format(Locale.ROOT, "no call returned for %.1f s (the longest gap between completed calls,"
                + " %.1f s to %.1f s into the measured window): the server stalled, or every requester waited",
                gap.seconds(), from, from + gap.seconds()));
    }

    /** {@code seconds} as written by a user: 8, 0.5. */
    static String plain(double seconds) {
        return BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
    }

    /** What the phase's successful writes did to the graph, warm-up included. */
    private GraphGrowth growth(PhaseRecorder recorder) {
        OpOutcomes addLink = recorder.wholePhaseOutcomes(Op.ADD_LINK.ordinal());
        OpOutcomes updateLink = recorder.wholePhaseOutcomes(Op.UPDATE_LINK.ordinal());
        boolean updateInserts = workload.rules().updateMissing() != WorkloadRules.UpdateMissing.SKIP;
        return new GraphGrowth(addLink.misses() + (updateInserts ? updateLink.misses() : 0),
                recorder.wholePhaseOutcomes(Op.DELETE_LINK.ordinal()).hits(),
                recorder.wholePhaseOutcomes(Op.ADD_NODE.ordinal()).calls(),
                recorder.wholePhaseOutcomes(Op.DELETE_NODE.ordinal()).hits(),
                recorder.wholePhaseMaxRows(Op.COUNT_LINK.ordinal()), shape.expectedLinks(),
                shape.linksOfType(shape.maxDegree(), 0));
    }
}
