package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.ServerConfiguration;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The MySQL store on the Spider cluster of scripts/start-spider.sh: the tables it makes on the backends
 * and the head, the head tables it refuses, node ids over the backends, links co-located with their
 * counts, the facts, sizes, settings and nodes it reads over the cluster, and its transactions across backends.
 */
@Tag("spider")
class SpiderStoreTest {
    private static final String DB = "lbtest_spider_store";
    private static final byte[] DATA = {1, 2, 3};

    private static GraphStore fresh() throws StoreException {
        return SpiderTestCluster.freshStore("InnoDB", DB, Map.of(), 8);
    }

    private static void onHead(String... statements) throws Exception {
        try (Connection c = SpiderTestCluster.jdbc(0, ""); Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static long count(int node, String sql) throws Exception {
        try (Connection c = SpiderTestCluster.jdbc(node, DB); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void aPlainTableOnTheHeadIsRefusedInOneLineAndRecreateMakesItSharded() throws Exception {
        SpiderTestCluster.assumeAvailable();
        onHead("CREATE DATABASE IF NOT EXISTS " + DB, "DROP TABLE IF EXISTS " + DB + ".linktable",
                "CREATE TABLE " + DB + ".linktable (id1 BIGINT NOT NULL PRIMARY KEY) ENGINE=InnoDB");
        try (GraphStore store = SpiderTestCluster.open(SpiderTestCluster.settings("InnoDB", DB, Map.of()), 2)) {
            StoreException e = assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.CREATE));
            assertEquals(StoreException.Kind.REJECTED, e.kind());
            assertTrue(e.getMessage().contains("table " + DB + ".linktable on the Spider head 127.0.0.1:3340 is not a"
                    + " Spider table partitioned by HASH(id1) over backend1, backend2 (it is InnoDB, not partitioned):"
                    + " set schema = recreate to make them so"), e.getMessage());
            assertTrue(!e.getMessage().contains("\n"), "one line");
            store.prepareForLoad(SchemaMode.RECREATE);
            store.prepareForLoad(SchemaMode.RECREATE); // a second recreate keeps the tables sharded
            store.prepareForLoad(SchemaMode.CREATE);
        }
        try (Connection c = SpiderTestCluster.jdbc(0, DB); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT table_name, partition_method, partition_expression,"
                     + " GROUP_CONCAT(partition_comment ORDER BY partition_ordinal_position SEPARATOR ';')"
                     + " FROM information_schema.PARTITIONS WHERE table_schema = '" + DB + "'"
                     + " AND table_name IN ('linktable', 'counttable', 'nodetable') GROUP BY table_name ORDER BY table_name")) {
            List<String> found = new ArrayList<>();
            while (rs.next()) {
                found.add(rs.getString(1) + " " + rs.getString(2) + "(" + rs.getString(3) + ") " + rs.getString(4));
            }
            String servers = "srv \"backend1\";srv \"backend2\"";
            assertEquals(List.of("counttable HASH(`id`) " + servers, "linktable HASH(`id1`) " + servers,
                    "nodetable HASH(`id`) " + servers), found);
        }
    }

    @Test
    void aSpiderTablePartitionedOnAnotherColumnIsRefused() throws Exception {
        try (GraphStore store = fresh()) {
            onHead("DROP TABLE " + DB + ".counttable", "CREATE TABLE " + DB + ".counttable (id BIGINT NOT NULL,"
                    + " link_type BIGINT NOT NULL, count BIGINT NOT NULL, time BIGINT NOT NULL, version BIGINT NOT NULL,"
                    + " PRIMARY KEY (id, link_type)) ENGINE=SPIDER COMMENT='wrapper \"mysql\", database \"" + DB + "\","
                    + " table \"counttable\"' PARTITION BY HASH (link_type) (PARTITION p1 COMMENT='srv \"backend1\"',"
                    + " PARTITION p2 COMMENT='srv \"backend2\"')");
            StoreException e = assertThrows(StoreException.class, store::prepareForRequests);
            assertTrue(e.getMessage().contains("table " + DB + ".counttable on the Spider head 127.0.0.1:3340 is not a"
                    + " Spider table partitioned by HASH(id) over backend1, backend2 (it is partitioned by"
                    + " HASH(`link_type`)): set load anew with schema = recreate"), e.getMessage());
        }
    }

    @Test
    void severalHeadsAndAServerWithoutSpiderAreRefused() throws Exception {
        SpiderTestCluster.assumeAvailable();
        StoreException heads = assertThrows(StoreException.class, () -> SpiderTestCluster.open(SpiderTestCluster.settings(
                "InnoDB", DB, Map.of("hosts", "127.0.0.1:3340,localhost:3340")), 2).close());
        assertTrue(heads.getMessage().contains("a Spider cluster is used through one head"), heads.getMessage());
        MySqlTestServer.assumeAvailable();
        Map<String, String> plain = MySqlTestServer.settings("InnoDB", DB, Map.of("spider", "on"));
        StoreException none = assertThrows(StoreException.class, () -> MySqlTestServer.open(plain).close());
        assertEquals(StoreException.Kind.REJECTED, none.kind());
        assertTrue(none.getMessage().contains("spider = on: the server at " + MySqlTestServer.HOST + ":"
                + MySqlTestServer.PORT + " "), none.getMessage());
        // Debian's mariadb-plugin-spider makes every server it starts load Spider (/etc/mysql/mariadb.conf.d):
        // then the plain server knows no backend
        assertTrue(none.getMessage().contains(" does not offer the SPIDER engine (install mariadb-plugin-spider")
                || none.getMessage().contains(" knows no backend (CREATE SERVER"), none.getMessage());
    }

    @Test
    void newNodeIdsAreUniqueAndRisingOverEverySessionAboveTheLoadedOnes() throws Exception {
        try (GraphStore store = fresh()) {
            try (StoreSession s = store.session(0)) {
                List<Node> loaded = new ArrayList<>();
                for (int id = 1; id <= 100; id++) {
                    loaded.add(new Node(id, 1, 1, 1, DATA));
                }
                s.loadNodes(loaded);
            }
            List<CompletableFuture<List<Long>>> adders = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int worker = w;
                adders.add(CompletableFuture.supplyAsync(() -> {
                    List<Long> ids = new ArrayList<>();
                    try (StoreSession s = store.session(worker)) {
                        for (int i = 0; i < 50; i++) {
                            ids.add(s.addNode(new Node(0, 1, 1, 1, DATA)));
                        }
                    } catch (StoreException e) {
                        throw new IllegalStateException(e);
                    }
                    return ids;
                }));
            }
            Set<Long> all = new HashSet<>();
            for (CompletableFuture<List<Long>> a : adders) {
                List<Long> ids = a.get(120, TimeUnit.SECONDS);
                for (int i = 0; i < ids.size(); i++) {
                    assertTrue(ids.get(i) > 100, "above the loaded ids: " + ids);
                    assertTrue(i == 0 || ids.get(i) > ids.get(i - 1), "rising within a session: " + ids);
                }
                all.addAll(ids);
            }
            assertEquals(200, all.size(), "unique over the sessions");
            assertTrue(count(1, "SELECT COUNT(*) FROM nodetable WHERE id > 100") > 0
                    && count(2, "SELECT COUNT(*) FROM nodetable WHERE id > 100") > 0, "new nodes on both backends");
        }
    }

    @Test
    void anId1sLinksAndCountsLiveOnOneBackend() throws Exception {
        try (GraphStore store = fresh(); StoreSession s = store.session(0)) {
            for (long id1 = 1; id1 <= 20; id1++) {
                for (long id2 = 1; id2 <= 3; id2++) {
                    s.addLink(new Link(id1, 1, id2, Visibility.VISIBLE, DATA, 1, 1000));
                }
            }
            for (int b = 1; b <= SpiderTestCluster.BACKENDS; b++) {
                assertTrue(count(b, "SELECT COUNT(*) FROM linktable") > 0, "backend " + b + " holds links");
                assertEquals(0, count(b, "SELECT COUNT(*) FROM linktable l LEFT JOIN counttable c ON c.id = l.id1"
                        + " AND c.link_type = l.link_type WHERE c.id IS NULL"), "every link's count on backend " + b);
                assertEquals(0, count(b, "SELECT COUNT(*) FROM counttable c LEFT JOIN linktable l ON c.id = l.id1"
                        + " AND c.link_type = l.link_type WHERE l.id1 IS NULL"), "every count's links on backend " + b);
            }
            assertEquals(0, ((io.linkbench.store.CountVerifier) store).verifyCounts().mismatches());
            assertEquals(40, ((io.linkbench.store.CountVerifier) store).verifyCounts().groupsChecked() * 2);
        }
    }

    @Test
    void factsSizesSettingsAndNodesCoverTheHeadAndEveryBackend() throws Exception {
        try (GraphStore store = fresh()) {
            try (StoreSession s = store.session(0)) {
                for (long id1 = 1; id1 <= 50; id1++) {
                    s.addLink(new Link(id1, 1, 7, Visibility.VISIBLE, new byte[400], 1, 1000));
                }
            }
            Map<String, String> facts = store.info().facts();
            assertTrue(facts.get("spider.version").matches("\\d+\\.\\d+.*"), facts.toString());
            assertEquals("backend1 127.0.0.2:3341, backend2 127.0.0.3:3342", facts.get("spider.backends"));
            assertEquals("InnoDB", facts.get("spider.engine"));
            assertEquals("OFF", facts.get("spider_internal_xa"));
            assertTrue(facts.get("spider.partitions").contains("linktable by HASH(id1)"), facts.toString());
            assertTrue(facts.containsKey("size.backend1.linktable") && facts.containsKey("size.backend2.linktable"),
                    facts.toString());
            StoreMetrics m = (StoreMetrics) store;
            assertTrue(m.sizeBytes().orElseThrow() > 0);
            long backendBytes = 0;
            for (int b = 1; b <= 2; b++) {
                backendBytes += count(b, "SELECT SUM(file_size) FROM information_schema.INNODB_SYS_TABLESPACES WHERE"
                        + " name IN ('" + DB + "/nodetable', '" + DB + "/linktable', '" + DB + "/counttable')");
            }
            assertEquals(backendBytes, m.sizeBytes().orElseThrow(), "the size is the backends' tables'");
            List<ServerNode> nodes = m.serverNodes();
            assertEquals(List.of("head 127.0.0.1:3340", "backend1 127.0.0.2:3341", "backend2 127.0.0.3:3342"),
                    nodes.stream().map(ServerNode::name).toList());
            assertTrue(nodes.stream().allMatch(n -> n.isLocal() && n.dataDirectory().isPresent()), nodes.toString());
            assertEquals(3, nodes.stream().map(n -> n.pid().getAsInt()).distinct().count());
            Map<String, Long> counters = m.counters();
            long headWrites = count(0, "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
                    + " WHERE VARIABLE_NAME = 'HANDLER_WRITE'");
            assertTrue(counters.get("Handler_write") > headWrites, "the backends' rows are counted: " + counters);
            Map<String, String> config = ((ServerConfiguration) store).serverConfiguration();
            assertEquals("3340", config.get("head 127.0.0.1:3340 port"));
            assertEquals("3341", config.get("backend1 127.0.0.2:3341 port"));
            assertEquals("3342", config.get("backend2 127.0.0.3:3342 port"));
        }
    }

    @Test
    void withMyRocksBackendsTheStoreSaysWhatItDoesNotClaim() throws Exception {
        try (GraphStore store = SpiderTestCluster.freshStore("ROCKSDB", DB + "_rocks", Map.of(), 2)) {
            assertTrue(!store.info().transactional(), "the concurrent count invariant is not claimed");
            assertEquals(SpiderReadings.MYROCKS_CONCURRENCY, store.info().facts().get("spider.concurrency"));
            assertTrue(!SpiderReadings.MYROCKS_CONCURRENCY.contains("\n"), "one line");
        }
        try (GraphStore store = fresh()) {
            assertTrue(store.info().transactional(), "on InnoDB backends it is claimed (and the TCK checks it)");
        }
    }

    /**
     * With a host per backend the store offers transactions, XA across backends: a read-write transaction
     * over both backends commits on both or, rolled back, on neither, and the head's global XA setting stays.
     */
    @Test
    void transactionsAreOfferedAndAtomicAcrossBackends() throws Exception {
        try (GraphStore store = fresh(); StoreSession s = store.session(0)) {
            TransactionSupport t = store.transactions();
            assertTrue(t.offered(), t.detail());
            assertTrue(t.detail().contains("XA two-phase commit") && t.detail().contains("no global snapshot"),
                    t.detail());
            TransactionalSession tx = (TransactionalSession) s;
            tx.begin(false);
            for (long id1 = 1; id1 <= 4; id1++) { // ids 1..4 cover both backends (HASH(id1) over 2)
                s.addLink(new Link(id1, 1, 9, Visibility.VISIBLE, new byte[10], 1, 1000));
            }
            tx.rollback();
            assertEquals(0, backendLinks(1) + backendLinks(2), "rolled back on both backends");
            tx.begin(false);
            for (long id1 = 1; id1 <= 4; id1++) {
                s.addLink(new Link(id1, 1, 9, Visibility.VISIBLE, new byte[10], 1, 1000));
            }
            tx.commit();
            assertEquals(2, backendLinks(1), "committed on backend 1");
            assertEquals(2, backendLinks(2), "committed on backend 2");
            assertFalse(tx.inTransaction());
            assertEquals(0, count(0, "SELECT @@GLOBAL.spider_internal_xa"), "the head's global setting is left alone");
        }
    }

    private static long backendLinks(int backend) throws Exception {
        return count(backend, "SELECT COUNT(*) FROM " + DB + ".linktable WHERE id2 = 9");
    }
}
