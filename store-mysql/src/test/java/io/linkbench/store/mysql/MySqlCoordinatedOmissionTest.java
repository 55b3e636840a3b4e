package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.tck.harness.PhaseDriver;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Coordinated omission, shown on the real server: the server process is frozen for 2 s (SIGSTOP, then
 * SIGCONT) in the middle of a request phase. Open loop, the operations whose intended start fell in the
 * pause wait for it, so the response time (from the intended start) shows the pause and the service time
 * (from the actual start) shows it only for the calls that were inside the server when it stopped, at most
 * one per requester; the schedule lag shows it too, and no scheduled operation is dropped. Closed loop,
 * only the calls inside the pause see it, in their service time. Skipped when the server's process is not
 * on this host or this user may not signal it.
 */
@Tag("mysql")
class MySqlCoordinatedOmissionTest {
    private static final long PAUSE_MS = 2000;
    private static final double SECOND = 1e9;

    @Test
    void openLoopResponseTimeAndLagIncludeAServerPauseAndNothingIsDropped() throws Exception {
        // low enough that two requesters drain the pause's backlog well before the deadline on a busy
        // machine: at 300/s, with 5 ms calls at load average 15, 600 late calls were still queued at the end
        int rate = 100;
        int maxtime = 8;
        PhaseDriver d = new PhaseDriver("maxid1", "5001", "schema", "recreate", "requesters", "2",
                "requestrate", Integer.toString(rate), "arrival", "uniform", "maxtime", Integer.toString(maxtime),
                "displayfreq", "1");
        PhaseResult r = runWithPause(d, "lbtest_co_open");

        assertTrue(r.openLoop());
        double responseMax = max(r, OpStats::response);
        double responseP999 = all(r, OpStats::response).getValueAtPercentile(99.9);
        double serviceP99 = all(r, OpStats::service).getValueAtPercentile(99);
        double serviceMax = max(r, OpStats::service);
        Histogram service = all(r, OpStats::service);
        long slowCalls = service.getCountBetweenValues((long) SECOND, Math.max((long) SECOND, service.getMaxValue()));
        long lagMax = r.scheduleLag().getMaxValue();
        long done = r.ops().stream().mapToLong(o -> o.count() + o.errors()).sum();
        // the uniform schedule gives slots start + k / rate; those before the deadline are issued, and each is
        // either completed or failed: rate x maxtime of them, or one more when the gaps, added up in floating
        // point, put the slot due at the deadline a hair before it. A slot whose wait ended past the deadline
        // is not run: at most one per requester.
        long scheduled = (long) Math.ceil((double) rate * maxtime);
        System.out.printf(Locale.ROOT, "open loop: response max %.3f s, p99.9 %.3f s; service p99 %.1f ms, max %.3f s,"
                        + " %d calls >= 1 s; lag max %.3f s; %d done (%d errors) of %d scheduled%n",
                responseMax / SECOND, responseP999 / SECOND, serviceP99 / 1e6, serviceMax / SECOND, slowCalls,
                lagMax / SECOND, done, r.totalErrors(), scheduled);

        assertTrue(responseMax >= 1.5 * SECOND, "response max shows the pause: " + responseMax / SECOND + " s");
        assertTrue(responseP999 >= 1.5 * SECOND, "response p99.9 shows the pause: " + responseP999 / SECOND + " s");
        assertTrue(lagMax >= 1.5 * SECOND, "the schedule lag shows the pause: " + lagMax / SECOND + " s");
        assertTrue(serviceP99 < 0.2 * SECOND, "service p99 does not: " + serviceP99 / 1e6 + " ms");
        assertTrue(slowCalls <= d.run.requesters(), "service times >= 1 s: only the calls inside the server when it"
                + " stopped, at most one per requester: " + slowCalls);
        assertTrue(done <= scheduled + 1 && done >= scheduled - d.run.requesters(),
                done + " completed or failed of " + scheduled + " scheduled");
        assertEquals(maxtime, r.seconds(), 0.5, "the phase ended on time");
    }

    @Test
    void closedLoopServiceTimeIncludesAServerPause() throws Exception {
        PhaseDriver d = new PhaseDriver("maxid1", "5001", "schema", "recreate", "requesters", "2", "maxtime", "6",
                "displayfreq", "1");
        PhaseResult r = runWithPause(d, "lbtest_co_closed");

        assertFalse(r.openLoop());
        assertNull(r.scheduleLag(), "no schedule, no lag");
        double serviceMax = max(r, OpStats::service);
        System.out.printf(Locale.ROOT, "closed loop: service max %.3f s, p99 %.1f ms, %d ops%n", serviceMax / SECOND,
                all(r, OpStats::service).getValueAtPercentile(99) / 1e6, r.operations());
        assertTrue(serviceMax >= 1.5 * SECOND, "service max shows the pause: " + serviceMax / SECOND + " s");
    }

    /**
     * Loads a small graph into {@code database}, then runs the request phase with the server frozen 2 s once two
     * seconds of requests were measured (its 3rd second on a quiet machine).
     */
    private static PhaseResult runWithPause(PhaseDriver d, String database) throws Exception {
        MySqlTestServer.assumeAvailable();
        LocalServerProcess server = LocalServerProcess.find();
        Assumptions.assumeTrue(server != null && server.signallable(),
                "the test server's process is not on this host, or this user may not signal it");
        try (GraphStore store = MySqlTestServer.open(MySqlTestServer.settings("InnoDB", database, Map.of()))) {
            d.load(store, PhaseObserver.NONE);
            CountDownLatch started = new CountDownLatch(1);
            PhaseObserver onStart = new PhaseObserver() { // requests flowed for 2 s: the pause starts in its 3rd second
                @Override
                public void interval(io.linkbench.measure.Phase phase, int loop, String[] names,
                                     io.linkbench.measure.IntervalPoint point, io.linkbench.measure.IntervalSample sample) {
                    if (!point.warmup() && point.offsetSeconds() >= 2 && point.opsPerSecond() > 0) {
                        started.countDown();
                    }
                }
            };
            ExecutorService pool = Executors.newSingleThreadExecutor();
            try {
                Future<PhaseResult> phase = pool.submit(() -> d.requests(store, onStart));
                assertTrue(started.await(60, TimeUnit.SECONDS), "the request phase ran 2 s");
                server.pause(PAUSE_MS);
                PhaseResult r = phase.get(60, TimeUnit.SECONDS);
                assertFalse(r.interrupted(), "the phase was not cut short");
                return r;
            } finally {
                pool.shutdownNow();
            }
        }
    }

    /** The histograms {@code which} of all operations, added up. */
    private static Histogram all(PhaseResult r, Function<OpStats, Histogram> which) {
        Histogram h = new Histogram(3);
        r.ops().forEach(o -> h.add(which.apply(o)));
        return h;
    }

    private static double max(PhaseResult r, Function<OpStats, Histogram> which) {
        return all(r, which).getMaxValue();
    }
}
