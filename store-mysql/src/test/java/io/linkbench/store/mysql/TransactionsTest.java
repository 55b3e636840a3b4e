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
 * What the MySQL store offers as transactions on a Spider head, by its XA variable and its backends'
 * hosts (the local cluster has a host per backend, so the decline for a shared host is checked here), and
 * how a transaction starts at each isolation and on Spider.
 */
class TransactionsTest {
    private static final List<SpiderCluster.Backend> ONE_HOST = List.of(new SpiderCluster.Backend("backend1",
            "127.0.0.1:3341"), new SpiderCluster.Backend("backend2", "127.0.0.1:3342"));
    private static final List<SpiderCluster.Backend> TWO_HOSTS = List.of(new SpiderCluster.Backend("b1", "db1:3306"),
            new SpiderCluster.Backend("b2", "db2:3306"));

    @Test
    void spiderOffersTransactionsOnlyWithInternalXaAndABackendPerHost() {
        TransactionSupport none = Transactions.spider("", TWO_HOSTS, "READ-COMMITTED", "ro");
        assertFalse(none.offered());
        assertTrue(none.detail().startsWith("the Spider head has no spider_internal_xa"), none.detail());
        TransactionSupport shared = Transactions.spider("OFF", ONE_HOST, "READ-COMMITTED", "ro");
        assertFalse(shared.offered());
        assertTrue(shared.detail().startsWith("backends backend1 and backend2 (127.0.0.1) share a host name"),
                shared.detail());
        for (String globalXa : List.of("OFF", "ON")) {
            TransactionSupport xa = Transactions.spider(globalXa, TWO_HOSTS, "REPEATABLE-READ", "ro");
            assertTrue(xa.offered(), globalXa);
            assertTrue(xa.detail().contains("XA two-phase commit") && xa.detail().contains("no global snapshot"),
                    xa.detail());
        }
    }

    @Test
    void onSpiderEveryTransactionTurnsOnXaForItsSession() {
        MySqlConfig config = MySqlConfig.from(new Settings(Map.of("isolation", "repeatable_read")));
        JdbcSession.Begin begin = Transactions.begin(config, TransactionSupport.offered("x"), true);
        assertEquals(List.of(Transactions.SPIDER_XA, "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY"),
                begin.readOnly());
        assertEquals(List.of(Transactions.SPIDER_XA), begin.readWrite());
        assertEquals("because", Transactions.begin(config, TransactionSupport.declined("because"), true).declined());
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
            JdbcSession.Begin begin = Transactions.begin(config, TransactionSupport.offered("x"), false);
            assertEquals(statements, begin.readOnly(), isolation);
            assertEquals(List.of(), begin.readWrite(), isolation + ": a read-write transaction starts with its first statement");
        });
    }
}
