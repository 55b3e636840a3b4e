package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.StoreSession;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What is particular to the MySQL store, run on each engine by a subclass: payloads around the
 * 255-byte split between the indexed column and the overflow column, bulk loads split by size, the
 * refusal to load over data, index_after_load, primary-key plans, and the count check.
 */
abstract class MySqlStoreCases {
    private GraphStore store;

    abstract String engine();

    String database() {
        return "lbtest_cases_" + engine().toLowerCase(java.util.Locale.ROOT);
    }

    @BeforeEach
    void open() throws StoreException {
        store = MySqlTestServer.freshStore(engine(), database(), Map.of("bulk_insert_kb", "4"));
    }

    @AfterEach
    void close() throws Exception {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void payloadsOfEveryLengthAroundTheIndexedPrefixComeBackExactly() throws Exception {
        int[] lengths = {0, 1, 254, 255, 256, 1000, 65536};
        Random random = new Random(7);
        try (StoreSession s = store.session(0)) {
            List<Link> expected = new ArrayList<>();
            for (int i = 0; i < lengths.length; i++) {
                byte[] data = new byte[lengths[i]];
                random.nextBytes(data);
                Link link = new Link(10, 1, 100 + i, Visibility.VISIBLE, data, i, 1000 + i);
                assertTrue(s.addLink(link));
                expected.add(0, link); // newest first
            }
            assertEquals(expected, s.getLinkList(10, 1, 0, Long.MAX_VALUE, 0, 100));
            long[] id2s = {106, 100, 103, 103, 104, 999};
            List<Link> got = s.multigetLinks(10, 1, id2s);
            assertEquals(List.of(expected.get(6), expected.get(3), expected.get(2), expected.get(0)), got);

            byte[] longer = new byte[70000];
            random.nextBytes(longer);
            Link updated = new Link(10, 1, 100, Visibility.VISIBLE, longer, 9, 5000);
            assertTrue(s.updateLink(updated));
            assertEquals(updated, s.getLinkList(10, 1, 0, Long.MAX_VALUE, 0, 1).get(0));
            Link shortAgain = new Link(10, 1, 100, Visibility.VISIBLE, new byte[] {0, 39, 92, 10}, 10, 5001);
            assertTrue(s.updateLink(shortAgain));
            assertEquals(List.of(shortAgain), s.multigetLinks(10, 1, new long[] {100}));

            byte[] nodeData = new byte[65536];
            random.nextBytes(nodeData);
            long id = s.addNode(new Node(0, 3, 1, 100, nodeData));
            assertArrayEquals(nodeData, s.getNode(id, 3).data());
        }
    }

    @Test
    void bulkLoadSplitsBatchesBySizeAndKeepsEveryRow() throws Exception {
        Random random = new Random(3);
        List<Link> links = new ArrayList<>();
        List<LinkCount> counts = new ArrayList<>();
        List<Node> nodes = new ArrayList<>();
        for (long id1 = 1; id1 <= 60; id1++) {
            byte[] nodeData = new byte[(int) (id1 * 7)];
            random.nextBytes(nodeData);
            nodes.add(new Node(id1, 2, id1, (int) id1, nodeData));
            int visible = 0;
            for (long id2 = 1; id2 <= id1 % 5; id2++) {
                byte[] data = new byte[(int) ((id1 * id2 * 37) % 600)];
                random.nextBytes(data);
                Visibility v = id2 == 3 ? Visibility.HIDDEN : Visibility.VISIBLE;
                visible += v == Visibility.VISIBLE ? 1 : 0;
                links.add(new Link(id1, 1, id2, v, data, 1, id1 * 10 + id2));
            }
            if (id1 % 5 != 0) {
                counts.add(new LinkCount(id1, 1, visible, id1, 0));
            }
        }
        try (StoreSession s = store.session(0)) {
            s.loadNodes(nodes);
            s.loadLinks(links);
            s.loadCounts(counts);
            for (Node n : nodes) {
                assertEquals(n, s.getNode(n.id(), 2));
            }
            for (Link l : links) {
                assertEquals(List.of(l), s.multigetLinks(l.id1(), 1, new long[] {l.id2()}));
            }
            assertEquals(3, s.countLinks(4, 1)); // id2 1..4, 3 hidden
            long id = s.addNode(new Node(0, 2, 1, 1, new byte[0]));
            assertTrue(id > 60, "ids assigned after a load are above the loaded ones: " + id);
        }
        var report = ((CountVerifier) store).verifyCounts();
        assertTrue(report.ok(), report.toString());
        assertEquals(48, report.groupsChecked());
    }

    @Test
    void verifyFindsCountsThatDisagreeWithTheLinksInBothDirections() throws Exception {
        try (StoreSession s = store.session(0)) {
            s.addLink(new Link(1, 1, 2, Visibility.VISIBLE, new byte[0], 0, 1));
            s.addLink(new Link(1, 1, 3, Visibility.VISIBLE, new byte[0], 0, 1));
            s.addLink(new Link(2, 1, 3, Visibility.VISIBLE, new byte[0], 0, 1));
        }
        assertTrue(((CountVerifier) store).verifyCounts().ok());
        try (Connection c = MySqlTestServer.jdbc(database()); Statement st = c.createStatement()) {
            st.executeUpdate("UPDATE counttable SET count = 5 WHERE id = 1");
            st.executeUpdate("DELETE FROM counttable WHERE id = 2");
            st.executeUpdate("INSERT INTO counttable VALUES (7, 1, 1, 0, 0)");
        }
        var report = ((CountVerifier) store).verifyCounts();
        assertEquals(3, report.mismatches(), report.toString());
        assertEquals(List.of(new io.linkbench.store.VerificationReport.Mismatch(1, 1, 5, 2),
                new io.linkbench.store.VerificationReport.Mismatch(2, 1, -1, 1),
                new io.linkbench.store.VerificationReport.Mismatch(7, 1, 1, 0)), report.examples());
    }

    @Test
    void loadingIntoDataRefusesWithoutRecreateAndRecreateDropsIt() throws Exception {
        try (StoreSession s = store.session(0)) {
            s.addNode(new Node(0, 1, 1, 1, new byte[] {1}));
        }
        StoreException e = assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.CREATE));
        assertEquals(StoreException.Kind.REJECTED, e.kind());
        assertTrue(e.getMessage().contains("schema = recreate"), e.getMessage());
        assertTrue(e.getMessage().contains("nodetable"), e.getMessage());
        store.prepareForRequests(); // drops nothing
        try (StoreSession s = store.session(0)) {
            assertEquals(1, s.getNode(1, 1).version());
        }
        store.prepareForLoad(SchemaMode.RECREATE);
        store.prepareForLoad(SchemaMode.CREATE); // empty now
        try (StoreSession s = store.session(0)) {
            assertNull(s.getNode(1, 1));
        }
    }

    @Test
    void tablesOfAnotherEngineAreNotUsedSilently() throws Exception {
        String other = engine().equalsIgnoreCase("ROCKSDB") ? "InnoDB" : "ROCKSDB";
        store.close(); // else its claim on the tables refuses the other store's load before the engine is checked
        try (GraphStore wrong = MySqlTestServer.open(MySqlTestServer.settings(other, database(), Map.of()))) {
            StoreException e = assertThrows(StoreException.class, wrong::prepareForRequests);
            assertTrue(e.getMessage().contains("uses engine"), e.getMessage());
            e = assertThrows(StoreException.class, () -> wrong.prepareForLoad(SchemaMode.CREATE));
            assertTrue(e.getMessage().contains("schema = recreate"), e.getMessage());
        }
    }

    @Test
    void indexAfterLoadBuildsTheCoveringIndexAsItsOwnStep() throws Exception {
        store.close();
        store = MySqlTestServer.freshStore(engine(), database(), Map.of("index_after_load", "true"));
        LoadHooks hooks = (LoadHooks) store;
        assertEquals(List.of("build index id1_type"), hooks.finishLoadSteps().stream().map(LoadHooks.Step::name).toList());
        try (Connection c = MySqlTestServer.jdbc(database())) {
            assertFalse(new Schema(configOf(Map.of())).hasLinkIndex(c));
            try (StoreSession s = store.session(0)) {
                s.loadLinks(List.of(new Link(5, 1, 6, Visibility.VISIBLE, new byte[] {1}, 1, 9)));
            }
            hooks.finishLoadSteps().get(0).run();
            assertTrue(new Schema(configOf(Map.of())).hasLinkIndex(c));
        }
        try (StoreSession s = store.session(0)) {
            assertEquals(1, s.getLinkList(5, 1, 0, 100, 0, 10).size());
        }
    }

    @Test
    void cancellingTheIndexBuildStopsItAndLeavesTheIndexToTheRequestPhase() throws Exception {
        store.close();
        store = MySqlTestServer.freshStore(engine(), database(), Map.of("index_after_load", "true"));
        LoadHooks.Step build = ((LoadHooks) store).finishLoadSteps().get(0);
        try (StoreSession s = store.session(0)) {
            s.loadLinks(List.of(new Link(5, 1, 6, Visibility.VISIBLE, new byte[] {1}, 1, 9)));
        }
        Schema schema = new Schema(configOf(Map.of()));
        try (Connection blocker = MySqlTestServer.jdbc(database()); Statement st = blocker.createStatement()) {
            // an open transaction that read the table holds its metadata lock: the ALTER waits for it
            blocker.setAutoCommit(false);
            st.executeQuery("SELECT * FROM linktable LIMIT 1").close();
            java.util.concurrent.CompletableFuture<Void> step = java.util.concurrent.CompletableFuture.runAsync(() -> {
                try {
                    build.run();
                } catch (StoreException e) {
                    throw new java.util.concurrent.CompletionException(e);
                }
            });
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (!alterRunning(st) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(alterRunning(st), "the index build started and waits for the metadata lock");
            long t0 = System.nanoTime();
            build.canceller().run();
            var e = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> step.get(10, java.util.concurrent.TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof StoreException, e.toString());
            assertTrue((System.nanoTime() - t0) / 1e9 < 5, "the step ended soon after the cancel");
            blocker.commit();
            assertFalse(schema.hasLinkIndex(blocker));
        }
        build.canceller().run(); // no step running: nothing happens
        store.prepareForRequests();
        try (Connection c = MySqlTestServer.jdbc(database())) {
            assertTrue(schema.hasLinkIndex(c), "-r builds the index that is missing");
        }
    }

    private boolean alterRunning(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST"
                + " WHERE INFO LIKE 'ALTER TABLE `" + database() + "`.`linktable` ADD INDEX%'")) {
            return rs.next() && rs.getLong(1) > 0;
        }
    }

    @Test
    void statementsThatAddressOneLinkUseThePrimaryKey() throws Exception {
        SqlText sql = new SqlText(configOf(Map.of()));
        try (StoreSession s = store.session(0)) { // rows, so the plans are not "impossible WHERE"
            for (long id2 = 1; id2 <= 3; id2++) {
                s.addLink(new Link(1, 1, id2, Visibility.VISIBLE, new byte[] {1}, 1, id2));
            }
        }
        try (Connection c = MySqlTestServer.jdbc(database()); Statement st = c.createStatement()) {
            for (SqlText.Q q : List.of(SqlText.Q.LINK_UPDATE, SqlText.Q.LINK_LOCK, SqlText.Q.LINK_HIDE,
                    SqlText.Q.LINK_EXPUNGE, SqlText.Q.LINK_DATA_EXT)) {
                String literal = sql.of(q).replace("?", "1");
                try (ResultSet rs = st.executeQuery("EXPLAIN " + literal)) {
                    assertTrue(rs.next());
                    assertEquals("PRIMARY", rs.getString("key"), q + ": " + literal);
                }
            }
            try (ResultSet rs = st.executeQuery("EXPLAIN " + sql.of(SqlText.Q.GET_LINK_LIST).replace("?", "1"))) {
                assertTrue(rs.next());
                assertEquals("id1_type", rs.getString("key"));
                assertTrue(rs.getString("Extra").contains("Using index"), rs.getString("Extra"));
                assertFalse(rs.getString("Extra").contains("filesort"), rs.getString("Extra"));
            }
        }
    }

    /** A link write that inserts a missing link: {@code addLink} or {@code updateOrAddLink}. */
    @FunctionalInterface
    private interface InsertingWrite {
        boolean write(StoreSession s, Link link) throws StoreException;
    }

    @Test
    void aLockWaitTimeoutRollsBackTheWholeTransactionAndLeavesTheSessionUsable() throws Exception {
        insertWaitsOnTheCountRowUntilItTimesOut(StoreSession::addLink, true);
    }

    @Test
    void updateOrAddLinkInsertsTheLinkAndItsCountInOneTransaction() throws Exception {
        insertWaitsOnTheCountRowUntilItTimesOut(StoreSession::updateOrAddLink, false);
    }

    /**
     * A write inserting a link while another connection holds the count row: the lock wait times out,
     * the link insert is rolled back with it, and the retry inserts it ({@code write} then answers
     * {@code retryAnswer}).
     */
    private void insertWaitsOnTheCountRowUntilItTimesOut(InsertingWrite write, boolean retryAnswer) throws Exception {
        store.close();
        store = MySqlTestServer.freshStore(engine(), database(),
                Map.of("jdbc_url_options", "sessionVariables=innodb_lock_wait_timeout=1"));
        try (StoreSession s = store.session(0);
             Connection blocker = MySqlTestServer.jdbc(database()); Statement st = blocker.createStatement()) {
            assertTrue(s.addLink(new Link(1, 1, 1, Visibility.VISIBLE, new byte[] {1}, 1, 1)));
            blocker.setAutoCommit(false);
            st.executeQuery("SELECT count FROM counttable WHERE id = 1 AND link_type = 1 FOR UPDATE").close();
            // the link row is written, then the count row waits for the blocker until the lock wait times out
            Link second = new Link(1, 1, 2, Visibility.VISIBLE, new byte[] {2}, 1, 2);
            StoreException e = assertThrows(StoreException.class, () -> write.write(s, second));
            assertEquals(StoreException.Kind.CONFLICT, e.kind(), e.toString());
            assertTrue(e.isRetryable());
            blocker.commit();
            assertEquals(List.of(), s.multigetLinks(1, 1, new long[] {2}), "the link insert was rolled back too");
            assertEquals(1, s.countLinks(1, 1));
            assertEquals(retryAnswer, write.write(s, second), "the retry inserts it");
            assertEquals(2, s.countLinks(1, 1));
            assertEquals(List.of(second), s.multigetLinks(1, 1, new long[] {2}));
        }
        assertTrue(((CountVerifier) store).verifyCounts().ok());
    }

    @Test
    void theUnixSocketCarriesRequestsAndTimesOutASilentRead() throws Exception {
        String socket = MySqlTestServer.unixSocket();
        Assumptions.assumeFalse(socket.isEmpty(), "the MySQL server has no Unix socket on this host");
        store.close();
        store = MySqlTestServer.freshStore(engine(), database(), Map.of("socket", socket, "bulk_insert_kb", "4"));
        try (StoreSession s = store.session(0)) {
            List<Link> batch = new ArrayList<>();
            for (int id2 = 0; id2 < 300; id2++) { // several 4 KiB statements, each in a few socket reads
                batch.add(new Link(7, 1, id2, Visibility.VISIBLE, new byte[40], 1, id2));
            }
            s.loadLinks(batch);
            s.loadCounts(List.of(new LinkCount(7, 1, 300, 1, 0)));
            assertEquals(300, s.getLinkList(7, 1, 0, Long.MAX_VALUE, 0, 1000).size());
            assertTrue(s.addLink(new Link(7, 1, 300, Visibility.VISIBLE, new byte[70_000], 1, 300)));
            assertEquals(70_000, s.multigetLinks(7, 1, new long[] {300}).get(0).data().length);
            assertEquals(301, s.countLinks(7, 1));
        }
        Connector connector = new Connector(configOf(Map.of("socket", socket, "socket_timeout", "1")));
        try (Connection c = connector.open(Connector.Purpose.AUTOCOMMIT, true); Statement st = c.createStatement()) {
            long start = System.nanoTime();
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SELECT SLEEP(5)"));
            assertEquals(StoreException.Kind.TIMEOUT, Errors.MAP.kindOf(e), SqlErrorMap.oneLine(e));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(ms >= 900 && ms < 4_000, "timed out after " + ms + " ms");
        }
        Connector missing = new Connector(configOf(Map.of("socket", "/nonexistent/mysqld.sock")));
        StoreException e = assertThrows(StoreException.class, () -> missing.open(Connector.Purpose.ADMIN, false));
        assertEquals(StoreException.Kind.CONNECTION, e.kind(), e.toString());
        assertTrue(e.getMessage().contains("/nonexistent/mysqld.sock"), e.getMessage());
    }

    @Test
    void countersSizeAndServerFactsAreReported() throws Exception {
        var metrics = (io.linkbench.store.StoreMetrics) store;
        Map<String, Long> before = metrics.counters();
        try (StoreSession s = store.session(0)) {
            for (int i = 0; i < 20; i++) {
                s.addLink(new Link(1, 1, i, Visibility.VISIBLE, new byte[8], 1, i));
            }
        }
        Map<String, Long> after = metrics.counters();
        assertTrue(after.get("Handler_write") >= before.get("Handler_write") + 20, after.toString());
        // each ADD_LINK is at least its insert, its count upsert and COMMIT
        assertTrue(after.get("statements") >= before.get("statements") + 60, before + " -> " + after);
        assertTrue(metrics.sizeBytes().isPresent());
        var info = store.info();
        assertEquals("mysql", info.store());
        assertTrue(info.engine().equalsIgnoreCase(engine()), info.toString());
        assertFalse(info.version().isEmpty());
        if (MySqlTestServer.HOST.equals("127.0.0.1") && java.nio.file.Files.isReadable(
                java.nio.file.Path.of("/run/mysqld/mysqld.pid"))) {
            assertTrue(metrics.serverPid().isPresent());
        }
    }

    @Test
    void getLinksListSentAsTextOrPreparedOnTheServerReturnsTheSameRows() throws Exception {
        Random random = new Random(11);
        try (StoreSession s = store.session(0)) {
            for (long id2 = 1; id2 <= 40; id2++) {
                byte[] data = new byte[(int) (id2 * 9 % 300)];
                random.nextBytes(data);
                Visibility v = id2 % 7 == 0 ? Visibility.HIDDEN : Visibility.VISIBLE;
                s.addLink(new Link(3, 2, id2, v, data, (int) id2, 1000 + id2 / 2)); // equal times: id2 orders them
            }
        }
        Map<String, String> base = MySqlTestServer.settings(engine(), database(), Map.of());
        List<List<Link>> answers = new ArrayList<>();
        for (String form : List.of("prepared", "text")) {
            Map<String, String> settings = new java.util.HashMap<>(base);
            settings.put(MySqlConfig.LIST_STATEMENT, form);
            try (GraphStore other = MySqlTestServer.open(settings); StoreSession s = other.session(0)) {
                assertEquals(form, other.info().facts().get(MySqlConfig.LIST_STATEMENT));
                List<Link> got = new ArrayList<>(s.getLinkList(3, 2, 0, Long.MAX_VALUE, 0, 100));
                got.addAll(s.getLinkList(3, 2, 1005, 1015, 2, 6));
                got.addAll(s.getLinkList(3, 2, 0, 1012, 0, 3));
                answers.add(got);
            }
        }
        assertEquals(35 + 6 + 3, answers.get(0).size(), answers.get(0).toString()); // 35 visible of 40
        assertEquals(answers.get(0), answers.get(1));
    }

    MySqlConfig configOf(Map<String, String> extra) {
        return MySqlConfig.from(new io.linkbench.config.Settings(
                MySqlTestServer.settings(engine(), database(), extra)));
    }
}
