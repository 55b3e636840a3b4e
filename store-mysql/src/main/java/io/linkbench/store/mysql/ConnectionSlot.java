package io.linkbench.store.mysql;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.sql.SQLException;

/**
 * One connection of a session, opened on first use and re-opened on the first use after it was lost,
 * so a server restart costs the operations that were running and nothing else. A failure leaves the
 * slot usable: an open transaction is rolled back as a whole (never retried inside), and a connection
 * that may be broken is dropped.
 */
final class ConnectionSlot implements AutoCloseable {
    private final Connector connector;
    private final Connector.Purpose purpose;
    private final SqlText sql;
    private SqlConnection current;

    ConnectionSlot(Connector connector, Connector.Purpose purpose, SqlText sql) {
        this.connector = connector;
        this.purpose = purpose;
        this.sql = sql;
    }

    /** The connection, connecting first when there is none. */
    SqlConnection get() throws StoreException {
        SqlConnection c = current;
        if (c == null) {
            c = new SqlConnection(connector.open(purpose, true), sql);
            current = c;
        }
        return c;
    }

    /** Commits the transaction of a transactional slot. */
    void commit() throws SQLException {
        current.connection.commit();
    }

    /**
     * Ends a failed operation: rolls back the whole transaction of a transactional slot, drops the
     * connection when it is lost or its state unknown, and returns the exception to throw.
     */
    StoreException fail(String what, SQLException e) {
        StoreException se = SqlErrors.toStore(what, e);
        if (se.kind() == Kind.CONNECTION || se.kind() == Kind.TIMEOUT) {
            drop();
        } else if (purpose == Connector.Purpose.TRANSACTIONAL) {
            rollbackOrDrop();
        }
        return se;
    }

    /** Rolls back the open transaction, if any; drops the connection when even that fails. */
    void rollbackOrDrop() {
        if (current != null) {
            try {
                current.connection.rollback();
            } catch (SQLException | RuntimeException e) {
                drop();
            }
        }
    }

    /** Closes the connection; the next {@link #get()} opens a new one. */
    void drop() {
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
