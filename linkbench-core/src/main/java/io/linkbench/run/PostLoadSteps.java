package io.linkbench.run;

import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the load does after its inserts, each timed and each ending a cost segment: the store's own
 * post-load steps ({@link LoadHooks}), then the write-back step that waits for the data's dirty pages
 * ({@code load_writeback}). The inserts are the window's first segment ({@link #endInserts}). A store's
 * step runs on a thread of its own: a stop request cancels it, and when it has not ended and its server does
 * not answer ({@link StopWait}), the load goes on without it.
 */
final class PostLoadSteps {
    /** The post-load step that waits for the data's dirty pages ({@code load_writeback}). */
    static final String WRITE_BACK = "write-back";

    private final GraphStore store;
    private final MetricsReader reads;
    private final StopWait stop;
    private final RunControl control;
    private final PrintStream out;
    private final PhaseObserver observer;
    private final boolean writeBackAsked;
    private final Map<String, Double> seconds = new LinkedHashMap<>();
    private Map<String, Long> last;

    /**
     * @param atStart the store's counters when the load's window opened
     * @param stop    when to give up on a step after a stop request
     */
    PostLoadSteps(PhaseContext ctx, GraphStore store, Map<String, Long> atStart, StopWait stop) {
        this.store = store;
        this.stop = stop;
        this.reads = ctx.reads();
        this.control = ctx.control();
        this.out = ctx.out();
        this.observer = ctx.observer();
        this.writeBackAsked = ctx.run().loadWriteback();
        this.last = atStart;
    }

    /** Seconds each step took, in the order they ran. */
    Map<String, Double> seconds() {
        return seconds;
    }

    /** The inserts' segment ends now. */
    void endInserts() {
        endSegment(PhaseCost.INSERT_PART);
    }

    /** The segment {@code name} (insert window or post-load step) ends now; without counters when they are missing. */
    private void endSegment(String name) {
        Map<String, Long> now = StoreCounters.read(reads, store).value();
        observer.segmentEnded(name, last == null || now == null ? Map.of() : StoreCounters.delta(last, now));
        last = now;
    }

    /**
     * Runs the store's post-load steps, timing each and ending a cost segment after each. An interrupt
     * cancels the running step through its canceller; a step that fails because of it ends the steps
     * with a warning instead of failing the load.
     */
    void runStoreSteps(LoadHooks hooks, List<String> warnings) throws StoreException {
        for (LoadHooks.Step step : hooks.finishLoadSteps()) {
            if (control.interrupted()) {
                return;
            }
            String name = step.name();
            out.printf(Locale.ROOT, "post-load step: %s ...%n", name);
            long t0 = System.nanoTime();
            try (RunControl.Registration r = control.onInterrupt(step.canceller())) {
                runUntilStopped(step);
            } catch (StoreException e) {
                if (!control.interrupted()) {
                    throw e;
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            endSegment(PhaseCost.STEP_PART + name);
            if (control.interrupted()) {
                String w = String.format(Locale.ROOT, "post-load step '%s' cancelled after %.3f s", name, s);
                warnings.add(w);
                out.println(w);
                return;
            }
            seconds.put(name, s);
            out.printf(Locale.ROOT, "post-load step: %s took %.3f s%n", name, s);
        }
    }

    /**
     * Runs {@code step} on a daemon thread and waits for it; after a stop request, until {@link StopWait} gives up
     * on it (its server does not answer), when the step is left behind.
     */
    private void runUntilStopped(LoadHooks.Step step) throws StoreException {
        StoreException[] failed = new StoreException[1];
        Throwable[] broke = new Throwable[1];
        Thread t = new Thread(() -> {
            try {
                step.run();
            } catch (StoreException e) {
                failed[0] = e;
            } catch (RuntimeException | Error e) { // thrown again on the load's thread
                broke[0] = e;
            }
        }, "post-load-step");
        t.setDaemon(true);
        t.start();
        try {
            while (t.isAlive()) {
                t.join(100);
                if (t.isAlive() && stop.giveUp(System.nanoTime())) {
                    out.printf(Locale.ROOT, "post-load step: %s did not stop after the stop request, and the server"
                            + " does not answer: left behind%n", step.name());
                    return;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        if (failed[0] != null) {
            throw failed[0];
        }
        if (broke[0] instanceof Error e) {
            throw e;
        }
        if (broke[0] != null) {
            throw (RuntimeException) broke[0];
        }
    }

    /**
     * Waits for the data's file systems to write their dirty pages, as the load's last step, timed: the data
     * directory of every server node on this host ({@link StoreMetrics#serverNodes()}: a cluster's each), or
     * says why it cannot ({@code load_writeback = false}, no local data directory).
     */
    Optional<String> writeBack() throws InterruptedException {
        List<Path> dirs = store instanceof StoreMetrics m
                ? reads.read("server nodes", m::serverNodes, MetricsReader.COUNTERS).orElse(List.of()).stream()
                        .flatMap(n -> n.dataDirectory().stream()).distinct().toList()
                : List.of();
        Optional<String> skip = WriteBack.skipReason(writeBackAsked, dirs.stream().findFirst());
        if (skip.isPresent()) {
            out.printf(Locale.ROOT, "post-load step: %s skipped: %s%n", WRITE_BACK, skip.get());
            return skip;
        }
        out.printf(Locale.ROOT, "post-load step: %s ...%n", WRITE_BACK);
        long t0 = System.nanoTime();
        List<String> commands = new ArrayList<>();
        try {
            for (Path dir : dirs) {
                commands.add(WriteBack.sync(dir, control));
            }
        } catch (IOException e) {
            out.printf(Locale.ROOT, "post-load step: %s failed: %s%n", WRITE_BACK, e.getMessage());
            return Optional.of(e.getMessage());
        }
        String command = String.join("; ", commands);
        double s = (System.nanoTime() - t0) / 1e9;
        endSegment(PhaseCost.STEP_PART + WRITE_BACK);
        seconds.put(WRITE_BACK, s);
        out.printf(Locale.ROOT, "post-load step: %s (%s) took %.3f s%n", WRITE_BACK, command, s);
        return Optional.empty();
    }
}
