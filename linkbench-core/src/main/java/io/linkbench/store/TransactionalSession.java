package io.linkbench.store;

/**
 * A {@link StoreSession} that can run several of its operations as one transaction: implemented by the
 * sessions of a store whose {@link GraphStore#transactions()} is {@linkplain TransactionSupport#offered
 * offered} (and maybe by those of a store that declines, whose {@link #begin} then throws REJECTED with the
 * reason: the driver asks {@link GraphStore#transactions()}, not the session's type). Between {@link #begin} and {@link #commit} (or {@link #rollback}) the session's ten request
 * operations run inside the transaction; outside one they behave as ever (each its own atomic step).
 * Only the session's own thread calls these methods, never during a load ({@code load*} calls are never
 * made inside a transaction).
 *
 * <p>The contract, checked by the TCK's transaction contracts:
 * <ul>
 *   <li><b>All or nothing.</b> The writes of a read-write transaction become visible to other sessions
 *       together at {@link #commit}, or not at all; the count invariant holds at every commit.</li>
 *   <li><b>Own writes.</b> Inside a read-write transaction the session's reads see its earlier writes.</li>
 *   <li><b>One snapshot.</b> The reads of a read-only transaction see one consistent state of the graph:
 *       no write committed by another session after the transaction's first read shows in a later one.
 *       A store that gives this per server only (a sharded cluster without a global snapshot) says so in
 *       {@link TransactionSupport#detail}.</li>
 *   <li><b>Failure ends it.</b> When an operation inside a transaction, or the commit, throws, the store
 *       has rolled the whole transaction back before the exception leaves it, and the session is outside
 *       any transaction and usable. The driver repeats the whole transaction on a
 *       {@linkplain StoreException#isRetryable retryable} kind (CONFLICT: deadlock, lock-wait timeout,
 *       serialization or write conflict) and counts each attempt. A CONNECTION failure of {@link #commit}
 *       leaves the outcome unknown: the store says so in the message.</li>
 * </ul>
 *
 * <pre>{@code
 * TransactionalSession s = (TransactionalSession) store.session(0);
 * s.begin(false);
 * try {
 *     s.addLink(link);
 *     s.addLink(inverse);      // both or neither
 *     s.commit();
 * } finally {
 *     s.rollback();            // nothing to do after commit or after a failure
 * }
 * }</pre>
 */
public interface TransactionalSession extends StoreSession {
    /**
     * Starts a transaction on this session.
     *
     * @param readOnly true when only {@code getNode}, {@code countLinks}, {@code multigetLinks} and
     *                 {@code getLinkList} will run inside it: they then read one snapshot; a store may run
     *                 a write inside a read-only transaction or refuse it with REJECTED
     * @throws IllegalStateException when a transaction is open on this session already
     * @throws StoreException        CONNECTION, TIMEOUT or OTHER when the store cannot start one; no
     *                               transaction is open afterwards
     */
    void begin(boolean readOnly) throws StoreException;

    /**
     * Makes the transaction's writes visible, all together; the session is outside a transaction
     * afterwards, whether this returns or throws.
     *
     * @throws IllegalStateException when no transaction is open
     * @throws StoreException        CONFLICT when the store refused the commit for a conflict (nothing was
     *                               written; the whole transaction may be repeated), CONNECTION (the
     *                               outcome is unknown: the message says so; a store maps a commit that
     *                               timed out to this kind too), or OTHER
     */
    void commit() throws StoreException;

    /**
     * Discards the open transaction's writes; does nothing when no transaction is open (after a commit,
     * or after a failure that ended it). The session is outside a transaction afterwards.
     *
     * @throws StoreException CONNECTION when the server could not be told (its transaction dies with the
     *                        connection), OTHER
     */
    void rollback() throws StoreException;

    /** True between {@link #begin} and the commit, rollback or failure that ends the transaction. */
    boolean inTransaction();
}
