package io.linkbench.store.mysql;

import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The MySQL and MariaDB error codes the core's {@link SqlErrorMap} does not know by SQLSTATE, and those
 * of MySQL-protocol distributed engines (Galera, Spider, TiDB, a read-only writer after a failover); the
 * standard signals (40001, class 08, 23, ...) are the map's own. The table is in stores/mysql.md.
 */
final class Errors {
    private Errors() {
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
    // Galera (MariaDB Cluster, Percona XtraDB Cluster): a certification failure or brute-force abort is
    // ER_LOCK_DEADLOCK; a node that is not Synced or not in the primary component refuses statements with
    private static final int ER_UNKNOWN_COM_ERROR = 1047; // "WSREP has not yet prepared node for application use"
    // A writer demoted to reader (an Aurora-style failover, or read_only set): reconnect to find the writer.
    private static final int ER_OPTION_PREVENTS_STATEMENT = 1290; // "... running with the --read-only option ..."
    private static final int ER_READ_ONLY_MODE = 1836; // MySQL "Running in read-only mode"
    // TiDB: write conflicts and transactions that are safe to retry whole ...
    private static final int TIDB_SELECT_FOR_UPDATE_CONFLICT = 8002;
    private static final int TIDB_WRITE_CONFLICT_STALE = 8005;
    private static final int TIDB_TXN_RETRYABLE = 8022;
    private static final int TIDB_SCHEMA_OUT_OF_DATE = 8027;
    private static final int TIDB_SCHEMA_CHANGED = 8028;
    private static final int TIDB_RESOLVE_LOCK_TIMEOUT = 9004;
    private static final int TIDB_WRITE_CONFLICT = 9007;
    // ... and a storage layer that is unreachable or busy for a moment (PD, TiKV, a Raft region)
    private static final int TIDB_PD_TIMEOUT = 9001;
    private static final int TIDB_TIKV_TIMEOUT = 9002;
    private static final int TIDB_TIKV_BUSY = 9003;
    private static final int TIDB_REGION_UNAVAILABLE = 9005;

    // MariaDB Spider relays a backend it cannot reach or lost mid-statement with its own codes, or with the
    // client library's (a connection lost under Spider's read timeout, a backend killed mid-statement)
    private static final int ER_CONNECT_TO_FOREIGN_DATA_SOURCE = 1429;
    private static final int SPIDER_REMOTE_SERVER_GONE_AWAY = 12701;
    private static final int SPIDER_CON_COUNT_ERROR = 12723;
    private static final int CR_SERVER_GONE_ERROR = 2006;
    private static final int CR_SERVER_LOST = 2013;
    private static final int ER_NET_READ_ERROR = 1158;
    private static final int ER_NET_READ_INTERRUPTED = 1159;
    private static final int ER_NET_ERROR_ON_WRITE = 1160;
    private static final int ER_NET_WRITE_INTERRUPTED = 1161;

    /** The map every part of the store translates its SQLExceptions with. */
    static final SqlErrorMap MAP = SqlErrorMap.builder()
            .codes(Kind.CONFLICT, ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT, ER_LOCK_ABORTED)
            .codes(Kind.CONNECTION, ER_SERVER_SHUTDOWN, ER_CONNECTION_KILLED, ER_CON_COUNT_ERROR,
                    ER_CLIENT_INTERACTION_TIMEOUT, ER_UNKNOWN_COM_ERROR, ER_READ_ONLY_MODE)
            .codes(Kind.CONNECTION, ER_CONNECT_TO_FOREIGN_DATA_SOURCE, SPIDER_REMOTE_SERVER_GONE_AWAY,
                    SPIDER_CON_COUNT_ERROR, CR_SERVER_GONE_ERROR, CR_SERVER_LOST, ER_NET_READ_ERROR,
                    ER_NET_READ_INTERRUPTED, ER_NET_ERROR_ON_WRITE, ER_NET_WRITE_INTERRUPTED)
            .codes(Kind.TIMEOUT, ER_QUERY_TIMEOUT, ER_STATEMENT_TIMEOUT)
            .codes(Kind.CONFLICT, TIDB_SELECT_FOR_UPDATE_CONFLICT, TIDB_WRITE_CONFLICT_STALE, TIDB_TXN_RETRYABLE,
                    TIDB_SCHEMA_OUT_OF_DATE, TIDB_SCHEMA_CHANGED, TIDB_RESOLVE_LOCK_TIMEOUT, TIDB_WRITE_CONFLICT)
            .codes(Kind.CONNECTION, TIDB_PD_TIMEOUT, TIDB_TIKV_TIMEOUT, TIDB_TIKV_BUSY, TIDB_REGION_UNAVAILABLE)
            .rule(Errors::engineConflict)
            .rule(Errors::readOnly)
            .build();

    /** A server that runs read-only now (it was the writer before a failover): drop the connection and reconnect. */
    private static Kind readOnly(SQLException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
        return e.getErrorCode() == ER_OPTION_PREVENTS_STATEMENT && (m.contains("read-only") || m.contains("read_only"))
                ? Kind.CONNECTION : null;
    }

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
