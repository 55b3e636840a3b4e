package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.ServerConfiguration;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.harness.FaultSupport;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The store on a Citus cluster beyond the TCK: the tables it makes are distributed as it needs (and stay
 * so across {@code schema = recreate}), tables that are not are refused in one line, the size is the
 * shards' bytes on the workers, counters, configuration and connection headroom cover every node,
 * {@code hosts} spreads sessions over coordinator and workers, and a distributed deadlock is a CONFLICT.
 */
@Tag("citus")
class CitusStoreCasesTest {
    private static final int IDS = 200;

    @Test
    void autoOnTheCoordinatorInADatabaseWithoutTheExtensionIsRefusedSayingCitusOff() {
        CitusTestCluster.assumeAvailable();
        StoreException e = assertThrows(StoreException.class, () -> CitusTestCluster.open(CitusTestCluster.settings(
                "lbtest_citus_noext", Map.of("dbid", "postgres", "citus", "auto")), 1).close());
        assertEquals(Kind.REJECTED, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("loads Citus, but database postgres has no extension citus")
                && e.getMessage().endsWith("or set citus = off"), e.getMessage());
    }

    @Test
    void recreateLeavesDistributedTablesWhoseShardsHoldTheRowsAndTheSize() throws Exception {
        String schema = "lbtest_citus_layout";
        try (GraphStore store = CitusTestCluster.freshStore(schema, Map.of(), 2)) {
            load(store);
            assertDistributed(schema);
            long onWorkers = 0;
            for (int w = 1; w <= CitusTestCluster.WORKERS; w++) {
                assertTrue(shardRows(w, schema, "linktable") > 0, "worker " + w + " holds link rows");
                onWorkers += shardBytes(w, schema);
            }
            assertEquals(onWorkers, ((StoreMetrics) store).sizeBytes().orElseThrow(),
                    "the size is the bytes of the shards on the workers");
            assertEquals(0, ((CountVerifier) store).verifyCounts().mismatches());

            store.prepareForLoad(SchemaMode.RECREATE);
            assertDistributed(schema);
            StoreInfo info = store.info();
            Map<String, String> f = info.facts();
            assertTrue(f.get("citus.version").matches("\\d+\\.\\d+.*"), f.toString());
            assertEquals(CitusTestCluster.node(1) + ", " + CitusTestCluster.node(2), f.get("citus.workers"));
            assertEquals("linktable 4, counttable 4, nodetable 4", f.get("citus.shards"));
            assertTrue(f.get("citus.colocation").startsWith("linktable by id1, counttable by id1, nodetable by id in"
                    + " co-location group"), f.get("citus.colocation"));
        }
    }

    @Test
    void aPlainConfigurationOnACitusCoordinatorMakesDistributedTables() throws Exception {
        String schema = "lbtest_citus_auto";
        Map<String, String> plain = new HashMap<>(CitusTestCluster.settings(schema, Map.of()));
        plain.remove("citus"); // auto, as config/postgres.properties leaves it
        CitusTestCluster.assumeAvailable();
        try (GraphStore store = CitusTestCluster.open(plain, 2)) {
            store.prepareForLoad(SchemaMode.RECREATE);
        }
        assertDistributed(schema);
    }

    @Test
    void aPlainTableOnTheCoordinatorIsRefusedInOneLine() throws Exception {
        String schema = "lbtest_citus_plain";
        CitusTestCluster.assumeAvailable();
        linkTable(schema, "SET citus.enable_ddl_propagation = off", // a table of the coordinator alone
                "INSERT INTO " + schema + ".linktable VALUES (1, 1, 2, 1, 0, 0, '', NULL)");
        try (GraphStore store = CitusTestCluster.open(CitusTestCluster.settings(schema, Map.of()), 2)) {
            StoreException e = assertThrows(StoreException.class, store::prepareForRequests);
            assertEquals(Kind.REJECTED, e.kind());
            assertEquals("table " + schema + ".linktable on the Citus coordinator " + CitusTestCluster.node(0)
                    + " is a plain table holding rows, not distributed over the workers: load anew with -l -D"
                    + " schema=recreate, which creates distributed tables (or set citus = off to use the coordinator's"
                    + " plain tables)", e.getMessage());
            store.prepareForLoad(SchemaMode.RECREATE);
        }
        assertDistributed(schema);
    }

    @Test
    void aTableDistributedByAnotherColumnIsRefused() throws Exception {
        String schema = "lbtest_citus_id2";
        CitusTestCluster.assumeAvailable();
        linkTable(schema, null, "SELECT create_distributed_table('" + schema + ".linktable', 'id2', shard_count => 2)");
        try (GraphStore store = CitusTestCluster.open(CitusTestCluster.settings(schema, Map.of()), 2)) {
            StoreException e = assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.CREATE));
            assertEquals(Kind.REJECTED, e.kind());
            assertTrue(e.getMessage().contains("is distributed by id2, but the store needs it distributed by id1: load anew"
                    + " with -l -D schema=recreate"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }

    @Test
    void countersConfigurationAndHeadroomCoverEveryNode() throws Exception {
        try (GraphStore store = CitusTestCluster.freshStore("lbtest_citus_metrics", Map.of(), 2)) {
            StoreMetrics m = (StoreMetrics) store;
            long before = commitsOnEveryNode();
            long read = m.counters().get("pg_stat_database.xact_commit");
            long after = commitsOnEveryNode();
            assertTrue(before <= read && read <= after, "the store's sum " + read + " lies between the nodes' sums "
                    + before + " and " + after);

            Map<String, String> config = ((ServerConfiguration) store).serverConfiguration();
            for (int i = 0; i <= CitusTestCluster.WORKERS; i++) {
                assertNotNull(config.get(CitusTestCluster.node(i) + " max_prepared_transactions"), config.keySet().toString());
            }
            ConnectionLimit.Headroom room = ((ConnectionLimit) store).connectionHeadroom();
            assertTrue(room.available() > 0, room.toString());
            assertTrue(room.detail().startsWith("on the coordinator ") || room.detail().startsWith("on the worker "),
                    room.detail());
        }
    }

    @Test
    void hostsSpreadSessionsOverCoordinatorAndWorkersAndPassOverADeadOne() throws Exception {
        String app = "lbtest_citus_hosts";
        int dead = FaultSupport.closedPort();
        Map<String, String> extra = Map.of("hosts", CitusTestCluster.node(0) + "," + CitusTestCluster.node(1) + ",127.0.0.1:"
                + dead + "," + CitusTestCluster.node(2), "jdbc_url_options", "ApplicationName=" + app);
        try (GraphStore store = CitusTestCluster.freshStore("lbtest_citus_hosts", extra, 4)) {
            load(store);
            List<StoreSession> sessions = new ArrayList<>();
            try {
                for (int i = 0; i < 4; i++) {
                    StoreSession s = store.session(i);
                    sessions.add(s);
                    assertNotNull(s.getNode(1 + i, 1), "node " + (1 + i) + " read through session " + i);
                    long id = s.addNode(new Node(0, 1, 1, 1, new byte[8]));
                    long group = id >> 48; // each node draws ids from a range of its own: group g from g * 2^48
                    assertEquals(i == 0 ? 0 : 1, Long.signum(group), "ADD_NODE id " + id + " through session " + i);
                }
                for (int node = 0; node <= CitusTestCluster.WORKERS; node++) {
                    assertTrue(sessionsOn(node, app) >= 1, "a session connected to " + CitusTestCluster.node(node));
                }
            } finally {
                for (StoreSession s : sessions) {
                    s.close();
                }
            }
            store.prepareForRequests(); // raises the coordinator's sequence over its own range only
            try (StoreSession s = store.session(0)) {
                assertTrue(s.addNode(new Node(0, 1, 1, 1, new byte[8])) < (1L << 48));
            }
            assertEquals(0, ((CountVerifier) store).verifyCounts().mismatches());
        }
    }

    @Test
    void aDistributedDeadlockIsAConflictTheDriverRetries() throws Exception {
        try (GraphStore store = CitusTestCluster.freshStore("lbtest_citus_deadlock", Map.of(), 2)) {
            load(store);
        }
        long[] ids = idsOnTwoWorkers("lbtest_citus_deadlock.counttable");
        String update = "UPDATE lbtest_citus_deadlock.counttable SET version = version + 1 WHERE link_type = 1 AND id1 = ";
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Connection a = CitusTestCluster.jdbc(0); Connection b = CitusTestCluster.jdbc(0)) {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            exec(a, update + ids[0]);
            exec(b, update + ids[1]);
            Future<SQLException> second = pool.submit(() -> failure(b, update + ids[0]));
            SQLException first = failure(a, update + ids[1]);
            SQLException other = second.get(120, TimeUnit.SECONDS);
            SQLException deadlock = first != null ? first : other;
            assertNotNull(deadlock, "one of the two transactions is cancelled by the distributed deadlock detector");
            assertEquals("40P01", deadlock.getSQLState(), deadlock.getMessage());
            assertEquals(Kind.CONFLICT, Errors.MAP.kindOf(deadlock), "retried by the driver, counted per operation");
        } finally {
            pool.shutdownNow();
        }
    }

    /** Loads nodes 1..IDS, two visible links of type 1 from each and their counts. */
    private static void load(GraphStore store) throws StoreException {
        List<Node> nodes = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        List<LinkCount> counts = new ArrayList<>();
        for (long id = 1; id <= IDS; id++) {
            nodes.add(new Node(id, 1, 1, 1, new byte[32]));
            for (long id2 = 1; id2 <= 2; id2++) {
                links.add(new Link(id, 1, id + id2, Visibility.VISIBLE, new byte[16], 1, id2));
            }
            counts.add(new LinkCount(id, 1, 2, 1, 1));
        }
        try (StoreSession s = store.session(0)) {
            s.loadNodes(nodes);
            s.loadLinks(links);
            s.loadCounts(counts);
        }
    }

    /** The store's three tables are hash-distributed by id1, id1 and id, co-located; the load-state table a reference table. */
    private static void assertDistributed(String schema) throws SQLException {
        try (Connection c = CitusTestCluster.jdbc(0); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT logicalrelid::regclass::text, partmethod, column_to_column_name(logicalrelid, partkey), colocationid"
                        + " FROM pg_dist_partition WHERE logicalrelid::regclass::text LIKE '" + schema + ".%'"
                        + " OR logicalrelid::regclass::text IN ('linktable', 'counttable', 'nodetable', 'linkbench_load')")) {
            Map<String, String> found = new HashMap<>();
            Map<String, Integer> groups = new HashMap<>();
            while (rs.next()) {
                String table = rs.getString(1).substring(rs.getString(1).indexOf('.') + 1);
                found.put(table, rs.getString(2) + " " + rs.getString(3));
                groups.put(table, rs.getInt(4));
            }
            assertEquals("h id1", found.get("linktable"), schema + ": " + found);
            assertEquals("h id1", found.get("counttable"), schema + ": " + found);
            assertEquals("h id", found.get("nodetable"), schema + ": " + found);
            assertTrue(found.getOrDefault("linkbench_load", "").startsWith("n"), schema + ": " + found);
            assertEquals(groups.get("linktable"), groups.get("counttable"));
            assertEquals(groups.get("linktable"), groups.get("nodetable"));
        }
    }

    /** Rows of {@code table}'s shards on worker {@code w}. */
    private static long shardRows(int w, String schema, String table) throws SQLException {
        long rows = 0;
        try (Connection c = CitusTestCluster.jdbc(w); Statement s = c.createStatement()) {
            for (String shard : shards(s, schema, table + "_[0-9]+")) {
                try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + schema + "." + shard)) {
                    rs.next();
                    rows += rs.getLong(1);
                }
            }
        }
        return rows;
    }

    /** Bytes of the shards of the three tables on worker {@code w}, with their indexes and TOAST. */
    private static long shardBytes(int w, String schema) throws SQLException {
        try (Connection c = CitusTestCluster.jdbc(w); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT COALESCE(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c JOIN pg_namespace n"
                        + " ON n.oid = c.relnamespace WHERE n.nspname = '" + schema + "' AND c.relkind = 'r'"
                        + " AND c.relname ~ '^(linktable|counttable|nodetable)_[0-9]+$'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static List<String> shards(Statement s, String schema, String pattern) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery("SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = '" + schema + "' AND c.relkind = 'r' AND c.relname ~ '^" + pattern + "$'")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    /** This database's commits summed over every node. */
    private static long commitsOnEveryNode() throws SQLException {
        long sum = 0;
        for (int i = 0; i <= CitusTestCluster.WORKERS; i++) {
            try (Connection c = CitusTestCluster.jdbc(i); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                    "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
                rs.next();
                sum += rs.getLong(1);
            }
        }
        return sum;
    }

    /** Client connections with application name {@code app} on node {@code i}. */
    private static long sessionsOn(int i, String app) throws SQLException {
        try (Connection c = CitusTestCluster.jdbc(i); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = '" + app + "'")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** Two ids 1..IDS whose rows of {@code table} lie on different workers. */
    private static long[] idsOnTwoWorkers(String table) throws SQLException {
        Map<Integer, Long> byPort = new HashMap<>();
        try (Connection c = CitusTestCluster.jdbc(0); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT DISTINCT ON (p.nodeport) p.nodeport, i FROM generate_series(1, " + IDS + ") i,"
                        + " LATERAL (SELECT nodeport FROM pg_dist_shard_placement WHERE shardid ="
                        + " get_shard_id_for_distribution_column('" + table + "', i)) p ORDER BY p.nodeport, i")) {
            while (rs.next()) {
                byPort.put(rs.getInt(1), rs.getLong(2));
            }
        }
        assertTrue(byPort.size() >= 2, "rows on two workers: " + byPort);
        List<Long> ids = new ArrayList<>(byPort.values());
        return new long[] {ids.get(0), ids.get(1)};
    }

    private static void exec(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    /** Runs {@code sql} and rolls back; the failure, or null. */
    private static SQLException failure(Connection c, String sql) throws SQLException {
        try {
            exec(c, sql);
            return null;
        } catch (SQLException e) {
            return e;
        } finally {
            c.rollback();
        }
    }

    /**
     * {@code schema} anew with a link table of the store's columns made behind the store's back: {@code before}
     * (when not null) runs before the table is created, {@code after} once it is.
     */
    private static void linkTable(String schema, String before, String after) throws SQLException {
        try (Connection c = CitusTestCluster.jdbc(0); Statement s = c.createStatement()) {
            s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
            s.execute("CREATE SCHEMA " + schema);
            if (before != null) {
                s.execute(before);
            }
            s.execute("CREATE TABLE " + schema + ".linktable (id1 bigint, link_type bigint, id2 bigint, visibility smallint,"
                    + " time bigint, version integer, data bytea, data_ext bytea, PRIMARY KEY (id1, link_type, id2))");
            s.execute(after);
        }
    }
}
