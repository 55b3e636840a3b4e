package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoClient;
import io.linkbench.store.StoreException;

/**
 * Runs a link write as one multi-document transaction on the session's own {@link ClientSession},
 * following MongoDB's transaction protocol, with bounded retries that are counted:
 * <ul>
 * <li>a conflict with another transaction aborts and runs the whole transaction again, up to
 * {@code txn_retries} times; after that the operation fails as CONFLICT and the run's retries
 * ({@code max_retries}) take over with back-off. A conflict is an error labelled
 * TransientTransactionError, or -- with or without the label, as DocumentDB sends them -- a
 * WriteConflict (112, also DocumentDB's lock timeout) or a duplicate key (two upserts inserting one
 * key at once, which a replica set retries inside the server);</li>
 * <li>a commit labelled UnknownTransactionCommitResult is committed again (the transaction may have
 * committed already, so running it again could apply it twice), up to {@code txn_retries} times;</li>
 * <li>a lost connection is not retried here: it fails as CONNECTION at once (after the abort), so the
 * driver backs off instead of this loop spinning on a server that is away.</li>
 * </ul>
 * Transaction read and write concerns come from the connection string; reads in a transaction go to
 * the primary. One instance per store session (a ClientSession is not thread-safe).
 */
final class TxnRunner implements AutoCloseable {
    private static final TransactionOptions PRIMARY = TransactionOptions.builder()
            .readPreference(ReadPreference.primary()).build();
    private static final TransactionOptions SNAPSHOT = TransactionOptions.builder()
            .readPreference(ReadPreference.primary()).readConcern(ReadConcern.SNAPSHOT).build();

    /** The operations of one transaction. */
    @FunctionalInterface
    interface Body<T> {
        T run(ClientSession session);
    }

    private final MongoClient client;
    private final int retries;
    private final ClientCounters counters;
    private final TransactionOptions options;
    private ClientSession session;

    /**
     * @param snapshot transactions with read concern snapshot (DocumentDB then runs them at REPEATABLE
     *                 READ, where a concurrent change fails the transaction instead of being re-read);
     *                 else the connection string's read concern
     */
    TxnRunner(MongoClient client, int retries, ClientCounters counters, boolean snapshot) {
        this.client = client;
        this.retries = retries;
        this.counters = counters;
        this.options = snapshot ? SNAPSHOT : PRIMARY;
    }

    /** Runs {@code body} in a transaction and commits it; every failure leaves no transaction open. */
    <T> T run(ClientCounters.Op op, Body<T> body) throws StoreException {
        for (int attempt = 0; ; attempt++) {
            ClientSession s;
            try {
                s = session();
                s.startTransaction(options);
            } catch (MongoException e) {
                throw Errors.toStore(op.name(), e);
            }
            T result;
            try {
                result = body.run(s);
            } catch (MongoException e) {
                abortQuietly(s);
                if (retryable(e, attempt)) {
                    counters.txnRetry(op);
                    continue;
                }
                throw Errors.toStore(op.name(), e);
            } catch (RuntimeException e) {
                abortQuietly(s);
                throw e;
            }
            try {
                commit(s, op);
                return result;
            } catch (MongoException e) {
                if (retryable(e, attempt)) { // the server aborted it: run it all again
                    counters.txnRetry(op);
                    continue;
                }
                throw Errors.toStore(op.name() + " (commit)", e);
            }
        }
    }

    private boolean retryable(MongoException e, int attempt) {
        return attempt < retries && Errors.isConflict(e) && !Errors.isConnectionLoss(e);
    }

    private void commit(ClientSession s, ClientCounters.Op op) {
        for (int attempt = 0; ; attempt++) {
            try {
                s.commitTransaction();
                return;
            } catch (MongoException e) {
                if (attempt >= retries
                        || !e.hasErrorLabel(MongoException.UNKNOWN_TRANSACTION_COMMIT_RESULT_LABEL)) {
                    throw e;
                }
                counters.commitRetry(op);
            }
        }
    }

    private ClientSession session() {
        if (session == null) {
            session = client.startSession();
        }
        return session;
    }

    private static void abortQuietly(ClientSession s) {
        try {
            if (s.hasActiveTransaction()) {
                s.abortTransaction();
            }
        } catch (MongoException | IllegalStateException e) {
            // the server drops the transaction when it times out; nothing else to release
        }
    }

    @Override
    public void close() {
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
