package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.TransactionalSession;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The PostgreSQL store's transactions beyond the TCK's contract: what it offers at each isolation, a
 * write refused by a read-only transaction, and a COMMIT whose backend the server terminated, whose
 * outcome the message calls unknown.
 */
@Tag("postgres")
class PgTransactionTest implements TerminatesSessionBackends {
    private static final byte[] DATA = {1, 2, 3};
    private static final String SCHEMA = "lbtest_tx";

    @Test
    void theOfferNamesTheIsolationOfWritesAndOfReadOnlySnapshots() throws Exception {
        for (String isolation : List.of("read_committed", "serializable")) {
            try (GraphStore store = PgTestServer.freshStore(SCHEMA, Map.of("isolation", isolation), 2)) {
                TransactionSupport t = store.transactions();
                assertTrue(t.offered(), t.detail());
                String readOnly = isolation.equals("serializable") ? "serializable" : "repeatable read";
                assertTrue(t.detail().startsWith(isolation.replace('_', ' ') + "; read-only transactions at " + readOnly
                        + " read one snapshot"), t.detail());
            }
        }
    }

    @Test
    void aWriteInsideAReadOnlyTransactionIsRejectedAndEndsIt() throws Exception {
        try (GraphStore store = PgTestServer.freshStore(SCHEMA, Map.of(), 2);
             TransactionalSession s = (TransactionalSession) store.session(0)) {
            s.begin(true);
            StoreException e = assertThrows(StoreException.class, () -> s.addNode(new Node(0, 1, 1, 10, DATA)));
            assertEquals(StoreException.Kind.REJECTED, e.kind(), e.getMessage());
            assertFalse(s.inTransaction(), "after the refused write");
            assertTrue(s.addLink(new Link(1, 1, 2, Visibility.VISIBLE, DATA, 1, 10)), "the session serves the next call");
        }
    }

    @Test
    void aCommitWhoseBackendWasTerminatedSaysItsOutcomeIsUnknown() throws Exception {
        try (GraphStore store = PgTestServer.freshStore(SCHEMA, Map.of(), 2);
             TransactionalSession s = (TransactionalSession) store.session(0)) {
            s.begin(false);
            s.addLink(new Link(1, 1, 2, Visibility.VISIBLE, DATA, 1, 10));
            failNextCall(store, s);
            StoreException e = assertThrows(StoreException.class, s::commit);
            assertEquals(StoreException.Kind.CONNECTION, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("COMMIT: outcome unknown"), e.getMessage());
            assertFalse(s.inTransaction(), "after the failed commit");
            assertEquals(List.of(), s.multigetLinks(1, 1, new long[] {2}), "the terminated backend rolled it back");
        }
    }
}
