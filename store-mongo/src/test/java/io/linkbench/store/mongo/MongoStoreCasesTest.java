package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.harness.Await;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What the TCK does not cover: the store's own choices, over the wire to the in-process server. */
@Tag("mongo")
class MongoStoreCasesTest {
    private final InProcessMongo server = new InProcessMongo();

    @AfterEach
    void stop() {
        server.close();
    }

    private static Link link(long id1, long id2, long time) {
        return new Link(id1, 1, id2, Visibility.VISIBLE, ("p" + id2).getBytes(StandardCharsets.UTF_8), 1, time);
    }

    @Test
    void transactionsOnAgainstAServerWithoutThemIsRejected() {
        StoreException e = assertThrows(StoreException.class, () -> server.open("db", Map.of("transactions", "on"), 2));
        assertEquals(StoreException.Kind.REJECTED, e.kind());
        assertTrue(e.getMessage().startsWith("transactions = on: the MongoDB server at 127.0.0.1:" + server.port()
                + " (standalone) cannot run multi-document transactions"), e.getMessage());
    }

    @Test
    void shardingAutoLeavesAStandaloneServerUnshardedAndSaysSo() throws Exception {
        try (GraphStore store = server.open("db", Map.of(), 2)) {
            ((LoadHooks) store).prepareForLoad(SchemaMode.RECREATE);
            Map<String, String> facts = store.info().facts();
            assertEquals("off (sharding = auto: the server is not a mongos)", facts.get("sharding"));
            assertEquals("nodes unsharded, links unsharded, counts unsharded", facts.get("shard_keys"));
            assertFalse(facts.containsKey("co_location"), facts.toString());
        }
    }

    @Test
    void shardingOnAgainstAServerThatCannotShardIsRefusedInOneLine() throws Exception {
        try (GraphStore store = server.open("db", Map.of("sharding", "on"), 2)) {
            StoreException e = assertThrows(StoreException.class, () -> ((LoadHooks) store).prepareForLoad(SchemaMode.RECREATE));
            assertEquals(StoreException.Kind.REJECTED, e.kind());
            assertEquals("sharding = on: the server at 127.0.0.1:" + server.port() + " is a single mongod, which cannot"
                    + " shard: connect to a mongos, or set sharding = off", e.getMessage());
        }
    }

    @Test
    void autoChoosesNoTransactionsOnAStandaloneServerAndSaysWhatThatMeans() throws Exception {
        try (GraphStore store = server.open("db", Map.of("transactions", "auto"), 2)) {
            assertFalse(store.info().transactional(), "not transactional without transactions");
            StoreInfo info = store.info();
            assertEquals("mongo", info.store());
            assertFalse(info.version().isEmpty(), "the server's version from buildInfo");
            assertEquals("standalone", info.facts().get("topology"));
            assertEquals("off (auto: standalone without multi-document transactions)", info.facts().get("transactions"));
            assertTrue(info.facts().get("count_invariant").startsWith("not guaranteed"), info.facts().toString());
            assertEquals("127.0.0.1:" + server.port(), info.facts().get("hosts"));
            assertEquals("server default", info.facts().get("read_concern"));
        }
    }

    @Test
    void verifyOfADatabaseNeverLoadedSaysSo() throws Exception {
        try (GraphStore store = server.open("never_loaded", Map.of(), 1)) {
            StoreException e = assertThrows(StoreException.class,
                    () -> ((io.linkbench.store.CountVerifier) store).verifyCounts());
            assertEquals(StoreException.Kind.REJECTED, e.kind());
            assertTrue(e.getMessage().contains("load it first"), e.getMessage());
        }
    }

    @Test
    void indexAfterLoadIsAStepOfItsOwn() throws Exception {
        try (GraphStore store = server.open("db", Map.of("index_after_load", "true"), 2)) {
            List<LoadHooks.Step> steps = ((LoadHooks) store).finishLoadSteps();
            assertEquals(List.of("build index link_list"), steps.stream().map(LoadHooks.Step::name).toList());
            steps.get(0).run();
        }
        try (GraphStore store = server.open("db", Map.of(), 2)) {
            assertEquals(List.of(), ((LoadHooks) store).finishLoadSteps(), "built before the load by default");
        }
    }

    @Test
    void storesOfTwoProcessesNeverAssignTheSameNodeId() throws Exception {
        try (GraphStore a = server.open("db", Map.of("node_id_block", "7"), 2);
             GraphStore b = server.open("db", Map.of("node_id_block", "7"), 2)) {
            a.prepareForLoad(SchemaMode.CREATE);
            try (StoreSession s = a.session(0)) {
                s.loadNodes(List.of(new Node(500, 1, 1, 1, new byte[0])));
            }
            a.prepareForRequests();
            b.prepareForRequests();
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<List<Long>>> ids = new ArrayList<>();
                for (GraphStore store : List.of(a, b)) {
                    ids.add(pool.submit(() -> {
                        List<Long> mine = new ArrayList<>();
                        try (StoreSession s = store.session(1)) {
                            for (int i = 0; i < 40; i++) {
                                mine.add(s.addNode(new Node(0, 1, i, i, new byte[] {(byte) i})));
                            }
                        }
                        return mine;
                    }));
                }
                Set<Long> seen = new HashSet<>();
                for (Future<List<Long>> f : ids) {
                    List<Long> mine = f.get(60, TimeUnit.SECONDS);
                    for (int i = 0; i < mine.size(); i++) {
                        assertTrue(mine.get(i) > 500, "above the loaded id: " + mine);
                        assertTrue(i == 0 || mine.get(i) > mine.get(i - 1), "increasing within a process: " + mine);
                        assertTrue(seen.add(mine.get(i)), "assigned twice: " + mine.get(i));
                    }
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void addNodeSkipsIdsLoadedBehindItsBack() throws Exception {
        try (GraphStore a = server.open("db", Map.of(), 2); GraphStore b = server.open("db", Map.of(), 2)) {
            a.prepareForLoad(SchemaMode.CREATE);
            a.prepareForRequests();
            try (StoreSession sa = a.session(0); StoreSession sb = b.session(0)) {
                long first = sa.addNode(new Node(0, 1, 1, 1, new byte[0])); // a holds a block from here on
                List<Node> loaded = new ArrayList<>();
                for (long id = first + 1; id <= first + 20; id++) {
                    loaded.add(new Node(id, 1, 1, 1, new byte[0]));
                }
                sb.loadNodes(loaded); // another process loads ids inside a's block
                long next = sa.addNode(new Node(0, 2, 1, 1, new byte[0]));
                assertTrue(next > first + 20, "id " + next + " must skip the loaded ids up to " + (first + 20));
            }
        }
    }

    @Test
    void aBulkBatchRepeatedAfterALostConnectionIsAccepted() throws Exception {
        try (GraphStore store = server.open("db", Map.of(), 2)) {
            store.prepareForLoad(SchemaMode.CREATE);
            List<Link> links = List.of(link(1, 2, 10), link(1, 3, 11), link(2, 2, 12));
            try (StoreSession s = store.session(0)) {
                s.loadLinks(links.subList(0, 2)); // the first attempt got that far
                s.loadLinks(links); // the driver's retry of the whole batch
                s.loadCounts(List.of(new LinkCount(1, 1, 2, 11, 1)));
                s.loadCounts(List.of(new LinkCount(1, 1, 2, 11, 1), new LinkCount(2, 1, 1, 12, 1)));
                store.prepareForRequests();
                assertEquals(List.of(link(1, 3, 11), link(1, 2, 10)), s.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 100));
                assertEquals(1, s.countLinks(2, 1));
            }
            Map<String, Long> counters = ((StoreMetrics) store).counters();
            assertEquals(3L, counters.get("client.load_rows_already_stored"), counters.toString());
        }
    }

    @Test
    void countersAndSizeAreReportedWhereTheServerHasThem() throws Exception {
        try (GraphStore store = server.open("db", Map.of(), 2)) {
            store.prepareForLoad(SchemaMode.CREATE);
            try (StoreSession s = store.session(0)) {
                s.loadLinks(List.of(link(1, 2, 10)));
            }
            StoreMetrics m = (StoreMetrics) store;
            Map<String, Long> counters = m.counters();
            assertEquals(0L, counters.get("client.txn_retries.ADD_LINK"), counters.toString());
            assertEquals(0L, counters.get("client.commit_retries.DELETE_LINK"), counters.toString());
            assertTrue(m.sizeBytes().isPresent() && m.sizeBytes().getAsLong() > 0, "size: " + m.sizeBytes());
            assertTrue(m.serverPid().isEmpty(), "the in-process server is no mongod");
            assertTrue(m.dataDirectory().isEmpty(), "the in-process server has no data directory");
        }
    }

    /**
     * The index build of {@code index_after_load} asks the server whether it answers on a connection of its own, so a
     * server that stops answering ends the load after {@code load_stall_limit} instead of hanging: here the proxy in
     * front of the server refuses and cuts every connection, and the question fails until it relays again.
     */
    @Test
    void thePostLoadIndexBuildAsksTheServerWhetherItAnswers() throws Exception {
        try (FaultProxy proxy = new FaultProxy(server.port());
             GraphStore store = new MongoStoreProvider().open(new io.linkbench.store.StoreContext(
                     new io.linkbench.config.Settings(server.settings("db", Map.of("url", "mongodb://127.0.0.1:"
                             + proxy.port() + "/?retryReads=false&retryWrites=false", "index_after_load", "true",
                             "server_selection_timeout", "1"))), 2))) {
            store.prepareForLoad(SchemaMode.RECREATE);
            List<LoadHooks.Step> steps = ((LoadHooks) store).finishLoadSteps();
            assertEquals(1, steps.size(), steps.toString());
            LoadHooks.Step build = steps.get(0);
            assertTrue(build.asksServer(), "the index build asks the server");
            build.answers().run();
            proxy.refuse(true);
            proxy.cutAll();
            assertThrows(StoreException.class, () -> build.answers().run(), "no answer from a server that is away");
            proxy.refuse(false);
            Await.until(Duration.ofSeconds(60), "an answer once the proxy relays again",
                    () -> {
                        try {
                            build.answers().run();
                            return true;
                        } catch (StoreException e) {
                            return false; // the driver has not yet seen the server come back
                        }
                    });
        }
    }

    @Test
    void aLostConnectionIsAConnectionErrorAndTheNextCallReconnects() throws Exception {
        try (FaultProxy proxy = new FaultProxy(server.port());
             GraphStore store = new MongoStoreProvider().open(new io.linkbench.store.StoreContext(
                     new io.linkbench.config.Settings(server.settings("db", Map.of("url", "mongodb://127.0.0.1:"
                             + proxy.port() + "/?retryReads=false&retryWrites=false"))), 2))) {
            store.prepareForLoad(SchemaMode.CREATE);
            try (StoreSession s = store.session(0)) {
                assertTrue(s.addLink(link(1, 2, 10)));
                proxy.cutAll();
                StoreException e = assertThrows(StoreException.class, () -> s.countLinks(1, 1));
                assertEquals(StoreException.Kind.CONNECTION, e.kind(), e.getMessage());
                assertTrue(e.isRetryable());
                assertEquals(1, s.countLinks(1, 1), "the session reconnects on its next call");
                proxy.cutAll();
                StoreException w = assertThrows(StoreException.class, () -> s.addLink(link(1, 3, 10)));
                assertEquals(StoreException.Kind.CONNECTION, w.kind(), w.getMessage());
                assertTrue(w.getMessage().startsWith("ADD_LINK: "), w.getMessage());
            }
        }
    }
}
