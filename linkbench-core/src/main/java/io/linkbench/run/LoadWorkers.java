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
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The load phase's workers over one host's slice of the ids: worker 0 loads the nodes, workers 1..N
 * the links and counts, taking chunks of {@code load_chunk_size} id1s from a shared cursor (so a slow
 * chunk never leaves the others idle), in bulk batches of {@code bulk_insert_count} rows. Each batch is
 * timed and marked as a store call ({@link StoreCalls}); retryable failures are retried; any other failure
 * stops the load ({@link RunControl#fail}), unless the load was stopped already (a failure then is the
 * stop's doing).
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

    /** Loads ids [start, end). */
    LoadWorkers(PhaseContext ctx, LoadGenerator generator, PhaseRecorder recorder, long start, long end) {
        this.run = ctx.run();
        this.control = ctx.control();
        this.generator = generator;
        this.recorder = recorder;
        this.start = start;
        this.end = end;
        this.chunks = (end - start + run.loadChunkSize() - 1) / run.loadChunkSize();
    }

    /** The thread name of worker {@code index}. */
    static String name(int index) {
        return index == 0 ? "node-loader" : "link-loader-" + index;
    }

    /**
     * Worker {@code index}'s work on {@code session}: the nodes for 0, links and counts for the others, each
     * batch marked on {@code marks}.
     */
    Runnable worker(int index, StoreSession session, StoreCalls.Marks marks) {
        Batches w = new Batches(recorder.newWorker(), marks);
        if (index == 0) {
            return guarded(name(index), () -> loadNodes(session, w));
        }
        GraphTally tally = new GraphTally();
        tallies.add(tally);
        return guarded(name(index), () -> loadLinks(index, session, w, tally));
    }

    /** The batch failure that stopped the load, or null. */
    StoreException failure() {
        return failure.get();
    }

    long logicalBytes() {
        return logicalBytes.sum();
    }

    /** The graph the link loaders generated (all of it unless the load was stopped), with the model's link rows. */
    GraphStats graph(long expectedLinks) {
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

    /** A worker's recorder, and the marks of its store calls. */
    private record Batches(WorkerRecorder recorder, StoreCalls.Marks marks) {
    }

    private void loadNodes(StoreSession session, Batches w) throws StoreException {
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

    /**
     * Streams each id1's links into batches of {@code bulk_insert_count} rows (a batch may hold the end
     * of one id1 and the start of the next), so a loader holds one batch whatever the degree; the
     * interrupt is checked before every batch.
     */
    private void loadLinks(int loader, StoreSession session, Batches w, GraphTally tally) throws StoreException {
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
    private <T> void write(LoadStep loadStep, List<T> rows, Batches b, Retrier retrier, BatchWrite<T> sink)
            throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        int step = loadStep.ordinal();
        WorkerRecorder w = b.recorder();
        for (int attempt = 0; ; attempt++) {
            long t0 = System.nanoTime();
            StoreException failed = null;
            b.marks().enter(t0);
            try {
                sink.write(rows);
            } catch (StoreException e) {
                failed = e;
            } finally {
                b.marks().exit();
            }
            if (failed == null) {
                w.recordService(step, System.nanoTime() - t0);
                w.addRows(step, rows.size());
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
