package io.linkbench.store.postgres;

import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.jdbc.StatementCache;
import io.linkbench.store.postgres.SqlText.Q;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;
import org.postgresql.copy.CopyManager;

/**
 * One JDBC connection of a session with its prepared statements, prepared on first use (and, with
 * {@code prepareThreshold=1}, on the server at their first execution; MULTIGET excepted) and kept until
 * the connection is closed; plus the connection's COPY manager for bulk loads.
 */
final class SqlConnection implements SessionConnection.Handle {
    private final Connection connection;
    private final StatementCache<Q> prepared;
    private CopyManager copy;

    SqlConnection(Connection connection, SqlText sql) {
        this.connection = connection;
        this.prepared = new StatementCache<>(connection, Q.class, (c, q) -> {
            PreparedStatement ps = c.prepareStatement(sql.of(q));
            if (q == Q.MULTIGET) {
                // an unnamed statement, planned with its array: a custom plan (see SqlText)
                ps.unwrap(PGStatement.class).setPrepareThreshold(0);
            }
            return ps;
        });
    }

    @Override
    public Connection jdbc() {
        return connection;
    }

    /** The prepared statement of {@code q}. */
    PreparedStatement get(Q q) throws SQLException {
        return prepared.get(q);
    }

    /** The COPY manager of this connection. */
    CopyManager copy() throws SQLException {
        if (copy == null) {
            copy = connection.unwrap(PGConnection.class).getCopyAPI();
        }
        return copy;
    }

    /** Closes the connection and with it every statement (on the server too). */
    @Override
    public void close() {
        SqlErrorMap.closeQuietly(connection);
    }
}
