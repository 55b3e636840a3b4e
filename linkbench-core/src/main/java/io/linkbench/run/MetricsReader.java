package io.linkbench.run;

import io.linkbench.config.MessageText;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads a store's optional figures (server counters, size, facts, server configuration, data directory)
 * for the monitoring thread, the progress line, the end of a phase and the start of a run, each within a
 * deadline, so that a server that stops answering stops none of them. One read at a time, each on a
 * daemon thread of its own: a read that misses its deadline is given up and its thread left inside the
 * store call until the store's own network timeout ends it; while it is, every other read is skipped at
 * once (the reading says for how long the server has not answered), so threads never pile up behind a
 * stalled server. The first read after the stuck one returned reads again. Shared by the phases of a run
 * ({@link PhaseContext#reads()}); thread-safe.
 *
 * <pre>{@code
 * MetricsReader reads = new MetricsReader();
 * MetricsReader.Reading<Map<String, Long>> r = reads.read("server counters", metrics::counters, MetricsReader.COUNTERS);
 * Map<String, Long> counters = r.orElse(Map.of()); // r.missing() says why, when it is missing
 * }</pre>
 */
public final class MetricsReader {
    /** How long the counters of an interval or of a window's start or end may take. */
    public static final Duration COUNTERS = Duration.ofSeconds(5);
    /** How long a size, the facts or the server configuration may take (a size may flush memtables first). */
    public static final Duration SLOW = Duration.ofSeconds(30);

    private FutureTask<?> running;
    private String runningWhat = "";
    private long runningSince;
    /** Work a phase gave up on inside the store (a post-load step), or null; counts as a read that has not returned. */
    private Thread leftBehind;

    /**
     * A figure read, or why it is missing.
     *
     * @param value   the figure, or null when missing
     * @param missing why it is missing (one line, e.g. "server counters: no answer within 5 s"), or "" when read
     */
    public record Reading<T>(T value, String missing) {
        static <T> Reading<T> of(T value) {
            return new Reading<>(value, "");
        }

        static <T> Reading<T> none(String why) {
            return new Reading<>(null, why);
        }

        /** True when the figure was read. */
        public boolean read() {
            return missing.isEmpty();
        }

        /** The figure, or {@code other} when it is missing. */
        public T orElse(T other) {
            return read() ? value : other;
        }
    }

    /**
     * Runs {@code call} on a thread of its own and waits for it at most {@code deadline}; skips it at once while
     * an earlier read is still inside the store.
     *
     * @param what names the figure in the reason it is missing, e.g. "server counters"
     * @return the figure, or why it is missing: the store failed (its one-line message), the deadline passed,
     *         or an earlier read has not returned yet
     */
    public <T> Reading<T> read(String what, Callable<T> call, Duration deadline) {
        FutureTask<T> task = new FutureTask<>(call);
        synchronized (this) {
            if (running != null && !running.isDone() || leftBehind != null && leftBehind.isAlive()) {
                return Reading.none(String.format(Locale.ROOT, "%s not read: the server has not answered a read of %s"
                        + " for %.0f s", what, runningWhat, (System.nanoTime() - runningSince) / 1e9));
            }
            running = task;
            runningWhat = what;
            runningSince = System.nanoTime();
        }
        Thread t = new Thread(task, "store-metrics-read");
        t.setDaemon(true);
        t.start();
        try {
            return Reading.of(task.get(deadline.toNanos(), TimeUnit.NANOSECONDS));
        } catch (TimeoutException e) {
            return Reading.none(what + " not read: the server did not answer within "
                    + BigDecimal.valueOf(deadline.toMillis(), 3).stripTrailingZeros().toPlainString() + " s");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return Reading.none(what + " not read: " + MessageText.line(String.valueOf(cause.getMessage())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reading.none(what + " not read: interrupted");
        }
    }

    /**
     * True while a read that missed its deadline, or work left behind ({@link #leftBehind}), is still inside the store
     * (its server has not answered).
     */
    public synchronized boolean stuck() {
        return running != null && !running.isDone() || leftBehind != null && leftBehind.isAlive();
    }

    /**
     * {@code work}, a thread a phase gave up on while it waited inside the store for a server that does not answer
     * ({@code what}, e.g. "the post-load step vacuum analyze"), counts as a read that has not returned until it ends:
     * reads are skipped meanwhile, and the store is closed within a deadline, not waited for.
     */
    synchronized void leftBehind(String what, Thread work) {
        if (running == null || running.isDone()) {
            runningWhat = what;
            runningSince = System.nanoTime();
        }
        leftBehind = work;
    }

    /**
     * Runs {@code action} on a daemon thread of its own and waits for it at most {@code deadline} (a store's
     * {@code close}, whose server may not answer).
     *
     * @return true when it ended within the deadline
     */
    public static boolean runWithin(String name, Runnable action, Duration deadline) {
        Thread t = new Thread(action, name);
        t.setDaemon(true);
        t.start();
        try {
            t.join(Math.max(1, deadline.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }
}
