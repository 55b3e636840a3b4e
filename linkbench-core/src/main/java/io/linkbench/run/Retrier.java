package io.linkbench.run;

import io.linkbench.measure.WorkerRecorder;
import io.linkbench.store.StoreException;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Retries an operation that failed with a retryable {@link StoreException} (deadlock, lock-wait
 * timeout, lost connection): exponential back-off with jitter (doubling up to {@link #MAX_PAUSE_NANOS},
 * or the first back-off when that is longer), at most {@code maxRetries} times or, with {@code retry_for},
 * for that long after the operation's first failure instead (a deadline, whatever the count); never past
 * the phase's deadline or a stop request. The store has rolled back its transaction before throwing, so each attempt repeats the whole
 * operation. One retrier serves one thread.
 */
final class Retrier {
    /** The longest back-off the doubling reaches (unless the first one is longer). */
    private static final long MAX_PAUSE_NANOS = 1_000_000_000L;

    private final int maxRetries;
    private final long backoffNanos;
    private final long maxPauseNanos;
    /** How long after its first failure an operation may still be retried, instead of a count; 0: the count. */
    private final long retryForNanos;
    private final RunControl control;
    private final SplittableRandom jitter;
    /** When the operation being retried first failed (set on its attempt 0). */
    private long firstFailure;

    Retrier(int maxRetries, long backoffMs, double retrySeconds, RunControl control, long seed) {
        this.maxRetries = maxRetries;
        this.backoffNanos = backoffMs * 1_000_000L;
        this.maxPauseNanos = Math.max(backoffNanos, MAX_PAUSE_NANOS);
        this.retryForNanos = (long) (retrySeconds * 1e9);
        this.control = control;
        this.jitter = new SplittableRandom(seed);
    }

    /** Whether to try again after {@code e} on attempt {@code attempt} (0-based); sleeps the back-off if so. */
    boolean retry(StoreException e, int attempt, long deadlineNanos, int op, WorkerRecorder recorder) {
        long now = System.nanoTime();
        if (attempt == 0) {
            firstFailure = now;
        }
        if (!e.isRetryable() || retryForNanos == 0 && attempt >= maxRetries || control.interrupted()) {
            return false;
        }
        long pause = Math.min(backoffNanos << Math.min(attempt, 20), maxPauseNanos);
        pause = pause / 2 + (pause > 1 ? jitter.nextLong(pause / 2 + 1) : 0);
        if (now + pause >= deadlineNanos || retryForNanos > 0 && now + pause - firstFailure > retryForNanos) {
            return false;
        }
        recorder.recordRetry(op);
        if (pause > 0) {
            LockSupport.parkNanos(pause);
        }
        return true;
    }
}
