package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.ReadConcern;
import com.mongodb.ReadPreference;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import io.linkbench.store.StoreException;

/**
 * Runs a link write as one multi-document transaction on the session's own {@link ClientSession}
 * ({@link SessionTransaction}), following MongoDB's transaction protocol, with bounded retries that are
 * counted:
 * <ul>
 * <li>a conflict with another transaction aborts and runs the whole transaction again, up to
 * {@code txn_retries} times; after that the operation fails as CONFLICT and the run's retries
 * ({@code max_retries}) take over with back-off. A conflict is an error labelled
 * TransientTransactionError, or -- with or without the label, as DocumentDB sends them -- a
 * WriteConflict (112, also DocumentDB's lock timeout) or a duplicate key (two upserts inserting one
 * key at once, which a replica set retries inside the server);</li>
 * <li>a commit labelled UnknownTransactionCommitResult is committed again (the transaction may have
 * committed already, so running it again could apply it twice), within {@link SessionTransaction#commit}'s
 * bounds;</li>
 * <li>a lost connection is not retried here: it fails as CONNECTION at once (after the abort), so the
 * driver backs off instead of this loop spinning on a server that is away.</li>
 * </ul>
 * Inside the caller's transaction ({@link SessionTransaction#open()}) the write joins it instead: no
 * transaction of its own, no retry, no commit; a failure ends the caller's transaction.
 * Transaction read and write concerns come from the connection string; reads in a transaction go to
 * the primary. One instance per store session.
 */
final class TxnRunner {
    private static final TransactionOptions PRIMARY = TransactionOptions.builder()
            .readPreference(ReadPreference.primary()).build();
    private static final TransactionOptions SNAPSHOT = TransactionOptions.builder()
            .readPreference(ReadPreference.primary()).readConcern(ReadConcern.SNAPSHOT).build();

    /** The operations of one transaction. */
    @FunctionalInterface
    interface Body<T> {
        T run(ClientSession session);
    }

    private final SessionTransaction tx;
    private final int retries;
    private final ClientCounters counters;
    private final TransactionOptions options;

    /**
     * @param tx       the session's ClientSession and the caller's transaction on it
     * @param snapshot transactions with read concern snapshot (DocumentDB then runs them at REPEATABLE
     *                 READ, where a concurrent change fails the transaction instead of being re-read);
     *                 else the connection string's read concern
     */
    TxnRunner(SessionTransaction tx, int retries, ClientCounters counters, boolean snapshot) {
        this.tx = tx;
        this.retries = retries;
        this.counters = counters;
        this.options = snapshot ? SNAPSHOT : PRIMARY;
    }

    /**
     * Runs {@code body} in a transaction and commits it, or inside the caller's open transaction; every
     * failure leaves no transaction open.
     */
    <T> T run(ClientCounters.Op op, Body<T> body) throws StoreException {
        ClientSession joined = tx.open();
        if (joined != null) {
            try {
                return body.run(joined);
            } catch (MongoException e) {
                throw tx.failed(op.name(), e);
            } catch (RuntimeException e) {
                throw tx.failed(e);
            }
        }
        for (int attempt = 0; ; attempt++) {
            ClientSession s;
            try {
                s = tx.clientSession();
                s.startTransaction(options);
            } catch (MongoException e) {
                throw Errors.toStore(op.name(), e);
            }
            T result;
            try {
                result = body.run(s);
            } catch (MongoException e) {
                SessionTransaction.abortQuietly(s);
                if (retryable(e, attempt)) {
                    counters.txnRetry(op);
                    continue;
                }
                throw Errors.toStore(op.name(), e);
            } catch (RuntimeException e) {
                SessionTransaction.abortQuietly(s);
                throw e;
            }
            try {
                tx.commit(s, op);
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
}
