package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreSession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store on a sharded cluster (LINKBENCH_MONGO_CLUSTER_URL, in CI the DocumentDB cluster of
 * scripts/start-documentdb-cluster.sh): the load shards what it creates and says so in its facts, requests
 * run without errors and verify finds 0 mismatches; on the DocumentDB cluster its coordinator, asked over
 * SQL, shows the links and counts in one co-location group, a link and its count on one worker, and the
 * links spread over every worker.
 */
@Tag("mongo")
class MongoClusterCasesTest {
    private static final String SHARD_KEYS = "nodes {\"_id\": \"hashed\"}, links {\"id1\": \"hashed\"}, counts {\"id1\": \"hashed\"}";

    /** With sharding = auto (config/mongo.properties' default), into a database that does not exist yet. */
    @Test
    void theLoadShardsWhatItCreatesAndRequestsAndVerifyFollow(@TempDir Path results) throws Exception {
        String url = RealMongo.clusterUrlOrSkip();
        String db = "lbtest_cluster";
        try (MongoClient client = MongoClients.create(url)) {
            client.getDatabase(db).drop();
        }
        String[] common = {"-D", "maxid1=2001", "-D", "transactions=on", "-D", "displayfreq=1"};
        Path load = results.resolve("load");
        assertEquals(0, MongoCli.run(url, db, concat(common, "-D", "schema=recreate", "-l", "--results", load.toString())),
                "exit code of -l");
        JsonNode facts = MongoCli.result(load).get("store").get("facts");
        assertTrue(facts.get("sharding").asText().startsWith("on (sharding = auto: "), "facts: " + facts);
        assertEquals(SHARD_KEYS, facts.get("shard_keys").asText(), "facts: " + facts);
        assertEquals(0, MongoCli.sum(MongoCli.phase(MongoCli.result(load)), "errors"), "load errors");

        Path requests = results.resolve("r");
        assertEquals(0, MongoCli.run(url, db, concat(common, "-D", "maxtime=3", "-r", "--results", requests.toString())),
                "exit code of -r");
        JsonNode phase = MongoCli.phase(MongoCli.result(requests));
        assertEquals(0, MongoCli.sum(phase, "errors"), "request errors: " + phase.get("ops"));
        assertTrue(MongoCli.sum(phase, "count", "ADD_LINK") > 0, "ADD_LINK ran: " + phase.get("ops"));
        if (facts.get("topology").asText().startsWith("DocumentDB") && RealMongo.hostPort(url).startsWith("127.0.0.1")) {
            List<String> nodes = new ArrayList<>();
            for (JsonNode n : phase.get("cost").get("nodes")) {
                nodes.add(n.get("name").asText().replaceAll(" .*", ""));
                assertTrue(n.get("cost").get("figures").get("server_cpu_us/op").asDouble() > 0, "the CPU of " + n);
            }
            assertEquals(List.of("gateway", "coordinator", "worker", "worker"), nodes, "the cost's nodes: " + phase.get("cost"));
        }
        assertEquals(0, MongoCli.run(url, db, "verify"), "exit code of verify");
    }

    @Test
    void aRequestPhaseRefusesCollectionsThatAreNotShardedAsTheStoreShardsThem(@TempDir Path results) {
        String url = RealMongo.clusterUrlOrSkip();
        String db = "lbtest_unsharded";
        assertEquals(0, MongoCli.run(url, db, "-D", "maxid1=201", "-D", "schema=recreate", "-D", "sharding=off", "-l",
                "--results", results.resolve("load").toString()), "exit code of -l unsharded");
        assertEquals(1, MongoCli.run(url, db, "-D", "maxid1=201", "-D", "maxtime=1", "-D", "sharding=on", "-r",
                "--results", results.resolve("r").toString()), "exit code of -r with sharding = on on unsharded collections");
    }

    /** A DocumentDB cluster's coordinator, over SQL: where the store's sharded collections live. */
    @Test
    void aLinkAndItsCountLiveOnOneWorkerAndTheLinksSpreadOverEveryWorker() throws Exception {
        String url = RealMongo.clusterUrlOrSkip();
        String db = "lbtest_coloc";
        Map<String, String> keys = Map.of("store", "mongo", "url", url, "dbid", db, "transactions", "on", "sharding", "on");
        try (GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(keys), 2))) {
            store.prepareForLoad(SchemaMode.RECREATE);
            try (StoreSession s = store.session(0)) {
                List<Link> links = new ArrayList<>();
                for (long id2 = 1; id2 <= 20; id2++) { // one group: id1 7
                    links.add(new Link(7, 1, id2, Visibility.VISIBLE, "p".getBytes(StandardCharsets.UTF_8), 1, id2));
                }
                s.loadLinks(links);
                s.loadCounts(List.of(new LinkCount(7, 1, 20, 20, 1)));
                List<Link> spread = new ArrayList<>();
                for (long id1 = 100; id1 < 300; id1++) {
                    spread.add(new Link(id1, 2, 1, Visibility.VISIBLE, "p".getBytes(StandardCharsets.UTF_8), 1, 1));
                }
                s.loadLinks(spread);
            }
        }
        try (Connection c = RealMongo.clusterCoordinatorOrSkip()) {
            String links = table(c, db, "links");
            String counts = table(c, db, "counts");
            assertEquals(colocation(c, links), colocation(c, counts), "links and counts in one co-location group");
            long linkKey = single(c, "SELECT DISTINCT shard_key_value FROM " + links + " WHERE shard_key_value IN"
                    + " (SELECT shard_key_value FROM " + counts + ")");
            assertEquals(placement(c, links, linkKey), placement(c, counts, linkKey), "the worker of id1 7's links and count");
            assertEquals(workers(c), nodesHolding(c, links), "the 201 groups' links are on every worker");
        }
    }

    private static String table(Connection c, String db, String collection) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT collection_id FROM documentdb_api_catalog.collections"
                + " WHERE database_name = ? AND collection_name = ?")) {
            ps.setString(1, db);
            ps.setString(2, collection);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), db + "." + collection + " in the catalog");
                return "documentdb_data.documents_" + rs.getLong(1);
            }
        }
    }

    private static long colocation(Connection c, String table) throws SQLException {
        return single(c, "SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = '" + table + "'::regclass");
    }

    private static String placement(Connection c, String table, long key) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT nodename || ':' || nodeport FROM citus_shards WHERE"
                + " shardid = get_shard_id_for_distribution_column('" + table + "', " + key + ")")) {
            assertTrue(rs.next(), "a placement of " + table + " for " + key);
            return rs.getString(1);
        }
    }

    private static TreeSet<String> nodesHolding(Connection c, String table) throws SQLException {
        TreeSet<String> nodes = new TreeSet<>();
        try (ResultSet rs = c.createStatement().executeQuery("SELECT DISTINCT s.nodename || ':' || s.nodeport FROM"
                + " citus_shards s WHERE s.table_name = '" + table + "'::regclass AND s.shardid IN (SELECT"
                + " get_shard_id_for_distribution_column('" + table + "', shard_key_value) FROM " + table + ")")) {
            while (rs.next()) {
                nodes.add(rs.getString(1));
            }
        }
        return nodes;
    }

    private static TreeSet<String> workers(Connection c) throws SQLException {
        TreeSet<String> nodes = new TreeSet<>();
        try (ResultSet rs = c.createStatement().executeQuery(
                "SELECT nodename || ':' || nodeport FROM pg_dist_node WHERE shouldhaveshards AND isactive AND noderole = 'primary'")) {
            while (rs.next()) {
                nodes.add(rs.getString(1));
            }
        }
        return nodes;
    }

    private static long single(Connection c, String sql) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery(sql)) {
            assertTrue(rs.next(), "a row from " + sql);
            long v = rs.getLong(1);
            assertTrue(!rs.next(), "one row from " + sql);
            return v;
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
