package io.linkbench.store;

import io.linkbench.config.MessageText;
import java.util.Objects;

/**
 * A failed store operation. The {@link Kind} tells the driver what to do: CONFLICT and CONNECTION
 * failures are retried (with back-off, a bounded number of times, never past the phase's end) and
 * every kind is counted per operation in the report.
 *
 * <p>A store must leave its session usable after throwing: a failed transaction is rolled back
 * before the exception leaves the store, and a lost connection is re-established on the next call.
 *
 * <p>A {@linkplain #refusal refusal} is the store declining to start as configured (data present
 * without {@code schema = recreate}, a lock held by another process, nothing loaded to verify): an
 * expected outcome that the CLI reports as its one line, without pointing at a stack trace. The
 * message passes through {@link MessageText#line}: secrets are hidden and a long line is cut.
 *
 * <p>A store maps its driver's errors to a kind once, where it catches them:
 * <pre>{@code
 * } catch (SQLException e) {
 *     Kind kind = "40001".equals(e.getSQLState()) ? Kind.CONFLICT : Kind.OTHER;
 *     throw new StoreException(kind, "ADD_LINK: " + e.getMessage(), e);
 * }
 * }</pre>
 * (the SQL stores share one map from SQLSTATEs to kinds for this).
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
        /**
         * The store can serve no more calls (its memory or disk is exhausted): the run stops at once and
         * is marked failed, with this exception's message as the reason.
         */
        FATAL(false),
        /** The request was rejected as invalid (constraint, schema, bad argument). */
        REJECTED(false),
        /** Anything else. */
        OTHER(false);

        private final boolean retryable;

        Kind(boolean retryable) {
            this.retryable = retryable;
        }

        /** True for CONFLICT and CONNECTION: repeating the whole operation may succeed. */
        public boolean retryable() {
            return retryable;
        }
    }

    private final Kind kind;
    private final boolean refusal;

    /**
     * A failure of {@code kind}.
     *
     * @param kind    what the driver does with it (retry, count, stop)
     * @param message one line naming the operation and what failed; secrets are hidden
     * @param cause   the driver's exception, kept for {@code --verbose}; may be null
     */
    public StoreException(Kind kind, String message, Throwable cause) {
        this(kind, message, cause, false);
    }

    /** A failure of {@code kind} without a cause. */
    public StoreException(Kind kind, String message) {
        this(kind, message, null, false);
    }

    private StoreException(Kind kind, String message, Throwable cause, boolean refusal) {
        super(MessageText.line(message), cause);
        this.kind = Objects.requireNonNull(kind, "kind");
        this.refusal = refusal;
    }

    /** The store declines to start as configured; the message says what to change. */
    public static StoreException refusal(String message) {
        return new StoreException(Kind.REJECTED, message, null, true);
    }

    /** A refusal caused by {@code cause} (kept for {@code --verbose}). */
    public static StoreException refusal(String message, Throwable cause) {
        return new StoreException(Kind.REJECTED, message, cause, true);
    }

    /** True for an expected refusal to start (see {@link #refusal}), not a failure. */
    public boolean isRefusal() {
        return refusal;
    }

    /** What went wrong, as far as the driver needs to know. */
    public Kind kind() {
        return kind;
    }

    /** True when repeating the whole operation may succeed. */
    public boolean isRetryable() {
        return kind.retryable();
    }
}
