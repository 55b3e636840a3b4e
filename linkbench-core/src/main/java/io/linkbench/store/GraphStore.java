package io.linkbench.store;

/**
 * One open store, shared by all worker threads: thread-safe. It hands out one {@link StoreSession} per
 * worker thread and is closed once, after every session is closed.
 *
 * <p>Further capabilities are optional interfaces a store may implement: {@link CountVerifier},
 * {@link StoreMetrics}, {@link LoadHooks}, {@link LoadStateStore}, {@link ConnectionLimit},
 * {@link ServerConfiguration}; multi-operation transactions are {@link TransactionalSession}s, offered
 * or declined by {@link #transactions()}. Whether it keeps the count invariant under concurrent writers it
 * declares in {@link StoreInfo#transactional()}.
 *
 * <p>The life of a store in one run, all on the driver's main thread except the sessions' calls:
 * <pre>{@code
 * try (GraphStore store = provider.open(context)) {
 *     store.prepareForLoad(SchemaMode.CREATE);          // or prepareForRequests() for -r alone
 *     StoreInfo info = store.info();
 *     // one thread per worker:
 *     try (StoreSession s = store.session(workerId)) {
 *         s.loadNodes(batch);
 *     }
 * }
 * }</pre>
 */
public interface GraphStore extends AutoCloseable {

    /**
     * Facts for the report; may query the server. Called from one thread, right after the store is
     * opened (before any prepare method) and maybe again later.
     *
     * @return the facts, never null
     * @throws StoreException CONNECTION or TIMEOUT when the server cannot be asked, OTHER otherwise
     */
    StoreInfo info() throws StoreException;

    /**
     * Makes the store ready for a load phase: creates the schema where missing. With
     * {@link SchemaMode#CREATE} it throws a {@link StoreException#refusal refusal} (kind REJECTED),
     * whose message says what is not empty and names {@code schema = recreate}, when nodes, links or
     * counts exist already; with {@link SchemaMode#RECREATE} it drops all data first. Called once, from
     * one thread, before any session is opened.
     *
     * <p><b>One load at a time.</b> A store whose tables another process (or another store of this one) can
     * load claims them here, before it drops anything, and holds the claim until {@link #close()}; while
     * another store holds it, this method throws a refusal naming that load's host, pid and start
     * (the support package's {@code LoadClaimant} words it), since two loads at once each measure a share
     * of the server. A load that dies must not block the next for long: hold the claim as something that
     * dies with the process (a server session lock, as the JDBC stores' {@code LoadClaimLock}; a lock file)
     * or as a lease that expires. Clients 1.. of a fleet load do not call this method, so they never meet
     * client 0's claim. A store whose data lives and dies with the store object claims nothing.
     *
     * <pre>{@code
     * store.prepareForLoad(SchemaMode.RECREATE);   // the user set schema = recreate
     * }</pre>
     *
     * @param mode what to do with data that exists
     * @throws StoreException REJECTED (a refusal: data present with CREATE, the tables claimed by another load;
     *                        or missing privileges for the DDL), CONNECTION, TIMEOUT or OTHER; never retried by
     *                        the driver
     */
    void prepareForLoad(SchemaMode mode) throws StoreException;

    /**
     * Makes the store ready for a request phase on data loaded before (possibly by another process):
     * opens or creates the schema without dropping anything. Called once, from one thread, before the
     * request phase opens its sessions.
     *
     * @throws StoreException REJECTED, CONNECTION, TIMEOUT or OTHER; never retried by the driver
     */
    void prepareForRequests() throws StoreException;

    /**
     * A session for one worker thread. The session is used by that thread only and closed by it.
     * Called by the phase that starts the workers, maybe from another thread than the session's; a
     * store may connect here or on the session's first call.
     *
     * <pre>{@code
     * StoreSession s = store.session(2);   // the third requester's
     * }</pre>
     *
     * @param workerId 0-based, unique among the sessions open at once
     * @return a new session, never null
     * @throws StoreException CONNECTION when the server refuses another connection (the phase does not
     *                        start), or TIMEOUT, OTHER
     */
    StoreSession session(int workerId) throws StoreException;

    /**
     * Whether this store's sessions run multi-operation transactions ({@link TransactionalSession}), and
     * with which guarantees; called from one thread, after the store is opened: before a load (the run
     * refuses a store that declines before loading anything) and again when a request phase starts, so an
     * answer given before the schema exists may be less precise than the later one. A store whose answer
     * depends on the server (a standalone server without
     * transactions, a cluster without distributed commit) asks it here. The default declines.
     *
     * <pre>{@code
     * if (!store.transactions().offered()) { ... refuse, printing store.transactions().detail() ... }
     * }</pre>
     *
     * @return the offer or the one-line reason to decline, never null
     * @throws StoreException CONNECTION, TIMEOUT or OTHER when the server cannot be asked
     */
    default TransactionSupport transactions() throws StoreException {
        return TransactionSupport.declined("this store runs no multi-operation transactions");
    }

    /**
     * Releases the store (its pool, files or client); called once, from one thread, after every
     * session is closed.
     *
     * @throws StoreException when releasing fails; the run's results stay valid
     */
    @Override
    void close() throws StoreException;
}
