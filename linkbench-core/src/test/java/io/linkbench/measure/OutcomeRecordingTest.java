package io.linkbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** {@link WorkerRecorder#recordOutcome} and {@link WorkerRecorder#recordContinuation} through {@link PhaseRecorder}. */
class OutcomeRecordingTest {
    private static final String[] NAMES = {"GET_NODE", "UPDATE_LINK", "MULTIGET_LINK", "GET_LINKS_LIST"};
    private static final int GET_NODE = 0;
    private static final int UPDATE_LINK = 1;
    private static final int MULTIGET = 2;
    private static final int LIST = 3;

    @Test
    void outcomesAreCountedPerOperation() {
        PhaseRecorder phase = new PhaseRecorder(NAMES, false);
        WorkerRecorder w = phase.newWorker();
        for (int i = 0; i < 10; i++) {
            w.recordService(GET_NODE, 1_000);
            w.recordOutcome(GET_NODE, i < 9, i < 9 ? 1 : 0, 1);
        }
        w.recordOutcome(UPDATE_LINK, true, 1, 1);
        w.recordOutcome(UPDATE_LINK, false, 0, 1);
        w.recordOutcome(MULTIGET, true, 3, 4);
        w.recordOutcome(MULTIGET, false, 0, 2);
        w.recordOutcome(LIST, true, 10_000, 0);
        w.recordContinuation(10_000);
        phase.sample();

        List<OpStats> ops = phase.results();
        assertEquals(new OpOutcomes(10, 9, 9, 10), ops.get(GET_NODE).outcomes());
        assertEquals(0.9, ops.get(GET_NODE).outcomes().hitRate(), 1e-12);
        assertEquals(10, ops.get(GET_NODE).count(), "the latency count is unchanged");
        assertEquals(new OpOutcomes(2, 1, 1, 2), ops.get(UPDATE_LINK).outcomes());
        assertEquals(1, ops.get(UPDATE_LINK).outcomes().misses(), "an insert or a miss");
        OpOutcomes multiget = ops.get(MULTIGET).outcomes();
        assertEquals(new OpOutcomes(2, 1, 3, 6), multiget);
        assertEquals(3.0, multiget.askedPerCall(), 1e-12);
        assertEquals(0.5, multiget.foundShare(), 1e-12);
        assertEquals(1.5, multiget.rowsPerCall(), 1e-12);
        assertEquals(new OpOutcomes(1, 1, 10_000, 0), ops.get(LIST).outcomes());
        assertEquals(1, phase.continuations());
        assertEquals(10_000, phase.continuationRows());
        assertTrue(Double.isNaN(OpOutcomes.NONE.hitRate()), "no calls: no rate");
        assertTrue(Double.isNaN(OpOutcomes.NONE.foundShare()));
    }

    @Test
    void theWarmUpResetDropsEarlierOutcomesAndContinuations() {
        PhaseRecorder phase = new PhaseRecorder(NAMES, true);
        WorkerRecorder w = phase.newWorker();
        w.recordOutcome(GET_NODE, true, 1, 1);
        w.recordOutcome(MULTIGET, true, 5, 5);
        w.recordContinuation(10);
        w.recordContinuation(20);
        phase.reset();
        WorkerRecorder late = phase.newWorker(); // a worker that joins after the reset counts from zero
        w.recordOutcome(GET_NODE, false, 0, 1);
        late.recordOutcome(GET_NODE, true, 1, 1);
        w.recordContinuation(7);
        phase.sample();

        List<OpStats> ops = phase.results();
        assertEquals(new OpOutcomes(2, 1, 1, 2), ops.get(GET_NODE).outcomes());
        assertEquals(OpOutcomes.NONE, ops.get(MULTIGET).outcomes());
        assertEquals(1, phase.continuations());
        assertEquals(7, phase.continuationRows(), "the rows of the measured continuation only");
    }

    @Test
    void workersAreAddedUpExactlyWhileTheCollectorSamplesAndResets() throws InterruptedException {
        PhaseRecorder phase = new PhaseRecorder(NAMES, false);
        int threads = 4;
        int calls = 200_000;
        CountDownLatch warmedUp = new CountDownLatch(threads);
        CountDownLatch measured = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            WorkerRecorder w = phase.newWorker();
            workers.add(new Thread(() -> {
                w.recordOutcome(LIST, true, 99, 0); // warm-up: dropped by the reset
                w.recordContinuation(1);
                warmedUp.countDown();
                await(measured);
                for (int i = 0; i < calls; i++) {
                    w.recordOutcome(MULTIGET, i % 4 != 0, i % 4, 3);
                    if (i % 100 == 0) {
                        w.recordContinuation(1);
                    }
                }
            }));
        }
        workers.forEach(Thread::start);
        warmedUp.await();
        phase.reset();
        measured.countDown();
        AtomicBoolean done = new AtomicBoolean();
        Thread collector = new Thread(() -> {
            while (!done.get()) {
                phase.sample();
            }
        });
        collector.start();
        for (Thread t : workers) {
            t.join();
        }
        done.set(true);
        collector.join();
        phase.sample();

        List<OpStats> ops = phase.results();
        long n = (long) threads * calls;
        // per 4 calls: 3 hits, 0 + 1 + 2 + 3 = 6 rows, 12 id2s asked
        assertEquals(new OpOutcomes(n, n / 4 * 3, n / 4 * 6, n * 3), ops.get(MULTIGET).outcomes());
        assertEquals(OpOutcomes.NONE, ops.get(LIST).outcomes());
        assertEquals((long) threads * (calls / 100), phase.continuations());
    }

    @Test
    void recordingAllocatesNothing() {
        var bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "a JVM that counts allocated bytes");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        WorkerRecorder w = new PhaseRecorder(NAMES, false).newWorker();
        record(w, 200_000); // compiled
        long id = Thread.currentThread().getId();
        long before = threads.getThreadAllocatedBytes(id);
        record(w, 1_000_000);
        long allocated = threads.getThreadAllocatedBytes(id) - before;
        assertTrue(allocated < 1_024, allocated + " bytes allocated by 1,000,000 recordings");
    }

    private static void record(WorkerRecorder w, int n) {
        for (int i = 0; i < n; i++) {
            w.recordOutcome(i & 3, (i & 1) == 0, i & 7, 1);
            w.recordContinuation(1);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
