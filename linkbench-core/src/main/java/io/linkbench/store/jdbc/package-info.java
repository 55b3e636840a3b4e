/**
 * Helpers for stores that speak JDBC: {@link io.linkbench.store.jdbc.SqlErrorMap} turns a failed
 * statement into a {@link io.linkbench.store.StoreException.Kind} (generic SQLSTATE classes, plus the
 * vendor codes a store supplies), and {@link io.linkbench.store.jdbc.SessionConnection} is a session's
 * connection that reconnects after a loss and runs link writes as one transaction each, in the lock
 * order every SQL store keeps. Retries stay with the driver's bounded policy: nothing here loops.
 */
package io.linkbench.store.jdbc;
