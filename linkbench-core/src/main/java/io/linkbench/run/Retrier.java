package io.linkbench.run;

import io.linkbench.measure.WorkerRecorder;
import io.linkbench.store.StoreException;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Retries an operation that failed with a retryable {@link StoreException} (deadlock, lock-wait
 * timeout, lost connection): exponential back-off with jitter, at most {@code maxRetries} times, and
 * never past the phase's deadline or a stop request. The store has rolled back its transaction before
 * throwing, so each attempt repeats the whole operation.
 */
final class Retrier {
    private final int maxRetries;
    private final long backoffNanos;
    private final RunControl control;
    private final SplittableRandom jitter;

    Retrier(int maxRetries, long backoffMs, RunControl control, long seed) {
        this.maxRetries = maxRetries;
        this.backoffNanos = backoffMs * 1_000_000L;
        this.control = control;
        this.jitter = new SplittableRandom(seed);
    }

    /** Whether to try again after {@code e} on attempt {@code attempt} (0-based); sleeps the back-off if so. */
    boolean retry(StoreException e, int attempt, long deadlineNanos, int op, WorkerRecorder recorder) {
        if (!e.isRetryable() || attempt >= maxRetries || control.interrupted()) {
            return false;
        }
        long pause = backoffNanos << Math.min(attempt, 20);
        pause = pause / 2 + (pause > 1 ? jitter.nextLong(pause / 2 + 1) : 0);
        if (System.nanoTime() + pause >= deadlineNanos) {
            return false;
        }
        recorder.recordRetry(op);
        if (pause > 0) {
            LockSupport.parkNanos(pause);
        }
        return true;
    }
}
