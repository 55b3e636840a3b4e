package io.linkbench.tck;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;

/**
 * The optional fault hook of the TCK: a store's test that extends {@link GraphStoreContract} and
 * implements this interface runs the batch-retry and session-after-error contracts, and the test of
 * an operation failing inside a transaction; without it those tests are skipped with an assumption
 * message.
 *
 * <p>The failure must be a real one where the store can produce it (a killed connection, an aborted
 * transaction), not a wrapper around the session: the contracts check what the store does next.
 */
public interface FaultInjection {

    /**
     * Arranges that the next call on {@code session} fails with a retryable {@link
     * io.linkbench.store.StoreException} (CONFLICT or CONNECTION). A bulk load
     * ({@code loadNodes/loadLinks/loadCounts}) may write part of its batch before it fails, where the
     * store's batch write is not atomic; any other call fails without a lasting change, and inside a
     * transaction the failure ends it (the store rolls it back).
     *
     * @param store   the store the session belongs to (e.g. to open a second connection that kills
     *                the session's one)
     * @param session a session of {@code store}, idle (between calls, maybe inside an open transaction),
     *                used by the calling thread
     */
    void failNextCall(GraphStore store, StoreSession session) throws Exception;
}
