package io.linkbench.store.jdbc;

import io.linkbench.store.StoreException;
import io.linkbench.store.support.LoadClaimant;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * A SQL store's claim on its tables for one load: a server-side session lock (MySQL's {@code GET_LOCK},
 * PostgreSQL's {@code pg_try_advisory_lock}) held on a connection of its own until the store is closed, so
 * a second load into the same tables is refused ({@link LoadClaimant#refusal}) and a load that dies (killed,
 * its host lost) releases it with its connection. The holder's {@link LoadClaimant} text is kept in a row of
 * the load-state table, which names it in the refusal; the row says nothing about whether a load runs (the
 * lock does), so a dead load's row is simply replaced by the next.
 *
 * <pre>{@code
 * claim = LoadClaimLock.claim(openAdmin(), c -> tryGetLock(c), schema.loadState.row("claim:" + link), tables);
 * schema.prepareForLoad(admin, mode);           // may create the load-state table
 * claim.recordHolder();                          // now that it exists
 * }</pre>
 */
public final class LoadClaimLock implements AutoCloseable {

    /** Takes the lock on {@code c} without waiting; false when another session holds it. */
    @FunctionalInterface
    public interface TryLock {
        boolean tryLock(Connection c) throws SQLException;

        /**
         * Releases the lock on {@code c} before it is closed, so that a store opened right after this one's close
         * finds it free (a server ends a closed connection's locks when it gets to it, after the close returned);
         * the default does nothing, for a lock that a synchronous close ends.
         */
        default void unlock(Connection c) throws SQLException {
        }
    }

    /**
     * The lock a query takes: {@code lockSql} with the one parameter {@code key}, answering true (or 1) when it
     * took it, e.g. {@code SELECT GET_LOCK(?, 0)} or {@code SELECT pg_try_advisory_lock(?)}; {@code unlockSql}
     * releases it ({@code SELECT RELEASE_LOCK(?)}, {@code SELECT pg_advisory_unlock(?)}).
     */
    public static TryLock query(String lockSql, String unlockSql, Object key) {
        return new TryLock() {
            @Override
            public boolean tryLock(Connection c) throws SQLException {
                try (PreparedStatement ps = c.prepareStatement(lockSql)) {
                    ps.setObject(1, key);
                    try (ResultSet rs = ps.executeQuery()) {
                        return rs.next() && rs.getBoolean(1);
                    }
                }
            }

            @Override
            public void unlock(Connection c) throws SQLException {
                try (PreparedStatement ps = c.prepareStatement(unlockSql)) {
                    ps.setObject(1, key);
                    ps.executeQuery().close();
                }
            }
        };
    }

    /** The longest the unlock at close waits for the server. */
    private static final int UNLOCK_TIMEOUT_MS = 5000;

    /** How a dead load's claim ends, for the refusal. */
    public static final String ENDS = "its claim ends with its connection to the server";

    private final Connection connection;
    private final TryLock lock;
    private final Connection notes;
    private final LoadStateTable holder;
    private final String text;
    private boolean recorded;

    private LoadClaimLock(Connection connection, TryLock lock, Connection notes, LoadStateTable holder, String text) {
        this.connection = connection;
        this.lock = lock;
        this.notes = notes;
        this.holder = holder;
        this.text = text;
    }

    /**
     * Claims the tables on {@code connection} (autocommit), which the claim keeps and closes; records this
     * process as the holder when the load-state table exists.
     *
     * @param tables what the refusal calls the tables, with the server
     * @throws StoreException a {@link StoreException#refusal refusal} naming the holder when another session
     *                        holds the lock (the connection is then closed)
     * @throws SQLException   when the server fails (the connection is then closed)
     */
    public static LoadClaimLock claim(Connection connection, TryLock lock, LoadStateTable holder, String tables)
            throws SQLException, StoreException {
        return claim(connection, lock, holder, connection, tables);
    }

    /**
     * As {@link #claim(Connection, TryLock, LoadStateTable, String)}, for a lock that is a transaction's (a row
     * lock, which a commit would end): the holder's row is written and read on {@code notes}, an autocommit
     * connection of the store's that the claim does not close.
     */
    public static LoadClaimLock claim(Connection connection, TryLock lock, LoadStateTable holder, Connection notes,
            String tables) throws SQLException, StoreException {
        try {
            if (!lock.tryLock(connection)) {
                Optional<String> who = holder.loadText(notes);
                throw LoadClaimant.refusal(tables, who, ENDS);
            }
            LoadClaimLock claim = new LoadClaimLock(connection, lock, notes, holder, LoadClaimant.current().toText());
            claim.recordHolder();
            return claim;
        } catch (SQLException | StoreException | RuntimeException e) {
            SqlErrorMap.closeQuietly(connection);
            throw e;
        }
    }

    /** Records this process as the holder, once, if the load-state table exists by now. */
    public void recordHolder() throws SQLException {
        if (!recorded && holder.exists(notes)) {
            holder.saveText(notes, text);
            recorded = true;
        }
    }

    /** Releases the claim: unlocks, then closes its connection (which ends the lock if the unlock failed). */
    @Override
    public void close() {
        try {
            connection.setNetworkTimeout(Runnable::run, UNLOCK_TIMEOUT_MS); // a stalled server does not hold the close
            lock.unlock(connection);
        } catch (SQLException | RuntimeException e) {
            // the connection is lost or closing: the server ends the lock with it
        }
        SqlErrorMap.closeQuietly(connection);
    }
}
