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

    /**
     * The same table's row under another key, for other text than the load state (the claim of a running
     * load: {@link LoadClaimLock}); the key is cut to 64 characters.
     */
    public LoadStateTable row(String key) {
        return new LoadStateTable(table, key.length() > 64 ? key.substring(0, 64) : key, upsert, exists);
    }

    /** Replaces the load state of the link table. */
    public void save(Connection c, LoadState state) throws SQLException {
        saveText(c, state.toText());
    }

    /** Replaces the row's text (at most {@link LoadState#MAX_TEXT} characters). */
    public void saveText(Connection c, String text) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(upsert)) {
            ps.setString(1, linkTable);
            ps.setString(2, text);
            ps.executeUpdate();
        }
    }

    /** The load state of the link table; empty when none was saved or there is no such table. */
    public Optional<LoadState> load(Connection c) throws SQLException, StoreException {
        Optional<String> text = loadText(c);
        return text.isPresent() ? Optional.of(LoadState.parse(text.get())) : Optional.empty();
    }

    /** The row's text; empty when there is no such row or no such table. */
    public Optional<String> loadText(Connection c) throws SQLException {
        if (!exists.test(c)) {
            return Optional.empty();
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT state FROM " + table + " WHERE link_table = ?")) {
            ps.setString(1, linkTable);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
            }
        }
    }

    /** Whether the table exists. */
    public boolean exists(Connection c) throws SQLException {
        return exists.test(c);
    }

    /** Removes the load state of the link table (a recreated schema starts without one). */
    public void forget(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("DELETE FROM " + table + " WHERE link_table = ?")) {
            ps.setString(1, linkTable);
            ps.executeUpdate();
        }
    }
}
