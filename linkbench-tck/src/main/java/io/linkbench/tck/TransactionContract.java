package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import io.linkbench.store.VerificationReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * TCK: multi-operation transactions ({@link TransactionalSession}) of a store whose
 * {@link GraphStore#transactions()} offers them: all or nothing at commit, own writes visible, rollback
 * and a failing operation discard everything, a read-only transaction reads one snapshot (of the node that
 * holds both groups, on a sharded store: {@link GraphStoreContract#id1InOneSnapshotWith}), conflicting
 * transactions end in a serial outcome with CONFLICT for the loser, and the misuse of begin and commit.
 * For a store that declines, every test but {@link #declinesInOneLineOrHandsOutTransactionalSessions}
 * is skipped with the store's reason.
 *
 * <p>A store may block another session while a transaction is open (the memory store runs one
 * transaction at a time; a locking server makes a writer wait): so the test's thread never calls a
 * second session while its own transaction is open; that work runs on a {@link Background} thread,
 * and the assertions hold whether it ran before, during or after the commit.
 */
public abstract class TransactionContract extends TckSupport {
    /** The two groups of the tests: (A, TYPE) and (B, TYPE). */
    static final long A = 71;
    static final long B = 72;
    static final long TYPE = 1;
    private static final int NODE_TYPE = 5;
    /** Every id2 the tests write. */
    static final long[] ID2S = {1, 2, 3, 4, 5, 6};
    /** How long the test waits for a second session's work to finish or block before it goes on. */
    static final Duration GRACE = Duration.ofSeconds(3);
    /** Transactions of the mover in the one-snapshot test. */
    private static final int MOVES = 30;

    private final Retries retries;

    protected TransactionContract(GraphStoreContract contract) {
        super(contract);
        this.retries = new Retries(contract.concurrentTimeout().dividedBy(4));
    }

    /** Transaction bodies. */
    interface Body {
        void run() throws StoreException;
    }

    /** Runs {@code body} in one transaction of {@code s} and commits it; rolls back when it throws. */
    static void inTransaction(TransactionalSession s, boolean readOnly, Body body) throws StoreException {
        s.begin(readOnly);
        try {
            body.run();
            s.commit();
        } finally {
            s.rollback(); // nothing to do after a commit or a failure that ended it
        }
    }

    /** What the reads of one group return: its count, its list and its rows among {@link #ID2S}. */
    record GroupView(long count, List<Link> list, List<Link> rows) {
        static GroupView read(StoreSession s, long id1) throws StoreException {
            return new GroupView(s.countLinks(id1, TYPE), allVisible(s, id1, TYPE), s.multigetLinks(id1, TYPE, ID2S));
        }

        /** The view of a group holding {@code links}, with the count invariant. */
        static GroupView of(List<Link> links) {
            List<Link> visible = newestFirst(links);
            return new GroupView(visible.size(), visible, byId2(links));
        }
    }

    /** A fresh store ready for requests; skips the test, quoting the store's reason, when it declines. */
    final GraphStore storeOffering() throws Exception {
        GraphStore store = store();
        TransactionSupport t = store.transactions();
        assumeTrue(t.offered(), () -> store.getClass().getSimpleName() + " declines transactions: " + t.detail());
        return store;
    }

    /** A session of a store that offers transactions, closed after the test. */
    final TransactionalSession transactional(GraphStore store) throws StoreException {
        StoreSession s = session(store);
        return assertInstanceOf(TransactionalSession.class, s, "transactions() offers transactions, but session() gave a "
                + s.getClass().getName());
    }

    /** A session for a {@link Background} thread, which closes it. */
    final TransactionalSession backgroundSession(GraphStore store) throws StoreException {
        StoreSession s = store.session(nextWorkerId(store));
        return assertInstanceOf(TransactionalSession.class, s, "session() of a store offering transactions");
    }

    final Retries retries() {
        return retries;
    }

    static void assertVerifierClean(GraphStore store) throws StoreException {
        if (store instanceof CountVerifier verifier) {
            VerificationReport report = verifier.verifyCounts();
            assertEquals(0, report.mismatches(), "verifyCounts after the transactions: " + report.examples());
        }
    }

    @Test
    void declinesInOneLineOrHandsOutTransactionalSessions() throws Exception {
        GraphStore store = store();
        TransactionSupport t = store.transactions();
        assertNotNull(t, "transactions() returned null");
        String kind = t.offered() ? "the guarantees" : "the reason to decline";
        assertFalse(t.detail().isBlank(), kind + " is blank");
        assertFalse(t.detail().contains("\n") || t.detail().contains("\r"), kind + " is not one line: " + t.detail());
        if (!t.offered()) {
            return;
        }
        for (int i = 0; i < 3; i++) {
            TransactionalSession s = transactional(store);
            assertFalse(s.inTransaction(), "a new session is in a transaction");
        }
    }

    @Test
    void misusedBeginAndCommitThrowAndRollbackWithoutATransactionDoesNothing() throws Exception {
        TransactionalSession s = transactional(storeOffering());
        s.rollback();
        assertFalse(s.inTransaction(), "after rollback() without a transaction");
        assertThrows(IllegalStateException.class, s::commit, "commit() without begin()");
        s.begin(false);
        assertTrue(s.inTransaction(), "after begin(false)");
        s.addLink(link(A, TYPE, 1, 10));
        assertThrows(IllegalStateException.class, () -> s.begin(false), "begin() inside an open transaction");
        s.rollback();
        assertFalse(s.inTransaction(), "after rollback()");
        s.rollback();
        assertEquals(GroupView.of(List.of()), GroupView.read(s, A), "the rolled-back addLink");

        Link l = link(A, TYPE, 2, 20);
        s.begin(true);
        assertTrue(s.inTransaction(), "after begin(true)");
        s.commit();
        inTransaction(s, false, () -> s.addLink(l));
        assertFalse(s.inTransaction(), "after commit()");
        s.rollback();
        assertThrows(IllegalStateException.class, s::commit, "commit() after commit()");
        assertEquals(GroupView.of(List.of(l)), GroupView.read(s, A), "the committed addLink");
    }

    @Test
    void aTransactionReadsItsOwnWrites() throws Exception {
        GraphStore store = storeOffering();
        TransactionalSession s = transactional(store);
        long old = s.addNode(node(0, NODE_TYPE, 1, 1, "committed"));
        Node updated = node(old, NODE_TYPE, 2, 3, "updated");
        Link a1 = link(A, TYPE, 1, 10);
        Link a2 = link(A, TYPE, 2, Visibility.VISIBLE, bytes("v2"), 2, 40);
        Link a3 = link(A, TYPE, 3, 30);
        s.begin(false);
        long id = s.addNode(node(0, NODE_TYPE, 1, 2, "new"));
        assertEquals(node(id, NODE_TYPE, 1, 2, "new"), s.getNode(id, NODE_TYPE), "the node added in the transaction");
        assertTrue(s.updateNode(updated));
        assertEquals(updated, s.getNode(old, NODE_TYPE), "the node updated in the transaction");
        s.addLink(a1);
        s.addLink(link(A, TYPE, 2, 20));
        s.addLink(a3);
        assertEquals(GroupView.of(List.of(a1, link(A, TYPE, 2, 20), a3)), GroupView.read(s, A), "after three addLink");
        assertTrue(s.updateLink(a2));
        assertTrue(s.deleteLink(A, TYPE, 1, false));
        assertTrue(s.deleteLink(A, TYPE, 3, true));
        GroupView afterDeletes = GroupView.of(List.of(a1.withVisibility(Visibility.HIDDEN), a2));
        assertEquals(afterDeletes, GroupView.read(s, A), "after updateLink, a hide and an expunge");
        assertTrue(s.deleteNode(id, NODE_TYPE));
        assertNull(s.getNode(id, NODE_TYPE), "the node deleted in the transaction");
        s.commit();

        StoreSession other = session(store);
        assertEquals(updated, other.getNode(old, NODE_TYPE));
        assertNull(other.getNode(id, NODE_TYPE));
        assertEquals(afterDeletes, GroupView.read(other, A), "another session after the commit");
    }

    /** A read of another session while a transaction commits: the old value before the commit, else old or new. */
    private static void seen(List<String> wrong, AtomicBoolean committing, String read, Object got, Object before,
            Object after) {
        boolean early = !committing.get(); // read after the call returned: false means it ran before the commit
        if (Objects.equals(got, before) || !early && Objects.equals(got, after)) {
            return;
        }
        wrong.add(read + (early ? " before the commit: " : " during or after the commit: ") + got + ", expected "
                + before + (early ? "" : " or " + after));
    }

    @Test
    void writesOfATransactionAreInvisibleToOthersUntilCommitThenAllVisible() throws Exception {
        GraphStore store = storeOffering();
        TransactionalSession w = transactional(store);
        Link a1 = link(A, TYPE, 1, 10);
        Link a2 = link(A, TYPE, 2, 20);
        w.addLink(a1);
        w.addLink(a2);
        List<Link> oldA = List.of(a1, a2);
        Link a1v2 = link(A, TYPE, 1, Visibility.VISIBLE, bytes("updated"), 2, 50);
        List<Link> newA = List.of(a1v2, a2.withVisibility(Visibility.HIDDEN), link(A, TYPE, 3, 30), link(A, TYPE, 4, 40));
        List<Link> newB = List.of(link(B, TYPE, 1, 15), link(B, TYPE, 2, 25), link(B, TYPE, 3, 35));

        w.begin(false);
        long id = w.addNode(node(0, NODE_TYPE, 1, 1, "in a transaction"));
        w.addLink(newA.get(2));
        w.addLink(newA.get(3));
        for (Link b : newB) {
            w.addLink(b);
        }
        assertTrue(w.updateLink(a1v2));
        assertTrue(w.deleteLink(A, TYPE, 2, false));
        Node newNode = node(id, NODE_TYPE, 1, 1, "in a transaction");

        AtomicBoolean committing = new AtomicBoolean();
        GroupView oldViewA = GroupView.of(oldA);
        GroupView newViewA = GroupView.of(newA);
        TransactionalSession r = backgroundSession(store);
        List<String> wrong = new ArrayList<>();
        try (Background<Void> reader = Background.start("reader", self -> {
            try (r) {
                self.ready();
                seen(wrong, committing, "getNode of the added node", r.getNode(id, NODE_TYPE), null, newNode);
                seen(wrong, committing, "countLinks of A", r.countLinks(A, TYPE), oldViewA.count(), newViewA.count());
                seen(wrong, committing, "getLinkList of A", allVisible(r, A, TYPE), oldViewA.list(), newViewA.list());
                seen(wrong, committing, "multigetLinks of A", r.multigetLinks(A, TYPE, ID2S), oldViewA.rows(),
                        newViewA.rows());
                seen(wrong, committing, "countLinks of B", r.countLinks(B, TYPE), 0L, (long) newB.size());
                seen(wrong, committing, "getLinkList of B", allVisible(r, B, TYPE), List.of(), newestFirst(newB));
            }
            return null;
        })) {
            reader.finishesOrWaits(GRACE);
            committing.set(true);
            w.commit();
            reader.get(contract().concurrentTimeout());
        }
        assertEquals(List.of(), wrong, "reads of another session while the transaction was open");
        assertFalse(w.inTransaction());
        StoreSession after = session(store);
        assertEquals(newNode, after.getNode(id, NODE_TYPE), "the node after the commit");
        assertEquals(newViewA, GroupView.read(after, A), "group A after the commit");
        assertEquals(GroupView.of(newB), GroupView.read(after, B), "group B after the commit");
        assertVerifierClean(store);
    }

    @Test
    void rollbackDiscardsEveryWrite() throws Exception {
        GraphStore store = storeOffering();
        TransactionalSession s = transactional(store);
        long kept = s.addNode(node(0, NODE_TYPE, 1, 1, "kept"));
        Node keptNode = s.getNode(kept, NODE_TYPE);
        List<Link> oldA = List.of(link(A, TYPE, 1, 10), link(A, TYPE, 2, 20));
        for (Link l : oldA) {
            s.addLink(l);
        }
        s.begin(false);
        long id = s.addNode(node(0, NODE_TYPE, 1, 2, "rolled back"));
        assertTrue(s.updateNode(node(kept, NODE_TYPE, 2, 2, "changed")));
        s.addLink(link(A, TYPE, 3, 30));
        s.addLink(link(B, TYPE, 1, 10));
        s.updateOrAddLink(link(B, TYPE, 2, 20));
        assertTrue(s.updateLink(link(A, TYPE, 1, Visibility.HIDDEN, bytes("hidden"), 2, 40)));
        assertTrue(s.deleteLink(A, TYPE, 2, true));
        assertTrue(s.deleteNode(kept, NODE_TYPE));
        s.rollback();

        assertFalse(s.inTransaction(), "after rollback()");
        for (StoreSession reader : List.of(s, session(store))) {
            assertNull(reader.getNode(id, NODE_TYPE), "the node added in the rolled-back transaction");
            assertEquals(keptNode, reader.getNode(kept, NODE_TYPE), "the node updated and deleted in it");
            assertEquals(GroupView.of(oldA), GroupView.read(reader, A), "group A after the rollback");
            assertEquals(GroupView.of(List.of()), GroupView.read(reader, B), "group B after the rollback");
        }
        assertTrue(s.addLink(link(B, TYPE, 1, 10)), "addLink after the rollback: the link is new");
        assertEquals(1, s.countLinks(B, TYPE));
        assertVerifierClean(store);
    }

    @Test
    void anOperationFailingInsideATransactionRollsBackItsEarlierWrites() throws Exception {
        GraphStore store = storeOffering();
        FaultInjection faults = TckSupport.faults(contract());
        TransactionalSession s = transactional(store);
        Link a1 = link(A, TYPE, 1, 10);
        s.addLink(a1);
        s.begin(false);
        long id = s.addNode(node(0, NODE_TYPE, 1, 1, "before the failure"));
        s.addLink(link(A, TYPE, 2, 20));
        s.addLink(link(B, TYPE, 1, 10));
        assertTrue(s.updateLink(link(A, TYPE, 1, Visibility.VISIBLE, bytes("changed"), 2, 30)));
        faults.failNextCall(store, s);
        StoreException e = assertThrows(StoreException.class, () -> s.addLink(link(B, TYPE, 2, 20)),
                "the call after failNextCall, inside a transaction");
        assertTrue(e.isRetryable(), "an injected fault must be retryable, got " + e.kind() + ": " + e.getMessage());
        assertFalse(s.inTransaction(), "a failed operation ends the transaction: " + e.getMessage());
        s.rollback();
        assertNull(s.getNode(id, NODE_TYPE), "the node added before the failure");
        assertEquals(GroupView.of(List.of(a1)), GroupView.read(s, A), "group A after the failure");
        assertEquals(GroupView.of(List.of()), GroupView.read(s, B), "group B after the failure");
        Link again = link(B, TYPE, 2, 20);
        inTransaction(s, false, () -> s.addLink(again));
        assertEquals(GroupView.of(List.of(again)), GroupView.read(session(store), B), "a transaction after the failure");
    }

    @Test
    void aReadOnlyTransactionKeepsReadingItsSnapshotWhileAnotherCommits() throws Exception {
        GraphStore store = storeOffering();
        TransactionalSession r = transactional(store);
        List<Link> oldA = List.of(link(A, TYPE, 1, 10), link(A, TYPE, 2, 20), link(A, TYPE, 3, 30));
        List<Link> oldB = List.of(link(B, TYPE, 5, 50), link(B, TYPE, 6, 60));
        for (Link l : oldA) {
            r.addLink(l);
        }
        for (Link l : oldB) {
            r.addLink(l);
        }
        Link added = link(A, TYPE, 4, 40);
        Link moved = link(B, TYPE, 1, 10); // A's link 1, moved to B
        r.begin(true);
        assertEquals(GroupView.of(oldA), GroupView.read(r, A), "group A in the read-only transaction");
        assertEquals(GroupView.of(oldB), GroupView.read(r, B), "group B in the read-only transaction");
        TransactionalSession w = backgroundSession(store);
        boolean committed;
        try (Background<Void> writer = Background.start("writer", self -> {
            try (w) {
                self.ready();
                retries.run(() -> {
                    inTransaction(w, false, () -> {
                        w.addLink(added);
                        w.deleteLink(A, TYPE, 1, true);
                        w.addLink(moved);
                    });
                    return null;
                });
            }
            return null;
        })) {
            committed = writer.finishesOrWaits(GRACE);
            String when = committed ? " (the writer had committed)" : " (the writer was running or blocked)";
            assertEquals(GroupView.of(oldA), GroupView.read(r, A), "group A read again in the same transaction" + when);
            assertEquals(GroupView.of(oldB), GroupView.read(r, B), "group B read again in the same transaction" + when);
            r.commit();
            writer.get(contract().concurrentTimeout());
        }
        assertEquals(GroupView.of(List.of(oldA.get(1), oldA.get(2), added)), GroupView.read(r, A), "group A after both");
        assertEquals(GroupView.of(List.of(moved, oldB.get(0), oldB.get(1))), GroupView.read(r, B), "group B after both");
        assertVerifierClean(store);
    }

    @Test
    void aLinkMovedBetweenGroupsShowsInExactlyOneOfThemInAReadOnlyTransaction() throws Exception {
        GraphStore store = storeOffering();
        long b = contract().id1InOneSnapshotWith(store, A); // B, or an id1 on A's node for a sharded store
        assertTrue(b != A && b > 0, "id1InOneSnapshotWith(store, " + A + ") must name another id1 > 0, not " + b);
        TransactionalSession r = transactional(store);
        for (Link l : List.of(link(A, TYPE, 1, 10), link(A, TYPE, 2, 20), link(b, TYPE, 5, 50))) {
            r.addLink(l);
        }
        long[] movedId = {1};
        TransactionalSession w = backgroundSession(store);
        try (Background<Void> mover = Background.start("mover", self -> {
            try (w) {
                for (int i = 0; i < MOVES; i++) {
                    long from = i % 2 == 0 ? A : b;
                    Link to = link(i % 2 == 0 ? b : A, TYPE, 1, Visibility.VISIBLE, bytes("move " + i), i, 10 + i);
                    retries.run(() -> {
                        inTransaction(w, false, () -> {
                            w.deleteLink(from, TYPE, 1, true);
                            w.addLink(to);
                        });
                        return null;
                    });
                }
            }
            return null;
        })) {
            int reads = 0;
            do {
                retries.run(() -> {
                    inTransaction(r, true, () -> {
                        List<Link> inA = r.multigetLinks(A, TYPE, movedId);
                        List<Link> inB = r.multigetLinks(b, TYPE, movedId);
                        GroupView a = GroupView.read(r, A);
                        GroupView vb = GroupView.read(r, b);
                        assertEquals(1, inA.size() + inB.size(), "the moved link in A " + inA + " and in B " + inB);
                        assertEquals(3, a.count() + vb.count(), "the counts of A and B: " + a + ", " + vb);
                        assertEquals(a.count(), a.list().size(), "A's count against its list: " + a);
                        assertEquals(vb.count(), vb.list().size(), "B's count against its list: " + vb);
                        assertEquals(inA, a.list().stream().filter(l -> l.id2() == 1).toList(), "A: " + a);
                        assertEquals(inB, vb.list().stream().filter(l -> l.id2() == 1).toList(), "B: " + vb);
                    });
                    return null;
                });
                reads++;
            } while (!mover.isDone() && reads < 10 * MOVES);
            mover.get(contract().concurrentTimeout());
        }
        Link last = link(A, TYPE, 1, Visibility.VISIBLE, bytes("move " + (MOVES - 1)), MOVES - 1, 10 + MOVES - 1);
        assertEquals(GroupView.of(List.of(last, link(A, TYPE, 2, 20))), GroupView.read(r, A), "A after the moves");
        assertEquals(GroupView.of(List.of(link(b, TYPE, 5, 50))), GroupView.read(r, b), "B after the moves");
        assertVerifierClean(store);
    }

    @Test
    void conflictingWriteTransactionsEndInASerialOutcome() throws Exception {
        new ConflictingTransactions(this).run();
    }
}
