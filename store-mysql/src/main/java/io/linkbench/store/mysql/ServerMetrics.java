package io.linkbench.store.mysql;

import io.linkbench.store.LocalHost;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * Server facts for the cost report: the {@code SHOW GLOBAL STATUS} counters that matter for a
 * benchmark (rows and bytes read and written by the server, InnoDB and RocksDB, Galera's replication), the settings that
 * shape results, and the server's process id and data directory when it runs on this host.
 */
final class ServerMetrics {

    /** Monotonic counters worth a delta, lower case; names the server lacks are simply absent. */
    private static final Set<String> COUNTERS = Set.of(
            "questions", "com_select", "com_insert", "com_update", "com_delete", "com_commit", "com_rollback",
            "bytes_received", "bytes_sent", "rows_read", "rows_sent",
            "handler_read_key", "handler_read_next", "handler_read_prev", "handler_read_rnd_next",
            "handler_write", "handler_update", "handler_delete", "handler_commit", "handler_rollback",
            "innodb_rows_read", "innodb_rows_inserted", "innodb_rows_updated", "innodb_rows_deleted",
            "innodb_data_read", "innodb_data_written", "innodb_data_reads", "innodb_data_writes",
            "innodb_data_fsyncs", "innodb_os_log_written", "innodb_log_writes", "innodb_pages_read",
            "innodb_pages_written", "innodb_buffer_pool_reads", "innodb_buffer_pool_read_requests",
            "innodb_buffer_pool_write_requests", "innodb_buffer_pool_pages_flushed", "innodb_row_lock_waits",
            "innodb_row_lock_time", "innodb_deadlocks",
            "rocksdb_rows_read", "rocksdb_rows_inserted", "rocksdb_rows_updated", "rocksdb_rows_deleted",
            "rocksdb_bytes_read", "rocksdb_bytes_written", "rocksdb_wal_bytes", "rocksdb_wal_synced",
            "rocksdb_flush_write_bytes", "rocksdb_compact_read_bytes", "rocksdb_compact_write_bytes",
            "rocksdb_block_cache_hit", "rocksdb_block_cache_miss", "rocksdb_number_keys_read",
            "rocksdb_number_keys_written", "rocksdb_covered_secondary_key_lookups", "rocksdb_queries_point",
            "rocksdb_queries_range", "rocksdb_row_lock_deadlocks", "rocksdb_row_lock_wait_timeouts",
            "rocksdb_snapshot_conflict_errors", "rocksdb_stall_micros",
            // Galera: certification failures, brute-force aborts, flow control, replication traffic
            "wsrep_local_cert_failures", "wsrep_local_bf_aborts", "wsrep_flow_control_paused_ns",
            "wsrep_flow_control_sent", "wsrep_replicated", "wsrep_replicated_bytes", "wsrep_received",
            "wsrep_received_bytes");

    /**
     * The statements the server received ({@code Questions}: every statement a client sent, COMMIT
     * included, none that a stored program ran), under the name every store uses for its statement count.
     * Server-wide: other clients of the same server count too.
     */
    static final String STATEMENTS = "statements";

    /** Server settings that shape the results, for the report's facts. */
    static final List<String> VARIABLES = List.of(
            "version_comment", "innodb_buffer_pool_size", "innodb_flush_log_at_trx_commit", "innodb_doublewrite",
            "rocksdb_block_cache_size", "rocksdb_flush_log_at_trx_commit", "rocksdb_lock_wait_timeout",
            "rocksdb_deadlock_detect", "rocksdb_default_cf_options", "log_bin", "sync_binlog", "max_connections",
            "wsrep_on", "wsrep_cluster_name", "wsrep_sync_wait");

    private ServerMetrics() {
    }

    static Map<String, Long> counters(Connection c) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS")) {
            while (rs.next()) {
                String name = rs.getString(1);
                if (COUNTERS.contains(name.toLowerCase(Locale.ROOT))) {
                    try {
                        out.put(name, Long.parseLong(rs.getString(2).trim()));
                    } catch (NumberFormatException | NullPointerException ignored) {
                        // not a number on this server version: leave it out
                    }
                }
            }
        }
        out.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase("questions")).findFirst()
                .ifPresent(e -> out.put(STATEMENTS, e.getValue()));
        return out;
    }

    static Map<String, String> variables(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        StringBuilder in = new StringBuilder();
        for (String v : VARIABLES) {
            in.append(in.length() == 0 ? "'" : ",'").append(v).append('\'');
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES WHERE Variable_name IN (" + in + ")")) {
            while (rs.next()) {
                out.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getString(2));
            }
        }
        return out;
    }

    /** The pid in the server's {@code pid_file} when that process runs here, else empty. */
    static OptionalInt localPid(Connection c) throws SQLException {
        String pidFile;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@pid_file")) {
            pidFile = rs.next() ? rs.getString(1) : null;
        }
        if (pidFile == null || pidFile.isBlank()) {
            return OptionalInt.empty();
        }
        try {
            Path file = Path.of(pidFile);
            if (!file.isAbsolute()) {
                return OptionalInt.empty(); // relative to the server's datadir, which we do not know here
            }
            int pid = Integer.parseInt(Files.readString(file, StandardCharsets.US_ASCII).trim());
            String comm = Files.readString(Path.of("/proc", Integer.toString(pid), "comm"), StandardCharsets.US_ASCII);
            return comm.contains("mysqld") || comm.contains("mariadbd") ? OptionalInt.of(pid) : OptionalInt.empty();
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        }
    }

    /**
     * Each server of {@code hosts} as a node of the cost probe, {@code node N host:port} in the order of the
     * list, with its pid and data directory when it runs on this host (asked on a connection of its own, with
     * the connect timeout as read timeout); a server that does not answer, or runs elsewhere, has neither.
     */
    static List<ServerNode> nodes(MySqlConfig config, Connector connector) {
        List<ServerNode> out = new ArrayList<>();
        for (int i = 0; i < config.servers().size(); i++) {
            String server = config.servers().get(i);
            String name = "node " + (i + 1) + " " + server;
            OptionalInt pid = OptionalInt.empty();
            Optional<Path> dir = Optional.empty();
            if (LocalHost.isLocal(server)) {
                try (Connection c = connector.open(Connector.Purpose.ADMIN, false, server)) {
                    c.setNetworkTimeout(Runnable::run, config.connectTimeoutMs());
                    pid = localPid(c);
                    dir = localDataDirectory(c);
                } catch (SQLException | StoreException e) {
                    // not answering now: the report names the node without figures
                }
            }
            out.add(new ServerNode(name, pid, dir));
        }
        return out;
    }

    /** The server's data directory ({@code @@datadir}) when it exists on this host, for the IO probe. */
    static Optional<Path> localDataDirectory(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT @@datadir")) {
            String dir = rs.next() ? rs.getString(1) : null;
            if (dir == null || dir.isBlank()) {
                return Optional.empty();
            }
            Path p = Path.of(dir);
            return p.isAbsolute() && Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
        }
    }
}
