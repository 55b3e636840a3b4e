package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.store.StoreException.Kind;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The errors of MySQL-protocol distributed engines (as the servers word them, with
 * SQLSTATE HY000 unless they say otherwise) and what the core does with them: CONFLICT is retried
 * whole, CONNECTION drops the connection and retries on a new one ({@code hosts}: the next live server).
 */
class MySqlDistributedErrorsTest {
    @ParameterizedTest(name = "{0} {2}")
    @CsvSource(delimiter = '|', value = {
        "1213 | 40001 | Deadlock found when trying to get lock; try restarting transaction (Galera certification failure) | CONFLICT",
        "1213 | 40001 | WSREP detected deadlock/conflict and aborted the transaction. Try restarting the transaction | CONFLICT",
        "1047 | 08S01 | WSREP has not yet prepared node for application use | CONNECTION",
        "1047 | HY000 | WSREP has not yet prepared node for application use | CONNECTION",
        "9007 | HY000 | Write conflict, txnStartTS=1, conflictStartTS=2, conflictCommitTS=3, key={tableID=1} [try again later] | CONFLICT",
        "8005 | HY000 | Write Conflict, txnStartTS is stale | CONFLICT",
        "8002 | HY000 | can not retry select for update statement | CONFLICT",
        "8022 | HY000 | Error: KV error safe to retry | CONFLICT",
        "8027 | HY000 | Information schema is out of date | CONFLICT",
        "8028 | HY000 | Information schema is changed during the execution of the statement | CONFLICT",
        "9004 | HY000 | Resolve lock timeout | CONFLICT",
        "9001 | HY000 | PD server timeout | CONNECTION",
        "9002 | HY000 | TiKV server timeout | CONNECTION",
        "9003 | HY000 | TiKV server is busy | CONNECTION",
        "9005 | HY000 | Region is unavailable | CONNECTION",
        "1290 | HY000 | The MySQL server is running with the --read-only option so it cannot execute this statement | CONNECTION",
        "1290 | HY000 | The MariaDB server is running with the --read-only option so it cannot execute this statement | CONNECTION",
        "1290 | HY000 | The MySQL server is running with the --super-read-only option so it cannot execute this statement | CONNECTION",
        "1836 | HY000 | Running in read-only mode | CONNECTION",
        "1290 | HY000 | The MySQL server is running with the --secure-file-priv option so it cannot execute this statement | OTHER",
        "9006 | HY000 | GC life time is shorter than transaction duration | OTHER"})
    void distributedEnginesErrorsAreClassified(int code, String state, String message, Kind expected) {
        SQLException e = new SQLException(message, state, code);
        assertEquals(expected, Errors.MAP.kindOf(e));
        assertEquals(expected == Kind.CONNECTION, Errors.MAP.isConnectionLoss(e),
                "CONNECTION makes the session reconnect");
    }
}
