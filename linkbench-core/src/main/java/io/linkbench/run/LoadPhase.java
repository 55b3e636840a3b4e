package io.linkbench.run;

import io.linkbench.config.MessageText;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadState;
import io.linkbench.store.StoreException;
import io.linkbench.workload.LoadGenerator;
import java.io.PrintStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The load phase: {@code loaders} threads load the nodes, links and counts of this host's slice of
 * [startid1, maxid1), each taking chunks of ids from a shared cursor ({@link LoadWorkers}). Progress is printed every
 * {@code progressfreq} seconds, also while the server stalls (it then says so); when every loader has
 * waited inside a store call for longer than {@code load_stall_limit}, the load ends failed: the server
 * stalled. After a stop request the loaders still inside a store call are left behind once the server does
 * not answer ({@link StopWait}). Afterwards the store's post-load steps and the write-back step run,
 * each timed ({@link PostLoadSteps}). The cost window covers all of it: one segment for the inserts
 * ({@code insert}), one per step ({@code step: NAME}), and the total. Built by {@link PhaseContext#load}.
 */
public final class LoadPhase {
    private static final String[] STEP_NAMES = LoadStep.names();

    private final PhaseContext ctx;
    private final RunConfig run;
    private final LoadGenerator generator;
    private final RunControl control;
    private final PrintStream out;

    LoadPhase(PhaseContext ctx, LoadGenerator generator) {
        this.ctx = ctx;
        this.run = ctx.run();
        this.generator = generator;
        this.control = ctx.control();
        this.out = ctx.out();
    }

    /**
     * Loads the graph into an opened store. When a batch fails for good the load stops, the run is
     * marked failed ({@link RunControl#failed()}) and the result says so.
     *
     * @throws StoreException when the store cannot be prepared or sessions cannot be opened
     */
    public PhaseResult execute(GraphStore store) throws StoreException, InterruptedException {
        return execute(store, LoadState.started(generator.shape().startId(), generator.shape().endId(), run.seed(), "",
                Instant.now()));
    }

    /**
     * As {@link #execute(GraphStore)}, and records the load in a {@link io.linkbench.store.LoadStateStore}:
     * {@code starting} after the store is prepared, completed once inserts and post-load steps finished.
     */
    public PhaseResult execute(GraphStore store, LoadState starting) throws StoreException, InterruptedException {
        Fleet fleet = run.fleet();
        ConnectionCheck.refuseBeyondLimit(store, run.loaders(), "loaders", run.loaders());
        if (fleet.index() == 0) {
            store.prepareForLoad(run.schema());
            LoadRecord.save(store, starting);
        } else {
            FleetLoad.awaitClientZero(store, starting, fleet, control, out);
        }
        if (fleet.startAt().isPresent() && !Fleet.sleepUntil(fleet.startAt().get(), control)) {
            return stoppedBeforeStart();
        }
        PhaseRecorder recorder = new PhaseRecorder(STEP_NAMES, false);
        long sliceStart = fleet.sliceStart(generator.shape().startId(), generator.shape().endId());
        long nodes = fleet.sliceEnd(generator.shape().startId(), generator.shape().endId()) - sliceStart;
        long expectedLinks = Math.round(generator.shape().expectedLinks() * ((double) nodes / generator.shape().nodeCount()));
        LoadWorkers loaders = new LoadWorkers(ctx, generator, recorder, sliceStart, sliceStart + nodes, expectedLinks);
        String shared = loaders.sharedId1s();
        out.printf(Locale.ROOT, "load phase: %,d nodes (ids %d..%d%s), about %,d links, %d loader%s,"
                        + " batches of %d rows%s%n", nodes, sliceStart, sliceStart + nodes - 1,
                fleet.shared() ? ": " + fleet.describe() : "", expectedLinks, run.loaders(), run.loaders() == 1 ? "" : "s", run.bulkInsertCount(),
                shared.isEmpty() ? "" : "; " + shared + " loaded by every loader first");
        Progress.PostLoad post = postLoad(store);
        out.println(post.describe());
        List<IntervalPoint> points = new ArrayList<>();
        PhaseRunner runner = new PhaseRunner(ctx, Phase.LOAD, 0, store);
        runner.phaseStarted();
        runner.windowStarted();
        long wallStart = System.currentTimeMillis();
        long start = System.nanoTime();
        Optional<DiskCheck> disk = fleet.shared() ? Optional.empty() : DiskCheck.of(store);
        try (runner) {
            runner.openSessions(run.loaders());
            runner.createWorkers(LoadWorkers::name, (i, session) -> loaders.worker(i, session, runner.calls().slot(i)));
            runner.startWorkers();
            Progress progress = new Progress(out, ctx.liveProgress(), nodes, expectedLinks, start, post);
            watch(runner, recorder, progress, start, points, new StopWait(ctx, store), loaders, disk);
            interval(runner, recorder, start, points);
            progress.finish();
        }
        // a load too short to reach the first percent between two looks is checked at its end (a complete one: exactly)
        double written = loaders.failure() == null && !control.interrupted() ? 1.0 : loaders.fraction();
        disk.flatMap(d -> d.at(written, loaders.logicalBytes())).ifPresent(r -> out.println(diskLine(r)));
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> warnings = new ArrayList<>();
        disk.flatMap(DiskCheck::warning).ifPresent(warnings::add);
        if (loaders.failure() != null) {
            warnings.add("load failed: " + loaders.failure().getMessage());
        }
        List<OpStats> stats = recorder.results();
        out.println(finalLine(stats, seconds));
        PostLoadSteps steps = new PostLoadSteps(ctx, store, runner.countersAtWindowStart(), new StopWait(ctx, store));
        steps.endInserts();
        if (store instanceof LoadHooks hooks && !control.interrupted() && fleet.index() == 0) {
            steps.runStoreSteps(hooks, warnings);
        }
        Optional<String> writeBackSkipped = control.interrupted()
                ? Optional.of(control.failed() ? "the load failed" : "the load was interrupted") : steps.writeBack();
        PhaseRunner.WindowEnd window = runner.endWindow(stats.stream().mapToLong(OpStats::rows).sum(), warnings);
        if (!control.interrupted() && loaders.failure() == null) {
            recordCompleted(store, starting);
        }
        if (runner.anyAlive()) {
            StoreCalls.Waiting w = runner.calls().waiting(System.nanoTime());
            warnings.add(String.format(Locale.ROOT, "%d loaders were still inside a store call when the load ended, for"
                    + " up to %.0f s (the server stalled?); their batches are not counted", w.inCall(), w.longestSeconds()));
        }
        PhaseEnd end = runner.end(PhaseEnd.LOADED);
        if (end.cutShort()) {
            out.printf(Locale.ROOT, "load phase %s%n", end.describe());
        }
        PhaseCost cost = window.cost();
        if (writeBackSkipped.isPresent() && !cost.figures().isEmpty()) {
            cost = cost.plus(Map.of(), List.of(PhaseCost.STEP_PART + PostLoadSteps.WRITE_BACK + ": skipped: "
                    + writeBackSkipped.get()));
        }
        return new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(wallStart, System.currentTimeMillis(), seconds),
                PhaseResult.Latency.closedLoop(stats), end, warnings,
                window.readings(loaders.logicalBytes()), steps.seconds(),
                cost, points, new PhaseResult.GraphFacts(loaders.graph(), null, 0));
    }

    /**
     * Records the load as completed (a fleet's client: its slice; the last one completes the load). A store that
     * fails to record it fails the load: the phase's result is still made, and says why.
     */
    private void recordCompleted(GraphStore store, LoadState starting) throws InterruptedException {
        try {
            if (run.fleet().shared()) {
                FleetLoad.recordSlice(store, starting, run.fleet(), control);
            } else {
                LoadRecord.save(store, starting.completedAt(Instant.now()));
            }
        } catch (StoreException e) {
            control.fail("the load's inserts and post-load steps ended, but the store could not record the load as"
                    + " completed: " + MessageText.line(String.valueOf(e.getMessage())));
        }
    }

    /** The store's post-load steps this client will run, and the store's estimate of their time, for the ETA. */
    private Progress.PostLoad postLoad(GraphStore store) {
        if (!(store instanceof LoadHooks hooks) || run.fleet().index() != 0) {
            return Progress.PostLoad.NONE;
        }
        List<LoadHooks.Step> steps = hooks.finishLoadSteps();
        return steps.isEmpty() ? Progress.PostLoad.NONE : new Progress.PostLoad(
                String.join(", ", steps.stream().map(LoadHooks.Step::name).toList()), hooks.finishLoadEstimate());
    }

    /** The result of a load stopped while it waited for {@code start_at}: nothing loaded. */
    private PhaseResult stoppedBeforeStart() {
        long now = System.currentTimeMillis();
        return new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(now, now, 0),
                PhaseResult.Latency.closedLoop(new PhaseRecorder(STEP_NAMES, false).results()),
                PhaseEnd.interrupted(control.reason()), List.of("stopped before start_at"),
                new PhaseResult.StoreReadings(Map.of(), -1), Map.of(), null, List.of(), new PhaseResult.GraphFacts(null, null, 0));
    }

    /**
     * Waits for the loaders, with a progress line every {@code progressfreq} seconds; fails the load when every
     * loader still at work has waited inside a store call for longer than {@code load_stall_limit}, and stops
     * waiting after a stop request once {@code stop} gives up on them. The disk check, if any, is made as soon as
     * its share of the load is written (looked at every 100 ms or so, not only at a report).
     */
    private void watch(PhaseRunner runner, PhaseRecorder recorder, Progress progress, long start,
                       List<IntervalPoint> points, StopWait stop, LoadWorkers loaders, Optional<DiskCheck> disk)
            throws InterruptedException {
        long progressNanos = (long) (run.progressSeconds() * 1e9);
        long nextReport = start + progressNanos;
        while (runner.anyAlive()) {
            long now = System.nanoTime();
            if (now >= nextReport) {
                IntervalSample s = interval(runner, recorder, start, points);
                progress.report(s, Progress.Loaders.of(loaders.rowsByWorker(), runner.workers()),
                        runner.intervalNotes(s, "loaders"));
                nextReport += progressNanos * Math.max(1, (now - nextReport) / progressNanos + 1);
            }
            disk.flatMap(d -> d.at(loaders.fraction(), loaders.logicalBytes())).ifPresent(r -> progress.note(diskLine(r)));
            int alive = runner.alive();
            if (!control.interrupted() && runner.calls().waiting(now).allLongerThan(alive, run.loadStallNanos())) {
                control.fail(String.format(Locale.ROOT, "the server stalled: %d of %d loaders have each waited inside a"
                        + " store call for more than %s s (load_stall_limit) with no batch finished since",
                        alive, runner.workers().size(), RequestPhase.plain(run.loadStallSeconds())));
                return;
            }
            if (stop.giveUp(now)) {
                return;
            }
            long wait = Math.max(1, Math.min(100, (nextReport - System.nanoTime()) / 1_000_000));
            for (Thread t : runner.workers()) {
                if (t.isAlive()) {
                    t.join(wait);
                    break;
                }
            }
        }
    }

    private static String diskLine(DiskCheck.Result r) {
        return r.warning() ? "warning: " + r.line() : r.line();
    }

    /** Ends a progress interval: a point for the charts and files. */
    private IntervalSample interval(PhaseRunner runner, PhaseRecorder recorder, long start, List<IntervalPoint> points) {
        IntervalSample s = recorder.sample();
        points.add(runner.interval(s, STEP_NAMES, (s.endNanos() - start) / 1e9, false, ctx.observer().intervalRates()));
        return s;
    }

    /** "loaded 1,000 nodes, 2,500 links, 1,200 counts in 1.2 s: ... rows/s each and in total". */
    private static String finalLine(List<OpStats> stats, double seconds) {
        long nodes = stats.get(LoadStep.LOAD_NODES.ordinal()).rows();
        long links = stats.get(LoadStep.LOAD_LINKS.ordinal()).rows();
        long counts = stats.get(LoadStep.LOAD_COUNTS.ordinal()).rows();
        double s = Math.max(seconds, 1e-9);
        return String.format(Locale.ROOT,
                "loaded %,d nodes, %,d links, %,d counts in %.1f s: %,.0f nodes/s, %,.0f links/s, %,.0f counts/s, %,.0f rows/s in total",
                nodes, links, counts, seconds, nodes / s, links / s, counts / s, (nodes + links + counts) / s);
    }
}
