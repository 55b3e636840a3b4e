package io.linkbench.run;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.LogicalBytes;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.OtherProcesses;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.WorkerRecorder;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.Seeds;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load phase: one thread loads the nodes of [startid1, maxid1) and {@code loaders} threads load
 * links and counts, taking chunks of {@code load_chunk_size} id1s from a shared cursor (so a slow
 * chunk never leaves the others idle), in bulk batches of {@code bulk_insert_count} rows. Each batch
 * is timed; retryable failures are retried; any other failure stops the load. Progress is printed
 * every {@code progressfreq} seconds. Afterwards the store's post-load steps ({@link LoadHooks}) run,
 * each timed, then the write-back step waits for the data's dirty pages ({@code load_writeback}). The
 * cost window covers all of it: one segment for the inserts ({@code insert}), one per step
 * ({@code step: NAME}), and the total.
 */
public final class LoadPhase {
    private static final String[] STEP_NAMES = LoadStep.names();
    /** The post-load step that waits for the data's dirty pages ({@code load_writeback}). */
    static final String WRITE_BACK = "write-back";

    private final RunConfig run;
    private final LoadGenerator generator;
    private final RunControl control;
    private final PrintStream out;
    private final boolean liveProgress;
    private final PhaseObserver observer;
    /** Key and payload bytes of the rows written by the current {@link #execute} (all loaders). */
    private final LongAdder logicalBytes = new LongAdder();

    /**
     * @param liveProgress a redrawn progress bar (a terminal) instead of plain lines
     * @param observer     cost probe and interval files, called from the phase's monitoring thread
     */
    public LoadPhase(RunConfig run, LoadGenerator generator, RunControl control, PrintStream out, boolean liveProgress,
                     PhaseObserver observer) {
        this.run = run;
        this.generator = generator;
        this.control = control;
        this.out = out;
        this.liveProgress = liveProgress;
        this.observer = observer;
    }

    /**
     * Loads the graph into an opened store. When a batch fails for good the load stops, the run is
     * marked failed ({@link RunControl#failed()}) and the result says so.
     *
     * @throws StoreException when the store cannot be prepared or sessions cannot be opened
     */
    public PhaseResult execute(GraphStore store) throws StoreException, InterruptedException {
        return execute(store, LoadState.started(generator.shape().startId(), generator.shape().endId(), run.seed(), "",
                java.time.Instant.now()));
    }

    /**
     * As {@link #execute(GraphStore)}, and records the load in a {@link io.linkbench.store.LoadStateStore}:
     * {@code starting} after the store is prepared, completed once inserts and post-load steps finished.
     */
    public PhaseResult execute(GraphStore store, LoadState starting) throws StoreException, InterruptedException {
        Fleet fleet = run.fleet();
        ConnectionCheck.refuseBeyondLimit(store, run.loaders() + 1, "loaders", run.loaders()); // + the node loader
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
        logicalBytes.reset();
        long sliceStart = sliceStart();
        long nodes = sliceEnd() - sliceStart;
        long expectedLinks = Math.round(generator.shape().expectedLinks() * ((double) nodes / generator.shape().nodeCount()));
        long chunk = run.loadChunkSize();
        long chunks = (nodes + chunk - 1) / chunk;
        AtomicLong cursor = new AtomicLong();
        AtomicReference<StoreException> failure = new AtomicReference<>();
        List<StoreSession> sessions = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        out.printf(Locale.ROOT, "load phase: %,d nodes (ids %d..%d%s), about %,d links, 1 node loader + %d link loaders,"
                        + " batches of %d rows%n", nodes, sliceStart, sliceStart + nodes - 1,
                fleet.shared() ? ": " + fleet.describe() : "", expectedLinks, run.loaders(), run.bulkInsertCount());
        Map<String, Long> countersBefore = StoreCounters.read(store);
        observer.phaseStarted(Phase.LOAD, 0);
        observer.windowStarted(Phase.LOAD, 0);
        long wallStart = System.currentTimeMillis();
        long start = System.nanoTime();
        List<IntervalPoint> points = new ArrayList<>();
        List<GraphTally> tallies = new ArrayList<>();
        try {
            for (int i = 0; i <= run.loaders(); i++) {
                sessions.add(store.session(i));
            }
            threads.add(worker("node-loader", failure,
                    () -> loadNodes(sessions.get(0), recorder.newWorker())));
            for (int i = 1; i <= run.loaders(); i++) {
                StoreSession s = sessions.get(i);
                WorkerRecorder w = recorder.newWorker();
                int loader = i;
                GraphTally tally = new GraphTally();
                tallies.add(tally);
                threads.add(worker("link-loader-" + i, failure, () -> loadLinks(loader, s, w, cursor, chunks, tally)));
            }
            threads.forEach(Thread::start);
            Progress progress = new Progress(out, liveProgress, nodes, expectedLinks, start);
            double progressNanos = run.progressSeconds() * 1e9;
            long nextReport = start + (long) progressNanos;
            for (Thread t : threads) {
                while (t.isAlive()) {
                    t.join(Math.max(1, Math.min(100, (nextReport - System.nanoTime()) / 1_000_000)));
                    if (System.nanoTime() < nextReport) {
                        continue;
                    }
                    progress.report(interval(recorder, start, points));
                    nextReport += (long) progressNanos;
                }
            }
            interval(recorder, start, points);
            progress.finish();
        } finally {
            for (StoreSession s : sessions) {
                try {
                    s.close();
                } catch (StoreException | RuntimeException e) {
                    // best effort
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        List<String> warnings = new ArrayList<>();
        if (failure.get() != null) {
            warnings.add("load failed: " + failure.get().getMessage());
        }
        List<OpStats> stats = recorder.results();
        out.println(finalLine(stats, seconds));
        Segments segments = new Segments(store, countersBefore);
        segments.end(PhaseCost.INSERT_PART);
        Map<String, Double> steps = new LinkedHashMap<>();
        if (store instanceof LoadHooks hooks && !control.interrupted() && fleet.index() == 0) {
            runSteps(hooks, steps, warnings, segments);
        }
        Optional<String> writeBackSkipped = control.interrupted() ? Optional.of("the load was interrupted")
                : writeBack(store, steps, segments);
        Map<String, Long> counters = StoreCounters.delta(countersBefore, StoreCounters.read(store));
        long size = StoreCounters.size(store);
        PhaseCost cost = observer.windowEnded(stats.stream().mapToLong(OpStats::rows).sum(), counters, size);
        OtherProcesses.warning(cost).ifPresent(warnings::add);
        if (!control.interrupted() && failure.get() == null) {
            if (fleet.shared()) { // each client records its slice; the last one completes the load
                FleetLoad.recordSlice(store, starting, fleet, control);
            } else {
                LoadRecord.save(store, starting.completedAt(java.time.Instant.now()));
            }
        }
        if (writeBackSkipped.isPresent() && !cost.figures().isEmpty()) {
            cost = cost.plus(Map.of(), List.of(PhaseCost.STEP_PART + WRITE_BACK + ": skipped: " + writeBackSkipped.get()));
        }
        PhaseEnd end = control.failed() ? PhaseEnd.failed(control.reason())
                : control.interrupted() ? PhaseEnd.interrupted(control.reason()) : PhaseEnd.LOADED;
        return new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(wallStart, System.currentTimeMillis(), seconds),
                PhaseResult.Latency.closedLoop(stats), end, warnings,
                new PhaseResult.StoreReadings(counters, size, logicalBytes.sum()), steps,
                cost, points, new PhaseResult.GraphFacts(graph(tallies, expectedLinks), null, 0));
    }

    /** First id this host loads: its fleet slice of [startid1, maxid1). */
    private long sliceStart() {
        return run.fleet().sliceStart(generator.shape().startId(), generator.shape().endId());
    }

    /** One past the last id this host loads. */
    private long sliceEnd() {
        return run.fleet().sliceEnd(generator.shape().startId(), generator.shape().endId());
    }

    /** The result of a load stopped while it waited for {@code start_at}: nothing loaded. */
    private PhaseResult stoppedBeforeStart() {
        long now = System.currentTimeMillis();
        return new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(now, now, 0),
                PhaseResult.Latency.closedLoop(new PhaseRecorder(STEP_NAMES, false).results()),
                PhaseEnd.interrupted(control.reason()), List.of("stopped before start_at"),
                new PhaseResult.StoreReadings(Map.of(), -1), Map.of(), null, List.of(), new PhaseResult.GraphFacts(null, null, 0));
    }

    /** The boundaries of the load's cost segments: the store's counters at the last one. */
    private final class Segments {
        private final GraphStore store;
        private Map<String, Long> last;

        Segments(GraphStore store, Map<String, Long> atStart) {
            this.store = store;
            this.last = atStart;
        }

        /** The segment {@code name} (insert window or post-load step) ends now. */
        void end(String name) {
            Map<String, Long> now = StoreCounters.read(store);
            observer.segmentEnded(name, StoreCounters.delta(last, now));
            last = now;
        }
    }

    /**
     * Waits for the data's file system to write its dirty pages, as the load's last step, timed; or
     * says why it cannot ({@code load_writeback = false}, no local data directory).
     */
    private Optional<String> writeBack(GraphStore store, Map<String, Double> steps, Segments segments)
            throws InterruptedException {
        Optional<Path> dir = store instanceof StoreMetrics m ? m.dataDirectory() : Optional.empty();
        Optional<String> skip = WriteBack.skipReason(run.loadWriteback(), dir);
        if (skip.isPresent()) {
            out.printf(Locale.ROOT, "post-load step: %s skipped: %s%n", WRITE_BACK, skip.get());
            return skip;
        }
        out.printf(Locale.ROOT, "post-load step: %s ...%n", WRITE_BACK);
        long t0 = System.nanoTime();
        String command;
        try {
            command = WriteBack.sync(dir.get());
        } catch (IOException e) {
            out.printf(Locale.ROOT, "post-load step: %s failed: %s%n", WRITE_BACK, e.getMessage());
            return Optional.of(e.getMessage());
        }
        double s = (System.nanoTime() - t0) / 1e9;
        segments.end(PhaseCost.STEP_PART + WRITE_BACK);
        steps.put(WRITE_BACK, s);
        out.printf(Locale.ROOT, "post-load step: %s (%s) took %.3f s%n", WRITE_BACK, command, s);
        return Optional.empty();
    }

    /**
     * Runs the store's post-load steps, timing each and ending a cost segment after each. An interrupt
     * cancels the running step through its canceller; a step that fails because of it ends the steps
     * with a warning instead of failing the load.
     */
    private void runSteps(LoadHooks hooks, Map<String, Double> steps, List<String> warnings, Segments segments)
            throws StoreException {
        for (LoadHooks.Step step : hooks.finishLoadSteps()) {
            if (control.interrupted()) {
                return;
            }
            String name = step.name();
            out.printf(Locale.ROOT, "post-load step: %s ...%n", name);
            long t0 = System.nanoTime();
            try (RunControl.Registration r = control.onInterrupt(step.canceller())) {
                step.run();
            } catch (StoreException e) {
                if (!control.interrupted()) {
                    throw e;
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            segments.end(PhaseCost.STEP_PART + name);
            if (control.interrupted()) {
                String w = String.format(Locale.ROOT, "post-load step '%s' cancelled after %.3f s", name, s);
                warnings.add(w);
                out.println(w);
                return;
            }
            steps.put(name, s);
            out.printf(Locale.ROOT, "post-load step: %s took %.3f s%n", name, s);
        }
    }

    /** Ends a progress interval: a point for the charts and files. */
    private IntervalSample interval(PhaseRecorder recorder, long start, List<IntervalPoint> points) {
        IntervalSample s = recorder.sample();
        IntervalPoint p = s.toPoint(STEP_NAMES, (s.endNanos() - start) / 1e9, false, observer.intervalRates());
        points.add(p);
        observer.interval(Phase.LOAD, 0, STEP_NAMES, p, s);
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

    private Thread worker(String name, AtomicReference<StoreException> failure, Work work) {
        Thread t = new Thread(() -> {
            try {
                work.run();
            } catch (StoreException e) {
                failure.compareAndSet(null, e);
                control.fail("load failed: " + e.getMessage());
            } catch (RuntimeException | Error e) { // a dead loader must not end the load as if it were done
                control.fail("load failed: " + name + " stopped: " + e);
            }
        }, name);
        t.setDaemon(true);
        return t;
    }

    @FunctionalInterface
    private interface Work {
        void run() throws StoreException;
    }

    private void loadNodes(StoreSession session, WorkerRecorder w) throws StoreException {
        long start = sliceStart();
        long end = sliceEnd();
        int batch = run.bulkInsertCount();
        Retrier retrier = new Retrier(run.maxRetries(), run.retryBackoffMs(), control,
                Seeds.derive(run.seed(), Seeds.Stream.NODES, -1));
        List<Node> nodes = new ArrayList<>(batch);
        for (long first = start; first < end && !control.interrupted(); first += batch) {
            long last = Math.min(end, first + batch);
            for (long id = first; id < last; id++) {
                nodes.add(generator.node(id));
            }
            write(LoadStep.LOAD_NODES, nodes, w, retrier, session::loadNodes);
        }
    }

    /**
     * What one link loader generated: id1s per bucket of links, rows, the most links of one id1. An
     * id1 is added once its links are all generated (or the interrupt cut it short: then with those it got).
     */
    private static final class GraphTally {
        final long[] buckets = new long[GraphStats.BUCKETS];
        long linkRows;
        long countRows;
        long maxLinks;

        void add(long links, long countRows) {
            buckets[GraphStats.bucket(links)]++;
            linkRows += links;
            this.countRows += countRows;
            maxLinks = Math.max(maxLinks, links);
        }
    }

    /** The graph the link loaders generated (all of it unless the load was stopped), with the model's link rows. */
    private GraphStats graph(List<GraphTally> tallies, long expectedLinks) {
        long[] buckets = new long[GraphStats.BUCKETS];
        long links = 0;
        long counts = 0;
        long max = 0;
        for (GraphTally t : tallies) {
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] += t.buckets[i];
            }
            links += t.linkRows;
            counts += t.countRows;
            max = Math.max(max, t.maxLinks);
        }
        return GraphStats.of(buckets, links, counts, max, expectedLinks);
    }

    /**
     * Streams each id1's links into batches of {@code bulk_insert_count} rows (a batch may hold the end
     * of one id1 and the start of the next), so a loader holds one batch whatever the degree; the
     * interrupt is checked before every batch.
     */
    private void loadLinks(int loader, StoreSession session, WorkerRecorder w, AtomicLong cursor, long chunks,
                           GraphTally tally) throws StoreException {
        long start = sliceStart();
        long end = sliceEnd();
        int batch = run.bulkInsertCount();
        Retrier retrier = new Retrier(run.maxRetries(), run.retryBackoffMs(), control,
                Seeds.derive(run.seed(), Seeds.Stream.LINKS, -1 - loader));
        List<Link> links = new ArrayList<>(batch);
        List<LinkCount> counts = new ArrayList<>(batch + generator.shape().linkTypeCount());
        long c;
        while ((c = cursor.getAndIncrement()) < chunks && !control.interrupted()) {
            long first = start + c * run.loadChunkSize();
            long last = Math.min(end, first + run.loadChunkSize());
            for (long id1 = first; id1 < last && !control.interrupted(); id1++) {
                LoadGenerator.LinkStream stream = generator.linksOf(id1);
                while (!stream.done() && !control.interrupted()) {
                    stream.next(links, batch - links.size(), counts);
                    if (links.size() >= batch) {
                        write(LoadStep.LOAD_LINKS, links, w, retrier, session::loadLinks);
                    }
                }
                tally.add(stream.links(), stream.countRows());
                if (counts.size() >= batch) {
                    write(LoadStep.LOAD_COUNTS, counts, w, retrier, session::loadCounts);
                }
            }
        }
        if (!control.interrupted()) {
            write(LoadStep.LOAD_LINKS, links, w, retrier, session::loadLinks);
            write(LoadStep.LOAD_COUNTS, counts, w, retrier, session::loadCounts);
        }
    }

    @FunctionalInterface
    private interface BatchWrite<T> {
        void write(List<T> rows) throws StoreException;
    }

    /** Writes the whole buffer as one timed batch (retried when retryable) and clears it. */
    private <T> void write(LoadStep loadStep, List<T> rows, WorkerRecorder w, Retrier retrier, BatchWrite<T> sink)
            throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        int step = loadStep.ordinal();
        for (int attempt = 0; ; attempt++) {
            long t0 = System.nanoTime();
            try {
                sink.write(rows);
                w.recordService(step, System.nanoTime() - t0);
                w.addRows(step, rows.size());
                long bytes = 0;
                for (T row : rows) {
                    bytes += LogicalBytes.of(row);
                }
                logicalBytes.add(bytes);
                rows.clear();
                return;
            } catch (StoreException e) {
                if (!retrier.retry(e, attempt, Long.MAX_VALUE, step, w)) {
                    w.recordError(step, e.kind());
                    throw e;
                }
            }
        }
    }
}
