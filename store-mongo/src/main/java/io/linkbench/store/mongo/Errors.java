package io.linkbench.store.mongo;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoConnectionPoolClearedException;
import com.mongodb.MongoException;
import com.mongodb.MongoExecutionTimeoutException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoOperationTimeoutException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoServerUnavailableException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoSocketReadTimeoutException;
import com.mongodb.MongoSocketWriteTimeoutException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.bulk.BulkWriteError;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Maps MongoDB driver and server errors to {@link StoreException} kinds, with one-line messages. */
final class Errors {
    /** Write conflict between concurrent writers (inside or outside a transaction). */
    static final int WRITE_CONFLICT = 112;
    /** Namespace (collection) does not exist. */
    static final int NAMESPACE_NOT_FOUND = 26;
    /** The server no longer knows the transaction (DocumentDB drops one after some errors). */
    static final int NO_SUCH_TRANSACTION = 251;
    /**
     * PostgreSQL's serialization failure (40001) and deadlock (40P01) as DocumentDB's gateway sends
     * them (the SQLSTATE packed 6 bits a character), without a label: conflicts of its REPEATABLE READ
     * (snapshot) transactions.
     */
    private static final Set<Integer> DOCUMENTDB_CONFLICTS = Set.of(16_777_220, 16_908_292);
    /** MaxTimeMSExpired: a command over its time limit. */
    private static final int MAX_TIME_EXPIRED = 50;
    /**
     * What a DocumentDB distributed over Citus says with a MaxTimeMSExpired (50) when a statement was cancelled
     * for a (distributed) deadlock or a lock wait: a conflict, not a slow command.
     */
    private static final Pattern CONCURRENT_TRANSACTIONS = Pattern.compile("(?i)may be due to concurrent transactions");

    /** The server is going away, stepping down or not (yet) primary: reconnect and try again. */
    private static final Set<Integer> CONNECTION_CODES = Set.of(
            6, // HostUnreachable
            7, // HostNotFound
            91, // ShutdownInProgress
            189, // PrimarySteppedDown
            9001, // SocketException
            10107, // NotWritablePrimary
            11600, // InterruptedAtShutdown
            11602, // InterruptedDueToReplStateChange
            13435, // NotPrimaryNoSecondaryOk
            13436, // NotPrimaryOrSecondary
            // DocumentDB's gateway passes PostgreSQL's SQLSTATE packed 6 bits a character:
            16_908_741, // 57P01 admin_shutdown (the cluster is stopping)
            33_685_957, // 57P02 crash_shutdown
            50_463_173, // 57P03 cannot_connect_now (the cluster is starting)
            100_663_808, // 08006 connection_failure
            16_777_728, // 08001 sqlclient_unable_to_establish_sqlconnection
            50_332_160); // 08003 connection_does_not_exist
    /**
     * DocumentDB's InternalError (1): a lost or refused connection to its PostgreSQL when it says so, or, on a
     * sharded DocumentDB, Citus's XX000 for a worker lost in the middle of a transaction (the words the Citus
     * store maps too): the transaction is rolled back on every worker and is retried like a lost connection.
     */
    private static final int INTERNAL_ERROR = 1;
    private static final Pattern BACKEND_GONE = Pattern.compile(
            "(?i)pool error|connection (closed|refused|reset)|error connecting|terminating connection|shutting down"
                    + "|failure on connection marked as essential|failed to prepare transaction"
                    + "|could not commit transaction for shard|server closed the connection unexpectedly"
                    + "|could not (receive|send) data (from|to) server|connection not open|no connection to the server");
    private static final Set<Integer> TIMEOUT_CODES = Set.of(
            50, // MaxTimeMSExpired
            64, // WriteConcernFailed (wtimeout)
            89, // NetworkTimeout
            262); // ExceededTimeLimit
    private static final Set<Integer> REJECTED_CODES = Set.of(
            2, // BadValue
            9, // FailedToParse
            13, // Unauthorized
            14, // TypeMismatch
            18, // AuthenticationFailed
            121, // DocumentValidationFailure
            10334, // BSONObjectTooLarge
            17280); // KeyTooLong
    private static final Pattern CAUSED_BY = Pattern.compile("caused by \\{[\\w.$]+: ([^}]*)\\}");
    private static final Pattern EXCEPTION = Pattern.compile("exception=\\{[\\w.$]+: ([^}]*)\\}");

    private Errors() {
    }

    /** The kind of a failure. */
    static Kind kindOf(MongoException e) {
        if (e instanceof MongoSocketReadTimeoutException || e instanceof MongoSocketWriteTimeoutException
                || e instanceof MongoOperationTimeoutException) {
            return Kind.TIMEOUT;
        }
        if (isConnectionLoss(e)) {
            return Kind.CONNECTION;
        }
        if (e instanceof MongoSecurityException) {
            return Kind.REJECTED;
        }
        if (isConflict(e)) {
            return Kind.CONFLICT;
        }
        if (e instanceof MongoExecutionTimeoutException) {
            return Kind.TIMEOUT;
        }
        int code = code(e);
        if (TIMEOUT_CODES.contains(code) || ErrorCategory.fromErrorCode(code) == ErrorCategory.EXECUTION_TIMEOUT) {
            return Kind.TIMEOUT;
        }
        if (REJECTED_CODES.contains(code)) {
            return Kind.REJECTED;
        }
        return Kind.OTHER;
    }

    /** The connection or the server is gone (or not usable now): the driver reconnects on the next call. */
    static boolean isConnectionLoss(MongoException e) {
        if (e instanceof MongoSocketException || e instanceof MongoNotPrimaryException
                || e instanceof MongoNodeIsRecoveringException || e instanceof MongoConnectionPoolClearedException
                || e instanceof MongoServerUnavailableException) {
            return true;
        }
        if (e instanceof MongoTimeoutException && !(e instanceof MongoOperationTimeoutException)) {
            return true; // no server could be selected: unreachable, or no primary during an election
        }
        int code = code(e);
        return CONNECTION_CODES.contains(code)
                || code == INTERNAL_ERROR && e.getMessage() != null && BACKEND_GONE.matcher(e.getMessage()).find();
    }

    /**
     * A write conflict (112, labelled or not), a transient transaction error, a duplicate key from
     * racing upserts, a transaction the server dropped (251), or DocumentDB's serialization failure,
     * deadlock, or (distributed) lock wait cancelled as a time-out: running the write again may succeed.
     */
    static boolean isConflict(MongoException e) {
        int code = code(e);
        return code == WRITE_CONFLICT || code == NO_SUCH_TRANSACTION || DOCUMENTDB_CONFLICTS.contains(code)
                || isDuplicateKey(e) || e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL)
                || code == MAX_TIME_EXPIRED && e.getMessage() != null
                && CONCURRENT_TRANSACTIONS.matcher(e.getMessage()).find();
    }

    static boolean isDuplicateKey(MongoException e) {
        return ErrorCategory.fromErrorCode(code(e)) == ErrorCategory.DUPLICATE_KEY;
    }

    /** True when every write error of an unordered bulk insert is a duplicate key (rows already there). */
    static boolean onlyDuplicateKeys(MongoBulkWriteException e) {
        if (e.getWriteConcernError() != null || e.getWriteErrors().isEmpty()) {
            return false;
        }
        for (BulkWriteError w : e.getWriteErrors()) {
            if (ErrorCategory.fromErrorCode(w.getCode()) != ErrorCategory.DUPLICATE_KEY) {
                return false;
            }
        }
        return true;
    }

    /** A StoreException for a failed operation, naming it. */
    static StoreException toStore(String what, MongoException e) {
        return new StoreException(kindOf(e), what + ": " + oneLine(e), e);
    }

    /**
     * The message on one line. The driver's server-selection timeouts carry the whole cluster view:
     * that is replaced by the cause it names (e.g. "Connection refused").
     */
    static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int view = m.indexOf(". Client view of cluster state");
        if (view >= 0) {
            String cause = clusterCause(m);
            m = m.substring(0, view) + (cause.isEmpty() ? "" : " (" + cause + ")");
        }
        int nl = m.indexOf('\n');
        m = (nl < 0 ? m : m.substring(0, nl)).strip();
        if (e instanceof MongoException me && me.getCode() > 0 && !m.contains("" + me.getCode())) {
            m = m + " [" + me.getCode() + "]";
        }
        return m;
    }

    /** The innermost cause a server-selection timeout names in its cluster view, or "". */
    static String clusterCause(String message) {
        Matcher cause = CAUSED_BY.matcher(message);
        String last = "";
        while (cause.find()) {
            last = cause.group(1);
        }
        if (last.isEmpty()) {
            Matcher exception = EXCEPTION.matcher(message);
            if (exception.find()) {
                last = exception.group(1);
            }
        }
        return last.strip();
    }

    private static int code(MongoException e) {
        if (e instanceof MongoWriteConcernException wc) {
            return wc.getWriteConcernError().getCode();
        }
        if (e instanceof MongoBulkWriteException b && !b.getWriteErrors().isEmpty()) {
            return b.getWriteErrors().get(0).getCode();
        }
        return e.getCode();
    }
}
