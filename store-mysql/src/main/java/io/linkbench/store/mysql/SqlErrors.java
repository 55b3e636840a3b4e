package io.linkbench.store.mysql;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Statement;
import java.util.Locale;

/** Maps MySQL and MariaDB errors to {@link StoreException} kinds, and closes things quietly. */
final class SqlErrors {
    private SqlErrors() {
    }

    // Server error codes (the same in MySQL and MariaDB).
    private static final int ER_LOCK_WAIT_TIMEOUT = 1205;
    private static final int ER_LOCK_DEADLOCK = 1213;
    private static final int ER_GET_ERRMSG = 1296; // "Got error N 'text' from ROCKSDB"
    private static final int ER_GET_ERRNO = 1030; // "Got error N "text" from storage engine"
    private static final int ER_SERVER_SHUTDOWN = 1053;
    private static final int ER_CON_COUNT_ERROR = 1040;
    private static final int ER_CONNECTION_KILLED = 1927; // MariaDB
    private static final int ER_CLIENT_INTERACTION_TIMEOUT = 4031; // MySQL 8
    private static final int ER_QUERY_TIMEOUT = 3024; // MySQL max_execution_time
    private static final int ER_STATEMENT_TIMEOUT = 1969; // MariaDB max_statement_time
    private static final int ER_LOCK_ABORTED = 1689;

    /** The kind of a failed statement. */
    static Kind kindOf(SQLException e) {
        if (isConflict(e)) {
            return Kind.CONFLICT;
        }
        if (hasCause(e, SocketTimeoutException.class)) { // the read timeout (socket_timeout) ran out
            return Kind.TIMEOUT;
        }
        if (isConnectionLoss(e)) {
            return Kind.CONNECTION;
        }
        int code = e.getErrorCode();
        if (e instanceof SQLTimeoutException || code == ER_QUERY_TIMEOUT || code == ER_STATEMENT_TIMEOUT) {
            return Kind.TIMEOUT;
        }
        String state = e.getSQLState();
        if (state != null && (state.startsWith("22") || state.startsWith("23") || state.startsWith("42")
                || state.startsWith("28"))) {
            return Kind.REJECTED;
        }
        return Kind.OTHER;
    }

    /** Deadlock, lock-wait timeout, or a RocksDB Busy / TryAgain (write conflict) status. */
    static boolean isConflict(SQLException e) {
        int code = e.getErrorCode();
        if (code == ER_LOCK_DEADLOCK || code == ER_LOCK_WAIT_TIMEOUT || code == ER_LOCK_ABORTED
                || e instanceof SQLTransactionRollbackException || "40001".equals(e.getSQLState())) {
            return true;
        }
        if (code == ER_GET_ERRMSG || code == ER_GET_ERRNO) {
            String m = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
            return m.contains("busy") || m.contains("tryagain") || m.contains("try again")
                    || m.contains("lock wait") || m.contains("deadlock");
        }
        return false;
    }

    /** The connection is gone (or the server is going away): the session must reconnect. */
    static boolean isConnectionLoss(SQLException e) {
        int code = e.getErrorCode();
        String state = e.getSQLState();
        return e instanceof SQLNonTransientConnectionException || e instanceof SQLRecoverableException
                || (state != null && state.startsWith("08")) || code == ER_SERVER_SHUTDOWN
                || code == ER_CONNECTION_KILLED || code == ER_CON_COUNT_ERROR
                || code == ER_CLIENT_INTERACTION_TIMEOUT || hasCause(e, SocketTimeoutException.class);
    }

    /** A StoreException for a failed operation, naming it. */
    static StoreException toStore(String what, SQLException e) {
        return new StoreException(kindOf(e), what + ": " + oneLine(e), e);
    }

    /** The message of an exception and its innermost cause, on one line. */
    static String oneLine(Throwable e) {
        String first = firstLine(e.getMessage());
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != e) {
            String rootLine = firstLine(root.getMessage());
            if (!rootLine.isEmpty() && !first.contains(rootLine)) {
                first = first + " (" + root.getClass().getSimpleName() + ": " + rootLine + ")";
            }
        }
        if (e instanceof SQLException s && s.getErrorCode() != 0) {
            first = first + " [" + s.getErrorCode() + "]";
        }
        return first;
    }

    private static String firstLine(String m) {
        if (m == null) {
            return "";
        }
        int nl = m.indexOf('\n');
        return (nl < 0 ? m : m.substring(0, nl)).strip();
    }

    private static boolean hasCause(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    static void closeQuietly(Connection c) {
        if (c != null) {
            try {
                c.close();
            } catch (SQLException | RuntimeException ignored) {
                // already broken: nothing to release
            }
        }
    }

    static void closeQuietly(Statement s) {
        if (s != null) {
            try {
                s.close();
            } catch (SQLException | RuntimeException ignored) {
                // the connection is closed with it
            }
        }
    }
}
