package io.linkbench.run;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.LogicalBytes;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.WorkerRecorder;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.Seeds;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load phase's workers over one host's slice of the ids: {@code loaders} threads, each loading
 * nodes, links and counts. Each first takes parts of the id1s too large for one loader
 * ({@link SharedId1s}), then chunks of {@code load_chunk_size} ids from a shared cursor (so a slow
 * chunk never leaves the others idle): the nodes of the chunk, then the links and counts of its id1s,
 * in bulk batches of {@code bulk_insert_count} rows. A loader's chunks come in rising order, so the
 * ids of its node batches rise, as {@code StoreSession.loadNodes} expects; a node batch may span
 * chunks. Each batch is timed and marked as a store call ({@link StoreCalls}); retryable failures are
 * retried; any other failure stops the load ({@link RunControl#fail}), unless the load was stopped
 * already (a failure then is the stop's doing).
 */
final class LoadWorkers {
    private final RunConfig run;
    private final RunControl control;
    private final LoadGenerator generator;
    private final PhaseRecorder recorder;
    private final long start;
    private final long end;
    private final long chunks;
    private final AtomicLong cursor = new AtomicLong();
    private final AtomicReference<StoreException> failure = new AtomicReference<>();
    /** Key and payload bytes of the rows written (all loaders). */
    private final LongAdder logicalBytes = new LongAdder();
    private final List<GraphTally> tallies = new ArrayList<>();
    private final SharedId1s shared;
    private static final int STEPS = LoadStep.values().length;
    /** Rows written by loader w of step s at [w * STEPS + s]: a loader adds to its own slots only, once a batch. */
    private final AtomicLongArray written;
    private final long expectedLinks;

    /** Loads ids [start, end), which hold about {@code expectedLinks} links. */
    LoadWorkers(PhaseContext ctx, LoadGenerator generator, PhaseRecorder recorder, long start, long end,
            long expectedLinks) {
        this.run = ctx.run();
        this.control = ctx.control();
        this.generator = generator;
        this.recorder = recorder;
        this.start = start;
        this.end = end;
        this.chunks = (end - start + run.loadChunkSize() - 1) / run.loadChunkSize();
        this.shared = SharedId1s.of(generator.shape(), start, end, run.loaders(), expectedLinks);
        this.written = new AtomicLongArray(run.loaders() * STEPS);
        this.expectedLinks = expectedLinks;
    }

    /** The share of the load written so far, 0 to 1, as the progress line counts it ({@link Progress#fraction}). */
    double fraction() {
        return Progress.fraction(rowsOf(LoadStep.LOAD_NODES), rowsOf(LoadStep.LOAD_LINKS), end - start, expectedLinks);
    }

    /** Rows of {@code step} written so far by every loader. */
    private long rowsOf(LoadStep step) {
        long n = 0;
        for (int i = step.ordinal(); i < written.length(); i += STEPS) {
            n += written.get(i);
        }
        return n;
    }

    /** "1 id1 of 961,964 links in 8 parts" when some id1s are loaded by every link loader, else empty. */
    String sharedId1s() {
        return shared.describe();
    }

    /** Rows written so far by each loader. */
    long[] rowsByWorker() {
        long[] byWorker = new long[written.length() / STEPS];
        for (int i = 0; i < written.length(); i++) {
            byWorker[i / STEPS] += written.get(i);
        }
        return byWorker;
    }

    /** The thread name of worker {@code index}. */
    static String name(int index) {
        return "loader-" + (index + 1);
    }

    /** Loader {@code index}'s work on {@code session} (0-based), each batch marked on {@code marks}. */
    Runnable worker(int index, StoreSession session, StoreCalls.Marks marks) {
        WorkerRecorder w = recorder.newWorker();
        GraphTally tally = new GraphTally();
        tallies.add(tally);
        return guarded(name(index), () -> load(index, session, new Sink(index, w, marks), tally));
    }

    /** The batch failure that stopped the load, or null. */
    StoreException failure() {
        return failure.get();
    }

    long logicalBytes() {
        return logicalBytes.sum();
    }

    /**
     * The graph the link loaders generated (all of it unless the load was stopped), with the model's link rows of
     * the id1s it holds: a stopped load's model figure is that of the id1s it reached, not of the whole graph's
     * links spread over them (a third of the id1s read "model 26.85" links per id1 where the graph has 3.68).
     */
    GraphStats graph() {
        long[] buckets = new long[GraphStats.BUCKETS];
        long links = 0;
        long model = 0;
        long counts = 0;
        long max = 0;
        for (GraphTally t : tallies) {
            for (int i = 0; i < buckets.length; i++) {
                buckets[i] += t.buckets[i];
            }
            links += t.linkRows;
            model += t.modelLinks;
            counts += t.countRows;
            max = Math.max(max, t.maxLinks);
        }
        return GraphStats.of(buckets, links, counts, max, model);
    }

    @FunctionalInterface
    private interface Work {
        void run() throws StoreException;
    }

    private Runnable guarded(String name, Work work) {
        return () -> {
            try {
                work.run();
            } catch (StoreException e) {
                if (!control.interrupted()) {
                    failure.compareAndSet(null, e);
                    control.fail("load failed: " + e.getMessage());
                }
            } catch (RuntimeException | Error e) { // a dead loader must not end the load as if it were done
                if (!control.interrupted()) {
                    control.fail("load failed: " + name + " stopped: " + e);
                }
            }
        };
    }

    /**
     * What one loader generated: id1s per bucket of links, rows, the most links of one id1, and the links the
     * model gives those id1s. An id1 is added once its links are all generated (or the interrupt cut it short:
     * then with those it got, and all of its model's).
     */
    private static final class GraphTally {
        final long[] buckets = new long[GraphStats.BUCKETS];
        long linkRows;
        long modelLinks;
        long countRows;
        long maxLinks;

        void add(long links, long modelLinks, long countRows) {
            buckets[GraphStats.bucket(links)]++;
            linkRows += links;
            this.modelLinks += modelLinks;
            this.countRows += countRows;
            maxLinks = Math.max(maxLinks, links);
        }
    }

    /**
     * Streams each id1's links into batches of {@code bulk_insert_count} rows (a batch may hold the end
     * of one id1 and the start of the next), so a loader holds one batch whatever the degree; the
     * interrupt is checked before every batch. The parts of the shared id1s come first; a loader's
     * last batches of them are written before its chunks, so every batch stays sorted by id1. A chunk's
     * nodes are generated before its links; a node batch is written when full and at the end.
     */
    private void load(int loader, StoreSession session, Sink w, GraphTally tally) throws StoreException {
        int batch = run.bulkInsertCount();
        Retrier retrier = new Retrier(run.maxRetries(), run.retryBackoffMs(), run.retrySeconds(), control,
                Seeds.derive(run.seed(), Seeds.Stream.LINKS, -1 - loader));
        List<Node> nodes = new ArrayList<>(batch);
        List<Link> links = new ArrayList<>(batch);
        List<LinkCount> counts = new ArrayList<>(batch + generator.shape().linkTypeCount());
        SharedId1s.Part part;
        boolean tookParts = false;
        while (!control.interrupted() && (part = shared.next()) != null) {
            tookParts = true;
            LoadGenerator.LinkStream stream = generator.linksOf(part.owner().id1, part.from(), part.to());
            stream(stream, links, counts, w, retrier, session);
            if (!control.interrupted()) {
                int countRows = part.finished(stream, generator.shape(), counts);
                if (countRows > 0) { // the id1's last part: its count rows, and the id1 tallied once
                    tally.add(part.owner().links, part.owner().links, countRows);
                }
                if (counts.size() >= batch) {
                    write(LoadStep.LOAD_COUNTS, counts, w, retrier, session::loadCounts);
                }
            }
        }
        if (tookParts && !control.interrupted()) {
            write(LoadStep.LOAD_LINKS, links, w, retrier, session::loadLinks);
            write(LoadStep.LOAD_COUNTS, counts, w, retrier, session::loadCounts);
        }
        long c;
        while ((c = cursor.getAndIncrement()) < chunks && !control.interrupted()) {
            long first = start + c * run.loadChunkSize();
            long last = Math.min(end, first + run.loadChunkSize());
            for (long id = first; id < last && !control.interrupted(); id++) {
                nodes.add(generator.node(id));
                if (nodes.size() >= batch) {
                    write(LoadStep.LOAD_NODES, nodes, w, retrier, session::loadNodes);
                }
            }
            for (long id1 = first; id1 < last && !control.interrupted(); id1++) {
                if (shared.contains(id1)) {
                    continue;
                }
                LoadGenerator.LinkStream stream = generator.linksOf(id1);
                stream(stream, links, counts, w, retrier, session);
                tally.add(stream.links(), stream.modelLinks(), stream.countRows());
                if (counts.size() >= batch) {
                    write(LoadStep.LOAD_COUNTS, counts, w, retrier, session::loadCounts);
                }
            }
        }
        if (!control.interrupted()) {
            write(LoadStep.LOAD_NODES, nodes, w, retrier, session::loadNodes);
            write(LoadStep.LOAD_LINKS, links, w, retrier, session::loadLinks);
            write(LoadStep.LOAD_COUNTS, counts, w, retrier, session::loadCounts);
        }
    }

    /** Appends {@code stream}'s links (and count rows) to the buffers, writing each full batch of links. */
    private void stream(LoadGenerator.LinkStream stream, List<Link> links, List<LinkCount> counts, Sink w,
            Retrier retrier, StoreSession session) throws StoreException {
        int batch = run.bulkInsertCount();
        while (!stream.done() && !control.interrupted()) {
            stream.next(links, batch - links.size(), counts);
            if (links.size() >= batch) {
                write(LoadStep.LOAD_LINKS, links, w, retrier, session::loadLinks);
            }
        }
    }

    @FunctionalInterface
    private interface BatchWrite<T> {
        void write(List<T> rows) throws StoreException;
    }

    /** Where a worker's batches are recorded: its recorder, its row count and the marks of its store calls. */
    private record Sink(int worker, WorkerRecorder recorder, StoreCalls.Marks marks) {
    }

    /** Writes the whole buffer as one timed batch (retried when retryable) and clears it. */
    private <T> void write(LoadStep loadStep, List<T> rows, Sink sink, Retrier retrier, BatchWrite<T> store)
            throws StoreException {
        WorkerRecorder w = sink.recorder;
        if (rows.isEmpty()) {
            return;
        }
        int step = loadStep.ordinal();
        for (int attempt = 0; ; attempt++) {
            long t0 = System.nanoTime();
            StoreException failed = null;
            sink.marks().enter(t0);
            try {
                store.write(rows);
            } catch (StoreException e) {
                failed = e;
            } finally {
                sink.marks().exit();
            }
            if (failed == null) {
                w.recordService(step, System.nanoTime() - t0);
                w.addRows(step, rows.size());
                written.addAndGet(sink.worker * STEPS + step, rows.size());
                long bytes = 0;
                for (T row : rows) {
                    bytes += LogicalBytes.of(row);
                }
                logicalBytes.add(bytes);
                rows.clear();
                return;
            }
            if (!retrier.retry(failed, attempt, Long.MAX_VALUE, step, w)) {
                w.recordError(step, failed.kind());
                throw failed;
            }
        }
    }
}
