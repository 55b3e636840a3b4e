package io.linkbench.store.mysql;

import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.jdbc.StatementCache;
import io.linkbench.store.mysql.SqlText.Q;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * One JDBC connection of a session with its server-side prepared statements, prepared on first use
 * and kept until the connection is closed (GET_LINK_LIST prepared by the client instead when
 * {@link SqlText#sentAsText} says so). MULTIGET_LINK statements exist for IN lists of 1, 2, 4 ...
 * {@link #MAX_IN_LIST} id2s (shorter lists are padded by repeating the last id2), so a session holds
 * at most a dozen of them whatever the sizes asked.
 */
final class SqlConnection implements SessionConnection.Handle {
    /** Longest IN list of one MULTIGET_LINK statement; longer requests take several. */
    static final int MAX_IN_LIST = 1024;

    final Connection connection;
    private final SqlText sql;
    private final StatementCache<Q> prepared;
    private final PreparedStatement[] multiget = new PreparedStatement[Integer.numberOfTrailingZeros(MAX_IN_LIST) + 1];
    private Statement plain;

    SqlConnection(Connection connection, SqlText sql) {
        this.connection = connection;
        this.sql = sql;
        this.prepared = new StatementCache<>(connection, Q.class, (c, q) -> sql.sentAsText(q)
                ? ((com.mysql.cj.jdbc.JdbcConnection) c).clientPrepareStatement(sql.of(q))
                : c.prepareStatement(sql.of(q)));
    }

    @Override
    public Connection jdbc() {
        return connection;
    }

    /** The prepared statement of {@code q}. */
    PreparedStatement get(Q q) throws SQLException {
        return prepared.get(q);
    }

    /** The MULTIGET_LINK statement for an IN list of {@code 1 << log2} id2s. */
    PreparedStatement multiget(int log2) throws SQLException {
        PreparedStatement ps = multiget[log2];
        if (ps == null) {
            ps = connection.prepareStatement(sql.multiget(1 << log2));
            multiget[log2] = ps;
        }
        return ps;
    }

    /** A plain statement for generated SQL text (bulk loads), without JDBC escape processing. */
    Statement plain() throws SQLException {
        if (plain == null) {
            plain = connection.createStatement();
            plain.setEscapeProcessing(false);
        }
        return plain;
    }

    /** Closes the connection and with it every statement (on the server too). */
    @Override
    public void close() {
        SqlErrorMap.closeQuietly(connection);
    }
}
