package io.linkbench.store.mysql;

import io.linkbench.store.LoadState;
import io.linkbench.store.jdbc.LoadStateTable;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The database and its three tables: creates what is missing with the configured engine, refuses to
 * load into data that exists unless told to recreate, and builds the secondary index {@code id1_type}
 * after a load when asked. With ROCKSDB the link table's indexes get their own column families, the
 * secondary one reverse-ordered, since GET_LINKS_LIST scans it newest first.
 */
final class Schema {
    static final String LINK_INDEX = "id1_type";
    /** One row per link table of the database: the text of its last load's state. */
    static final String LOAD_TABLE = "linkbench_load";

    private final MySqlConfig config;
    private final String db;
    private final String nodeTable;
    private final String linkTable;
    private final String countTable;
    private final String loadTable;
    /** The load state of this link table, in {@value #LOAD_TABLE}. */
    final LoadStateTable loadState;

    /** Whether these are a Spider backend's tables, which need no load-state table (the head keeps it). */
    private final boolean backend;

    Schema(MySqlConfig config) {
        this(config, false);
    }

    /** @param backend true for the tables of a Spider backend: no {@value #LOAD_TABLE} table there */
    Schema(MySqlConfig config, boolean backend) {
        this.config = config;
        this.backend = backend;
        this.db = SqlText.quote(config.database());
        this.nodeTable = db + "." + SqlText.quote(config.nodeTable());
        this.linkTable = db + "." + SqlText.quote(config.linkTable());
        this.countTable = db + "." + SqlText.quote(config.countTable());
        this.loadTable = db + "." + SqlText.quote(LOAD_TABLE);
        this.loadState = new LoadStateTable(loadTable, config.linkTable(),
                "REPLACE INTO " + loadTable + " (link_table, state) VALUES (?, ?)", c -> exists(c, LOAD_TABLE));
    }

    /** Before a load: see {@link io.linkbench.store.GraphStore#prepareForLoad}. */
    void prepareForLoad(Connection c, SchemaMode mode) throws SQLException, StoreException {
        exec(c, "CREATE DATABASE IF NOT EXISTS " + db);
        if (mode == SchemaMode.RECREATE) {
            exec(c, "DROP TABLE IF EXISTS " + linkTable + ", " + countTable + ", " + nodeTable);
        } else {
            checkEngines(c, "schema = recreate to drop and recreate them");
            List<String> notEmpty = new ArrayList<>();
            for (String table : tableNames()) {
                if (exists(c, table) && !isEmpty(c, table)) {
                    notEmpty.add(table);
                }
            }
            if (!notEmpty.isEmpty()) {
                throw StoreException.refusal("database " + config.database() + " already holds data in "
                        + String.join(", ", notEmpty) + ": set schema = recreate to drop it and load anew,"
                        + " or choose another dbid");
            }
        }
        createMissing(c, !config.indexAfterLoad());
        if (mode == SchemaMode.RECREATE && !backend) {
            loadState.forget(c);
        }
        boolean hasIndex = hasLinkIndex(c);
        if (config.indexAfterLoad() && hasIndex) {
            exec(c, "ALTER TABLE " + linkTable + " DROP INDEX " + LINK_INDEX);
        } else if (!config.indexAfterLoad() && !hasIndex) {
            addLinkIndex(c);
        }
    }

    /** Before a request phase: creates what is missing (the index too), drops nothing. */
    void prepareForRequests(Connection c) throws SQLException, StoreException {
        exec(c, "CREATE DATABASE IF NOT EXISTS " + db);
        checkEngines(c, "engine = <that engine> to use them, or load anew with schema = recreate");
        createMissing(c, true);
        if (!hasLinkIndex(c)) {
            addLinkIndex(c);
        }
    }

    /** True when the three tables exist. */
    boolean tablesExist(Connection c) throws SQLException {
        for (String table : tableNames()) {
            if (!exists(c, table)) {
                return false;
            }
        }
        return true;
    }

    /** The engine of the link table as the server reports it, or "" when it does not exist. */
    String linkEngine(Connection c) throws SQLException {
        return engineOf(c, config.linkTable());
    }

    /** Creates the secondary index of the link table (the step of index_after_load). */
    void addLinkIndex(Connection c) throws SQLException {
        exec(c, "ALTER TABLE " + linkTable + " ADD INDEX " + LINK_INDEX
                + " (id1, link_type, visibility, time, id2, version, data)" + cf("rev:cf_link_id1_type"));
    }

    boolean hasLinkIndex(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM information_schema.STATISTICS"
                + " WHERE table_schema = ? AND table_name = ? AND index_name = ?")) {
            ps.setString(1, config.database());
            ps.setString(2, config.linkTable());
            ps.setString(3, LINK_INDEX);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }

    private void createMissing(Connection c, boolean withIndex) throws SQLException {
        String engine = " ENGINE=" + config.engine();
        List<String> bodies = bodies(withIndex, config.rocksDb());
        List<String> names = tableNames();
        for (int i = 0; i < names.size(); i++) {
            exec(c, "CREATE TABLE IF NOT EXISTS " + db + "." + SqlText.quote(names.get(i)) + " " + bodies.get(i) + engine);
        }
        if (!backend) {
            createLoadTable(c, config.engine());
        }
    }

    /** Creates the load-state table {@value #LOAD_TABLE} with {@code engine} when it is missing. */
    void createLoadTable(Connection c, String engine) throws SQLException {
        exec(c, "CREATE TABLE IF NOT EXISTS " + loadTable + " (link_table VARCHAR(64) NOT NULL,"
                + " state VARCHAR(" + LoadState.MAX_TEXT + ") NOT NULL, PRIMARY KEY (link_table)) ENGINE=" + engine);
    }

    /**
     * The column and key definitions, "(...)", of the node, link and count tables (in the order of
     * {@link #tableNames()}), with the link table's secondary index or without, with MyRocks column
     * families or without.
     */
    static List<String> bodies(boolean withIndex, boolean families) {
        return List.of("(id BIGINT NOT NULL AUTO_INCREMENT, type INT NOT NULL, version BIGINT NOT NULL,"
                        + " time INT NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id))",
                "(id1 BIGINT NOT NULL, id2 BIGINT NOT NULL, link_type BIGINT NOT NULL,"
                        + " visibility TINYINT NOT NULL, data VARBINARY(" + SqlText.PAYLOAD.head() + ") NOT NULL,"
                        + " data_ext MEDIUMBLOB NULL, time BIGINT NOT NULL, version INT NOT NULL,"
                        + " PRIMARY KEY (link_type, id1, id2)" + cf(families, "cf_link_pk")
                        + (withIndex ? ", KEY " + LINK_INDEX + " (id1, link_type, visibility, time, id2, version, data)"
                        + cf(families, "rev:cf_link_id1_type") : "") + ")",
                "(id BIGINT NOT NULL, link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL,"
                        + " version BIGINT NOT NULL, PRIMARY KEY (id, link_type))");
    }

    private static String cf(boolean families, String family) {
        return families ? " COMMENT '" + family + "'" : "";
    }

    /** A column-family comment for an index under MyRocks; nothing for other engines. */
    private String cf(String family) {
        return config.rocksDb() ? " COMMENT '" + family + "'" : "";
    }

    private void checkEngines(Connection c, String remedy) throws SQLException, StoreException {
        for (String table : tableNames()) {
            String engine = engineOf(c, table);
            if (!engine.isEmpty() && !engine.equalsIgnoreCase(config.engine())) {
                throw StoreException.refusal("table " + config.database() + "." + table + " uses engine "
                        + engine + ", not engine = " + config.engine() + ": set " + remedy);
            }
        }
    }

    /** The node, link and count tables' names, unquoted. */
    List<String> tableNames() {
        return List.of(config.nodeTable(), config.linkTable(), config.countTable());
    }

    private boolean exists(Connection c, String table) throws SQLException {
        return !engineOf(c, table).isEmpty();
    }

    String engineOf(Connection c, String table) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(engine, '?') FROM information_schema.TABLES"
                + " WHERE table_schema = ? AND table_name = ?")) {
            ps.setString(1, config.database());
            ps.setString(2, table);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : "";
            }
        }
    }

    boolean isEmpty(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT 1 FROM " + db + "." + SqlText.quote(table) + " LIMIT 1")) {
            return !rs.next();
        }
    }

    static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }
}
