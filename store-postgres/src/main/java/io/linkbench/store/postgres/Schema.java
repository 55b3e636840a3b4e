package io.linkbench.store.postgres;

import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.LoadStateTable;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The schema and its tables, designed for the workload:
 * <ul>
 * <li>nodes: {@code id} an identity (its sequence assigns ADD_NODE ids, unique across processes);</li>
 * <li>links: primary key (id1, link_type, id2), which serves the link writes and MULTIGET_LINK; and
 *     the list index (id1, link_type, time DESC, id2 DESC) INCLUDE (version, data) WHERE visibility = 1,
 *     which serves GET_LINKS_LIST as an index-only scan in the order asked and holds no hidden links;</li>
 * <li>counts: primary key (id1, link_type), fill factor 80 so count updates stay HOT (same page);</li>
 * <li>the load state: one row per link table.</li>
 * </ul>
 * Refuses to load into tables that hold data unless told to recreate; with {@code index_after_load}
 * the list index is built after the load ({@link #buildListIndex}). On a Citus coordinator the tables
 * are distributed tables ({@link CitusTables}), made so when created.
 */
final class Schema {
    /** One row per link table of the schema: the text of its last load's state. */
    static final String LOAD_TABLE = "linkbench_load";

    private final PgConfig config;
    private final SqlText sql;
    private final String listIndex;
    private final String loadTable;
    /** The Citus distribution of the tables, or null for plain tables. */
    private final CitusTables citus;
    /** The load state of this link table, in {@value #LOAD_TABLE}. */
    final LoadStateTable loadState;

    /** @param distributed true to make (and expect) Citus distributed tables */
    Schema(PgConfig config, SqlText sql, boolean distributed) {
        this.config = config;
        this.sql = sql;
        this.listIndex = config.linkTable() + "_list";
        this.loadTable = config.qualified(LOAD_TABLE);
        this.citus = distributed ? new CitusTables(config, loadTable) : null;
        this.loadState = new LoadStateTable(loadTable, config.linkTable(), "INSERT INTO " + loadTable
                + " (link_table, state) VALUES (?, ?) ON CONFLICT (link_table) DO UPDATE SET state = EXCLUDED.state",
                c -> exists(c, LOAD_TABLE));
    }

    /** The identity sequence of a node table, by the name the table creation gives it. */
    static String sequenceOf(String qualifiedNodeTable) {
        return qualifiedNodeTable + "_id_seq";
    }

    /** The Citus distribution of the tables, or null for plain tables. */
    CitusTables citus() {
        return citus;
    }

    /** The name of the list index. */
    String listIndex() {
        return listIndex;
    }

    /** Before a load: see {@link io.linkbench.store.GraphStore#prepareForLoad}. */
    void prepareForLoad(Connection c, SchemaMode mode) throws SQLException, StoreException {
        exec(c, "CREATE SCHEMA IF NOT EXISTS " + config.schema());
        if (mode == SchemaMode.RECREATE) {
            exec(c, "DROP TABLE IF EXISTS " + sql.linkTable + ", " + sql.countTable + ", " + sql.nodeTable);
        } else {
            List<String> notEmpty = new ArrayList<>();
            for (String table : tableNames()) {
                if (exists(c, table) && !isEmpty(c, config.qualified(table))) {
                    notEmpty.add(table);
                }
            }
            if (!notEmpty.isEmpty()) {
                throw StoreException.refusal("database " + config.database() + ", schema " + config.schema()
                        + " already holds data in " + String.join(", ", notEmpty) + ": set schema = recreate to drop"
                        + " it and load anew, or choose another dbid or pg_schema");
            }
        }
        createMissing(c);
        if (citus != null) {
            citus.distribute(c);
        }
        if (mode == SchemaMode.RECREATE) {
            loadState.forget(c);
        }
        if (config.indexAfterLoad()) {
            exec(c, "DROP INDEX IF EXISTS " + config.qualified(listIndex));
        } else {
            buildListIndex(c);
        }
    }

    /** Before a request phase: creates what is missing (the list index too), drops nothing. */
    void prepareForRequests(Connection c) throws SQLException, StoreException {
        exec(c, "CREATE SCHEMA IF NOT EXISTS " + config.schema());
        createMissing(c);
        if (citus != null) {
            citus.distribute(c);
        }
        buildListIndex(c);
        raiseNodeSequence(c);
    }

    /** Creates the list index when it is missing (the step of index_after_load). */
    void buildListIndex(Connection c) throws SQLException {
        exec(c, "CREATE INDEX IF NOT EXISTS " + listIndex + " ON " + sql.linkTable
                + " (id1, link_type, time DESC, id2 DESC) INCLUDE (version, data) WHERE visibility = 1");
    }

    /** Sets the visibility map (for index-only scans) and the planner's statistics after a load. */
    void vacuumAnalyze(Connection c) throws SQLException {
        exec(c, "VACUUM (ANALYZE) " + sql.nodeTable + ", " + sql.linkTable + ", " + sql.countTable);
    }

    /**
     * Raises the node id sequence above every node id, loaded by another tool included. On Citus, the
     * coordinator's: each node draws ids from a range of its own (node group g: from g * 2^48 on), so
     * only ids below 2^48, the coordinator's range, count.
     */
    void raiseNodeSequence(Connection c) throws SQLException {
        String seq = sequenceOf(sql.nodeTable);
        exec(c, "SELECT setval('" + seq + "', GREATEST((SELECT COALESCE(MAX(id), 0) FROM " + sql.nodeTable
                + (citus == null ? "" : " WHERE id < " + CITUS_NODE_RANGE) + "), last_value)) FROM " + seq);
    }

    /** The first node id of a Citus worker's range: 2^48. */
    static final long CITUS_NODE_RANGE = 1L << 48;

    /** True when the three tables exist. */
    boolean tablesExist(Connection c) throws SQLException {
        for (String table : tableNames()) {
            if (!exists(c, table)) {
                return false;
            }
        }
        return true;
    }

    /** The names of the three tables. */
    List<String> tableNames() {
        return List.of(config.nodeTable(), config.linkTable(), config.countTable());
    }

    private void createMissing(Connection c) throws SQLException {
        exec(c, "CREATE TABLE IF NOT EXISTS " + sql.nodeTable + " ("
                + "id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, type integer NOT NULL,"
                + " version bigint NOT NULL, time integer NOT NULL, data bytea NOT NULL) WITH (fillfactor = 90)");
        exec(c, "CREATE TABLE IF NOT EXISTS " + sql.linkTable + " ("
                + "id1 bigint NOT NULL, link_type bigint NOT NULL, id2 bigint NOT NULL, visibility smallint NOT NULL,"
                + " time bigint NOT NULL, version integer NOT NULL, data bytea NOT NULL, data_ext bytea,"
                + " PRIMARY KEY (id1, link_type, id2))");
        exec(c, "CREATE TABLE IF NOT EXISTS " + sql.countTable + " ("
                + "id1 bigint NOT NULL, link_type bigint NOT NULL, count bigint NOT NULL, time bigint NOT NULL,"
                + " version bigint NOT NULL, PRIMARY KEY (id1, link_type)) WITH (fillfactor = 80)");
        exec(c, "CREATE TABLE IF NOT EXISTS " + loadTable + " (link_table text PRIMARY KEY, state text NOT NULL)");
    }

    private boolean exists(Connection c, String table) throws SQLException {
        return relationExists(c, config.qualified(table));
    }

    /** True when the relation schema.name exists. */
    static boolean relationExists(Connection c, String qualified) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT to_regclass(?) IS NOT NULL")) {
            ps.setString(1, qualified);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getBoolean(1);
            }
        }
    }

    static boolean isEmpty(Connection c, String qualified) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1 FROM " + qualified + " LIMIT 1")) {
            return !rs.next();
        }
    }

    static void exec(Connection c, String text) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(text);
        }
    }
}
