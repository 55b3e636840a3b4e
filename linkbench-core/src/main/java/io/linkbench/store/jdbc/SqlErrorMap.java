package io.linkbench.store.jdbc;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps a failed JDBC statement to the {@link Kind} the driver acts on. A store's vendor error codes
 * and rules ({@link Builder}) are asked first; then the standard signals, which cover PostgreSQL
 * without any vendor entry:
 * <ul>
 * <li>CONFLICT: {@link SQLTransactionRollbackException}, SQLSTATE 40001 (serialization failure),
 *     40P01 (deadlock), 55P03 (lock not available);</li>
 * <li>TIMEOUT: the client's read timeout ran out (a {@link SocketTimeoutException} cause);</li>
 * <li>CONNECTION: class 08, 57P01/57P02/57P03 (server shut down or starting),
 *     {@link SQLNonTransientConnectionException}, {@link SQLRecoverableException};</li>
 * <li>TIMEOUT: {@link SQLTimeoutException}, 57014 (statement cancelled by its timeout);</li>
 * <li>REJECTED: classes 22 (data), 23 (constraint), 28 (authorization), 42 (syntax, access), and
 *     25006 (a write in a read-only transaction);</li>
 * <li>OTHER: the rest.</li>
 * </ul>
 * Immutable and thread-safe; a store builds one and keeps it in a constant.
 */
public final class SqlErrorMap {

    /** A vendor rule that needs more than the error code, e.g. the text of a storage-engine error. */
    @FunctionalInterface
    public interface Rule {
        /** The kind of {@code e}, or null when this rule does not know it. */
        Kind kindOf(SQLException e);
    }

    private static final Set<String> CONFLICT_STATES = Set.of("40001", "40P01", "55P03");
    private static final Set<String> CONNECTION_STATES = Set.of("57P01", "57P02", "57P03");
    private static final Set<String> TIMEOUT_STATES = Set.of("57014");
    private static final Set<String> REJECTED_CLASSES = Set.of("22", "23", "28", "42");
    private static final Set<String> REJECTED_STATES = Set.of("25006");

    private final Map<Integer, Kind> codes;
    private final List<Rule> rules;

    private SqlErrorMap(Map<Integer, Kind> codes, List<Rule> rules) {
        this.codes = Map.copyOf(codes);
        this.rules = List.copyOf(rules);
    }

    /** A map without vendor entries: the standard signals only. */
    public static SqlErrorMap standard() {
        return new SqlErrorMap(Map.of(), List.of());
    }

    /** Starts a map with vendor entries. */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects vendor error codes and rules; each code has one kind. */
    public static final class Builder {
        private final Map<Integer, Kind> codes = new HashMap<>();
        private final List<Rule> rules = new ArrayList<>();

        private Builder() {
        }

        /** Vendor error codes ({@link SQLException#getErrorCode()}) that mean {@code kind}. */
        public Builder codes(Kind kind, int... vendorCodes) {
            for (int code : vendorCodes) {
                Kind before = codes.putIfAbsent(code, kind);
                if (before != null && before != kind) {
                    throw new IllegalArgumentException("error code " + code + " is " + before + " already");
                }
            }
            return this;
        }

        /** A rule asked after the codes, before the standard signals. */
        public Builder rule(Rule rule) {
            rules.add(rule);
            return this;
        }

        public SqlErrorMap build() {
            return new SqlErrorMap(codes, rules);
        }
    }

    /** The kind of a failed statement. */
    public Kind kindOf(SQLException e) {
        Kind vendor = codes.get(e.getErrorCode());
        if (vendor != null) {
            return vendor;
        }
        for (Rule rule : rules) {
            Kind k = rule.kindOf(e);
            if (k != null) {
                return k;
            }
        }
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (e instanceof SQLTransactionRollbackException || CONFLICT_STATES.contains(state)) {
            return Kind.CONFLICT;
        }
        if (hasCause(e, SocketTimeoutException.class)) {
            return Kind.TIMEOUT;
        }
        if (e instanceof SQLNonTransientConnectionException || e instanceof SQLRecoverableException
                || state.startsWith("08") || CONNECTION_STATES.contains(state)) {
            return Kind.CONNECTION;
        }
        if (e instanceof SQLTimeoutException || TIMEOUT_STATES.contains(state)) {
            return Kind.TIMEOUT;
        }
        if (REJECTED_STATES.contains(state)
                || state.length() >= 2 && REJECTED_CLASSES.contains(state.substring(0, 2))) {
            return Kind.REJECTED;
        }
        return Kind.OTHER;
    }

    /**
     * True when the connection is gone or its state unknown (a CONNECTION kind, or a read that timed
     * out mid-reply): the session must drop it and reconnect.
     */
    public boolean isConnectionLoss(SQLException e) {
        return kindOf(e) == Kind.CONNECTION || hasCause(e, SocketTimeoutException.class);
    }

    /** A StoreException of the right kind for a failed operation, naming it. */
    public StoreException toStore(String what, SQLException e) {
        return new StoreException(kindOf(e), what + ": " + oneLine(e), e);
    }

    /** The message of an exception and its innermost cause on one line, with the vendor code. */
    public static String oneLine(Throwable e) {
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

    /** Closes a connection, statement or result set, ignoring failure (it is broken or going anyway). */
    public static void closeQuietly(AutoCloseable c) {
        if (c != null) {
            try {
                c.close();
            } catch (Exception ignored) {
                // already broken: nothing to release
            }
        }
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
}
