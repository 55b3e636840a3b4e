package io.linkbench.store.postgres;

import io.linkbench.store.TransactionSupport;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.postgres.PgConfig.Isolation;
import java.util.List;

/**
 * The PostgreSQL store's transactions, offered on every server. A read-write transaction runs at the
 * configured isolation on the session's transactional connection (autocommit off: pgJDBC begins it
 * with its first statement). A read-only one is {@code SET TRANSACTION ISOLATION LEVEL REPEATABLE READ,
 * READ ONLY} (SERIALIZABLE when the sessions run it), so its reads share one snapshot, on one server.
 * On Citus, writes over several workers commit by two-phase commit, but each worker reads its own
 * snapshot: a read-only transaction over several workers has no single one.
 */
final class Transactions {
    private Transactions() {
    }

    /** What the store offers; {@code citus} when its tables are Citus distributed tables. */
    static TransactionSupport support(PgConfig config, boolean citus) {
        String readWrite = config.isolation().sqlName();
        String readOnly = "read-only transactions at " + readOnlyIsolation(config).sqlName() + " read one snapshot";
        String conflicts = "serialization failures (40001) and deadlocks (40P01" + (citus ? ", distributed ones too" : "")
                + ") are CONFLICT";
        if (citus) {
            return TransactionSupport.offered(readWrite + " on each Citus node, writes over several workers committed"
                    + " together by two-phase commit; " + readOnly + " per worker, none across workers (Citus has no"
                    + " global snapshot); " + conflicts);
        }
        return TransactionSupport.offered(readWrite + "; " + readOnly + "; " + conflicts);
    }

    /** The statements that start a transaction on a session's transactional connection. */
    static JdbcSession.Begin begin(PgConfig config) {
        return JdbcSession.Begin.with(List.of("SET TRANSACTION ISOLATION LEVEL "
                + readOnlyIsolation(config).sqlName().toUpperCase(java.util.Locale.ROOT) + ", READ ONLY"), List.of());
    }

    /** REPEATABLE READ, or SERIALIZABLE when the sessions run it. */
    private static Isolation readOnlyIsolation(PgConfig config) {
        return config.isolation() == Isolation.SERIALIZABLE ? Isolation.SERIALIZABLE : Isolation.REPEATABLE_READ;
    }
}
