package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.util.concurrent.TimeUnit;

/**
 * One store session's {@link ClientSession} and the caller's transaction on it
 * ({@link io.linkbench.store.TransactionalSession}'s begin, commit and rollback). While that transaction is
 * open, {@link #open()} is its ClientSession: every operation of the session runs with it, and a link write
 * joins it instead of running a transaction of its own ({@link TxnRunner}); a failure of any operation ends it
 * ({@link #failed}) before the exception leaves the session. Outside one, {@link #open()} is null and the
 * operations run as single commands. One instance per store session (a ClientSession is not thread-safe).
 *
 * <p>Read-only transactions read at read concern snapshot; read-write ones too, unless the connection string
 * names a read concern. A commit whose result is unknown (labelled UnknownTransactionCommitResult: the
 * connection was lost or the server changed during it) is committed again, never run again: it may have
 * committed already, and a repeated commit of a committed transaction is a no-op on the server.
 */
final class SessionTransaction implements AutoCloseable {
    private final MongoClient client;
    private final TransactionOptions readWrite;
    private final TransactionOptions readOnly;
    private final int commitRetries;
    private final long commitRetryNanos;
    private final ClientCounters counters;
    /** Why the caller's transactions are declined; null when they are offered. */
    private final String declined;
    private ClientSession session;
    /** The caller's open transaction's session (the same as {@link #session}); null outside one. */
    private ClientSession open;

    /**
     * @param declined the one-line reason the store declines transactions, or null when it offers them
     */
    SessionTransaction(MongoClient client, MongoConfig config, ClientCounters counters, String declined) {
        this.client = client;
        this.counters = counters;
        this.declined = declined;
        this.commitRetries = config.txnRetries();
        this.commitRetryNanos = TimeUnit.MILLISECONDS.toNanos(config.serverSelectionTimeoutMs());
        this.readOnly = options(config, ReadConcern.SNAPSHOT);
        this.readWrite = options(config, TransactionOffer.urlReadConcern(config) == null ? ReadConcern.SNAPSHOT : null);
    }

    /**
     * Reads from the primary; the commit bounded on the server as the socket timeout bounds it here; the write
     * concern (and, with a null {@code readConcern}, the read concern) from the connection string.
     */
    private static TransactionOptions options(MongoConfig config, ReadConcern readConcern) {
        TransactionOptions.Builder b = TransactionOptions.builder().readPreference(ReadPreference.primary())
                .readConcern(readConcern);
        if (config.socketTimeoutMs() > 0) {
            b.maxCommitTime((long) config.socketTimeoutMs(), TimeUnit.MILLISECONDS);
        }
        return b.build();
    }

    /** The session's ClientSession, started on first use. */
    ClientSession clientSession() {
        if (session == null) {
            session = client.startSession();
        }
        return session;
    }

    /** The open transaction's ClientSession, or null outside one. */
    ClientSession open() {
        return open;
    }

    boolean inTransaction() {
        return open != null;
    }

    /** Starts the caller's transaction; the driver sends it with the first operation inside. */
    void begin(boolean readOnlyTransaction) throws StoreException {
        if (open != null) {
            throw new IllegalStateException("a transaction is open on this session already: commit or roll it back"
                    + " before beginning another");
        }
        if (declined != null) {
            throw StoreException.refusal("begin a transaction: " + declined);
        }
        try {
            ClientSession s = clientSession();
            s.startTransaction(readOnlyTransaction ? readOnly : readWrite);
            open = s;
        } catch (MongoException e) {
            throw Errors.toStore("begin a transaction", e);
        }
    }

    /** Commits the caller's transaction; outside it afterwards, whether this returns or throws. */
    void commit() throws StoreException {
        if (open == null) {
            throw new IllegalStateException("no transaction is open on this session: begin one first");
        }
        ClientSession s = open;
        open = null;
        try {
            commit(s, null);
        } catch (MongoException e) {
            throw commitFailure("commit", e);
        } catch (RuntimeException e) {
            abortQuietly(s);
            throw e;
        }
    }

    /**
     * Commits {@code s}, committing again while the result is unknown: up to {@code txn_retries} times, none
     * started later than {@code server_selection_timeout} after the first attempt failed. Each attempt is
     * bounded by the socket and server selection timeouts, and on the server by the max commit time. A later
     * attempt's failure keeps the unknown result's label: the first attempt may have committed (a DocumentDB
     * gateway that lost its connection need not remember the transaction to say so).
     *
     * @param op the link write whose transaction this is, counted per operation; null for the caller's
     */
    void commit(ClientSession s, ClientCounters.Op op) {
        long deadline = 0;
        for (int attempt = 0; ; attempt++) {
            try {
                s.commitTransaction();
                return;
            } catch (MongoException e) {
                boolean unknown = e.hasErrorLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL);
                if (!unknown && attempt > 0) {
                    e.addLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL);
                }
                if (!unknown || attempt >= commitRetries) {
                    throw e;
                }
                long now = System.nanoTime();
                if (attempt == 0) {
                    deadline = now + commitRetryNanos;
                } else if (now - deadline > 0) {
                    throw e;
                }
                if (op == null) {
                    counters.transactionCommitRetry();
                } else {
                    counters.commitRetry(op);
                }
            }
        }
    }

    /**
     * A failed commit as the caller sees it: a result that stayed unknown, or a lost connection, is CONNECTION
     * with "outcome unknown"; a conflict (the server aborted the transaction) is CONFLICT.
     */
    static StoreException commitFailure(String what, MongoException e) {
        if (e.hasErrorLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL) || Errors.isConnectionLoss(e)) {
            return new StoreException(Kind.CONNECTION, what + ": outcome unknown, the transaction may or may not"
                    + " have committed: " + Errors.oneLine(e), e);
        }
        return Errors.toStore(what, e);
    }

    /** Rolls the caller's transaction back; nothing to do outside one. */
    void rollback() throws StoreException {
        if (open == null) {
            return;
        }
        ClientSession s = open;
        open = null;
        try {
            if (s.hasActiveTransaction()) {
                s.abortTransaction(); // the driver ignores the server's errors: a lost transaction dies with it
            }
        } catch (MongoException e) {
            throw Errors.toStore("roll back the transaction", e);
        }
    }

    /**
     * The exception of an operation that failed; inside the caller's transaction the transaction is aborted
     * first, and the message says so.
     */
    StoreException failed(String what, MongoException e) {
        if (open == null) {
            return Errors.toStore(what, e);
        }
        abandon();
        return Errors.toStore(what + " (the transaction is rolled back)", e);
    }

    /** Any other exception of an operation: inside the caller's transaction the transaction is aborted first. */
    RuntimeException failed(RuntimeException e) {
        if (open != null) {
            abandon();
        }
        return e;
    }

    private void abandon() {
        ClientSession s = open;
        open = null;
        abortQuietly(s);
    }

    static void abortQuietly(ClientSession s) {
        try {
            if (s.hasActiveTransaction()) {
                s.abortTransaction();
            }
        } catch (MongoException | IllegalStateException e) {
            // the server drops the transaction when it times out or the connection dies; nothing else to release
        }
    }

    /** Aborts an open transaction and ends the ClientSession. */
    @Override
    public void close() {
        if (open != null) {
            abandon();
        }
        if (session != null) {
            try {
                session.close();
            } catch (MongoException | IllegalStateException e) {
                // ends the server session lazily; a lost connection leaves nothing to clean up here
            }
            session = null;
        }
    }
}
