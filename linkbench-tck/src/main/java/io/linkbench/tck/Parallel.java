package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs tasks on their own daemon threads, started together, and waits for all of them within a
 * deadline: a store that deadlocks or hangs fails the test instead of hanging the build.
 */
final class Parallel {

    private Parallel() {
    }

    /** Runs every task; rethrows the first failure, or fails when the deadline passes. */
    static void run(String what, Duration timeout, List<? extends Callable<?>> tasks) throws Exception {
        CountDownLatch start = new CountDownLatch(tasks.size());
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size(), r -> {
            Thread t = new Thread(r, "tck-" + what);
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (Callable<?> task : tasks) {
                futures.add(pool.submit(() -> {
                    start.countDown();
                    start.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
                    return task.call();
                }));
            }
            long deadline = System.nanoTime() + timeout.toNanos();
            for (Future<?> f : futures) {
                try {
                    f.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    fail(what + ": the threads did not finish within " + timeout + " (a deadlock or a hang in the store?)");
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof Error error) {
                        throw error;
                    }
                    throw (Exception) cause;
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
