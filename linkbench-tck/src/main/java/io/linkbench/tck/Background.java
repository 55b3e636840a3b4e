package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A second session's work on a daemon thread of its own, while the test's thread holds a transaction
 * open: a store may block that work until the transaction ends (the memory store serializes
 * transactions with a store-wide lock; a locking server makes a writer wait), so the test's thread
 * must never run it itself.
 *
 * <p>{@link #finishesOrWaits} lets a test go on once the work is done or blocked, without a fixed
 * sleep: a thread parked on a lock in this JVM shows as waiting at once (counted only after the work
 * called {@link #ready}, so that a wait for a pooled connection before it does not count); one blocked
 * on a server (a socket read) cannot be told from a slow one, so after a grace period the test goes on
 * anyway.
 * The tests' assertions hold whichever way this ends; it only decides how much of the work can have
 * happened before the test's next step.
 */
final class Background<T> implements AutoCloseable {
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    /** The work; it calls {@code self.ready()} right before the calls the test waits on. */
    interface Work<T> {
        T run(Background<T> self) throws Exception;
    }

    private final String what;
    private final FutureTask<T> task;
    private final Thread thread;
    private volatile boolean ready;

    private Background(String what, Work<T> work) {
        this.what = what;
        this.task = new FutureTask<>(() -> work.run(this));
        this.thread = new Thread(task, "tck-" + what);
        thread.setDaemon(true);
    }

    /** Starts {@code work} on a new daemon thread. */
    static <T> Background<T> start(String what, Work<T> work) {
        Background<T> b = new Background<>(what, work);
        b.thread.start();
        return b;
    }

    /** Called by the work: from here on, its thread waiting in this JVM means the store blocks it. */
    void ready() {
        ready = true;
    }

    /**
     * Returns once the work is done (true), its thread waits on a lock or condition in this JVM, or
     * {@code grace} has passed (false).
     */
    boolean finishesOrWaits(Duration grace) throws InterruptedException {
        long deadline = System.nanoTime() + grace.toNanos();
        while (System.nanoTime() - deadline < 0) {
            try {
                task.get(POLL_NANOS, TimeUnit.NANOSECONDS);
                return true;
            } catch (ExecutionException e) {
                return true; // get(Duration) reports it
            } catch (TimeoutException e) {
                if (waitsOrIsDone()) {
                    return task.isDone();
                }
            }
        }
        return task.isDone();
    }

    /** True once the work has ended, or when, after {@link #ready}, its thread waits in this JVM. */
    boolean waitsOrIsDone() {
        if (task.isDone()) {
            return true;
        }
        Thread.State state = thread.getState();
        return ready && (state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING
                || state == Thread.State.BLOCKED);
    }

    /** True once the work has ended, normally or not. */
    boolean isDone() {
        return task.isDone();
    }

    /**
     * The work's result; rethrows what it threw; fails when it has not ended within {@code timeout}
     * (a deadlock or a hang in the store).
     */
    T get(Duration timeout) throws Exception {
        try {
            return task.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            return fail(what + ": did not finish within " + timeout + " (a deadlock or a hang in the store?)");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error error) {
                throw error;
            }
            throw (Exception) cause;
        }
    }

    /** Interrupts the work if it still runs (a failed test): its thread is a daemon either way. */
    @Override
    public void close() {
        if (!task.isDone()) {
            thread.interrupt();
        }
    }
}
