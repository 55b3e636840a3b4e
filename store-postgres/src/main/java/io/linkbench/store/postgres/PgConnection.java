package io.linkbench.store.postgres;

import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.postgres.PgSql.Q;
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
final class PgConnection implements SessionConnection.Handle {
    private final Connection connection;
    private final PgSql sql;
    private final PreparedStatement[] prepared = new PreparedStatement[Q.values().length];
    private CopyManager copy;

    PgConnection(Connection connection, PgSql sql) {
        this.connection = connection;
        this.sql = sql;
    }

    @Override
    public Connection jdbc() {
        return connection;
    }

    /** The prepared statement of {@code q}. */
    PreparedStatement get(Q q) throws SQLException {
        PreparedStatement ps = prepared[q.ordinal()];
        if (ps == null) {
            ps = connection.prepareStatement(sql.of(q));
            if (q == Q.MULTIGET) {
                // an unnamed statement, planned with its array: a custom plan (see PgSql)
                ps.unwrap(PGStatement.class).setPrepareThreshold(0);
            }
            prepared[q.ordinal()] = ps;
        }
        return ps;
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
