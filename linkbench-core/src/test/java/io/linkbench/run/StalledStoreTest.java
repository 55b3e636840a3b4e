package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A store whose server stops answering ({@link StallingStore}) never hangs a phase nor lets it end
 * {@code completed}: the status lines go on and say so, the store's counters are read within a deadline, a
 * request phase that overran its end by {@code stall_limit} and a load whose loaders all waited
 * {@code load_stall_limit} end {@code failed}, the server stalled, and a stop request ends the phase at once.
 * The real servers frozen with SIGSTOP: the stores' {@code *StallTest}.
 */
class StalledStoreTest {
    /** A guard against a phase that hangs; not a performance bound. */
    private static final long HANG_SECONDS = 120;

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String console() {
        synchronized (bytes) {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void aRequestPhaseThatOverranItsEndByTheStallLimitFailsSayingTheServerStalled() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "requesters", "2", "maxtime", "2",
                "stall_limit", "0.5", "displayfreq", "0.2");
        StallingStore stall = StallingStore.after(300);
        try (GraphStore memory = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            TestPhases.load(d, memory, PhaseObserver.NONE);
            PhaseResult r = inThread(() -> TestPhases.context(d, new RunControl(), out, PhaseObserver.NONE)
                    .requests(0).execute(stall.wrap(memory)), stall);
            assertTrue(stall.stalled(), "the store stalled during the phase");
            assertEquals(PhaseEnd.Status.FAILED, r.end().status(), console());
            assertTrue(r.end().reason().startsWith("the server stalled: 2 of 2 requesters were still inside a store"
                    + " call 0.5 s after the phase's end (stall_limit)"), r.end().reason());
            assertTrue(console().contains("request phase failed: the server stalled: "), console());
            assertTrue(console().lines().filter(l -> l.startsWith("[")
                            && l.contains("server stalled? no call returned; 2 of 2 requesters waiting")).count() >= 2,
                    "status lines go on during the stall and say so:\n" + console());
            assertTrue(console().contains("| server counters not read: the server did not answer within 1 s"), console());
            assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("the window has no server counters")), r.warnings().toString());
            assertEquals(-1, r.store().sizeBytes(), "no size from a stalled server");
            assertTrue(r.warnings().contains("data size not read: 2 of 2 workers are still inside a store call (the"
                    + " server has not answered them)"), "the size is not waited for: " + r.warnings());
        } finally {
            stall.resume();
        }
    }

    @Test
    void aLoadWhoseLoadersAllWaitedTheLoadStallLimitFailsWithProgressLinesThroughout() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "50001", "loaders", "2", "bulk_insert_count", "50",
                "load_stall_limit", "1", "progressfreq", "0.2");
        StallingStore stall = StallingStore.after(30);
        try (GraphStore memory = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            PhaseResult r = inThread(() -> TestPhases.context(d, new RunControl(), out, PhaseObserver.NONE)
                    .load(TestPhases.BASE).execute(stall.wrap(memory)), stall);
            assertEquals(PhaseEnd.Status.FAILED, r.end().status(), console());
            assertTrue(r.end().reason().startsWith("the server stalled: 2 of 2 loaders have each waited inside a store"
                    + " call for more than 1 s (load_stall_limit)"), r.end().reason());
            assertTrue(console().contains("load phase failed: the server stalled: "), console());
            assertTrue(console().lines().anyMatch(l -> l.startsWith("load: ") && l.contains("server stalled? no call"
                    + " returned; 2 of 2 loaders waiting")), "progress lines go on and say so:\n" + console());
            assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("2 loaders were still inside a store call")),
                    r.warnings().toString());
        } finally {
            stall.resume();
        }
    }

    @Test
    void aStopRequestDuringAStallEndsThePhaseInterruptedWithoutWaitingForTheServer() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "requesters", "3", "maxtime", "600",
                "displayfreq", "0.2");
        StallingStore stall = StallingStore.after(300);
        RunControl control = new RunControl();
        try (GraphStore memory = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            TestPhases.load(d, memory, PhaseObserver.NONE);
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<PhaseResult> phase = pool.submit(() -> TestPhases.context(d, control, out, PhaseObserver.NONE)
                        .requests(0).execute(stall.wrap(memory)));
                await(Duration.ofSeconds(HANG_SECONDS), "a status line saying the server stalled",
                        () -> console().contains("server stalled? no call returned"));
                control.interrupt("stopped by the test");
                PhaseResult r = phase.get(HANG_SECONDS, TimeUnit.SECONDS);
                assertEquals(PhaseEnd.Status.INTERRUPTED, r.end().status(), console());
                assertEquals("stopped by the test", r.end().reason());
                assertTrue(r.warnings().stream().anyMatch(w -> w.startsWith("3 of 3 requesters were still inside a store call")),
                        r.warnings().toString());
                assertTrue(r.operations() > 0, "what was measured before the stall is kept");
            } finally {
                pool.shutdownNow();
            }
        } finally {
            stall.resume();
        }
    }

    @Test
    void aReadThatMissesItsDeadlineIsGivenUpAndTheNextOnesSkippedUntilItReturns() throws Exception {
        MetricsReader reads = new MetricsReader();
        CountDownLatch release = new CountDownLatch(1);
        MetricsReader.Reading<Map<String, Long>> stuck = reads.read("server counters", () -> {
            release.await();
            return Map.of("a", 1L);
        }, Duration.ofMillis(50));
        assertFalse(stuck.read());
        assertEquals("server counters not read: the server did not answer within 0.05 s", stuck.missing());
        assertTrue(reads.stuck());
        MetricsReader.Reading<Long> skipped = reads.read("data size", () -> 42L, Duration.ofSeconds(HANG_SECONDS));
        assertFalse(skipped.read(), "no second thread queues behind the stuck read");
        assertTrue(skipped.missing().startsWith("data size not read: the server has not answered a read of server counters for "),
                skipped.missing());
        release.countDown();
        await(Duration.ofSeconds(HANG_SECONDS), "the stuck read returned", () -> !reads.stuck());
        assertEquals(42L, reads.read("data size", () -> 42L, Duration.ofSeconds(HANG_SECONDS)).value());
        MetricsReader.Reading<Long> failed = reads.read("data size", () -> {
            throw new io.linkbench.store.StoreException(io.linkbench.store.StoreException.Kind.CONNECTION, "connection lost");
        }, Duration.ofSeconds(HANG_SECONDS));
        assertEquals("data size not read: connection lost", failed.missing());
    }

    /** Waits until {@code condition} holds, failing after {@code timeout}. */
    private static void await(Duration timeout, String what, java.util.function.BooleanSupplier condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "waited " + timeout.toSeconds() + " s for " + what);
            Thread.sleep(20);
        }
    }

    /** Runs {@code phase} in a thread of its own and returns its result, resuming the store if it hangs. */
    private static PhaseResult inThread(java.util.concurrent.Callable<PhaseResult> phase, StallingStore stall)
            throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            return pool.submit(phase).get(HANG_SECONDS, TimeUnit.SECONDS);
        } finally {
            stall.resume();
            pool.shutdownNow();
        }
    }
}
