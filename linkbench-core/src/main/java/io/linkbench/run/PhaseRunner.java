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
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The skeleton the load and the request phase share: one session and one daemon thread per worker
 * (the work comes from the phase's {@link WorkerFactory}), the measured window (the store's counters
 * at its start, the cost probe's reading at its end, interval points handed to the observer), how
 * the phase ended, and the sessions closed at the end (except those a stuck worker still uses).
 */
final class PhaseRunner implements AutoCloseable {
    private final PhaseContext ctx;
    private final Phase phase;
    private final int loop;
    private final GraphStore store;
    private final List<StoreSession> sessions = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private Map<String, Long> countersBefore = Map.of();

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
    }

    /** Opens {@code count} sessions, one per worker. */
    void openSessions(int count) throws StoreException {
        for (int i = 0; i < count; i++) {
            sessions.add(store.session(i));
        }
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

    /** Tells the observer the phase starts (warm-up included). */
    void phaseStarted() {
        ctx.observer().phaseStarted(phase, loop);
    }

    void startWorkers() {
        threads.forEach(Thread::start);
    }

    /** True when a worker has not ended. */
    boolean anyAlive() {
        for (Thread t : threads) {
            if (t.isAlive()) {
                return true;
            }
        }
        return false;
    }

    /** The measured window opens now: the store's counters and the cost probe take their first reading. */
    void windowStarted() {
        countersBefore = StoreCounters.read(store);
        ctx.observer().windowStarted(phase, loop);
    }

    /** The store's counters when the window opened. */
    Map<String, Long> countersAtWindowStart() {
        return countersBefore;
    }

    /** An interval ended {@code seconds} after the phase started: its point, also handed to the observer. */
    IntervalPoint interval(IntervalSample sample, String[] names, double seconds, boolean warm,
                           Map<String, Double> rates) {
        IntervalPoint p = sample.toPoint(names, seconds, warm, rates);
        ctx.observer().interval(phase, loop, names, p, sample);
        return p;
    }

    /**
     * The measured window ends now after {@code units} operations (rows, for a load): the store's
     * counter deltas and size, and the cost; a warning joins {@code warnings} when other processes
     * used much of the host meanwhile.
     */
    WindowEnd endWindow(long units, List<String> warnings) {
        Map<String, Long> counters = StoreCounters.delta(countersBefore, StoreCounters.read(store));
        long size = StoreCounters.size(store);
        PhaseCost cost = ctx.observer().windowEnded(units, counters, size);
        OtherProcesses.warning(cost).ifPresent(warnings::add);
        return new WindowEnd(counters, size, cost);
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
