package io.linkbench.run;

import io.linkbench.config.MessageText;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the load does after its inserts, each timed and each ending a cost segment: the store's own
 * post-load steps ({@link LoadHooks}), then the write-back step that waits for the data's dirty pages
 * ({@code load_writeback}). The inserts are the window's first segment ({@link #endInserts}). A store's
 * step runs on a thread of its own, with a status line every {@code progressfreq} seconds: a stop request
 * cancels it, and when it has not ended and its server does not answer ({@link StopWait}), the load goes on
 * without it; a server that does not answer for {@code load_stall_limit} while the step runs fails the load,
 * as it does while the loaders wait ({@link LoadHooks.Step#answers}).
 */
final class PostLoadSteps {
    /** The post-load step that waits for the data's dirty pages ({@code load_writeback}). */
    static final String WRITE_BACK = "write-back";
    /** How often a running step's server is asked whether it answers. */
    private static final long ASK_EVERY = 500_000_000L;
    /** How long the status loop waits for that answer before it goes on (the answer still counts when it comes). */
    private static final Duration ASK_WAIT = Duration.ofSeconds(1);
    /** The silence of the server after which a status line says it may have stalled. */
    private static final long SILENCE_NOTED = 2_000_000_000L;

    private final GraphStore store;
    private final MetricsReader reads;
    private final StopWait stop;
    private final RunControl control;
    private final PrintStream out;
    private final PhaseObserver observer;
    private final boolean writeBackAsked;
    private final double progressSeconds;
    private final long stallNanos;
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
        this.progressSeconds = ctx.run().progressSeconds();
        this.stallNanos = ctx.run().loadStallNanos();
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
     * cancels the running step through its canceller (on a thread of its own: a canceller that must reach a
     * stalled server holds no one up); a step that fails because of it ends the steps with a warning instead of
     * failing the load. A step that fails otherwise (its server lost, a full disk, a store's bug) fails the load, and
     * the steps end: the load's result is still made, with the step's error as the reason.
     */
    void runStoreSteps(LoadHooks hooks, List<String> warnings) {
        for (LoadHooks.Step step : hooks.finishLoadSteps()) {
            if (control.interrupted()) {
                return;
            }
            String name = step.name();
            out.printf(Locale.ROOT, "post-load step: %s ...%n", name);
            long t0 = System.nanoTime();
            try (RunControl.Registration r = control.onInterrupt(() -> daemon("post-load-cancel", step.canceller()))) {
                runUntilStopped(step, t0);
            } catch (StoreException | RuntimeException e) { // a store's bug too: what the load measured is kept
                if (!control.interrupted()) {
                    String why = String.format(Locale.ROOT, "the post-load step %s failed after %.3f s: %s%s", name,
                            (System.nanoTime() - t0) / 1e9, e instanceof StoreException ? "" : e.getClass().getName() + ": ",
                            MessageText.line(String.valueOf(e.getMessage())));
                    control.fail(why);
                    out.println(why);
                }
            }
            double s = (System.nanoTime() - t0) / 1e9;
            endSegment(PhaseCost.STEP_PART + name);
            if (control.interrupted()) {
                String undone = unfinished(step);
                if (!control.failed() || !undone.isEmpty()) {
                    String w = String.format(Locale.ROOT, "post-load step '%s' %s after %.3f s%s", name,
                            control.failed() ? "did not finish" : "cancelled", s, undone.isEmpty() ? "" : ": " + undone
                                    + "; the load is not recorded complete: load again (-l -D schema=recreate)");
                    warnings.add(w);
                    out.println(w);
                }
                return;
            }
            seconds.put(name, s);
            out.printf(Locale.ROOT, "post-load step: %s took %.3f s%n", name, s);
        }
    }

    /** What {@code step} says it leaves undone, one line; "" when it cannot say. */
    private static String unfinished(LoadHooks.Step step) {
        try {
            return MessageText.line(String.valueOf(step.unfinished().get()));
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static void daemon(String name, Runnable action) {
        Thread t = new Thread(action, name);
        t.setDaemon(true);
        t.start();
    }

    /**
     * Runs {@code step} on a daemon thread and waits for it, with a status line every {@code progressfreq} seconds;
     * asks its server every {@link #ASK_EVERY} whether it answers ({@link LoadHooks.Step#answers}, through the
     * run's {@link MetricsReader}), and when it has not answered for {@code load_stall_limit}, fails the load (the
     * server stalled) and leaves the step behind; after a stop request, waits until {@link StopWait} gives up on it
     * (its server does not answer), when the step is left behind too.
     */
    private void runUntilStopped(LoadHooks.Step step, long t0) throws StoreException {
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
        ServerAnswers answers = new ServerAnswers(step, t0);
        long statusNanos = (long) (progressSeconds * 1e9);
        long nextStatus = t0 + statusNanos;
        try {
            while (t.isAlive()) {
                t.join(Math.max(1, Math.min(100, (nextStatus - System.nanoTime()) / 1_000_000)));
                if (!t.isAlive()) {
                    break;
                }
                long now = System.nanoTime();
                answers.ask(now);
                long silent = answers.silentNanos(System.nanoTime());
                if (now >= nextStatus) {
                    out.printf(Locale.ROOT, "post-load step: %s running for %.0f s%s%n", step.name(), (now - t0) / 1e9,
                            silent >= Math.min(SILENCE_NOTED, stallNanos / 2) ? String.format(Locale.ROOT, "  | server stalled? no answer from the"
                                    + " server for %.0f s%s", silent / 1e9, answers.failure(": ")) : "");
                    nextStatus += statusNanos * Math.max(1, (now - nextStatus) / statusNanos + 1);
                }
                if (!control.interrupted() && silent > stallNanos) {
                    control.fail(String.format(Locale.ROOT, "the server stalled: it has not answered for more than %s s"
                            + " (load_stall_limit) during the post-load step %s%s", RequestPhase.plain(stallNanos / 1e9),
                            step.name(), answers.failure(": ")));
                    out.printf(Locale.ROOT, "post-load step: %s: the server has not answered for %.0f s: left behind%n",
                            step.name(), silent / 1e9);
                    reads.leftBehind("the post-load step " + step.name(), t);
                    return;
                }
                if (stop.giveUp(now)) {
                    out.printf(Locale.ROOT, "post-load step: %s did not stop after the stop request, and the server"
                            + " does not answer: left behind%n", step.name());
                    reads.leftBehind("the post-load step " + step.name(), t);
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
     * When the server of a running step last answered: asked every {@link #ASK_EVERY} through the run's
     * {@link MetricsReader} (one read at a time, each given up after {@link #ASK_WAIT}; an answer that comes
     * later still counts when it comes). A step whose server cannot be asked always counts as answered.
     */
    private final class ServerAnswers {
        private final LoadHooks.Step step;
        private final AtomicLong answered;
        /** The message of the last ask that failed, "" once the server answered again. */
        private volatile String failure = "";
        private long nextAsk;

        ServerAnswers(LoadHooks.Step step, long t0) {
            this.step = step;
            this.answered = new AtomicLong(t0);
            this.nextAsk = t0 + ASK_EVERY;
        }

        void ask(long now) {
            if (!step.asksServer() || now < nextAsk || control.interrupted()) {
                return;
            }
            nextAsk = now + ASK_EVERY;
            reads.read("the server's answer", () -> {
                try {
                    step.answers().run();
                } catch (StoreException | RuntimeException e) {
                    failure = MessageText.line(String.valueOf(e.getMessage()));
                    throw e;
                }
                failure = "";
                answered.accumulateAndGet(System.nanoTime(), Math::max);
                return Boolean.TRUE;
            }, ASK_WAIT);
        }

        /** {@code prefix} and what the last failed ask said (e.g. which node does not answer), or "" when none failed. */
        String failure(String prefix) {
            String f = failure;
            return f.isEmpty() ? "" : prefix + f;
        }

        /** Nanoseconds since the server last answered (or since the step started); 0 when it cannot be asked. */
        long silentNanos(long now) {
            return step.asksServer() ? Math.max(0, now - answered.get()) : 0;
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
