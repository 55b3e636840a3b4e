package io.linkbench.store;

import java.util.Optional;

/**
 * A store that remembers its last load, so that a request phase on a graph whose load was killed,
 * interrupted or failed is refused instead of measuring (and verifying) half a graph.
 *
 * <p>The driver calls {@link #saveLoadState} right after {@link #prepareForLoad} with an incomplete
 * state, before any row is written, and again with the complete state once every insert and
 * post-load step has finished. {@code -r} without {@code -l} reads {@link #loadState()} before its
 * request phase and refuses to run unless it is complete (or {@code allow_incomplete_load = true}).
 *
 * <p>Keep the {@link LoadState#toText() text} (at most {@link LoadState#MAX_TEXT} characters) next to
 * the data: a row of a metadata table, a key, a document. A save replaces the previous state and must
 * be durable when it returns, so that a kill right after it leaves that state behind. A store whose
 * data does not outlive the process may keep it in a field. A store without this capability is used
 * for {@code -r} with a warning that nothing was checked.
 */
public interface LoadStateStore extends GraphStore {

    /**
     * Replaces the recorded state with {@code state}, durably. Called from one thread.
     *
     * @throws StoreException CONNECTION, TIMEOUT, FATAL or OTHER; the load then fails rather than
     *                        leave a state that does not match its data
     */
    void saveLoadState(LoadState state) throws StoreException;

    /**
     * The last state saved, or empty when none was (a new or recreated store, or data loaded by a
     * tool that does not record loads). Called before {@link #prepareForRequests()}, maybe on a store
     * whose schema does not exist yet: it must not create or change anything. Called from one thread.
     *
     * @throws StoreException CONNECTION, TIMEOUT or OTHER when the state cannot be read
     */
    Optional<LoadState> loadState() throws StoreException;
}
