package io.linkbench.store.mysql;

import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of a Spider cluster. Every backend holds the three tables with the configured engine
 * ({@link Schema}, made there by the store since Spider sends no DDL); the head holds Spider tables of
 * the same columns and keys, partitioned over the backends in the order of {@link SpiderCluster}, one
 * partition per backend: links by {@code HASH(id1)}, counts and nodes by {@code HASH(id)}, the id modulo the
 * number of backends (MariaDB's {@code KEY} hash put 29% and 71% of 20,000 consecutive ids on two
 * backends; the modulo spreads them evenly, and the graph's degrees do not depend on the id). Links and counts
 * share the partitioning function, the column type and the partition list, so an id1's links, its
 * counts and its list live on one backend, and a link write's transaction (a link and its count) touches
 * one backend. The head also keeps the load-state table, as a plain InnoDB table.
 */
final class SpiderSchema {
    private final MySqlConfig config;
    private final SpiderCluster cluster;
    private final Schema head;
    private final Schema backend;
    private final String db;

    SpiderSchema(MySqlConfig config, SpiderCluster cluster, Schema head) {
        this.config = config;
        this.cluster = cluster;
        this.head = head;
        this.backend = new Schema(config, true);
        this.db = SqlText.quote(config.database());
    }

    /** Before a load: see {@link io.linkbench.store.GraphStore#prepareForLoad}, on every backend, then the head. */
    void prepareForLoad(Connection c, SchemaMode mode) throws SQLException, StoreException {
        Schema.exec(c, "CREATE DATABASE IF NOT EXISTS " + db);
        if (mode == SchemaMode.RECREATE) {
            Schema.exec(c, "DROP TABLE IF EXISTS " + qualified(config.linkTable()) + ", " + qualified(config.countTable())
                    + ", " + qualified(config.nodeTable()));
        } else {
            checkHead(c, "schema = recreate to make them so");
        }
        cluster.onEach("prepare the schema", false, true, b -> {
            backend.prepareForLoad(b, mode);
            return null;
        });
        createMissing(c, !config.indexAfterLoad());
        if (mode == SchemaMode.RECREATE) {
            head.loadState.forget(c);
        }
        boolean hasIndex = head.hasLinkIndex(c);
        if (config.indexAfterLoad() && hasIndex) {
            Schema.exec(c, "ALTER TABLE " + qualified(config.linkTable()) + " DROP INDEX " + Schema.LINK_INDEX);
        } else if (!config.indexAfterLoad() && !hasIndex) {
            addHeadIndex(c);
        }
    }

    /** Before a request phase: creates what is missing on every node (the index too), drops nothing. */
    void prepareForRequests(Connection c) throws SQLException, StoreException {
        Schema.exec(c, "CREATE DATABASE IF NOT EXISTS " + db);
        checkHead(c, "load anew with schema = recreate");
        cluster.onEach("prepare the schema", false, true, b -> {
            backend.prepareForRequests(b);
            return null;
        });
        createMissing(c, true);
        if (!head.hasLinkIndex(c)) {
            addHeadIndex(c);
        }
    }

    /** The link index on a backend (its connection {@code b}) when it lacks it: the step of index_after_load, per backend. */
    void addBackendIndex(Connection b) throws SQLException {
        if (!backend.hasLinkIndex(b)) {
            backend.addLinkIndex(b);
        }
    }

    /** The link index on the head when it lacks it: the last part of the step, once every backend has it. */
    void addLinkIndexOnHead(Connection c) throws SQLException {
        if (!head.hasLinkIndex(c)) {
            addHeadIndex(c);
        }
    }

    /** True when the head and every backend have the link index. */
    boolean hasLinkIndex(Connection c) throws SQLException, StoreException {
        if (!head.hasLinkIndex(c)) {
            return false;
        }
        return !cluster.onEach("look for " + Schema.LINK_INDEX, true, false, backend::hasLinkIndex).containsValue(false);
    }

    /**
     * Refuses head tables that are not Spider tables partitioned as this class says over the backends the
     * head knows now (tables that do not exist pass).
     */
    void checkHead(Connection c, String remedy) throws SQLException, StoreException {
        List<String> expected = new ArrayList<>();
        for (SpiderCluster.Backend b : cluster.backends()) {
            expected.add("srv \"" + b.name() + "\"");
        }
        List<String> names = head.tableNames();
        for (int i = 0; i < names.size(); i++) {
            String table = names.get(i);
            String engine = head.engineOf(c, table);
            if (engine.isEmpty()) {
                continue;
            }
            String column = keyColumn(i);
            String found = partitioning(c, table, engine, column, expected);
            if (found != null) {
                throw StoreException.refusal("table " + config.database() + "." + table + " on the Spider head "
                        + config.address() + " is not a Spider table partitioned by HASH(" + column + ") over "
                        + String.join(", ", cluster.backends().stream().map(SpiderCluster.Backend::name).toList())
                        + " (it is " + found + "): set " + remedy + ", or spider = off for plain tables");
            }
        }
    }

    /** What is wrong with the table's partitioning, or null when it is as expected. */
    private String partitioning(Connection c, String table, String engine, String column, List<String> expected)
            throws SQLException {
        List<String> comments = new ArrayList<>();
        String method = null;
        String expression = null;
        try (PreparedStatement ps = c.prepareStatement("SELECT partition_method, partition_expression,"
                + " partition_comment FROM information_schema.PARTITIONS WHERE table_schema = ? AND table_name = ?"
                + " ORDER BY partition_ordinal_position")) {
            ps.setString(1, config.database());
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    method = rs.getString(1);
                    expression = rs.getString(2);
                    comments.add(rs.getString(3));
                }
            }
        }
        if (method == null) {
            return engine + ", not partitioned";
        }
        if (!engine.equalsIgnoreCase("SPIDER")) {
            return engine + ", partitioned by " + method + "(" + expression + ")";
        }
        if (!"HASH".equalsIgnoreCase(method) || !("`" + column + "`").equals(expression)) {
            return "partitioned by " + method + "(" + expression + ")";
        }
        if (!comments.equals(expected)) {
            return "partitioned over " + comments.size() + " partitions with the comments " + comments;
        }
        return null;
    }

    /** The partitioning column of the table at {@code i} of {@link Schema#tableNames()}: id1 for links, else id. */
    private static String keyColumn(int i) {
        return i == 1 ? "id1" : "id";
    }

    private void createMissing(Connection c, boolean withIndex) throws SQLException {
        List<String> bodies = Schema.bodies(withIndex, false);
        List<String> names = head.tableNames();
        for (int i = 0; i < names.size(); i++) {
            String table = names.get(i);
            StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(qualified(table)).append(' ')
                    .append(bodies.get(i)).append(" ENGINE=SPIDER COMMENT='wrapper \"mysql\", database \"")
                    .append(config.database()).append("\", table \"").append(table).append("\"'")
                    .append(" PARTITION BY HASH (").append(keyColumn(i)).append(") (");
            int p = 0;
            for (SpiderCluster.Backend b : cluster.backends()) {
                ddl.append(p == 0 ? "" : ", ").append("PARTITION p").append(++p)
                        .append(" COMMENT='srv \"").append(b.name()).append("\"'");
            }
            Schema.exec(c, ddl.append(')').toString());
        }
        head.createLoadTable(c, "InnoDB");
    }

    private void addHeadIndex(Connection c) throws SQLException {
        Schema.exec(c, "ALTER TABLE " + qualified(config.linkTable()) + " ADD INDEX " + Schema.LINK_INDEX
                + " (id1, link_type, visibility, time, id2, version, data)");
    }

    private String qualified(String table) {
        return db + "." + SqlText.quote(table);
    }
}
