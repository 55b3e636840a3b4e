package io.linkbench.store.jdbc;

import io.linkbench.store.LoadState;
import io.linkbench.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;

/**
 * The table where a SQL store keeps the {@link LoadState} of each link table: columns
 * {@code link_table} (primary key) and {@code state} (text of up to {@link LoadState#MAX_TEXT}
 * characters). The store creates the table with its schema and gives the one statement whose text
 * differs between servers, the upsert. Each call runs on the connection given, in its transaction
 * mode (on an autocommit connection a save is durable when it returns). Immutable.
 */
public final class LoadStateTable {

    /** Whether the table exists (a store asks its catalogue its own way). */
    @FunctionalInterface
    public interface Exists {
        boolean test(Connection c) throws SQLException;
    }

    private final String table;
    private final String linkTable;
    private final String upsert;
    private final Exists exists;

    /**
     * @param table     the table's name as SQL text (quoted or qualified as the server needs)
     * @param linkTable the link table whose state this store keeps (the row's key)
     * @param upsert    the statement that inserts or replaces a row: parameters link_table, state
     * @param exists    whether the table exists
     */
    public LoadStateTable(String table, String linkTable, String upsert, Exists exists) {
        this.table = table;
        this.linkTable = linkTable;
        this.upsert = upsert;
        this.exists = exists;
    }

    /** Replaces the load state of the link table. */
    public void save(Connection c, LoadState state) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(upsert)) {
            ps.setString(1, linkTable);
            ps.setString(2, state.toText());
            ps.executeUpdate();
        }
    }

    /** The load state of the link table; empty when none was saved or there is no such table. */
    public Optional<LoadState> load(Connection c) throws SQLException, StoreException {
        if (!exists.test(c)) {
            return Optional.empty();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT state FROM " + table + " WHERE link_table = ?")) {
            ps.setString(1, linkTable);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(LoadState.parse(rs.getString(1))) : Optional.empty();
            }
        }
    }

    /** Removes the load state of the link table (a recreated schema starts without one). */
    public void forget(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE link_table = ?")) {
            ps.setString(1, linkTable);
            ps.executeUpdate();
        }
    }
}
