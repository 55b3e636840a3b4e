package io.linkbench.tck;

import static io.linkbench.tck.TransactionContract.A;
import static io.linkbench.tck.TransactionContract.B;
import static io.linkbench.tck.TransactionContract.GRACE;
import static io.linkbench.tck.TransactionContract.TYPE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionalSession;
import io.linkbench.tck.TransactionContract.GroupView;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The conflict test of {@link TransactionContract}: two sessions whose write transactions each add a
 * marker link of their own, then update the same two links in opposite order (side a: X of group A,
 * then Y of group B; side b: Y, then X). Each waits after its first update until the other has made
 * its own (or waits on a lock of the store, or {@link TransactionContract#GRACE} has passed), so a
 * locking store meets a deadlock or a lock-wait timeout, an optimistic one a write conflict, and a
 * store that runs one transaction at a time runs them one after the other.
 *
 * <p>Whatever happened, the end is a serial outcome: a side that failed failed with CONFLICT, is
 * outside its transaction and serves the next call, and left nothing (not its marker); X and Y both
 * carry the data of the side that committed (of either when both did, of neither when none did); the
 * counts equal the visible links.
 */
final class ConflictingTransactions {
    private static final long MARKER_A = 81;
    private static final long MARKER_B = 82;

    private final TransactionContract test;
    private final CountDownLatch firstUpdates = new CountDownLatch(2);
    private final AtomicReferenceArray<Background<Outcome>> sides = new AtomicReferenceArray<>(2);

    ConflictingTransactions(TransactionContract test) {
        this.test = test;
    }

    /** How a side's transaction ended: committed, or the failure's kind and message. */
    record Outcome(String side, boolean committed, String failure) {
        @Override
        public String toString() {
            return side + (committed ? " committed" : " failed with " + failure);
        }
    }

    /** X or Y as side {@code side} writes it. */
    private static Link update(long id1, String side) {
        int version = side.equals("a") ? 2 : 3;
        return TckSupport.link(id1, TYPE, 1, Visibility.VISIBLE, TckSupport.bytes("by " + side), version, 10 * version);
    }

    void run() throws Exception {
        GraphStore store = test.storeOffering();
        StoreSession s = test.session(store);
        Link x = TckSupport.link(A, TYPE, 1, 10);
        Link y = TckSupport.link(B, TYPE, 1, 10);
        s.addLink(x);
        s.addLink(y);
        TransactionalSession sa = test.backgroundSession(store);
        TransactionalSession sb = test.backgroundSession(store);
        Outcome a;
        Outcome b;
        try (Background<Outcome> ba = Background.start("side a", side(sa, "a", A, B, MARKER_A, 0));
                Background<Outcome> bb = Background.start("side b", side(sb, "b", B, A, MARKER_B, 1))) {
            sides.set(0, ba);
            sides.set(1, bb);
            a = ba.get(test.contract().concurrentTimeout());
            b = bb.get(test.contract().concurrentTimeout());
        }
        System.out.println("conflicting transactions: " + a + "; " + b);

        StoreSession check = test.session(store);
        Link gotX = check.multigetLinks(A, TYPE, new long[] {1}).get(0);
        Link gotY = check.multigetLinks(B, TYPE, new long[] {1}).get(0);
        List<List<Link>> serial = a.committed() && b.committed()
                ? List.of(List.of(update(A, "a"), update(B, "a")), List.of(update(A, "b"), update(B, "b")))
                : a.committed() ? List.of(List.of(update(A, "a"), update(B, "a")))
                : b.committed() ? List.of(List.of(update(A, "b"), update(B, "b")))
                : List.of(List.of(x, y));
        assertTrue(serial.contains(List.of(gotX, gotY)), "X " + gotX + " and Y " + gotY + " after " + a + " and " + b
                + ": not a serial outcome " + serial);
        for (Outcome o : List.of(a, b)) {
            long marker = o == a ? MARKER_A : MARKER_B;
            List<Link> expected = o.committed() ? List.of(TckSupport.link(marker, TYPE, 1, 10)) : List.of();
            assertEquals(GroupView.of(expected), GroupView.read(check, marker), "the marker of side " + o);
        }
        assertEquals(GroupView.of(List.of(gotX)), GroupView.read(check, A), "group A");
        assertEquals(GroupView.of(List.of(gotY)), GroupView.read(check, B), "group B");
        TransactionContract.assertVerifierClean(store);
    }

    /** A side's transaction; {@code me} is its index in {@link #sides}. */
    private Background.Work<Outcome> side(TransactionalSession s, String name, long first, long second, long marker,
            int me) {
        return self -> {
            try (s) {
                self.ready();
                try {
                    s.begin(false);
                    s.addLink(TckSupport.link(marker, TYPE, 1, 10));
                    assertTrue(s.updateLink(update(first, name)), "side " + name + ": updateLink of its first link");
                    firstUpdates.countDown();
                    awaitOther(me);
                    assertTrue(s.updateLink(update(second, name)), "side " + name + ": updateLink of its second link");
                    s.commit();
                    return new Outcome(name, true, null);
                } catch (StoreException e) {
                    firstUpdates.countDown(); // the other need not wait for this side any longer
                    assertEquals(StoreException.Kind.CONFLICT, e.kind(),
                            "side " + name + ": a failure of conflicting transactions must be CONFLICT: " + e.getMessage());
                    assertFalse(s.inTransaction(), "side " + name + " is in a transaction after " + e.getMessage());
                    s.countLinks(A, TYPE); // serves the next call
                    return new Outcome(name, false, e.kind() + ": " + e.getMessage());
                } finally {
                    s.rollback();
                }
            }
        };
    }

    /** Until both first updates are made, the other side waits in this JVM or has ended, or the grace passed. */
    private void awaitOther(int me) throws InterruptedException {
        long deadline = System.nanoTime() + GRACE.toNanos();
        while (!firstUpdates.await(2, TimeUnit.MILLISECONDS) && System.nanoTime() - deadline < 0) {
            Background<Outcome> other = sides.get(1 - me);
            if (other != null && other.waitsOrIsDone()) {
                return;
            }
        }
    }
}
