package io.linkbench.store.mysql;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The on-disk size of the run's own three tables, and apart from it the one server-wide RocksDB
 * figure, the memtables of every database on the server.
 * <ul>
 * <li>InnoDB: the size of each table's tablespace file ({@code information_schema.INNODB_SYS_TABLESPACES}
 * on MariaDB, {@code INNODB_TABLESPACES} on MySQL 8): rows (off-page BLOB pages included), secondary
 * indexes, and the free pages the file holds; not the redo or undo logs.</li>
 * <li>ROCKSDB: the compressed SST data blocks of the tables' indexes. An SST file may hold several
 * databases' indexes, so each of the tables' indexes gets the file's data blocks in proportion to its
 * own bytes in the file ({@code ROCKSDB_INDEX_FILE_MAP.data_size}, keys plus values). Index and filter
 * blocks (a few percent) and the memtables are not counted: flush first ({@link #flushRocksDb}).</li>
 * <li>Other engines, or without the privilege to read those views: data plus index length from
 * {@code information_schema.TABLES}, which lags behind a load on both engines.</li>
 * </ul>
 */
final class TableSizes {
    /** Parameters: database, the three table names. */
    private static final String ROCKSDB_SST_DATA = "SELECT d.table_name, COALESCE(ROUND(SUM(m.data_size"
            + " * p.data_block_size / f.data_size)), 0)"
            + " FROM information_schema.ROCKSDB_DDL d"
            + " LEFT JOIN information_schema.ROCKSDB_INDEX_FILE_MAP m"
            + " ON m.column_family = d.column_family AND m.index_number = d.index_number"
            + " LEFT JOIN (SELECT sst_name, SUM(data_size) AS data_size FROM information_schema.ROCKSDB_INDEX_FILE_MAP"
            + " GROUP BY sst_name) f ON f.sst_name = m.sst_name AND f.data_size > 0"
            + " LEFT JOIN information_schema.ROCKSDB_SST_PROPS p ON p.sst_name = m.sst_name"
            + " WHERE d.table_schema = ? AND d.table_name IN (?, ?, ?) GROUP BY d.table_name";

    private TableSizes() {
    }

    /** Bytes of each of the run's tables (tables that do not exist are absent), as the class says. */
    static Map<String, Long> of(Connection c, MySqlConfig config) throws SQLException {
        if (config.rocksDb()) {
            Map<String, Long> sizes = tryQuery(c, config, ROCKSDB_SST_DATA, false);
            if (sizes != null) {
                return sizes;
            }
        } else if (config.engine().equalsIgnoreCase("InnoDB")) {
            for (String view : List.of("INNODB_SYS_TABLESPACES", "INNODB_TABLESPACES")) { // MariaDB, MySQL 8
                Map<String, Long> sizes = tryQuery(c, config, "SELECT SUBSTRING(name, LOCATE('/', name) + 1), file_size"
                        + " FROM information_schema." + view + " WHERE name IN (?, ?, ?)", true);
                if (sizes != null && !sizes.isEmpty()) {
                    return sizes;
                }
            }
        }
        Map<String, Long> sizes = tryQuery(c, config, "SELECT table_name, COALESCE(data_length, 0)"
                + " + COALESCE(index_length, 0) FROM information_schema.TABLES WHERE table_schema = ?"
                + " AND table_name IN (?, ?, ?)", false);
        return sizes == null ? Map.of() : sizes;
    }

    /** The sum of {@code sizes}, empty when there are none. */
    static OptionalLong total(Map<String, Long> sizes) {
        return sizes.isEmpty() ? OptionalLong.empty()
                : OptionalLong.of(sizes.values().stream().mapToLong(Long::longValue).sum());
    }

    /**
     * Writes every RocksDB memtable to SST files and waits, so the run's own rows still in memtables
     * are measured: MyRocks tells memtable bytes only per server or column family (shared by every
     * database's tables), never per table. Flushing is acceptable on a shared server: it changes no
     * data and no setting, it only does now what RocksDB does by itself whenever a memtable fills,
     * at the cost of one flush's writes and a few more small level-0 files; it is done once at the
     * end of a phase. False when the server refuses it (no SUPER privilege, no MyRocks): then the
     * rows still in memtables are left out of the size.
     */
    static boolean flushRocksDb(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
            return true;
        } catch (SQLException e) {
            if (Errors.MAP.isConnectionLoss(e)) {
                throw e;
            }
            return false;
        }
    }

    /** Bytes in the memtables of the whole server, every database's included; empty without MyRocks. */
    static OptionalLong serverWideMemtableBytes(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'rocksdb_memtable_unflushed'")) {
            return rs.next() ? OptionalLong.of(Long.parseLong(rs.getString(2).trim())) : OptionalLong.empty();
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    /**
     * Runs a size query whose parameters are the database and the three table names (or, with
     * {@code qualified}, the three "database/table" names); null when the server cannot answer it (no
     * such view, no privilege).
     */
    private static Map<String, Long> tryQuery(Connection c, MySqlConfig config, String sql, boolean qualified)
            throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            int i = 1;
            String prefix = qualified ? config.database() + "/" : "";
            if (!qualified) {
                ps.setString(i++, config.database());
            }
            ps.setString(i++, prefix + config.nodeTable());
            ps.setString(i++, prefix + config.linkTable());
            ps.setString(i, prefix + config.countTable());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
            return out;
        } catch (SQLException e) {
            if (Errors.MAP.isConnectionLoss(e)) {
                throw e;
            }
            return null;
        }
    }
}
