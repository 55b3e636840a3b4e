package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.OtherProcesses;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The skeleton the load and the request phase share: one session and one daemon thread per worker
 * (the work comes from the phase's {@link WorkerFactory}), who of them waits inside a store call
 * ({@link StoreCalls}), the measured window (the store's counters at its start, the cost probe's reading
 * at its end, interval points with the store's counters handed to the observer), how the phase ended,
 * and the sessions closed at the end (except those a stuck worker still uses). The store's counters and
 * size are read within deadlines ({@link MetricsReader}): a reading that is missing is left out and said.
 */
final class PhaseRunner implements AutoCloseable {
    private final PhaseContext ctx;
    private final Phase phase;
    private final int loop;
    private final GraphStore store;
    private final List<StoreSession> sessions = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final IntervalCounters intervalCounters;
    private StoreCalls calls = new StoreCalls(0);
    private MetricsReader.Reading<Map<String, Long>> countersBefore = MetricsReader.Reading.of(Map.of());

    /** What a phase's workers do: the phase's part of the skeleton. */
    @FunctionalInterface
    interface WorkerFactory {
        /** The work of worker {@code index} (0-based), on its own session. */
        Runnable worker(int index, StoreSession session);
    }

    /** The store's readings over the measured window, and the window's cost. */
    record WindowEnd(Map<String, Long> counters, long sizeBytes, PhaseCost cost) {
        PhaseResult.StoreReadings readings() {
            return new PhaseResult.StoreReadings(counters, sizeBytes);
        }

        PhaseResult.StoreReadings readings(long logicalBytes) {
            return new PhaseResult.StoreReadings(counters, sizeBytes, logicalBytes);
        }
    }

    PhaseRunner(PhaseContext ctx, Phase phase, int loop, GraphStore store) {
        this.ctx = ctx;
        this.phase = phase;
        this.loop = loop;
        this.store = store;
        this.intervalCounters = new IntervalCounters(store, ctx.reads());
    }

    /** Opens {@code count} sessions, one per worker. */
    void openSessions(int count) throws StoreException {
        for (int i = 0; i < count; i++) {
            sessions.add(store.session(i));
        }
        calls = new StoreCalls(count);
    }

    /** The marks of the workers' store calls, one slot per opened session. */
    StoreCalls calls() {
        return calls;
    }

    /**
     * One daemon thread per opened session, named by {@code name}, running what {@code factory} gives
     * for it; not started yet.
     */
    void createWorkers(IntFunction<String> name, WorkerFactory factory) {
        for (int i = 0; i < sessions.size(); i++) {
            Thread t = new Thread(factory.worker(i, sessions.get(i)), name.apply(i));
            t.setDaemon(true);
            threads.add(t);
        }
    }

    /** The workers' threads, in session order. */
    List<Thread> workers() {
        return threads;
    }

    /** Tells the observer the phase starts (warm-up included); the first reading of the interval counters. */
    void phaseStarted() {
        ctx.observer().phaseStarted(phase, loop);
        intervalCounters.start();
    }

    void startWorkers() {
        threads.forEach(Thread::start);
    }

    /** True when a worker has not ended. */
    boolean anyAlive() {
        return alive() > 0;
    }

    /** How many workers have not ended. */
    int alive() {
        int n = 0;
        for (Thread t : threads) {
            if (t.isAlive()) {
                n++;
            }
        }
        return n;
    }

    /** The measured window opens now: the store's counters and the cost probe take their first reading. */
    void windowStarted() {
        MetricsReader.Reading<Map<String, Long>> atPhaseStart = intervalCounters.first();
        countersBefore = atPhaseStart != null ? atPhaseStart : StoreCounters.read(ctx.reads(), store);
        ctx.observer().windowStarted(phase, loop);
    }

    /** The store's counters when the window opened (empty when they could not be read). */
    Map<String, Long> countersAtWindowStart() {
        return countersBefore.orElse(Map.of());
    }

    /**
     * An interval ended {@code seconds} after the phase started: its point with {@code rates} and the store's
     * counters over the interval, also handed to the observer.
     */
    IntervalPoint interval(IntervalSample sample, String[] names, double seconds, boolean warm,
                           Map<String, Double> rates) {
        Map<String, Double> all = new LinkedHashMap<>(rates);
        all.putAll(intervalCounters.next(sample.seconds(), ctx.control().interrupted()));
        IntervalPoint p = sample.toPoint(names, seconds, warm, all);
        ctx.observer().interval(phase, loop, names, p, sample);
        return p;
    }

    /**
     * What the status line adds about the interval {@code s} that just ended: that the server looks stalled
     * (no call returned in it, and {@code workers} wait inside store calls for a second or more), and that the
     * store's counters are missing; "" when neither.
     *
     * @param workers what the workers are called, e.g. "requesters"
     */
    String intervalNotes(IntervalSample s, String workers) {
        StringBuilder b = new StringBuilder();
        StoreCalls.Waiting w = calls.waiting(System.nanoTime());
        long errors = 0;
        for (long e : s.errors()) {
            errors += e;
        }
        if (s.totalCount() == 0 && errors == 0 && w.inCall() > 0 && w.longest() >= 1_000_000_000L) {
            b.append(String.format(Locale.ROOT, "  | server stalled? no call returned; %d of %d %s waiting inside a"
                    + " store call for %.0f s", w.inCall(), threads.size(), workers, w.longestSeconds()));
        }
        if (!intervalCounters.missing().isEmpty()) {
            b.append("  | ").append(intervalCounters.missing());
        }
        return b.toString();
    }

    /**
     * The measured window ends now after {@code units} operations (rows, for a load): the store's
     * counter deltas and size, and the cost; a warning joins {@code warnings} when other processes
     * used much of the host meanwhile, and for each reading of the store that is missing. The size is not read while
     * a worker the phase left behind is still inside a store call: the server that has not answered it would hold
     * the read for its whole deadline (30 s) too.
     */
    WindowEnd endWindow(long units, List<String> warnings) {
        MetricsReader.Reading<Map<String, Long>> after = StoreCounters.read(ctx.reads(), store);
        int stuck = alive();
        MetricsReader.Reading<Long> size = stuck == 0 ? StoreCounters.size(ctx.reads(), store)
                : MetricsReader.Reading.none(String.format(Locale.ROOT, "data size not read: %d of %d workers are"
                + " still inside a store call (the server has not answered them)", stuck, threads.size()));
        Map<String, Long> counters = Map.of();
        if (!countersBefore.read()) {
            warnings.add("the window has no server counters: at its start, " + countersBefore.missing());
        } else if (!after.read()) {
            warnings.add("the window has no server counters: at its end, " + after.missing());
        } else {
            counters = StoreCounters.delta(countersBefore.value(), after.value());
        }
        if (!size.read()) {
            warnings.add(size.missing());
        }
        if (intervalCounters.skipped() > 0) {
            warnings.add(intervalCounters.skipped() + " readings of the server counters per interval were missed (the"
                    + " server did not answer in time, or failed): those intervals have no store counters");
        }
        long bytes = size.orElse(-1L);
        PhaseCost cost = ctx.observer().windowEnded(units, counters, bytes);
        OtherProcesses.warning(cost).ifPresent(warnings::add);
        return new WindowEnd(counters, bytes, cost);
    }

    /** How the phase ended: a failure or a stop request first, else {@code normal}. */
    PhaseEnd end(PhaseEnd normal) {
        RunControl control = ctx.control();
        if (control.failed()) {
            return PhaseEnd.failed(control.reason());
        }
        if (control.interrupted()) {
            return PhaseEnd.interrupted(control.reason());
        }
        return normal;
    }

    /** Closes the sessions, best effort, except those whose worker is still inside a store call. */
    @Override
    public void close() {
        for (int i = 0; i < sessions.size(); i++) {
            if (i < threads.size() && threads.get(i).isAlive()) {
                continue; // a stuck thread still uses its session
            }
            try {
                sessions.get(i).close();
            } catch (StoreException | RuntimeException e) {
                // closing is best effort at the end of a phase
            }
        }
    }
}
