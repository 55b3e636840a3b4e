package io.linkbench.store.mysql;

import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The MySQL and MariaDB error codes the core's {@link SqlErrorMap} does not know by SQLSTATE; the
 * standard signals (40001, class 08, 23, ...) are the map's own.
 */
final class MySqlErrors {
    private MySqlErrors() {
    }

    // Server error codes (the same in MySQL and MariaDB unless noted).
    private static final int ER_LOCK_WAIT_TIMEOUT = 1205;
    private static final int ER_LOCK_DEADLOCK = 1213;
    private static final int ER_LOCK_ABORTED = 1689;
    private static final int ER_GET_ERRMSG = 1296; // "Got error N 'text' from ROCKSDB"
    private static final int ER_GET_ERRNO = 1030; // "Got error N "text" from storage engine"
    private static final int ER_SERVER_SHUTDOWN = 1053;
    private static final int ER_CON_COUNT_ERROR = 1040;
    private static final int ER_CONNECTION_KILLED = 1927; // MariaDB
    private static final int ER_CLIENT_INTERACTION_TIMEOUT = 4031; // MySQL 8
    private static final int ER_QUERY_TIMEOUT = 3024; // MySQL max_execution_time
    private static final int ER_STATEMENT_TIMEOUT = 1969; // MariaDB max_statement_time

    /** The map every part of the store translates its SQLExceptions with. */
    static final SqlErrorMap MAP = SqlErrorMap.builder()
            .codes(Kind.CONFLICT, ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT, ER_LOCK_ABORTED)
            .codes(Kind.CONNECTION, ER_SERVER_SHUTDOWN, ER_CONNECTION_KILLED, ER_CON_COUNT_ERROR,
                    ER_CLIENT_INTERACTION_TIMEOUT)
            .codes(Kind.TIMEOUT, ER_QUERY_TIMEOUT, ER_STATEMENT_TIMEOUT)
            .rule(MySqlErrors::engineConflict)
            .build();

    /** A MyRocks Busy / TryAgain status (write conflict) or an engine's lock wait, passed on as text. */
    private static Kind engineConflict(SQLException e) {
        int code = e.getErrorCode();
        if (code == ER_GET_ERRMSG || code == ER_GET_ERRNO) {
            String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            if (m.contains("busy") || m.contains("tryagain") || m.contains("try again")
                    || m.contains("lock wait") || m.contains("deadlock")) {
                return Kind.CONFLICT;
            }
        }
        return null;
    }
}
