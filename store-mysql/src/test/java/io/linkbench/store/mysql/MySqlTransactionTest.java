package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MySQL store's transactions beyond the TCK's contract, on each engine: an UPDATE_NODE that changes
 * nothing (the transactional connection counts changed rows), a write refused by a read-only
 * transaction, and a COMMIT whose connection the server killed, whose outcome the message calls unknown.
 */
@Tag("mysql")
class MySqlTransactionTest implements KillsSessionConnections {
    private static final byte[] DATA = {1, 2, 3};

    private static GraphStore fresh(String engine) throws StoreException {
        return MySqlTestServer.freshStore(engine, "lbtest_tx_" + engine.toLowerCase(java.util.Locale.ROOT), Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"InnoDB", "ROCKSDB"})
    void updateNodeToTheValuesItHasFindsTheNodeInsideATransaction(String engine) throws Exception {
        try (GraphStore store = fresh(engine); TransactionalSession s = (TransactionalSession) store.session(0)) {
            long id = s.addNode(new Node(0, 1, 1, 10, DATA));
            s.begin(false);
            assertTrue(s.updateNode(new Node(id, 1, 1, 10, DATA)), "the node, set to what it was");
            assertFalse(s.updateNode(new Node(id + 1000, 1, 1, 10, DATA)), "a node that does not exist");
            s.commit();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"InnoDB", "ROCKSDB"})
    void aWriteInsideAReadOnlyTransactionIsRejectedAndEndsIt(String engine) throws Exception {
        try (GraphStore store = fresh(engine); TransactionalSession s = (TransactionalSession) store.session(0)) {
            s.begin(true);
            StoreException e = assertThrows(StoreException.class, () -> s.addNode(new Node(0, 1, 1, 10, DATA)));
            assertEquals(StoreException.Kind.REJECTED, e.kind(), e.getMessage());
            assertFalse(s.inTransaction(), "after the refused write");
            assertTrue(s.addLink(new Link(1, 1, 2, Visibility.VISIBLE, DATA, 1, 10)), "the session serves the next call");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"InnoDB", "ROCKSDB"})
    void aCommitWhoseConnectionWasKilledSaysItsOutcomeIsUnknown(String engine) throws Exception {
        try (GraphStore store = fresh(engine); TransactionalSession s = (TransactionalSession) store.session(0)) {
            s.begin(false);
            s.addLink(new Link(1, 1, 2, Visibility.VISIBLE, DATA, 1, 10));
            failNextCall(store, s);
            StoreException e = assertThrows(StoreException.class, s::commit);
            assertEquals(StoreException.Kind.CONNECTION, e.kind(), e.getMessage());
            assertTrue(e.getMessage().startsWith("COMMIT: outcome unknown"), e.getMessage());
            assertFalse(s.inTransaction(), "after the failed commit");
            assertEquals(List.of(), s.multigetLinks(1, 1, new long[] {2}), "the kill rolled the transaction back");
            assertNull(s.getNode(1, 1));
        }
    }
}
