package io.linkbench.store.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the TCK's transaction group does not see of the memory store's transactions (the TCK checks
 * their semantics in MemoryStoreTest): a transaction left open fails the other sessions with CONFLICT
 * after the lock wait instead of hanging them, close rolls back, and a rollback gives back the size
 * its writes took.
 */
class MemoryTransactionsTest {
    /** The lock wait of these stores: each expected timeout below waits this long. */
    private static final Duration WAIT = Duration.ofMillis(200);

    private static MemoryStore store() {
        return new MemoryStore(new HeapGuard(), WAIT);
    }

    private static TransactionalSession session(MemoryStore store, int workerId) throws StoreException {
        return (TransactionalSession) store.session(workerId);
    }

    private static Link link(long id2, int payloadBytes) {
        return new Link(1, 1, id2, Visibility.VISIBLE, new byte[payloadBytes], 1, 10 + id2);
    }

    private static void assertLockWaitTimeout(StoreException e) {
        assertEquals(StoreException.Kind.CONFLICT, e.kind(), e.getMessage());
        assertTrue(e.getMessage().contains("lock wait timeout") && e.getMessage().contains("200 ms"), e.getMessage());
    }

    @Test
    void aTransactionLeftOpenFailsTheOtherSessionsWithConflictAfterTheLockWait() throws Exception {
        try (MemoryStore store = store(); TransactionalSession holder = session(store, 0);
                TransactionalSession other = session(store, 1); TransactionalSession sameStripe = session(store, 64)) {
            holder.begin(false);
            holder.addLink(link(1, 0));
            assertLockWaitTimeout(assertThrows(StoreException.class, () -> other.countLinks(1, 1)));
            assertLockWaitTimeout(assertThrows(StoreException.class, () -> sameStripe.addLink(link(2, 0))));
            assertLockWaitTimeout(assertThrows(StoreException.class, () -> other.begin(true)));
            assertFalse(other.inTransaction(), "a begin that timed out opened nothing");
            assertTrue(holder.inTransaction(), "the holder's transaction is not touched by the others' timeouts");
            holder.commit();
            assertEquals(1, other.countLinks(1, 1));
            other.begin(true);
            assertEquals(1, other.countLinks(1, 1));
            other.commit();
            assertTrue(sameStripe.addLink(link(2, 0)));
        }
    }

    @Test
    void closingASessionRollsItsTransactionBackAndReleasesTheLock() throws Exception {
        try (MemoryStore store = store(); TransactionalSession other = session(store, 1)) {
            TransactionalSession s = session(store, 0);
            s.begin(false);
            long id = s.addNode(new Node(0, 1, 1, 1, new byte[] {1}));
            s.addLink(link(1, 3));
            s.close();
            assertNull(other.getNode(id, 1));
            assertEquals(0, other.countLinks(1, 1));
            other.begin(false);
            other.addLink(link(1, 3));
            other.commit();
            assertEquals(1, other.countLinks(1, 1));
        }
    }

    @Test
    void aRollbackGivesBackTheSizeItsWritesTook() throws Exception {
        try (MemoryStore store = store(); TransactionalSession s = session(store, 0)) {
            long kept = s.addNode(new Node(0, 1, 1, 1, new byte[100]));
            s.addLink(link(1, 50));
            s.addLink(link(2, 50));
            long before = store.sizeBytes().orElseThrow();
            s.begin(false);
            s.addNode(new Node(0, 1, 1, 1, new byte[1_000]));
            s.updateNode(new Node(kept, 1, 2, 2, new byte[5_000]));
            s.addLink(link(3, 500));
            s.updateLink(link(1, 2_000));
            s.deleteLink(1, 1, 2, true);
            assertTrue(store.sizeBytes().orElseThrow() > before + 7_000, "the transaction's writes take their size");
            s.rollback();
            assertEquals(before, store.sizeBytes().orElseThrow(), "the size after the rollback");
            assertEquals(List.of(link(1, 50), link(2, 50)), s.multigetLinks(1, 1, new long[] {1, 2, 3}));
            assertEquals(0, store.verifyCounts().mismatches());
        }
    }

    @Test
    void aBulkLoadInsideATransactionIsRefused() throws Exception {
        try (MemoryStore store = store(); TransactionalSession s = session(store, 0)) {
            s.begin(false);
            assertThrows(IllegalStateException.class, () -> s.loadLinks(List.of(link(1, 0))));
            s.rollback();
            s.loadLinks(List.of(link(1, 0)));
            assertEquals(List.of(link(1, 0)), s.multigetLinks(1, 1, new long[] {1}));
        }
    }
}
