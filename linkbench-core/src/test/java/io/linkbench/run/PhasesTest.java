package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStoreProvider;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.probe.MemInfo;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.WorkloadConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The load and request phases end to end against the memory store. */
class PhasesTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    /** A memory store and the configs of one test: the defaults with the given keys changed. */
    private final class Bench implements AutoCloseable {
        final RunSpec spec;
        final RunConfig run;
        final WorkloadConfig workload;
        final GraphShape shape;
        final GraphStore store;

        Bench(String... kv) throws StoreException {
            String[] keys = java.util.Arrays.copyOf(kv, kv.length + 2);
            keys[kv.length] = "store";
            keys[kv.length + 1] = "memory";
            spec = RunSpec.withDefaults(keys);
            run = spec.run();
            workload = spec.workload();
            shape = spec.shape();
            store = new MemoryStoreProvider().open(new StoreContext(spec.settings(), spec.sessions()));
        }

        PhaseResult load(RunControl control) throws Exception {
            return TestPhases.context(spec, control, out, PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
        }

        PhaseResult requests(RunControl control) throws Exception {
            return TestPhases.context(spec, control, out, PhaseObserver.NONE).requests(0).execute(store);
        }

        @Override
        public void close() throws StoreException {
            store.close();
        }
    }

    @Test
    void theLoadCostIsSplitIntoTheInsertWindowAndTheSkippedWriteBackIsSaid() throws Exception {
        try (Bench b = new Bench("maxid1", "2001", "loaders", "2")) {
            PhaseResult load = TestPhases.context(b.spec, new RunControl(), out, CostProbe.local(b.store, b.run))
                    .load(TestPhases.BASE).execute(b.store);
            PhaseCost total = load.cost();
            assertEquals(List.of(PhaseCost.INSERT_PART), List.copyOf(total.parts().keySet()), "a memory store has no steps");
            PhaseCost insert = total.parts().get(PhaseCost.INSERT_PART);
            assertEquals(insert.get(PhaseCost.SECONDS), total.get(PhaseCost.SECONDS), 1e-12, "one segment is the total");
            assertEquals(insert.get(PhaseCost.CLIENT_CPU_S), total.get(PhaseCost.CLIENT_CPU_S), 1e-12);
            assertEquals(load.operations() / total.get(PhaseCost.SECONDS), total.get(PhaseCost.OPS_PER_S), 1e-6);
            assertTrue(total.unavailable().contains("step: write-back: skipped: no local data directory (remote server,"
                    + " or a store without files)"), total.unavailable().toString());
            assertFalse(load.steps().containsKey("write-back"));
            assertTrue(console.toString(StandardCharsets.UTF_8).contains("post-load step: write-back skipped: "));
            assertTrue(total.figures().containsKey(PhaseCost.DIRTY_KB_PER_OP), total.figures().toString());
        }
    }

    @Test
    void withoutLoadWritebackTheStepIsSkippedForThatReason() {
        assertEquals(java.util.Optional.of("load_writeback = false"),
                WriteBack.skipReason(false, java.util.Optional.of(java.nio.file.Path.of("/tmp"))));
        assertEquals(java.util.Optional.empty(), WriteBack.skipReason(true, java.util.Optional.of(java.nio.file.Path.of("/tmp"))));
    }

    @Test
    void dirtyPagesAreTheChangeOfDirtyPlusWritebackPerOperation() {
        Map<String, Double> f = CostProbe.dirtyFigures(java.util.Optional.of(new MemInfo(100, 20)),
                java.util.Optional.of(new MemInfo(600, 70)), 1000);
        assertEquals(0.55, f.get(PhaseCost.DIRTY_KB_PER_OP), 1e-12);      // (670 - 120) KB / 1000
        assertEquals(550, f.get(PhaseCost.DIRTY_CHANGE_KB), 1e-12);
        assertEquals(List.of(100.0, 20.0, 600.0, 70.0), List.of(f.get(PhaseCost.DIRTY_START_KB),
                f.get(PhaseCost.WRITEBACK_START_KB), f.get(PhaseCost.DIRTY_END_KB), f.get(PhaseCost.WRITEBACK_END_KB)));
        Map<String, Double> none = CostProbe.dirtyFigures(java.util.Optional.empty(), java.util.Optional.of(new MemInfo(1, 1)), 10);
        assertTrue(Double.isNaN(none.get(PhaseCost.DIRTY_KB_PER_OP)), "unavailable, never 0");
        assertTrue(Double.isNaN(none.get(PhaseCost.DIRTY_START_KB)));
        assertEquals(1.0, none.get(PhaseCost.DIRTY_END_KB));
    }

    @Test
    void loadThenRequestsKeepCountsConsistentAndHonourTheRequestLimit() throws Exception {
        RunControl control = new RunControl();
        try (Bench b = new Bench("maxid1", "5001", "loaders", "3", "bulk_insert_count", "100", "load_chunk_size", "64",
                "requesters", "3", "requests", "30000", "maxtime", "60", "displayfreq", "0.2")) {
            PhaseResult load = b.load(control);
            long links = 0;
            for (long id1 = b.shape.startId(); id1 < b.shape.endId(); id1++) {
                links += b.shape.linksOfDegree(b.shape.degree(id1));
            }
            assertEquals(5000, rows(load, "LOAD_NODES"));
            assertEquals(links, rows(load, "LOAD_LINKS"));
            assertTrue(rows(load, "LOAD_COUNTS") >= 5000, "at least one count row per node");
            assertFalse(load.interrupted());
            assertEquals(0, ((CountVerifier) b.store).verifyCounts().mismatches());

            PhaseResult req = b.requests(control);
            long done = 0;
            for (OpStats op : req.ops()) {
                done += op.count() + op.errors();
                assertEquals(0, op.errors(), op.name() + " errors");
                assertTrue(op.count() > 0, op.name() + " never ran");
            }
            assertEquals(30000, done, "requests is the total over all requesters");
            assertTrue(req.throughput() > 0);
            assertEquals(0, ((CountVerifier) b.store).verifyCounts().mismatches());
        }
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("load phase: 5,000 nodes"), text);
    }

    /** The same seed gives the same graph, payloads included, whatever the threads, batch and chunk sizes. */
    @Test
    void theGraphDependsOnlyOnTheSeed() throws Exception {
        try (Bench a = new Bench("maxid1", "3001", "loaders", "1", "bulk_insert_count", "7", "load_chunk_size", "13");
             Bench b = new Bench("maxid1", "3001", "loaders", "3", "bulk_insert_count", "1000", "load_chunk_size", "512")) {
            a.load(new RunControl());
            b.load(new RunControl());
            try (StoreSession sa = a.store.session(0); StoreSession sb = b.store.session(0)) {
                for (long id = a.shape.startId(); id < a.shape.endId(); id++) {
                    assertEquals(sa.getNode(id, GraphShape.NODE_TYPE), sb.getNode(id, GraphShape.NODE_TYPE));
                    for (long type = 1; type <= 2; type++) {
                        assertEquals(sa.getLinkList(id, type, 0, Long.MAX_VALUE, 0, 100_000),
                                sb.getLinkList(id, type, 0, Long.MAX_VALUE, 0, 100_000), "links of " + id + "/" + type);
                    }
                }
            }
        }
    }

    /**
     * The operation statistics of a run on the default workload show the original's effective rules:
     * UPDATE_LINK finds 90% of its links and inserts the rest, MULTIGET_LINK asks for 3.6 id2s, half of
     * them loaded ones, every (id1, type) group has links, and the graph line counts the load.
     */
    @Test
    void operationStatisticsShowTheWorkloadsRules() throws Exception {
        try (Bench b = new Bench("maxid1", "20001", "requesters", "2", "requests", "200000", "maxtime", "60")) {
            PhaseResult load = b.load(new RunControl());
            GraphStats g = load.graph().loaded();
            assertEquals(20000, g.id1s());
            assertEquals(b.shape.expectedLinks(), g.linkRows());
            assertEquals(rows(load, "LOAD_LINKS"), g.linkRows());
            assertEquals(rows(load, "LOAD_COUNTS"), g.countRows());
            assertEquals(0.944, g.share(GraphStats.bucket(2)), 0.01, "id1s with 2 links");
            PhaseResult req = b.requests(new RunControl());
            OpOutcomes update = req.op("UPDATE_LINK").outcomes();
            assertEquals(req.op("UPDATE_LINK").count(), update.calls());
            assertEquals(0.90, update.hitRate(), 0.02, "UPDATE_LINK updates; the rest are inserts");
            OpOutcomes multiget = req.op("MULTIGET_LINK").outcomes();
            assertEquals(1 + 1 / 0.382, multiget.askedPerCall(), 0.1, "MULTIGET_LINK id2s per call");
            // half the id2s are loaded ones, but most groups hold one link, so they repeat it: a call finds a
            // row unless all its S id2s missed, 1 - E[0.5^S] = 1 - 0.25 p / (1 - 0.5 (1 - p)) = 0.862
            assertEquals(0.862, multiget.hitRate(), 0.03, "MULTIGET_LINK calls that found a row");
            assertTrue(req.op("COUNT_LINK").outcomes().hitRate() > 0.97, "no group was loaded empty");
            assertTrue(req.op("GET_NODE").outcomes().hitRate() > 0.97);
            assertTrue(req.op("ADD_LINK").outcomes().hitRate() < 0.08, "ADD_LINK aims at an existing link 5% of the time");
            assertEquals(0, req.graph().continuations(), "no list fills a 10,000-row page in this graph");
            assertEquals(0, ((CountVerifier) b.store).verifyCounts().mismatches());
        }
    }

    /** requests counts what runs after warm-up; request_counts = per_requester makes it per requester. */
    @Test
    void requestsAreCountedAfterWarmupAndCanBePerRequester() throws Exception {
        try (Bench b = new Bench("maxid1", "2001", "requesters", "3", "requests", "1000", "request_counts",
                "per_requester", "warmup_time", "0.3", "maxtime", "60")) {
            b.load(new RunControl());
            PhaseResult req = b.requests(new RunControl());
            long done = req.ops().stream().mapToLong(o -> o.count() + o.errors()).sum();
            // every call after warm-up is recorded; a call in flight when the warm-up's records were cleared
            // may be recorded too (at most one per requester)
            assertTrue(done >= 3000 && done <= 3003, "1000 per requester, warm-up not counted: " + done);
        }
    }

    @Test
    void maxtimeEndsTheRunAndWarmupIsExcluded() throws Exception {
        try (Bench b = new Bench("maxid1", "2001", "requesters", "2", "requests", "1000000000", "maxtime", "1.5",
                "warmup_time", "0.5", "displayfreq", "0.5")) {
            b.load(new RunControl());
            long t0 = System.nanoTime();
            PhaseResult req = b.requests(new RunControl());
            double took = (System.nanoTime() - t0) / 1e9;
            // ends at the deadline, never before; the upper bound only tells maxtime from the billion requests
            // (minutes), with room for a loaded machine
            assertTrue(took >= 1.9 && took < 60, "took " + took + " s");
            // the window starts when the warm-up's gate opens, at least warmup_time after the phase started
            assertTrue(req.seconds() > 0 && req.seconds() <= took - 0.5, "measured window excludes warm-up: "
                    + req.seconds() + " s of " + took + " s");
        }
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("warm-up done"));
    }

    @Test
    void openLoopRecordsResponseTimeAndHoldsTheRate() throws Exception {
        try (Bench b = new Bench("maxid1", "2001", "requesters", "2", "requests", "1000000000", "maxtime", "2",
                "requestrate", "2000", "displayfreq", "1")) {
            b.load(new RunControl());
            PhaseResult req = b.requests(new RunControl());
            assertTrue(req.openLoop());
            // never ahead of the schedule: at most its slots before the deadline (2 s at 2000/s, Poisson
            // arrivals: 10% is over 6 standard deviations); a starved machine may leave late slots uncalled,
            // so the floor is only a quarter of them
            long calls = req.ops().stream().mapToLong(OpStats::count).sum();
            assertTrue(calls <= 4400 && calls >= 1000, "calls at 2000/s for 2 s: " + calls);
            for (OpStats op : req.ops()) {
                if (op.count() > 0) {
                    assertEquals(op.count(), op.response().getTotalCount());
                    assertTrue(op.response().getMaxValue() >= op.service().getMinValue());
                }
            }
            assertTrue(req.scheduleLag().getTotalCount() > 0);
        }
    }

    @Test
    void anOpenLoopWhoseNextSlotFallsAfterTheDeadlineStillMeasuresThePhasesWindow() throws Exception {
        try (Bench b = new Bench("maxid1", "2001", "requesters", "2", "requests", "1000000000", "maxtime", "2",
                "requestrate", "0.01", "displayfreq", "1")) {
            b.load(new RunControl());
            PhaseResult req = b.requests(new RunControl());
            // one slot at the start, the next about 100 s later: the window is the phase's 2 s, not first to last call
            long calls = req.ops().stream().mapToLong(OpStats::count).sum();
            assertTrue(calls >= 1 && calls <= 3, "calls at 0.01 ops/s in 2 s: " + calls);
            assertTrue(req.seconds() >= 1.9, "measured " + req.seconds() + " s of a 2 s phase");
            assertEquals(calls / req.seconds(), req.throughput(), 1e-9, "throughput over the phase's window");
            assertEquals("maxtime", req.end().endedBy(), req.end().toString());
        }
    }

    @Test
    void anOpenLoopThatCannotKeepUpWarnsThatItsBacklogGrows() throws Exception {
        try (Bench b = new Bench("maxid1", "2001", "requesters", "2", "requests", "1000000000", "maxtime", "4",
                "requestrate", "100000000", "displayfreq", "0.5")) {
            b.load(new RunControl());
            PhaseResult req = b.requests(new RunControl());
            assertTrue(req.warnings().stream().anyMatch(x -> x.startsWith("backlog growing")), req.warnings().toString());
            assertTrue(req.scheduleLag().getValueAtPercentile(99) > 1_000_000_000L, "lag above 1 s");
            assertTrue(req.throughput() < 100_000_000, "nothing is silently dropped or faked");
        }
        assertTrue(console.toString(StandardCharsets.UTF_8).contains("WARNING: backlog growing"));
    }

    @Test
    void interruptStopsTheRequestPhaseAndKeepsWhatWasMeasured() throws Exception {
        RunControl control = new RunControl();
        try (Bench b = new Bench("maxid1", "2001", "requesters", "2", "requests", "1000000000", "maxtime", "600",
                "displayfreq", "0.1")) {
            b.load(new RunControl());
            PhaseObserver stopOnceMeasuring = new PhaseObserver() { // stops after the first interval that measured calls
                @Override
                public void interval(Phase phase, int loop, String[] names, IntervalPoint point, IntervalSample sample) {
                    if (!point.warmup() && point.opsPerSecond() > 0) {
                        control.interrupt("test");
                    }
                }
            };
            PhaseResult req = TestPhases.context(b.spec, control, out, stopOnceMeasuring).requests(0)
                    .execute(b.store);
            assertTrue(req.interrupted());
            assertTrue(req.ops().stream().mapToLong(OpStats::count).sum() > 0);
            assertTrue(req.seconds() < 300, "stopped long before maxtime: " + req.seconds() + " s");
        }
    }

    @Test
    void anInterruptCancelsTheRunningPostLoadStepAndTheLoadReportsIt() throws Exception {
        RunControl control = new RunControl();
        try (Bench b = new Bench("maxid1", "2001")) {
            StepStore store = new StepStore(b.store);
            Thread stopper = new Thread(() -> {
                try {
                    if (store.started.await(30, TimeUnit.SECONDS)) {
                        control.interrupt("test");
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            stopper.start();
            long t0 = System.nanoTime();
            PhaseResult load = TestPhases.context(b.spec, control, out, PhaseObserver.NONE).load(TestPhases.BASE)
                    .execute(store);
            stopper.join();
            assertTrue((System.nanoTime() - t0) / 1e9 < 20, "the step did not wait for its 60 s");
            assertTrue(load.interrupted());
            assertTrue(load.steps().isEmpty(), load.steps().toString());
            assertTrue(load.warnings().stream().anyMatch(w -> w.contains("'build something' cancelled")),
                    load.warnings().toString());
            assertTrue(rows(load, "LOAD_LINKS") > 0, "what was loaded is still reported");
            assertEquals(1, store.cancels.get(), "cancelled once, while the step ran");
        }
    }

    @Test
    void aPostLoadStepThatFailsFailsTheLoadWhichStillReportsWhatItMeasured() throws Exception {
        RunControl control = new RunControl();
        try (Bench b = new Bench("maxid1", "2001")) {
            StepStore store = new StepStore(b.store, new StoreException(StoreException.Kind.OTHER,
                    "flush: No space left on device"));
            PhaseResult load = TestPhases.context(b.spec, control, out, PhaseObserver.NONE).load(TestPhases.BASE)
                    .execute(store);
            assertTrue(control.failed(), "the run fails");
            assertEquals(io.linkbench.measure.PhaseEnd.Status.FAILED, load.end().status());
            assertTrue(load.end().reason().startsWith("the post-load step build something failed after "), load.end().reason());
            assertTrue(load.end().reason().endsWith(": flush: No space left on device"), load.end().reason());
            assertTrue(rows(load, "LOAD_LINKS") > 0, "what was loaded is still reported");
            assertTrue(load.steps().isEmpty(), "the failed step has no time: " + load.steps());
            String text = console.toString(StandardCharsets.UTF_8);
            assertFalse(text.contains("post-load step: never reached"), "the steps after it do not run:\n" + text);
            assertTrue(text.contains("load phase failed: the post-load step build something failed"), text);
        }
    }

    @Test
    void aPostLoadStepThatThrowsABugStillLeavesTheLoadsResult() throws Exception {
        RunControl control = new RunControl();
        try (Bench b = new Bench("maxid1", "2001")) {
            StepStore store = new StepStore(b.store, new IllegalStateException("a bug"));
            PhaseResult load = TestPhases.context(b.spec, control, out, PhaseObserver.NONE).load(TestPhases.BASE)
                    .execute(store);
            assertEquals(io.linkbench.measure.PhaseEnd.Status.FAILED, load.end().status());
            assertTrue(load.end().reason().endsWith(": java.lang.IllegalStateException: a bug"), load.end().reason());
            assertTrue(rows(load, "LOAD_LINKS") > 0, "what was loaded is still reported");
        }
    }

    /**
     * The memory store with one post-load step that runs 60 s unless it is cancelled (and fails then), or that fails
     * at once with a given error.
     */
    private static final class StepStore implements LoadHooks {
        final GraphStore delegate;
        final Exception failure;
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch cancelled = new CountDownLatch(1);
        final AtomicInteger cancels = new AtomicInteger();

        StepStore(GraphStore delegate) {
            this(delegate, null);
        }

        /** @param failure a StoreException or RuntimeException the first step throws at once, or null */
        StepStore(GraphStore delegate, Exception failure) {
            this.delegate = delegate;
            this.failure = failure;
        }

        @Override
        public List<Step> finishLoadSteps() {
            return List.of(new Step("build something", () -> longStep("build something"), this::cancel),
                    new Step("never reached", () -> longStep("never reached"), this::cancel));
        }

        private void longStep(String step) throws StoreException {
            started.countDown();
            if (failure instanceof StoreException e) {
                throw e;
            }
            if (failure != null) {
                throw (RuntimeException) failure;
            }
            try {
                if (cancelled.await(60, TimeUnit.SECONDS)) {
                    throw new StoreException(StoreException.Kind.OTHER, step + ": cancelled");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private void cancel() {
            cancels.incrementAndGet();
            cancelled.countDown();
        }

        @Override
        public StoreInfo info() throws StoreException {
            return delegate.info();
        }

        @Override
        public void prepareForLoad(SchemaMode mode) throws StoreException {
            delegate.prepareForLoad(mode);
        }

        @Override
        public void prepareForRequests() throws StoreException {
            delegate.prepareForRequests();
        }

        @Override
        public StoreSession session(int workerId) throws StoreException {
            return delegate.session(workerId);
        }

        @Override
        public void close() throws StoreException {
            delegate.close();
        }
    }

    private static long rows(PhaseResult p, String step) {
        return p.op(step).rows();
    }
}
