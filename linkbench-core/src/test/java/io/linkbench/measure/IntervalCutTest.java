package io.linkbench.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * An interval snapshot cuts a worker's histograms at one moment: an open-loop call's service time,
 * response time and lag land in the same interval, whenever the snapshot comes. Before, each histogram
 * was cut on its own, and a call recorded between two cuts was split across intervals: at the end of a
 * phase its response time was then missing while its service time was counted (the live metrics'
 * latency count one below the result's calls, on a busy machine).
 */
class IntervalCutTest {
    private static final String[] NAMES = {"GET_NODE", "ADD_LINK"};

    @Test
    void everyIntervalHoldsTheSameCallsInItsServiceResponseAndLagHistograms() throws Exception {
        PhaseRecorder phase = new PhaseRecorder(NAMES, true);
        int writers = 2;
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong recorded = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < writers; t++) {
            WorkerRecorder w = phase.newWorker();
            Thread th = new Thread(() -> {
                long n = 0;
                while (!stop.get()) {
                    long now = System.nanoTime();
                    w.recordOpenLoop((int) (n & 1), now - 2_000, now - 1_000, now);
                    n++;
                }
                recorded.addAndGet(n);
            });
            threads.add(th);
            th.start();
        }
        long samples = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(2).toNanos();
        try {
            while (System.nanoTime() < deadline) {
                IntervalSample s = phase.sample();
                samples++;
                long lag = s.lag().getTotalCount();
                long calls = 0;
                for (int op = 0; op < NAMES.length; op++) {
                    assertEquals(s.service()[op].getTotalCount(), s.response()[op].getTotalCount(),
                            "interval " + samples + ", " + NAMES[op] + ": the same calls timed twice");
                    calls += s.service()[op].getTotalCount();
                }
                assertEquals(calls, lag, "interval " + samples + ": one lag per call");
            }
        } finally {
            stop.set(true);
            for (Thread th : threads) {
                th.join();
            }
        }
        phase.sample(); // the writers have ended: the last interval takes the rest
        long total = phase.results().stream().mapToLong(OpStats::count).sum();
        assertEquals(recorded.get(), total, "every call counted once");
        assertTrue(samples > 10, "intervals taken while the writers ran: " + samples);
    }
}
