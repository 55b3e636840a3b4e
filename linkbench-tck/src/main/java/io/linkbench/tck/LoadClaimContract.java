package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.graph.Node;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TCK of the claim a load takes on a store's tables ({@link GraphStore#prepareForLoad}): while one store
 * holds them, a second store on the same tables ({@link GraphStoreContract#reopenStore()}) is refused before
 * it drops anything, in a refusal that names the holder's process id; once the first store is closed, the
 * second may load. Skipped for a store whose data does not outlive its store (nothing is shared).
 */
public abstract class LoadClaimContract extends TckSupport {

    protected LoadClaimContract(GraphStoreContract contract) {
        super(contract);
    }

    @Test
    void aSecondLoadIntoTheSameTablesIsRefusedNamingTheFirstUntilTheFirstStoreCloses() throws Exception {
        GraphStore first = storeForLoad();
        try (StoreSession s = first.session(0)) {
            s.loadNodes(List.of(node(1, 2, 3, 4, "kept")));
        }
        GraphStore second;
        try {
            second = reopen();
        } catch (StoreException e) { // an embedded store may refuse the second open itself (its lock file)
            assertTrue(e.isRefusal(), () -> "a second open on the same data failed, but not as a refusal: " + e);
            return;
        }
        assumeTrue(second != null, "the store's data does not outlive it: no other store shares its tables");
        StoreException e = assertThrows(StoreException.class, () -> second.prepareForLoad(SchemaMode.RECREATE),
                "a second load into the tables a load holds must be refused");
        assertTrue(e.isRefusal(), () -> "not a refusal: " + e);
        assertEquals(StoreException.Kind.REJECTED, e.kind());
        String pid = Long.toString(ProcessHandle.current().pid());
        assertTrue(e.getMessage().contains(pid), () -> "the refusal does not name the holder's pid " + pid + ": "
                + e.getMessage());
        try (StoreSession s = first.session(1)) {
            Node kept = s.getNode(1, 2);
            assertTrue(kept != null, "the refused load dropped the first load's data");
        }
        closeStore(first);
        second.prepareForLoad(SchemaMode.RECREATE); // the claim ended with the store that held it
    }
}
