package io.linkbench.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The prepared statements of one JDBC connection, one per constant of a store's statement enum,
 * prepared on first use and kept until the connection closes (closing a connection closes its
 * statements, on the server too). A lookup is an array index: no map, no allocation.
 *
 * <pre>{@code
 * enum Q { GET_NODE, ADD_NODE }
 * StatementCache<Q> cache = new StatementCache<>(connection, Q.class, sql::of);
 * PreparedStatement ps = cache.get(Q.GET_NODE);
 * }</pre>
 *
 * <p>Not thread-safe: it belongs to one session's connection.
 *
 * @param <Q> the store's statement enum
 */
public final class StatementCache<Q extends Enum<Q>> {

    /** Prepares the statement of {@code q} on {@code connection} (a store may set options on it). */
    @FunctionalInterface
    public interface Preparer<Q> {
        PreparedStatement prepare(Connection connection, Q q) throws SQLException;
    }

    /** The SQL text of a statement. */
    @FunctionalInterface
    public interface Text<Q> {
        String of(Q q);
    }

    private final Connection connection;
    private final Preparer<Q> preparer;
    private final PreparedStatement[] prepared;

    /** A cache whose statements are prepared from their text with the driver's defaults. */
    public StatementCache(Connection connection, Class<Q> type, Text<Q> text) {
        this(connection, type, (c, q) -> c.prepareStatement(text.of(q)));
    }

    /** A cache whose statements {@code preparer} prepares. */
    public StatementCache(Connection connection, Class<Q> type, Preparer<Q> preparer) {
        this.connection = connection;
        this.preparer = preparer;
        this.prepared = new PreparedStatement[type.getEnumConstants().length];
    }

    /** The prepared statement of {@code q}, prepared now if this is its first use. */
    public PreparedStatement get(Q q) throws SQLException {
        PreparedStatement ps = prepared[q.ordinal()];
        if (ps == null) {
            ps = preparer.prepare(connection, q);
            prepared[q.ordinal()] = ps;
        }
        return ps;
    }
}
