package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The Mongo store's own side of the caller's transactions ({@link TransactionalSession}), beside the TCK's
 * transaction contracts: what it offers or declines on each server, in one line; on the real servers
 * (LINKBENCH_MONGO_URL, LINKBENCH_MONGO_CLUSTER_URL: DocumentDB alone and over Citus) the isolation it
 * names, a commit with an unknown result (a relay resets it) committed again or failing as CONNECTION
 * saying so, and a deadlock over Citus (error 50, which the TCK's conflict test may or may not meet) coming
 * back as CONFLICT with the transaction ended. The TCK's transaction contracts run in the suites of each server.
 */
@Tag("mongo")
class MongoTransactionTest {
    private static final String DB = "lbtest_txn";

    @Test
    void aServerWithoutSessionsIsDeclinedInOneLineAndBeginRefusesWithIt() throws Exception {
        try (InProcessMongo server = new InProcessMongo();
             GraphStore store = server.open("txn", Map.of("transactions", "auto"), 2)) {
            TransactionSupport offer = store.transactions();
            assertFalse(offer.offered());
            assertTrue(offer.detail().contains("has no sessions"), offer.detail());
            assertFalse(offer.detail().contains("\n"), offer.detail());
            try (TransactionalSession s = (TransactionalSession) store.session(0)) {
                StoreException e = assertThrows(StoreException.class, () -> s.begin(false));
                assertEquals(StoreException.Kind.REJECTED, e.kind());
                assertTrue(e.getMessage().contains(offer.detail()), e.getMessage());
                assertFalse(s.inTransaction());
                s.rollback(); // nothing open: nothing to do
            }
        }
    }

    @Test
    void transactionsOffIsDeclinedNamingTheKeyToChange() throws Exception {
        try (InProcessMongo server = new InProcessMongo(); GraphStore store = server.open("txn", Map.of(), 2)) {
            assertEquals(TransactionSupport.declined("transactions = off: set transactions = auto (or on) on a"
                    + " server that runs multi-document transactions (a replica set, a mongos of MongoDB 4.2+,"
                    + " DocumentDB)"), store.transactions());
        }
    }

    @Test
    void documentDbOffersRepeatableReadWithOneSnapshotPerReadOnlyTransaction() throws Exception {
        try (GraphStore store = open(RealMongo.urlOrSkip(), Map.of())) {
            TransactionSupport offer = store.transactions();
            assertTrue(offer.offered(), offer.detail());
            assertTrue(offer.detail().startsWith("DocumentDB (PostgreSQL): read-write transactions all or nothing at"
                    + " REPEATABLE READ"), offer.detail());
            assertFalse(offer.detail().contains("worker"), offer.detail());
        }
    }

    /** Asked before the collections exist (the CLI asks before the load), DocumentDB cannot say whether it is distributed. */
    @Test
    void beforeTheCollectionsExistTheOfferSaysItsSnapshotMayBePerWorker() throws Exception {
        Map<String, String> settings = Map.of("store", "mongo", "url", RealMongo.urlOrSkip(), "dbid", DB + "_none",
                "transactions", "on");
        try (GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), 1))) {
            String detail = store.transactions().detail();
            assertTrue(detail.contains("one snapshot taken at their first read (one per worker if this DocumentDB is"
                    + " distributed over Citus, which it says once the collections exist: "), detail);
        }
    }

    @Test
    void aReadConcernInTheUrlSetsTheReadWriteIsolation() throws Exception {
        String url = RealMongo.urlOrSkip();
        try (GraphStore store = open(url + (url.contains("?") ? "&" : "/?") + "readConcernLevel=local", Map.of())) {
            String detail = store.transactions().detail();
            assertTrue(detail.contains("at READ COMMITTED per statement (url's readConcernLevel=local)"), detail);
            assertTrue(detail.contains("read-only ones at REPEATABLE READ"), detail);
        }
    }

    /**
     * A commit whose connection resets before the server sees it, twice (the relay fails it and the driver's own
     * retry, which it makes whatever retryWrites says), has an unknown result: the store commits again, and the
     * transaction's writes are there once.
     */
    @Test
    void aCommitWithAnUnknownResultIsCommittedAgain() throws Exception {
        String url = RealMongo.urlOrSkip();
        try (FaultProxy proxy = new FaultProxy(RealMongo.port(url));
             GraphStore store = open(relayed(url, proxy), Map.of());
             TransactionalSession s = (TransactionalSession) store.session(0)) {
            s.begin(false);
            s.addLink(new Link(5, 1, 1, Visibility.VISIBLE, new byte[] {1}, 1, 10));
            s.addLink(new Link(5, 1, 2, Visibility.VISIBLE, new byte[] {2}, 1, 20));
            proxy.failNextCommands(2);
            s.commit();
            assertFalse(s.inTransaction());
            assertEquals(2, s.countLinks(5, 1));
            assertEquals(1L, ((StoreMetrics) store).counters().get("client.commit_retries.TRANSACTION"));
        }
    }

    /** With txn_retries = 0 the unknown result stays unknown: CONNECTION, saying so; the session goes on. */
    @Test
    void aCommitWhoseResultStaysUnknownFailsAsConnectionSayingSo() throws Exception {
        String url = RealMongo.urlOrSkip();
        try (FaultProxy proxy = new FaultProxy(RealMongo.port(url));
             GraphStore store = open(relayed(url, proxy), Map.of("txn_retries", "0"));
             TransactionalSession s = (TransactionalSession) store.session(0)) {
            s.begin(false);
            s.addLink(new Link(6, 1, 1, Visibility.VISIBLE, new byte[] {1}, 1, 10));
            proxy.failNextCommands(2);
            StoreException e = assertThrows(StoreException.class, s::commit);
            assertEquals(StoreException.Kind.CONNECTION, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("commit: outcome unknown, the transaction may or may not have"
                    + " committed: "), e.getMessage());
            assertFalse(s.inTransaction());
            s.rollback();
            assertEquals(0, s.countLinks(6, 1), "the relay reset the commit before the server saw it");
            s.begin(false);
            s.addLink(new Link(6, 1, 1, Visibility.VISIBLE, new byte[] {2}, 2, 20));
            s.commit();
            assertEquals(1, s.countLinks(6, 1), "the session's next transaction");
        }
    }

    /**
     * Over Citus a lock wait is not cut after 20 ms as on one DocumentDB (112): it lasts until the gateway's
     * command timeout (PostgresCommandTimeoutSecs, 30 s here), and a deadlock until Citus's deadlock detection
     * (about a second here); both come back as error 50, "may be due to concurrent transactions".
     */
    @Test
    void theClusterSaysItsSnapshotIsPerWorkerAndADeadlockIsAConflict() throws Exception {
        try (GraphStore store = open(RealMongo.clusterUrlOrSkip(), Map.of("sharding", "on"))) {
            TransactionSupport offer = store.transactions();
            assertTrue(offer.offered(), offer.detail());
            assertTrue(offer.detail().contains("one snapshot taken at their first read on each worker: Citus has no"
                    + " global snapshot"), offer.detail());
            deadlockIsAConflict(store);
        }
    }

    /**
     * Two transactions update two nodes in opposite orders: the server fails at least one of them (a deadlock, or
     * lock timeouts), as CONFLICT with its transaction ended; any other commits, and its writes are there.
     */
    private static void deadlockIsAConflict(GraphStore store) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (TransactionalSession a = (TransactionalSession) store.session(0);
             TransactionalSession b = (TransactionalSession) store.session(1)) {
            long[] ids = {a.addNode(new Node(0, 1, 1, 1, new byte[] {1})), a.addNode(new Node(0, 1, 1, 1, new byte[] {2}))};
            TransactionalSession[] sessions = {a, b};
            CyclicBarrier bothLocked = new CyclicBarrier(2);
            List<Future<Boolean>> committed = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                TransactionalSession s = sessions[i];
                long mine = ids[i];
                long other = ids[1 - i];
                long version = 10 + i;
                committed.add(threads.submit(() -> {
                    s.begin(false);
                    assertTrue(s.updateNode(new Node(mine, 1, version, 1, new byte[] {3})));
                    bothLocked.await(60, TimeUnit.SECONDS);
                    try {
                        s.updateNode(new Node(other, 1, version, 1, new byte[] {4}));
                        s.commit();
                        return true;
                    } catch (StoreException e) {
                        assertEquals(StoreException.Kind.CONFLICT, e.kind(), e.getMessage());
                        assertFalse(s.inTransaction());
                        return false;
                    }
                }));
            }
            int commits = 0;
            for (int i = 0; i < 2; i++) {
                if (committed.get(i).get(120, TimeUnit.SECONDS)) {
                    commits++;
                    for (long id : ids) {
                        assertEquals(10 + i, a.getNode(id, 1).version(), "the committed transaction's writes");
                    }
                }
            }
            assertTrue(commits < 2, "two transactions that deadlock cannot both commit");
        } finally {
            threads.shutdownNow();
        }
    }

    /** The URL through the relay (a one-host server on this machine), or a skip. */
    private static String relayed(String url, FaultProxy proxy) {
        java.util.Optional<String> through = RealMongo.through(url, proxy.port());
        String host = RealMongo.hostPort(url);
        org.junit.jupiter.api.Assumptions.assumeTrue(through.isPresent()
                && (host.startsWith("127.0.0.1") || host.startsWith("localhost")), "the relay needs a one-host URL here");
        return through.get();
    }

    private static GraphStore open(String url, Map<String, String> keys) throws Exception {
        Map<String, String> settings = new HashMap<>(keys);
        settings.putAll(Map.of("store", "mongo", "url", url, "dbid", DB, "transactions", "on"));
        GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), 4));
        try {
            store.prepareForLoad(SchemaMode.RECREATE);
        } catch (StoreException | RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }
}
