package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.graph.Node;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
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
 * names, and a deadlock over Citus (error 50, which the TCK's conflict test may or may not meet) coming back
 * as CONFLICT with the transaction ended. The TCK's transaction contracts run in the suites of each server.
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

    private static GraphStore open(String url, Map<String, String> keys) throws Exception {
        Map<String, String> settings = new HashMap<>(keys);
        settings.putAll(Map.of("store", "mongo", "url", url, "dbid", DB, "transactions", "on"));
        GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), 4));
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }
}
