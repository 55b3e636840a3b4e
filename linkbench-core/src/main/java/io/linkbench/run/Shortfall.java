package io.linkbench.run;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What makes a request phase that ran to its limit still not a measurement of the store as configured:
 * requesters that completed no call at all (more requesters than the server accepts connections,
 * say), or more than {@value #MAX_ERROR_PERCENT}% of the calls failing. Either ends the phase
 * {@code failed} with the reason in one line, never a quiet {@code completed}.
 */
final class Shortfall {
    /** The share of failed calls (after retries) above which a phase is failed, in percent. */
    static final double MAX_ERROR_PERCENT = 1.0;

    private Shortfall() {
    }

    /** One requester's calls over the whole phase. */
    record Calls(long succeeded, long failed) {
    }

    /** Why the phase cannot stand as a measurement, or empty when it can. */
    static Optional<String> of(List<Calls> requesters) {
        long succeeded = requesters.stream().mapToLong(Calls::succeeded).sum();
        long failed = requesters.stream().mapToLong(Calls::failed).sum();
        long idle = requesters.stream().filter(c -> c.succeeded() == 0 && c.failed() > 0).count();
        if (idle > 0) {
            return Optional.of(String.format(Locale.ROOT,
                    "%d of %d requesters completed no call (every call failed: %,d errors); the figures are those of %d"
                            + " requesters, not %d (more requesters than the server accepts connections?)",
                    idle, requesters.size(), failed, requesters.size() - idle, requesters.size()));
        }
        long calls = succeeded + failed;
        if (calls > 0 && failed * 100.0 / calls > MAX_ERROR_PERCENT) {
            return Optional.of(String.format(Locale.ROOT,
                    "%,d of %,d calls failed (%.1f%%, more than %s%%): the figures do not measure the store as configured"
                            + " (errors by kind in result.json)",
                    failed, calls, failed * 100.0 / calls, plain(MAX_ERROR_PERCENT)));
        }
        return Optional.empty();
    }

    private static String plain(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
