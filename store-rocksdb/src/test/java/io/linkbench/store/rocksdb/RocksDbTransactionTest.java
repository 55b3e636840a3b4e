package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import io.linkbench.tck.harness.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's transactions beyond the TCK's contract: its own lock semantics (locks belong to the
 * session, not the thread; waits end in CONFLICT at the deadline or at once on a deadlock), reads
 * through a batch that holds count merges, and a read-only transaction's snapshot under each read.
 */
class RocksDbTransactionTest {
    private static final long WAIT_SECONDS = 60;

    @TempDir
    Path dir;

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        assertTrue(threads.awaitTermination(WAIT_SECONDS, TimeUnit.SECONDS));
    }

    private GraphStore open(int lockWaitMillis) throws StoreException {
        return new RocksDbStoreProvider().open(new StoreContext(new Settings(Map.of("data_dir",
                dir.resolve("db").toString(), "block_cache_mb", "8", "write_buffer_mb", "4", "background_jobs", "1",
                "lock_wait_timeout_ms", Integer.toString(lockWaitMillis))), 4));
    }

    private static TransactionalSession session(GraphStore store, int worker) throws StoreException {
        return (TransactionalSession) store.session(worker);
    }

    private static Link link(long id1, long id2, long time) {
        return new Link(id1, 1, id2, Visibility.VISIBLE, ("d" + id2).getBytes(StandardCharsets.UTF_8), 1, time);
    }

    private static Node node(long version) {
        return new Node(0, 7, version, 1, ("v" + version).getBytes(StandardCharsets.UTF_8));
    }

    private static void assertCountsHold(GraphStore store) throws StoreException {
        assertTrue(((CountVerifier) store).verifyCounts().ok(), "every count equals its visible links");
    }

    @Test
    void theStoreOffersTransactionsAndNamesItsGuarantees() throws Exception {
        try (GraphStore store = open(1000)) {
            TransactionSupport t = store.transactions();
            assertTrue(t.offered());
            assertTrue(t.detail().contains("serializable") && t.detail().contains("snapshot")
                    && t.detail().contains("lock_wait_timeout_ms = 1000"), t.detail());
        }
    }

    @Test
    void aRolledBackTransactionLeavesNothing() throws Exception {
        try (GraphStore store = open(1000); TransactionalSession s = session(store, 0)) {
            long id = s.addNode(node(1));
            s.addLink(link(1, 2, 10));
            s.begin(false);
            assertTrue(s.updateNode(new Node(id, 7, 2, 1, new byte[] {2})));
            assertTrue(s.addLink(link(1, 3, 20)));
            assertTrue(s.deleteLink(1, 1, 2, false));
            long added = s.addNode(node(5));
            s.rollback();
            assertFalse(s.inTransaction());
            assertEquals(node(1).withId(id), s.getNode(id, 7));
            assertNull(s.getNode(added, 7));
            assertEquals(1, s.countLinks(1, 1));
            assertEquals(List.of(link(1, 2, 10)), s.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
            assertCountsHold(store);
        }
    }

    /** Count merges in the transaction's batch are folded into its reads, so the decrement sees the increment. */
    @Test
    void aTransactionReadsItsOwnWritesAndOthersSeeThemAtCommit() throws Exception {
        try (GraphStore store = open(1000); TransactionalSession s = session(store, 0);
             TransactionalSession other = session(store, 1)) {
            s.addLink(link(1, 2, 10));
            s.begin(false);
            assertTrue(s.addLink(link(1, 3, 20)));
            assertTrue(s.addLink(link(1, 4, 30)));
            assertEquals(3, s.countLinks(1, 1));
            assertTrue(s.deleteLink(1, 1, 4, false));
            assertEquals(2, s.countLinks(1, 1));
            assertEquals(List.of(link(1, 3, 20), link(1, 2, 10)), s.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
            assertEquals(List.of(link(1, 3, 20)), s.multigetLinks(1, 1, new long[] {3, 5}));
            assertEquals(2, s.multigetLinks(1, 1, new long[] {2, 3}).size());
            assertTrue(s.updateLink(link(1, 2, 25)), "a committed link's list entry moves inside the transaction");
            assertEquals(List.of(link(1, 2, 25), link(1, 3, 20)), s.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
            assertEquals(List.of(link(1, 3, 20)), s.getLinkList(1, 1, 0, 24, 0, 10));
            long id = s.addNode(node(1));
            assertEquals(node(1).withId(id), s.getNode(id, 7));

            assertEquals(1, other.countLinks(1, 1), "not visible before the commit");
            assertNull(other.getNode(id, 7));
            s.commit();
            assertFalse(s.inTransaction());
            assertEquals(2, other.countLinks(1, 1));
            assertEquals(List.of(link(1, 2, 25), link(1, 3, 20)), other.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
            assertEquals(node(1).withId(id), other.getNode(id, 7));
            assertCountsHold(store);
        }
    }

    @Test
    void aReadOnlyTransactionReadsOneSnapshotWhileAnotherSessionCommits() throws Exception {
        try (GraphStore store = open(1000); TransactionalSession reader = session(store, 0);
             TransactionalSession writer = session(store, 1)) {
            long id = writer.addNode(node(1));
            writer.addLink(link(1, 2, 10));
            reader.begin(true);
            assertEquals(1, reader.countLinks(1, 1));
            writer.begin(false);
            writer.addLink(link(1, 3, 20));
            writer.updateNode(node(2).withId(id));
            writer.commit();
            writer.deleteLink(1, 1, 2, true);
            assertEquals(1, reader.countLinks(1, 1));
            assertEquals(List.of(link(1, 2, 10)), reader.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
            assertEquals(List.of(link(1, 2, 10)), reader.multigetLinks(1, 1, new long[] {2, 3}));
            assertEquals(List.of(link(1, 2, 10)), reader.multigetLinks(1, 1, new long[] {2}));
            assertEquals(node(1).withId(id), reader.getNode(id, 7));
            reader.commit();
            assertEquals(List.of(link(1, 3, 20)), reader.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
            assertEquals(node(2).withId(id), reader.getNode(id, 7));
        }
    }

    @Test
    void aWriteInAReadOnlyTransactionIsRejectedAndEndsIt() throws Exception {
        try (GraphStore store = open(1000); TransactionalSession s = session(store, 0)) {
            s.begin(true);
            StoreException e = assertThrows(StoreException.class, () -> s.addLink(link(1, 2, 10)));
            assertEquals(Kind.REJECTED, e.kind());
            assertFalse(s.inTransaction());
            s.begin(true);
            assertEquals(Kind.REJECTED, assertThrows(StoreException.class, () -> s.addNode(node(1))).kind());
            assertFalse(s.inTransaction());
            assertEquals(0, s.countLinks(1, 1));
        }
    }

    @Test
    void beginTwiceAndCommitWithoutATransactionAreIllegalAndRollbackWithoutOneIsNothing() throws Exception {
        try (GraphStore store = open(1000); TransactionalSession s = session(store, 0)) {
            s.rollback();
            assertThrows(IllegalStateException.class, s::commit);
            s.begin(false);
            assertThrows(IllegalStateException.class, () -> s.begin(true));
            assertTrue(s.inTransaction());
            s.commit();
            s.rollback();
            assertFalse(s.inTransaction());
        }
    }

    /**
     * Locks belong to the session: a second session on the same thread waits for the first's transaction
     * like any other (a thread-owned lock would let it write under the transaction), and gets CONFLICT at
     * the deadline; the transaction goes on and commits.
     */
    @Test
    void aSessionOnTheSameThreadWaitsForTheTransactionAndGetsConflictAtTheDeadline() throws Exception {
        try (GraphStore store = open(50); TransactionalSession s = session(store, 0);
             TransactionalSession other = session(store, 1)) {
            s.begin(false);
            s.addLink(link(1, 2, 10));
            StoreException e = assertThrows(StoreException.class, () -> other.addLink(link(1, 3, 20)));
            assertEquals(Kind.CONFLICT, e.kind());
            assertTrue(e.isRetryable());
            assertTrue(e.getMessage().contains("lock wait timeout (lock_wait_timeout_ms = 50)"), e.getMessage());
            assertTrue(s.inTransaction());
            s.commit();
            assertTrue(other.addLink(link(1, 3, 20)));
            assertEquals(2, other.countLinks(1, 1));
            assertCountsHold(store);
        }
    }

    /**
     * Two transactions each holding a group the other wants: the one whose wait closes the cycle gets
     * CONFLICT at once (the deadline is a minute, far beyond this test) and is rolled back, so the
     * other's wait ends and it commits.
     */
    @Test
    void aDeadlockIsAConflictForTheTransactionThatClosesIt() throws Exception {
        try (GraphStore store = open((int) TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
             TransactionalSession first = session(store, 0); TransactionalSession second = session(store, 1)) {
            first.begin(false);
            first.addLink(link(1, 10, 10));
            second.begin(false);
            second.addLink(link(2, 20, 10));
            AtomicReference<Thread> waiter = new AtomicReference<>();
            Future<Boolean> firstWaits = threads.submit(() -> {
                waiter.set(Thread.currentThread());
                return first.addLink(link(2, 21, 10));
            });
            awaitWaiting(waiter);
            StoreException e = assertThrows(StoreException.class, () -> second.addLink(link(1, 11, 10)));
            assertEquals(Kind.CONFLICT, e.kind());
            assertTrue(e.getMessage().startsWith("ADD_LINK: deadlock"), e.getMessage());
            assertFalse(second.inTransaction(), "rolled back, its locks given back");
            assertTrue(firstWaits.get(WAIT_SECONDS, TimeUnit.SECONDS));
            first.commit();
            assertEquals(1, first.countLinks(1, 1));
            assertEquals(1, first.countLinks(2, 1));
            assertEquals(List.of(link(2, 21, 10)), first.getLinkList(2, 1, 0, Long.MAX_VALUE, 0, 10));
            assertCountsHold(store);
        }
    }

    /** Waits until the thread is parked in a timed wait (the lock's), with a deadline. */
    private static void awaitWaiting(AtomicReference<Thread> thread) throws Exception {
        Await.until(Duration.ofSeconds(WAIT_SECONDS), "the other transaction waiting for the lock",
                () -> thread.get() != null && thread.get().getState() == Thread.State.TIMED_WAITING);
    }

    @Test
    void closingASessionInATransactionRollsItBackAndGivesBackItsLocks() throws Exception {
        try (GraphStore store = open(50); TransactionalSession other = session(store, 1)) {
            TransactionalSession s = session(store, 0);
            s.begin(false);
            s.addLink(link(1, 2, 10));
            s.close();
            assertTrue(other.addLink(link(1, 3, 10)));
            assertEquals(1, other.countLinks(1, 1));
            assertCountsHold(store);
        }
    }

    /** A failed operation inside a transaction (here a lock wait at its deadline) rolls all of it back. */
    @Test
    void aConflictInsideATransactionRollsBackItsEarlierWrites() throws Exception {
        try (GraphStore store = open(50); TransactionalSession holder = session(store, 0);
             TransactionalSession s = session(store, 1)) {
            holder.begin(false);
            holder.addLink(link(9, 1, 10));
            s.begin(false);
            s.addLink(link(1, 2, 10));
            assertEquals(Kind.CONFLICT, assertThrows(StoreException.class, () -> s.addLink(link(9, 2, 10))).kind());
            assertFalse(s.inTransaction());
            holder.rollback();
            assertEquals(0, s.countLinks(1, 1));
            assertTrue(s.addLink(link(1, 2, 10)), "the group's lock was given back");
            assertEquals(1, s.countLinks(1, 1));
            assertCountsHold(store);
        }
    }
}
