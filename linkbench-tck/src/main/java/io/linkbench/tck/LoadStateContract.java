package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.SchemaMode;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * TCK of {@link LoadStateStore} (skipped for a store without it): no state in a fresh store, the last
 * state saved is the one read, it survives prepareForRequests, close and reopen (where the store's
 * data does), and schema = recreate forgets it.
 */
public abstract class LoadStateContract extends TckSupport {
    private static final LoadState STARTED = LoadState.started(1, 10_001, 42, "0123456789abcdef",
            Instant.ofEpochMilli(1_700_000_000_123L));
    private static final LoadState COMPLETE = STARTED.completedAt(Instant.ofEpochMilli(1_700_000_600_456L));

    protected LoadStateContract(GraphStoreContract contract) {
        super(contract);
    }

    private LoadStateStore recording() throws Exception {
        GraphStore store = storeForLoad();
        assumeTrue(store instanceof LoadStateStore, "the store does not record its loads");
        return (LoadStateStore) store;
    }

    @Test
    void aFreshStoreRecordsNoLoad() throws Exception {
        assertEquals(Optional.empty(), recording().loadState());
    }

    @Test
    void aStartedLoadIsIncomplete() throws Exception {
        LoadStateStore store = recording();
        store.saveLoadState(STARTED);
        LoadState read = store.loadState().orElseThrow();
        assertEquals(STARTED, read);
        assertFalse(read.complete());
    }

    @Test
    void theCompleteStateReplacesTheStartedOne() throws Exception {
        LoadStateStore store = recording();
        store.saveLoadState(STARTED);
        store.saveLoadState(COMPLETE);
        assertEquals(Optional.of(COMPLETE), store.loadState());
        assertTrue(store.loadState().orElseThrow().complete());
    }

    @Test
    void aNewLoadReplacesACompleteOne() throws Exception {
        LoadStateStore store = recording();
        store.saveLoadState(COMPLETE);
        LoadState next = LoadState.started(1, 501, 7, "", Instant.ofEpochMilli(1_700_001_000_000L));
        store.saveLoadState(next);
        assertEquals(Optional.of(next), store.loadState());
    }

    @Test
    void prepareForRequestsKeepsTheState() throws Exception {
        LoadStateStore store = recording();
        store.saveLoadState(COMPLETE);
        finishLoad(store);
        assertEquals(Optional.of(COMPLETE), store.loadState());
    }

    @Test
    void recreateForgetsTheState() throws Exception {
        LoadStateStore store = recording();
        store.saveLoadState(COMPLETE);
        store.prepareForLoad(SchemaMode.RECREATE);
        assertEquals(Optional.empty(), store.loadState());
    }

    @Test
    void theStateSurvivesCloseAndReopen() throws Exception {
        LoadStateStore store = recording();
        store.saveLoadState(STARTED);
        closeStore(store);
        GraphStore reopened = reopen();
        assumeTrue(reopened != null, "the store's data does not outlive close");
        assertEquals(Optional.of(STARTED), ((LoadStateStore) reopened).loadState(), "incomplete after reopen");
        ((LoadStateStore) reopened).saveLoadState(COMPLETE);
        closeStore(reopened);
        GraphStore again = reopen();
        assertEquals(Optional.of(COMPLETE), ((LoadStateStore) again).loadState(), "complete after reopen");
    }
}
