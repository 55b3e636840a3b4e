package io.linkbench.store.postgres;

import io.linkbench.store.StoreException;
import io.linkbench.store.support.ConnectionSettings;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The store's tables as Citus distributed tables, on the coordinator: the link table hash-distributed
 * by {@code id1}, the count table by {@code id1} and the node table by {@code id}, both co-located
 * with the link table (so a link write and its count run on one shard, in one worker's transaction),
 * and the load-state table a reference table (a copy on every node). Distributes the store's tables
 * when they are new or empty, and refuses, in one line that says how to fix it, tables that are plain
 * tables holding rows, distributed by another column or not co-located.
 */
final class CitusTables {
    /** How one of the store's tables must be distributed. */
    private record Want(String table, String column) {
    }

    /**
     * How a table is distributed, from {@code pg_dist_partition}.
     *
     * @param method       'h' hash-distributed, 'n' reference (or Citus local), absent: a plain table
     * @param column       the distribution column of a hash-distributed table, else null
     * @param colocationId its co-location group
     */
    private record Partition(String method, String column, int colocationId) {
    }

    private final PgConfig config;
    private final String loadTable;
    private final List<Want> wanted;

    CitusTables(PgConfig config, String loadTable) {
        this.config = config;
        this.loadTable = loadTable;
        // the link table first: the others are co-located with it
        this.wanted = List.of(new Want(config.linkTable(), "id1"), new Want(config.countTable(), "id1"),
                new Want(config.nodeTable(), "id"));
    }

    /**
     * Distributes each of the store's tables that is a plain, empty table (just created, or left empty),
     * makes the load-state table a reference table, and refuses tables distributed otherwise than the
     * store needs or plain tables that hold rows.
     */
    void distribute(Connection c) throws SQLException, StoreException {
        Schema.exec(c, "SET citus.shard_count = " + config.citus().shardCount());
        for (Want w : wanted) {
            Optional<Partition> p = partition(c, config.qualified(w.table()));
            if (p.isEmpty()) {
                if (!Schema.isEmpty(c, config.qualified(w.table()))) {
                    throw plainTable(w.table(), "a plain table holding rows");
                }
                boolean first = w == wanted.get(0);
                try (PreparedStatement ps = c.prepareStatement("SELECT create_distributed_table(?, ?, colocate_with => ?)")) {
                    ps.setString(1, config.qualified(w.table()));
                    ps.setString(2, w.column());
                    ps.setString(3, first ? "none" : config.qualified(config.linkTable()));
                    ps.execute();
                }
            }
        }
        check(c);
        Optional<Partition> load = partition(c, loadTable);
        if (load.isEmpty()) {
            try (PreparedStatement ps = c.prepareStatement("SELECT create_reference_table(?)")) {
                ps.setString(1, loadTable);
                ps.execute();
            }
        }
    }

    /**
     * Refuses, in one line that says how to fix it, a table of the store that exists but is not
     * distributed by its column or not co-located with the link table; missing tables pass.
     */
    void check(Connection c) throws SQLException, StoreException {
        Integer colocation = null;
        for (Want w : wanted) {
            String qualified = config.qualified(w.table());
            if (!Schema.relationExists(c, qualified)) {
                continue;
            }
            Optional<Partition> p = partition(c, qualified);
            if (p.isEmpty()) {
                throw plainTable(w.table(), "a plain table");
            }
            if (!"h".equals(p.get().method()) || !w.column().equals(p.get().column())) {
                String how = "h".equals(p.get().method()) ? "distributed by " + p.get().column() : "a reference table";
                throw StoreException.refusal("table " + qualified + " on the Citus coordinator " + config.servers().get(0)
                        + " is " + how + ", but the store needs it distributed by " + w.column() + ": load anew with"
                        + " -l -D schema=recreate, which creates it so");
            }
            if (colocation == null) {
                colocation = p.get().colocationId();
            } else if (colocation != p.get().colocationId()) {
                throw StoreException.refusal("table " + qualified + " on the Citus coordinator " + config.servers().get(0)
                        + " is not co-located with " + config.linkTable() + ", so a link write and its count would"
                        + " span workers: load anew with -l -D schema=recreate, which co-locates them");
            }
        }
    }

    /**
     * Facts for the report: shards per table and the co-location of the store's tables; before they
     * exist, what the store will create.
     */
    Map<String, String> facts(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        List<String> shards = new ArrayList<>();
        List<String> colocated = new ArrayList<>();
        Integer group = null;
        for (Want w : wanted) {
            String qualified = config.qualified(w.table());
            Optional<Partition> p = Schema.relationExists(c, qualified) ? partition(c, qualified) : Optional.empty();
            if (p.isEmpty()) {
                continue;
            }
            try (PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM pg_dist_shard WHERE logicalrelid = ?::regclass")) {
                ps.setString(1, qualified);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    shards.add(w.table() + " " + rs.getLong(1));
                }
            }
            colocated.add(w.table() + " by " + p.get().column());
            group = p.get().colocationId();
        }
        if (shards.isEmpty()) {
            out.put("citus.shards", config.citus().shardCount() + " per table (citus_shard_count; the tables do not exist yet)");
            out.put("citus.colocation", wanted.stream().map(w -> w.table() + " by " + w.column())
                    .collect(java.util.stream.Collectors.joining(", ")) + ", co-located; " + Schema.LOAD_TABLE
                    + " a reference table");
        } else {
            out.put("citus.shards", String.join(", ", shards));
            out.put("citus.colocation", String.join(", ", colocated) + " in co-location group " + group
                    + "; " + Schema.LOAD_TABLE + " a reference table");
        }
        return out;
    }

    /**
     * Bytes of the shards of the store's three tables (heap, indexes, TOAST; {@code citus_shards}), by
     * node "host:port", on every node that holds some; empty when no table is distributed.
     */
    Map<String, Long> shardBytesByNode(Connection c) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (PreparedStatement ps = c.prepareStatement("SELECT nodename, nodeport, sum(shard_size)::bigint"
                + " FROM pg_catalog.citus_shards WHERE table_name = ANY (ARRAY[to_regclass(?), to_regclass(?), to_regclass(?)])"
                + " GROUP BY nodename, nodeport ORDER BY nodeport, nodename")) {
            for (int i = 0; i < wanted.size(); i++) {
                ps.setString(i + 1, config.qualified(wanted.get(i).table()));
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.put(ConnectionSettings.hostPort(rs.getString(1), rs.getInt(2)), rs.getLong(3));
                }
            }
        }
        return out;
    }

    private StoreException plainTable(String table, String what) {
        return StoreException.refusal("table " + config.qualified(table) + " on the Citus coordinator "
                + config.servers().get(0) + " is " + what + ", not distributed over the workers: load anew with"
                + " -l -D schema=recreate, which creates distributed tables (or set citus = off to use the"
                + " coordinator's plain tables)");
    }

    private static Optional<Partition> partition(Connection c, String qualified) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT partmethod::text,"
                + " CASE WHEN partmethod = 'h' THEN column_to_column_name(logicalrelid, partkey) END, colocationid"
                + " FROM pg_dist_partition WHERE logicalrelid = to_regclass(?)")) {
            ps.setString(1, qualified);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(new Partition(rs.getString(1), rs.getString(2), rs.getInt(3)))
                        : Optional.empty();
            }
        }
    }
}
