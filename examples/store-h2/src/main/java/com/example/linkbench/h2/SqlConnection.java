package com.example.linkbench.h2;

import com.example.linkbench.h2.SqlText.Q;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.jdbc.StatementCache;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/** One JDBC connection of a session with its prepared statements, kept until it closes. */
final class SqlConnection implements SessionConnection.Handle {
    private final Connection connection;
    private final StatementCache<Q> statements;

    SqlConnection(Connection connection) {
        this.connection = connection;
        this.statements = new StatementCache<>(connection, Q.class, SqlText::of);
    }

    @Override
    public Connection jdbc() {
        return connection;
    }

    PreparedStatement get(Q q) throws SQLException {
        return statements.get(q);
    }

    @Override
    public void close() {
        SqlErrorMap.closeQuietly(connection);
    }
}
