package io.linkbench.store.jdbc;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One JDBC connection of a store session, opened on first use and re-opened on the first use after
 * it was lost, so a server restart costs the operations that were running and nothing else. A failure
 * leaves it usable, as {@link StoreException} asks: an open transaction is rolled back as a whole, and
 * a connection that may be broken (CONNECTION or TIMEOUT) is dropped. Nothing here retries; the
 * driver repeats a retryable operation from its start, within its bounded policy.
 *
 * <p><b>Lock order of link writes.</b> A write that changes a link and its count (ADD_LINK,
 * UPDATE_LINK, DELETE_LINK) runs as one {@link #inTransaction transaction} that writes or locks the
 * link row first ({@code SELECT ... FOR UPDATE} or the insert) and upserts the count row of its
 * (id1, link_type) after it, always in that order: writers of one (id1, link_type) then queue on the
 * count row instead of deadlocking. Every SQL store keeps this order.
 *
 * <p><b>Session transactions.</b> Between {@link #begin} and {@link #commitTransaction} (or
 * {@link #rollbackTransaction}) a transactional connection holds the session's open transaction:
 * {@link #inTransaction} then runs its work inside it and commits nothing, and any failure on the
 * connection ends the transaction (rolled back, or gone with a dropped connection) before the
 * exception leaves, so the session is outside a transaction and usable.
 *
 * <p>Not thread-safe: a session is used by one worker at a time.
 *
 * @param <C> the store's handle: the JDBC connection with whatever the store keeps with it
 *            (its prepared statements)
 */
public final class SessionConnection<C extends SessionConnection.Handle> implements AutoCloseable {

    /** A store's wrapper of one JDBC connection; closing it closes the connection. */
    public interface Handle extends AutoCloseable {
        /** The JDBC connection. */
        Connection jdbc();

        /** Closes the connection and what the handle keeps with it, without failing. */
        @Override
        void close();
    }

    /** Opens a new handle (for a transactional connection: with autocommit off). */
    @FunctionalInterface
    public interface Opener<C> {
        C open() throws StoreException;
    }

    /** The statements of one transaction; returns its result. */
    @FunctionalInterface
    public interface Work<C, T> {
        T run(C connection) throws SQLException, StoreException;
    }

    private final Opener<C> opener;
    private final SqlErrorMap errors;
    private final boolean transactional;
    private C current;
    private SessionConnection<?> sibling;
    /** A session transaction is open on {@link #current} (never without a connection). */
    private boolean open;

    /**
     * @param opener        opens a connection when there is none
     * @param errors        the store's error map
     * @param transactional true for a connection with autocommit off, whose failed transaction is
     *                      rolled back; false for an autocommit one
     */
    public SessionConnection(Opener<C> opener, SqlErrorMap errors, boolean transactional) {
        this.opener = opener;
        this.errors = errors;
        this.transactional = transactional;
    }

    /**
     * Pairs two connections of one session: when either is found lost (CONNECTION), the other is
     * dropped too, since the server most likely went away for both; the session's next call then
     * reconnects instead of failing a second time on the other connection.
     */
    public void pairWith(SessionConnection<?> other) {
        this.sibling = other;
        other.sibling = this;
    }

    /** The connection, connecting first when there is none. */
    public C get() throws StoreException {
        C c = current;
        if (c == null) {
            c = opener.open();
            current = c;
        }
        return c;
    }

    /**
     * Runs {@code work} as one transaction and commits it; on any failure rolls it back (or drops a
     * connection that may be broken) before the exception leaves, a SQLException translated by the
     * error map into a StoreException naming {@code what}. Link writes keep the lock order above.
     * Inside a session transaction ({@link #begin}) the work runs in it and nothing is committed; a
     * failure ends the session transaction.
     */
    public <T> T inTransaction(String what, Work<C, T> work) throws StoreException {
        requireTransactional("inTransaction");
        boolean commit = !open;
        try {
            C c = get();
            if (c.jdbc().getAutoCommit()) {
                c.jdbc().setAutoCommit(false);
            }
            T result = work.run(c);
            if (commit) {
                c.jdbc().commit();
            }
            return result;
        } catch (SQLException e) {
            throw fail(what, e);
        } catch (StoreException | RuntimeException e) {
            rollbackOrDrop();
            throw e;
        }
    }

    /**
     * Opens a session transaction: runs the store's {@code start} statements (with autocommit off, a
     * transaction that needs none starts with its first statement), connecting first when there is no
     * connection.
     *
     * @throws IllegalStateException when one is open already
     * @throws StoreException        when the server refused or could not be reached; none is open then
     */
    public void begin(String what, Work<C, ?> start) throws StoreException {
        requireTransactional("begin");
        if (open) {
            throw new IllegalStateException("a transaction is open on this session already");
        }
        try {
            C c = get();
            if (c.jdbc().getAutoCommit()) {
                c.jdbc().setAutoCommit(false);
            }
            start.run(c);
            open = true;
        } catch (SQLException e) {
            throw fail(what, e);
        } catch (StoreException | RuntimeException e) {
            rollbackOrDrop();
            throw e;
        }
    }

    /**
     * Commits the session transaction; it is over afterwards, whether this returns or throws. A
     * connection lost (or silent past its read timeout) during the commit leaves the outcome unknown,
     * and the message says so.
     *
     * @throws IllegalStateException when none is open
     */
    public void commitTransaction() throws StoreException {
        if (!open) {
            throw new IllegalStateException("no transaction is open on this session");
        }
        try {
            current.jdbc().commit();
        } catch (SQLException e) {
            StoreException se = fail("COMMIT", e);
            if (se.kind() == Kind.CONNECTION || se.kind() == Kind.TIMEOUT) {
                throw new StoreException(se.kind(), "COMMIT: outcome unknown (the transaction may or may not have been"
                        + " applied): " + SqlErrorMap.oneLine(e), e);
            }
            throw se;
        } finally {
            open = false;
        }
    }

    /**
     * Rolls the session transaction back, if one is open; it is over afterwards.
     *
     * @throws StoreException when the server could not be told; the connection is dropped (and its
     *                        transaction with it)
     */
    public void rollbackTransaction() throws StoreException {
        if (!open) {
            return;
        }
        open = false;
        try {
            current.jdbc().rollback();
        } catch (SQLException e) {
            StoreException se = errors.toStore("ROLLBACK", e);
            drop();
            throw se;
        }
    }

    /** True while a session transaction is open on this connection. */
    public boolean transactionOpen() {
        return open;
    }

    private void requireTransactional(String what) {
        if (!transactional) {
            throw new IllegalStateException(what + " on an autocommit connection");
        }
    }

    /**
     * Asks the server whether it answers ({@code SELECT 1}), reconnecting first when the connection was lost: for a
     * post-load step's {@code answers} (LoadHooks.Step), on a connection other than the step's.
     *
     * @throws StoreException when it does not answer (within the connection's read timeout); the connection is dropped
     */
    public void answers() throws StoreException {
        try (Statement s = get().jdbc().createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
        } catch (SQLException e) {
            throw fail("ask the server whether it answers", e);
        }
    }

    /** Commits the open transaction of a transactional connection (for work that commits in steps). */
    public void commit() throws SQLException {
        if (current != null) {
            current.jdbc().commit();
        }
    }

    /**
     * Ends a failed operation: drops the connection when it is lost or its state unknown, else rolls
     * back the transaction of a transactional one; returns the exception to throw.
     */
    public StoreException fail(String what, SQLException e) {
        StoreException se = errors.toStore(what, e);
        if (se.kind() == Kind.CONNECTION || se.kind() == Kind.TIMEOUT) {
            drop();
            if (se.kind() == Kind.CONNECTION && sibling != null) {
                sibling.drop();
            }
        } else if (transactional) {
            rollbackOrDrop();
        }
        return se;
    }

    /**
     * Rolls back the open transaction, if any (a session transaction too, which ends); drops the
     * connection when even that fails.
     */
    public void rollbackOrDrop() {
        open = false;
        if (current != null) {
            try {
                current.jdbc().rollback();
            } catch (SQLException | RuntimeException e) {
                drop();
            }
        }
    }

    /** Closes the connection (ending a session transaction); the next {@link #get()} opens a new one. */
    public void drop() {
        open = false;
        if (current != null) {
            current.close();
            current = null;
        }
    }

    /** Closes the connection; the server rolls back whatever transaction it still had open. */
    @Override
    public void close() {
        drop();
    }
}
