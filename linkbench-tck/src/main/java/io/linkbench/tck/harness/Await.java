package io.linkbench.tck.harness;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

/**
 * Waits in tests on a condition with a deadline instead of a fixed sleep: a busy machine only makes the
 * wait longer, never the test wrong. Polls every 20 ms.
 *
 * <pre>{@code
 * long before = statementsRun();
 * Await.until(Duration.ofSeconds(60), "200 statements run", () -> statementsRun() >= before + 200);
 * }</pre>
 */
public final class Await {
    private static final long POLL_MS = 20;

    private Await() {
    }

    /** A condition that may throw (a query, a scrape). */
    @FunctionalInterface
    public interface Condition {
        /** True once the awaited state is reached. */
        boolean holds() throws Exception;
    }

    /**
     * Returns once {@code condition} holds.
     *
     * @throws AssertionError when it does not hold within {@code timeout}, naming {@code what}
     */
    public static void until(Duration timeout, String what, Condition condition) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what);
            }
            Thread.sleep(POLL_MS);
        }
    }

    /**
     * Reads {@code read} until its value passes {@code ok} and returns that value.
     *
     * @throws AssertionError when no value passes within {@code timeout}, naming {@code what} and the last value
     */
    public static <T> T until(Duration timeout, String what, Callable<T> read, Predicate<T> ok) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            T value = read.call();
            if (ok.test(value)) {
                return value;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("waited " + timeout.toSeconds() + " s for " + what + "; last seen: " + value);
            }
            Thread.sleep(POLL_MS);
        }
    }
}
