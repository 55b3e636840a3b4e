package io.linkbench.run;

import io.linkbench.measure.GraphGrowth;
import io.linkbench.measure.GrowthVerdict;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.OtherProcesses;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.ThroughputDrift;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.Op;
import io.linkbench.workload.RequestGenerator;
import io.linkbench.workload.Seeds;
import io.linkbench.workload.WorkloadConfig;
import io.linkbench.workload.WorkloadRules;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The request phase: {@code requesters} threads run the operation mix against the store until
 * {@code requests} in total, {@code warmup_time + maxtime} seconds, or a stop request. Closed loop by
 * default; open loop at {@code requestrate} ops/s with a global arrival schedule. A status line every
 * {@code displayfreq} seconds; warm-up is excluded from the result.
 */
public final class RequestPhase {
    /** How long requesters may take to finish their last call after the deadline before the phase gives up on them. */
    private static final long GRACE_NANOS = 30_000_000_000L;
    private static final String STUCK = "requesters did not stop within " + GRACE_NANOS / 1_000_000_000L
            + " s after the deadline (a store call hung)";

    private final RunConfig run;
    private final WorkloadConfig workload;
    private final GraphShape shape;
    private final RunControl control;
    private final PrintStream out;
    private final int loop;
    private final PhaseObserver observer;

    /**
     * @param loop     0-based loop number (differentiates the random streams of loops)
     * @param observer cost probe and interval files, called from the phase's monitoring thread
     */
    public RequestPhase(RunConfig run, WorkloadConfig workload, GraphShape shape, RunControl control, PrintStream out,
                        int loop, PhaseObserver observer) {
        this.run = run;
        this.workload = workload;
        this.shape = shape;
        this.control = control;
        this.out = out;
        this.loop = loop;
        this.observer = observer;
    }

    /** Runs the phase on an opened store and returns what it measured. */
    public PhaseResult execute(GraphStore store) throws StoreException, InterruptedException {
        store.prepareForRequests();
        String[] names = new String[Op.count()];
        for (Op op : Op.values()) {
            names[op.ordinal()] = op.name();
        }
        PhaseRecorder recorder = new PhaseRecorder(names, run.openLoop());
        OpCalls calls = new OpCalls(workload.rules().updateMissing());
        int threads = run.requesters();
        List<StoreSession> sessions = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        long seed = run.seed() + loop * 0x9E3779B97F4A7C15L;
        Fleet fleet = run.fleet();
        try {
            ConnectionCheck.refuseBeyondLimit(store, threads, "requesters", threads);
            for (int i = 0; i < threads; i++) {
                sessions.add(store.session(i));
            }
            if (fleet.startAt().isPresent() && loop == 0) { // the measured window opens at start_at on every host
                Fleet.sleepUntil(fleet.startAt().get().minusMillis((long) (run.warmupSeconds() * 1000)), control);
            }
            long startNanos = System.nanoTime();
            long warmupEnd = startNanos + (long) (run.warmupSeconds() * 1e9);
            long deadline = warmupEnd + (long) (run.maxSeconds() * 1e9);
            ArrivalSchedule schedule = run.openLoop()
                    ? new ArrivalSchedule(run.requestRate(), run.arrival(), Seeds.derive(seed, Seeds.Stream.ARRIVALS, fleet.index()), startNanos)
                    : null;
            out.printf(Locale.ROOT, "request phase: %d requesters, %s, up to %,d requests or %.0f s%s%n", threads,
                    run.openLoop() ? String.format(Locale.ROOT, "open loop at %,.0f ops/s (%s arrivals)", run.requestRate(),
                            run.arrival().name().toLowerCase(Locale.ROOT)) : "closed loop",
                    run.requests(), run.maxSeconds(),
                    run.warmupSeconds() > 0 ? String.format(Locale.ROOT, " after %.0f s warm-up", run.warmupSeconds()) : "");
            WarmupGate warmup = new WarmupGate();
            BusyRequesters busy = run.openLoop() ? new BusyRequesters(threads, startNanos) : null;
            List<Requester> requesters = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                long quota = run.requests() / threads + (i < run.requests() % threads ? 1 : 0);
                int stream = fleet.requesterIndex(threads, i); // host k has requesters k*R .. k*R+R-1 of one big host
                Requester r = new Requester(sessions.get(i), new RequestGenerator(workload, shape, seed, stream),
                        recorder.newWorker(), calls,
                        new Retrier(run.maxRetries(), run.retryBackoffMs(), control, Seeds.derive(seed, Seeds.Stream.REQUESTS, -1 - stream)),
                        quota, warmupEnd, warmup, deadline, schedule, control, busy == null ? null : busy.slot(i));
                Thread t = new Thread(r, "requester-" + i);
                t.setDaemon(true);
                workers.add(t);
                requesters.add(r);
            }
            long wallStart = System.currentTimeMillis();
            observer.phaseStarted(Phase.REQUEST, loop);
            workers.forEach(Thread::start);
            Monitor monitor = new Monitor(recorder, names, startNanos, warmupEnd, warmup, store, busy);
            monitor.watch(workers, deadline);
            long endNanos = System.nanoTime();
            monitor.interval(endNanos);
            boolean stuck = workers.stream().anyMatch(Thread::isAlive);
            List<String> warnings = new ArrayList<>(monitor.warnings);
            if (stuck) {
                warnings.add("some requesters were still inside a store call " + GRACE_NANOS / 1_000_000_000L
                        + " s after the deadline; their last calls are not counted");
            }
            long measuredStart = monitor.measuredStartNanos;
            double seconds = Math.max(0, (endNanos - measuredStart) / 1e9);
            long wallMeasuredStart = wallStart + (measuredStart - startNanos) / 1_000_000;
            List<OpStats> stats = recorder.results();
            long operations = stats.stream().mapToLong(OpStats::count).sum();
            Map<String, Long> counters = StoreCounters.delta(monitor.countersBefore, StoreCounters.read(store));
            long size = StoreCounters.size(store);
            PhaseCost cost = observer.windowEnded(operations, counters, size);
            OtherProcesses.warning(cost).ifPresent(warnings::add);
            PhaseEnd end = end(requesters.stream().allMatch(Requester::usedQuota), stuck); // an open loop ends its last slot early
            if (!end.cutShort()) {
                java.util.Optional<String> shortfall = Shortfall.of(requesters.stream()
                        .map(r -> new Shortfall.Calls(r.succeeded(), r.failed())).toList());
                if (shortfall.isPresent()) {
                    control.fail(shortfall.get());
                    end = PhaseEnd.failed(shortfall.get());
                }
            }
            GraphGrowth growth = growth(recorder);
            out.printf(Locale.ROOT, "request phase %s%n", end.describe());
            out.println("graph growth (warm-up included): " + growth.describe());
            ThroughputDrift drift = ThroughputDrift.of(monitor.points);
            out.println("throughput drift: " + (drift == null ? "fewer than 2 full intervals" : drift.describe()));
            GrowthVerdict.warning(growth, drift, (endNanos - startNanos) / 1e9, shape.startId(), shape.nodeCount())
                    .ifPresent(w -> {
                        warnings.add(w);
                        out.println("WARNING: " + w);
                    });
            return new PhaseResult(Phase.REQUEST, loop,
                    new PhaseResult.Window(wallMeasuredStart, System.currentTimeMillis(), seconds),
                    new PhaseResult.Latency(run.openLoop(), run.requestRate(), stats, recorder.scheduleLag()), end,
                    warnings, new PhaseResult.StoreReadings(counters, size), Map.of(), cost, monitor.points,
                    new PhaseResult.GraphFacts(null, growth, recorder.continuations()));
        } finally {
            closeAll(sessions, workers);
        }
    }

    /**
     * How the phase ended: a failure or a signal, else the limit that ended it. {@code quotasUsed}:
     * every requester issued its share of {@code requests} (else {@code maxtime} ended it; in an open
     * loop a requester also stops early when its next slot falls after the deadline).
     */
    private PhaseEnd end(boolean quotasUsed, boolean stuck) {
        if (control.failed() || stuck) {
            return PhaseEnd.failed(stuck && !control.failed() ? STUCK : control.reason());
        }
        if (control.interrupted()) {
            return PhaseEnd.interrupted(control.reason());
        }
        if (quotasUsed) {
            return PhaseEnd.limit("requests", String.format(Locale.ROOT,
                    "ended by requests (%,d in total) before maxtime (%s s)", run.requests(), plain(run.maxSeconds())));
        }
        return PhaseEnd.limit("maxtime", String.format(Locale.ROOT, "ended by maxtime (%s s) before requests (%,d in total)",
                plain(run.maxSeconds()), run.requests()));
    }

    private static String plain(double seconds) {
        return java.math.BigDecimal.valueOf(seconds).stripTrailingZeros().toPlainString();
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

    private static void closeAll(List<StoreSession> sessions, List<Thread> workers) {
        for (int i = 0; i < sessions.size(); i++) {
            if (i < workers.size() && workers.get(i).isAlive()) {
                continue; // a stuck thread still uses its session
            }
            try {
                sessions.get(i).close();
            } catch (StoreException | RuntimeException e) {
                // closing is best effort at the end of a phase
            }
        }
    }

    /** The phase's own thread: status lines, the start of the measured window, backlog warnings. */
    private final class Monitor {
        private final PhaseRecorder recorder;
        private final String[] names;
        private final long startNanos;
        private final long warmupEnd;
        private final WarmupGate warmup;
        private final List<String> warnings = new ArrayList<>();
        private final List<IntervalPoint> points = new ArrayList<>();
        private final GraphStore store;
        private final BusyRequesters busy;
        private Map<String, Long> countersBefore = Map.of();
        private long measuredStartNanos;
        private int lagGrowth;
        private double lastLagMs;
        private boolean backlogWarned;

        Monitor(PhaseRecorder recorder, String[] names, long startNanos, long warmupEnd, WarmupGate warmup,
                GraphStore store, BusyRequesters busy) {
            this.busy = busy;
            this.recorder = recorder;
            this.names = names;
            this.startNanos = startNanos;
            this.warmupEnd = warmupEnd;
            this.warmup = warmup;
            this.store = store;
            this.measuredStartNanos = -1;
            if (warmupEnd <= startNanos) {
                startWindow(startNanos);
            }
        }

        /** The measured window starts: store counters and the cost probe take their first reading. */
        private void startWindow(long now) {
            measuredStartNanos = now;
            countersBefore = StoreCounters.read(store);
            observer.windowStarted(Phase.REQUEST, loop);
            warmup.open();
        }

        /** Ends an interval: a point for the charts and files, and the sample for the status line. */
        private IntervalSample interval(long now) {
            IntervalSample s = recorder.sample();
            boolean warm = measuredStartNanos < 0;
            Map<String, Double> rates = new java.util.LinkedHashMap<>(observer.intervalRates());
            if (busy != null) {
                rates.putAll(busy.sample(now));
            }
            IntervalPoint p = s.toPoint(names, (now - startNanos) / 1e9, warm, rates);
            boolean emptyTail = s.totalCount() == 0 && p.errors() == 0
                    && s.seconds() < run.displaySeconds() / 2 && !points.isEmpty();
            if (!warm && !emptyTail) { // the last, partial interval is kept unless nothing happened in it
                points.add(p);
            }
            observer.interval(Phase.REQUEST, loop, names, p, s);
            return s;
        }

        void watch(List<Thread> workers, long deadline) throws InterruptedException {
            long displayNanos = (long) (run.displaySeconds() * 1e9);
            long nextDisplay = startNanos + displayNanos;
            while (true) {
                long now = System.nanoTime();
                if (measuredStartNanos < 0 && now >= warmupEnd) {
                    recorder.reset();
                    startWindow(now);
                    out.println("warm-up done: measuring from now");
                }
                if (now >= nextDisplay) {
                    IntervalSample s = interval(now);
                    out.println(StatusLine.format(measuredStartNanos < 0 ? " warm-up" : "",
                            (now - startNanos) / 1e9, s, names));
                    checkBacklog(s);
                    nextDisplay += displayNanos * Math.max(1, (now - nextDisplay) / displayNanos + 1);
                }
                if (allDone(workers)) {
                    break;
                }
                if (now > deadline + GRACE_NANOS) {
                    control.fail(STUCK);
                    break;
                }
                long until = Math.min(nextDisplay, measuredStartNanos < 0 ? warmupEnd : Long.MAX_VALUE);
                long wait = Math.max(1_000_000L, Math.min(until - System.nanoTime(), 100_000_000L));
                workers.get(0).join(Math.max(1, wait / 1_000_000L));
            }
            for (Thread t : workers) {
                t.join(1000);
            }
            if (measuredStartNanos < 0) { // stopped during warm-up: nothing was measured
                recorder.reset();
                startWindow(System.nanoTime());
            }
        }

        private boolean allDone(List<Thread> workers) {
            for (Thread t : workers) {
                if (t.isAlive()) {
                    return false;
                }
            }
            return true;
        }

        /** Open loop: warns once when the schedule lag grew over three intervals in a row and exceeds 1 s. */
        private void checkBacklog(IntervalSample s) {
            if (s.lag() == null || s.lag().getTotalCount() == 0 || backlogWarned) {
                return;
            }
            double lagMs = s.lag().getValueAtPercentile(50) / 1e6;
            lagGrowth = lagMs > lastLagMs ? lagGrowth + 1 : 0;
            lastLagMs = lagMs;
            if (lagGrowth >= 3 && lagMs > 1000) {
                backlogWarned = true;
                String w = String.format(Locale.ROOT,
                        "backlog growing: the requesters cannot keep up with requestrate=%.0f (median lag %.1f s and rising);"
                                + " response times include the wait", run.requestRate(), lagMs / 1000);
                warnings.add(w);
                out.println("WARNING: " + w);
            }
        }
    }
}
