/**
 * The base of the SQL stores: a store supplies its SQL text, schema and link-write algorithm, and
 * takes the rest from here. {@link io.linkbench.store.jdbc.JdbcSession} runs the node operations,
 * COUNT_LINK and GET_LINKS_LIST (with payload completion) on the session's two
 * {@link io.linkbench.store.jdbc.SessionConnection}s, which reconnect after a loss and run link
 * writes as one transaction each, in the lock order every SQL store keeps, and the session's own
 * transactions ({@link io.linkbench.store.TransactionalSession}), started by the store's statements;
 * {@link io.linkbench.store.jdbc.CountedLinkWrites} runs those link writes and moves the count, from
 * the store's statements and its own ADD_LINK algorithm;
 * {@link io.linkbench.store.jdbc.StatementCache} keeps a connection's prepared statements;
 * {@link io.linkbench.store.jdbc.SplitPayload} splits link payloads between an indexed head and
 * the rest; {@link io.linkbench.store.jdbc.LoadStateTable} keeps the load state;
 * {@link io.linkbench.store.jdbc.SqlErrorMap} turns a failed statement into a
 * {@link io.linkbench.store.StoreException.Kind}. Retries stay with the driver's bounded policy:
 * nothing here loops.
 */
package io.linkbench.store.jdbc;
