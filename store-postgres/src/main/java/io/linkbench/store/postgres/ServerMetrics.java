package io.linkbench.store.postgres;

import io.linkbench.store.ConnectionLimit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * Server facts for the cost report: the cumulative statistics of this database
 * ({@code pg_stat_database}), of the WAL ({@code pg_stat_wal}) and of checkpoints
 * ({@code pg_stat_bgwriter}), each counter named {@code view.column}; the settings that shape
 * results; the size of the three tables with their indexes and TOAST; and the postmaster's pid and the
 * data directory when the server runs on this host (reading them needs {@code pg_monitor} or
 * superuser, which scripts/start-postgres.sh grants).
 */
final class ServerMetrics {

    /** One query per view; a view or column the server lacks (older or newer versions) is left out. */
    private static final List<String> COUNTER_QUERIES = List.of(
            "SELECT blks_read, blks_hit, xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted,"
                    + " tup_updated, tup_deleted, conflicts, deadlocks, temp_files, temp_bytes"
                    + " FROM pg_stat_database WHERE datname = current_database()",
            "SELECT wal_records, wal_fpi, wal_bytes::bigint AS wal_bytes, wal_buffers_full, wal_write, wal_sync"
                    + " FROM pg_stat_wal",
            "SELECT checkpoints_timed, checkpoints_req, buffers_checkpoint, buffers_clean, buffers_backend"
                    + " FROM pg_stat_bgwriter");
    private static final List<String> VIEWS = List.of("pg_stat_database", "pg_stat_wal", "pg_stat_bgwriter");

    /**
     * The statement count every store reports: this database's transactions (commits and rollbacks).
     * An autocommit statement is one transaction, so for reads and node writes it is the statement
     * count; a link write's 3 or 4 statements count once (stores/postgres.md gives each operation's
     * round trips). The server counts no statements without the pg_stat_statements extension.
     */
    static final String STATEMENTS = "statements";

    /** Server settings that shape the results, for the report's facts. */
    static final List<String> SETTINGS = List.of("shared_buffers", "effective_cache_size", "work_mem", "fsync",
            "synchronous_commit", "full_page_writes", "wal_level", "max_wal_size", "checkpoint_timeout",
            "default_transaction_isolation", "max_connections", "jit");

    private ServerMetrics() {
    }

    static Map<String, Long> counters(Connection c) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int i = 0; i < COUNTER_QUERIES.size(); i++) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(COUNTER_QUERIES.get(i))) {
                if (rs.next()) {
                    ResultSetMetaData md = rs.getMetaData();
                    for (int col = 1; col <= md.getColumnCount(); col++) {
                        out.put(VIEWS.get(i) + "." + md.getColumnName(col), rs.getLong(col));
                    }
                }
            } catch (SQLException e) {
                if (e.getSQLState() == null || !e.getSQLState().startsWith("42")) {
                    throw e; // only a missing view or column (class 42) is tolerated
                }
            }
        }
        Long commits = out.get("pg_stat_database.xact_commit");
        Long rollbacks = out.get("pg_stat_database.xact_rollback");
        if (commits != null && rollbacks != null) {
            out.put(STATEMENTS, commits + rollbacks);
        }
        return out;
    }

    /**
     * {@code max_connections} less {@code superuser_reserved_connections} and the client connections
     * open now, or the {@code CONNECTION LIMIT} of role {@code user} less its open ones when that is less.
     */
    static ConnectionLimit.Headroom headroom(Connection c, String user) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT current_setting('max_connections')::int, current_setting('superuser_reserved_connections')::int,"
                        + " (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend'),"
                        + " (SELECT rolconnlimit FROM pg_roles WHERE rolname = current_user),"
                        + " (SELECT count(*) FROM pg_stat_activity WHERE usename = current_user"
                        + " AND backend_type = 'client backend')")) {
            rs.next();
            long max = rs.getLong(1);
            long reserved = rs.getLong(2);
            long open = rs.getLong(3);
            ConnectionLimit.Headroom room = new ConnectionLimit.Headroom(Math.max(0, max - reserved - open),
                    "max_connections = " + max + " less " + reserved + " reserved, " + open + " open");
            long roleLimit = rs.getLong(4);
            long mine = rs.getLong(5);
            if (roleLimit >= 0 && roleLimit - mine < room.available()) {
                room = new ConnectionLimit.Headroom(Math.max(0, roleLimit - mine), "CONNECTION LIMIT " + roleLimit
                        + " of role " + user + ", " + mine + " open");
            }
            return room;
        }
    }

    /** The integer value of setting {@code name}. */
    static long longSetting(Connection c, String name) throws SQLException {
        try (java.sql.PreparedStatement ps = c.prepareStatement("SELECT current_setting(?)::bigint")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static Map<String, String> settings(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT name, current_setting(name) FROM pg_settings WHERE name IN ('" + String.join("', '", SETTINGS)
                        + "') ORDER BY name")) {
            while (rs.next()) {
                out.put(rs.getString(1), rs.getString(2));
            }
        }
        return out;
    }

    /** Bytes of each of the tables (with indexes and TOAST), by name; absent tables are left out. */
    static Map<String, Long> tableSizes(Connection c, PgConfig config, List<String> tables) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String table : tables) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT pg_total_relation_size(to_regclass('" + config.qualified(table) + "'))")) {
                if (rs.next() && rs.getObject(1) != null) {
                    out.put(table, rs.getLong(1));
                }
            }
        }
        return out;
    }

    static OptionalLong total(Map<String, Long> sizes) {
        return sizes.isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(sizes.values().stream().mapToLong(Long::longValue).sum());
    }

    /** The data directory when it exists on this host and the role may read the setting. */
    static Optional<Path> localDataDirectory(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT setting FROM pg_settings WHERE name = 'data_directory'")) {
            String dir = rs.next() ? rs.getString(1) : null;
            if (dir == null || dir.isBlank()) {
                return Optional.empty();
            }
            Path p = Path.of(dir);
            return p.isAbsolute() && Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
        }
    }

    /**
     * The postmaster's pid, the first line of {@code postmaster.pid} in the data directory, when that
     * process runs here as {@code postgres}; else empty.
     */
    static OptionalInt postmasterPid(Path dataDirectory) {
        try {
            List<String> lines = Files.readAllLines(dataDirectory.resolve("postmaster.pid"), StandardCharsets.US_ASCII);
            int pid = Integer.parseInt(lines.get(0).trim());
            String comm = Files.readString(Path.of("/proc", Integer.toString(pid), "comm"), StandardCharsets.US_ASCII);
            return comm.contains("postgres") || comm.contains("postmaster") ? OptionalInt.of(pid) : OptionalInt.empty();
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }
}
