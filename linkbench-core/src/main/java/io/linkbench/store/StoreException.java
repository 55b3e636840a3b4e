package io.linkbench.store;

import java.util.Objects;

/**
 * A failed store operation. The {@link Kind} tells the driver what to do: CONFLICT and CONNECTION
 * failures are retried (with back-off, a bounded number of times, never past the phase's end) and
 * every kind is counted per operation in the report.
 *
 * <p>A store must leave its session usable after throwing: a failed transaction is rolled back
 * before the exception leaves the store, and a lost connection is re-established on the next call.
 */
public class StoreException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What went wrong, as far as the driver needs to know. */
    public enum Kind {
        /** Deadlock, lock-wait timeout, write conflict: the whole operation may be retried. */
        CONFLICT(true),
        /** The connection to the server was lost or could not be made; retry after reconnecting. */
        CONNECTION(true),
        /** The server did not answer in time. */
        TIMEOUT(false),
        /** The request was rejected as invalid (constraint, schema, bad argument). */
        REJECTED(false),
        /** Anything else. */
        OTHER(false);

        private final boolean retryable;

        Kind(boolean retryable) {
            this.retryable = retryable;
        }

        public boolean retryable() {
            return retryable;
        }
    }

    private final Kind kind;

    public StoreException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = Objects.requireNonNull(kind, "kind");
    }

    public StoreException(Kind kind, String message) {
        this(kind, message, null);
    }

    public Kind kind() {
        return kind;
    }

    /** True when repeating the whole operation may succeed. */
    public boolean isRetryable() {
        return kind.retryable();
    }
}
