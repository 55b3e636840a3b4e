package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.jdbc.JdbcSession;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What the MySQL store offers as transactions on a Spider head, by its XA setting and its backends'
 * hosts (the local cluster has every backend on 127.0.0.1, so the offer itself is checked here), and
 * how a read-only transaction starts at each isolation.
 */
class TransactionsTest {
    private static final List<SpiderCluster.Backend> ONE_HOST = List.of(new SpiderCluster.Backend("backend1",
            "127.0.0.1:3341"), new SpiderCluster.Backend("backend2", "127.0.0.1:3342"));
    private static final List<SpiderCluster.Backend> TWO_HOSTS = List.of(new SpiderCluster.Backend("b1", "db1:3306"),
            new SpiderCluster.Backend("b2", "db2:3306"));

    @Test
    void spiderOffersTransactionsOnlyWithInternalXaAndABackendPerHost() {
        TransactionSupport off = Transactions.spider("OFF", TWO_HOSTS, "READ-COMMITTED", "ro");
        assertFalse(off.offered());
        assertTrue(off.detail().startsWith("spider_internal_xa = OFF on the Spider head"), off.detail());
        TransactionSupport shared = Transactions.spider("1", ONE_HOST, "READ-COMMITTED", "ro");
        assertFalse(shared.offered());
        assertTrue(shared.detail().startsWith("backends backend1 and backend2 (127.0.0.1) share a host name"),
                shared.detail());
        TransactionSupport xa = Transactions.spider("ON", TWO_HOSTS, "REPEATABLE-READ", "ro");
        assertTrue(xa.offered());
        assertTrue(xa.detail().contains("XA two-phase commit") && xa.detail().contains("none across backends"),
                xa.detail());
    }

    @Test
    void aReadOnlyTransactionStartsOnOneSnapshotWhateverTheSessionsIsolation() {
        Map<String, List<String>> expected = Map.of(
                "read_committed", List.of("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ",
                        "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY"),
                "repeatable_read", List.of("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY"),
                "serializable", List.of("START TRANSACTION READ ONLY"));
        expected.forEach((isolation, statements) -> {
            MySqlConfig config = MySqlConfig.from(new Settings(Map.of("isolation", isolation)));
            JdbcSession.Begin begin = Transactions.begin(config, TransactionSupport.offered("x"));
            assertEquals(statements, begin.readOnly(), isolation);
            assertEquals(List.of(), begin.readWrite(), isolation + ": a read-write transaction starts with its first statement");
        });
    }
}
