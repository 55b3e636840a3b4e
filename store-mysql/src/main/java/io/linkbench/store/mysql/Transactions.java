package io.linkbench.store.mysql;

import io.linkbench.store.TransactionSupport;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.mysql.MySqlConfig.Isolation;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The MySQL store's transactions: whether it offers them, with which guarantees, and the statements
 * that start one. A read-write transaction runs at the configured isolation on the session's
 * transactional connection (autocommit off: nothing to send, it starts with its first statement). A
 * read-only one reads one snapshot: {@code START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY} at
 * REPEATABLE READ (set for that transaction alone when the session runs READ COMMITTED, MyRocks' default),
 * or {@code START TRANSACTION READ ONLY} at SERIALIZABLE, whose locking reads give one state.
 *
 * <p>On a Spider head every transaction first sets {@code spider_internal_xa = 1} for its session (the
 * head commits a transaction over several backends by XA two-phase commit only with it, and on each in
 * turn without it); sessions that never begin one keep the head's own setting and its costs. Declined: an
 * engine without transactions (Aria, MyISAM), a head without {@code spider_internal_xa}, and backends that
 * share a host name: Spider registers the members of an XA transaction by host, and two backends on one
 * host fail the COMMIT ({@code 12606 This xid member already exists}).
 */
final class Transactions {
    /** Turns on Spider's XA for the session that begins a transaction. */
    static final String SPIDER_XA = "SET SESSION spider_internal_xa = 1";

    private Transactions() {
    }

    /** What the store offers, asked of the server ({@code c}, the head with Spider). */
    static TransactionSupport support(Connection c, MySqlConfig config, boolean engineTransactional,
            SpiderCluster spider) throws SQLException {
        if (!engineTransactional) {
            return TransactionSupport.declined("engine = " + config.engine() + " runs no transactions;"
                    + " use engine = InnoDB or ROCKSDB");
        }
        String readWrite = config.isolation().sqlName();
        String readOnly = "read-only transactions at " + readOnlyIsolation(config).sqlName() + " read one snapshot";
        if (spider != null) {
            return spider(variable(c, "spider_internal_xa"), spider.backends(), readWrite, readOnly);
        }
        if (EngineCheck.galera(c)) {
            return TransactionSupport.offered(readWrite + " on the node the session is connected to, certified"
                    + " cluster-wide at COMMIT (a certification failure, 1213, is CONFLICT); " + readOnly
                    + " of that node, which trails commits on other nodes unless wsrep_sync_wait is set (now "
                    + variable(c, "wsrep_sync_wait") + ")");
        }
        return TransactionSupport.offered(readWrite + "; " + readOnly + " (START TRANSACTION WITH CONSISTENT SNAPSHOT);"
                + " deadlocks (1213), lock-wait timeouts (1205)" + (config.rocksDb() ? " and MyRocks write conflicts" : "")
                + " are CONFLICT");
    }

    /**
     * A Spider head's offer: when it has {@code spider_internal_xa} (its value {@code internalXa}, "" when
     * the head has no such variable) and each backend has a host name of its own, else declined.
     */
    static TransactionSupport spider(String internalXa, List<SpiderCluster.Backend> backends, String readWrite,
            String readOnly) {
        if (internalXa.isEmpty()) {
            return TransactionSupport.declined("the Spider head has no spider_internal_xa: a transaction over"
                    + " several backends would commit on each in turn, not atomically; use a Spider with XA"
                    + " (MariaDB 10.3 or later)");
        }
        String shared = sharedHost(backends);
        if (shared != null) {
            return TransactionSupport.declined("backends " + shared + " share a host name, and Spider's XA"
                    + " (spider_internal_xa = 1) fails their COMMIT (12606 This xid member already exists); give"
                    + " each backend a host name of its own in CREATE SERVER");
        }
        return TransactionSupport.offered(readWrite + " on each backend, committed across backends by XA two-phase"
                + " commit (the session sets spider_internal_xa = 1 when it begins a transaction); " + readOnly
                + " per backend, taken at its first read there, no global snapshot across backends; backend"
                + " deadlocks (1213) and lock-wait timeouts (1205) are CONFLICT");
    }

    /**
     * The statements that start a transaction on a session's transactional connection; on a Spider head
     * ({@code spider}) each begins with {@link #SPIDER_XA}.
     */
    static JdbcSession.Begin begin(MySqlConfig config, TransactionSupport support, boolean spider) {
        if (!support.offered()) {
            return JdbcSession.Begin.declined(support.detail());
        }
        List<String> readOnly = switch (config.isolation()) {
            case READ_UNCOMMITTED, READ_COMMITTED -> List.of("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
                    "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
            case REPEATABLE_READ -> List.of("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
            case SERIALIZABLE -> List.of("START TRANSACTION READ ONLY");
        };
        if (!spider) {
            return JdbcSession.Begin.with(readOnly, List.of());
        }
        List<String> xaReadOnly = new java.util.ArrayList<>(List.of(SPIDER_XA));
        xaReadOnly.addAll(readOnly);
        return JdbcSession.Begin.with(xaReadOnly, List.of(SPIDER_XA));
    }

    /** The names of two backends with one host name (their ports differ), or null. */
    private static String sharedHost(List<SpiderCluster.Backend> backends) {
        Map<String, String> byHost = new HashMap<>();
        for (SpiderCluster.Backend b : backends) {
            String host = b.address().substring(0, b.address().lastIndexOf(':'));
            String before = byHost.putIfAbsent(host.toLowerCase(Locale.ROOT), b.name());
            if (before != null) {
                return before + " and " + b.name() + " (" + host + ")";
            }
        }
        return null;
    }

    /** REPEATABLE READ, or SERIALIZABLE when the sessions run it. */
    private static Isolation readOnlyIsolation(MySqlConfig config) {
        return config.isolation() == Isolation.SERIALIZABLE ? Isolation.SERIALIZABLE : Isolation.REPEATABLE_READ;
    }

    /** A session variable's value, or "" when the server has no such variable. */
    private static String variable(Connection c, String name) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW SESSION VARIABLES LIKE '" + name + "'")) {
            return rs.next() ? rs.getString(2) : "";
        }
    }
}
