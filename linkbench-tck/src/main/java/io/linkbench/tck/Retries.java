package io.linkbench.tck;

import io.linkbench.store.StoreException;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;

/**
 * Repeats a store call (an operation, or a whole transaction) that failed with a retryable
 * {@link StoreException}, with a short back-off, until a deadline from its first attempt, as the driver
 * does: how many conflicts a run meets depends on the machine's load and the server's locking, not on
 * the store's correctness, so a test counts the repeats instead of failing on them. Thread-safe.
 */
final class Retries {
    /** One attempt of the call. */
    interface Attempt<T> {
        T run() throws StoreException;
    }

    private final Duration window;
    private final LongAdder repeats = new LongAdder();

    /** Retries within {@code window} of each call's first attempt. */
    Retries(Duration window) {
        this.window = window;
    }

    /** The call's result; its last exception when it is not retryable or the window has passed. */
    <T> T run(Attempt<T> call) throws StoreException, InterruptedException {
        long deadline = System.nanoTime() + window.toNanos();
        for (int attempt = 0;; attempt++) {
            try {
                return call.run();
            } catch (StoreException e) {
                if (!e.isRetryable() || System.nanoTime() - deadline > 0) {
                    throw e;
                }
                repeats.increment();
                Thread.sleep(Math.min(attempt, 20)); // back off: let the other transaction finish
            }
        }
    }

    /** The calls repeated so far, across threads. */
    long repeats() {
        return repeats.sum();
    }
}
