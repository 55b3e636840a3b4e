package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.WorkerRecorder;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.workload.Op;
import org.junit.jupiter.api.Test;

/** The retry policy's two bounds (a count, a time since the first failure) and its back-off's ceiling. */
class RetrierTest {
    private static final StoreException LOST = new StoreException(Kind.CONNECTION, "connection lost");

    private static WorkerRecorder worker() {
        String[] names = new String[Op.count()];
        for (Op o : Op.values()) {
            names[o.ordinal()] = o.name();
        }
        return new PhaseRecorder(names, false).newWorker();
    }

    /** Retries {@code e} until the retrier says no; returns how many retries it allowed. */
    private static int retriesOf(Retrier r, StoreException e) {
        WorkerRecorder w = worker();
        int attempt = 0;
        while (r.retry(e, attempt, Long.MAX_VALUE, 0, w)) {
            attempt++;
        }
        return attempt;
    }

    @Test
    void withoutRetryForTheCountBoundsTheRetries() {
        assertEquals(3, retriesOf(new Retrier(3, 0, 0, new RunControl(), 1), LOST));
        assertEquals(0, retriesOf(new Retrier(3, 0, 0, new RunControl(), 1), new StoreException(Kind.REJECTED, "no")),
                "a failure that is not retryable is not retried");
    }

    @Test
    void retryForEndsTheRetriesLongBeforeAHugeCount() {
        // 1,000 retries would pause for minutes (the back-off reaches 0.5-1 s after 10): only the time stops them
        int retries = retriesOf(new Retrier(1_000_000, 1, 0.2, new RunControl(), 1), LOST);
        assertTrue(retries > 0 && retries < 1_000, retries + " retries");
    }

    @Test
    void retryForTakesThePlaceOfTheCount() {
        // max_retries 2, but retry_for asks for 0.2 s: 1 ms doubling makes about 8 retries in that time
        int retries = retriesOf(new Retrier(2, 1, 0.2, new RunControl(), 1), LOST);
        assertTrue(retries > 2, retries + " retries");
    }

    @Test
    void theBackOffStopsDoublingAtOneSecond() {
        // uncapped, attempt 30 would pause 2^30 ms (12 days) and overrun retry_for at once; capped it pauses <= 1 s
        Retrier r = new Retrier(100, 1, 5, new RunControl(), 1);
        WorkerRecorder w = worker();
        assertTrue(r.retry(LOST, 0, Long.MAX_VALUE, 0, w));
        assertTrue(r.retry(LOST, 30, Long.MAX_VALUE, 0, w), "a retry 30 failures in still fits 5 s");
    }

    @Test
    void aStopRequestEndsTheRetries() {
        RunControl control = new RunControl();
        control.interrupt("test");
        assertFalse(new Retrier(10, 0, 0, control, 1).retry(LOST, 0, Long.MAX_VALUE, 0, worker()));
    }
}
