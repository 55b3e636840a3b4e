package io.linkbench.store;

/**
 * One open store, shared by all worker threads: thread-safe. It hands out one {@link StoreSession} per
 * worker thread and is closed once, after every session is closed.
 *
 * <p>Further capabilities are optional interfaces a store may implement: {@link CountVerifier},
 * {@link StoreMetrics}, {@link LoadHooks}, {@link LoadStateStore}. Whether it keeps the count invariant
 * under concurrent writers it declares in {@link StoreInfo#transactional()}.
 */
public interface GraphStore extends AutoCloseable {

    /** Facts for the report; may query the server. */
    StoreInfo info() throws StoreException;

    /**
     * Makes the store ready for a load phase: creates the schema where missing. With
     * {@link SchemaMode#CREATE} it throws a {@link StoreException} of kind REJECTED, whose message says
     * what is not empty and names {@code schema = recreate}, when nodes, links or counts exist already;
     * with {@link SchemaMode#RECREATE} it drops all data first.
     */
    void prepareForLoad(SchemaMode mode) throws StoreException;

    /**
     * Makes the store ready for a request phase on data loaded before (possibly by another process):
     * opens or creates the schema without dropping anything.
     */
    void prepareForRequests() throws StoreException;

    /**
     * A session for one worker thread. The session is used by that thread only and closed by it.
     *
     * @param workerId 0-based, unique among the sessions open at once
     */
    StoreSession session(int workerId) throws StoreException;

    @Override
    void close() throws StoreException;
}
