package io.linkbench.store.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;

class SqlErrorMapTest {
    private final SqlErrorMap standard = SqlErrorMap.standard();

    private static SQLException sql(String state, int code) {
        return new SQLException("failed", state, code);
    }

    @Test
    void postgresStatesNeedNoVendorEntries() {
        assertEquals(Kind.CONFLICT, standard.kindOf(sql("40001", 0)));
        assertEquals(Kind.CONFLICT, standard.kindOf(sql("40P01", 0)));
        assertEquals(Kind.CONFLICT, standard.kindOf(sql("55P03", 0)));
        assertEquals(Kind.TIMEOUT, standard.kindOf(sql("57014", 0)));
        assertEquals(Kind.CONNECTION, standard.kindOf(sql("57P01", 0)));
        assertEquals(Kind.CONNECTION, standard.kindOf(sql("08006", 0)));
        assertEquals(Kind.CONNECTION, standard.kindOf(sql("08S01", 0)));
        assertEquals(Kind.REJECTED, standard.kindOf(sql("23505", 0)));
        assertEquals(Kind.REJECTED, standard.kindOf(sql("42P01", 0)));
        assertEquals(Kind.REJECTED, standard.kindOf(sql("22001", 0)));
        assertEquals(Kind.REJECTED, standard.kindOf(sql("28P01", 0)));
        assertEquals(Kind.REJECTED, standard.kindOf(sql("25006", 1792)), "a write in a read-only transaction");
        assertEquals(Kind.OTHER, standard.kindOf(sql("25001", 0)));
        assertEquals(Kind.OTHER, standard.kindOf(sql("XX000", 0)));
        assertEquals(Kind.OTHER, standard.kindOf(sql(null, 0)));
    }

    @Test
    void exceptionTypesAndTheReadTimeoutCount() {
        assertEquals(Kind.CONFLICT, standard.kindOf(new SQLTransactionRollbackException("rolled back", "HY000")));
        assertEquals(Kind.CONNECTION, standard.kindOf(new SQLNonTransientConnectionException("gone")));
        assertEquals(Kind.TIMEOUT, standard.kindOf(new SQLTimeoutException("slow")));
        SQLException readTimeout = new SQLException("read", "08S01", 0, new SocketTimeoutException("Read timed out"));
        assertEquals(Kind.TIMEOUT, standard.kindOf(readTimeout));
        assertTrue(standard.isConnectionLoss(readTimeout), "a reply cut off leaves the connection unusable");
        assertFalse(standard.isConnectionLoss(sql("40001", 0)));
    }

    @Test
    void vendorCodesAndRulesComeBeforeTheStandardSignals() {
        SqlErrorMap map = SqlErrorMap.builder()
                .codes(Kind.CONFLICT, 1213, 1205)
                .codes(Kind.CONNECTION, 1053)
                .codes(Kind.TIMEOUT, 3024)
                .rule(e -> e.getErrorCode() == 1296 && e.getMessage().contains("Busy") ? Kind.CONFLICT : null)
                .build();
        assertEquals(Kind.CONFLICT, map.kindOf(sql("HY000", 1205)));
        assertEquals(Kind.CONFLICT, map.kindOf(sql("40001", 1213)));
        assertEquals(Kind.CONNECTION, map.kindOf(sql("08S01", 1053)));
        assertEquals(Kind.TIMEOUT, map.kindOf(sql("HY000", 3024)));
        assertEquals(Kind.CONFLICT, map.kindOf(new SQLException("Got error 'Busy' from ROCKSDB", "HY000", 1296)));
        assertEquals(Kind.OTHER, map.kindOf(new SQLException("Got error 'IO error' from ROCKSDB", "HY000", 1296)));
        assertEquals(Kind.REJECTED, map.kindOf(sql("23000", 1062)), "unknown codes fall to the SQLSTATE");
        assertEquals(Kind.OTHER, standard.kindOf(sql("HY000", 1205)), "vendor codes belong to their store");
        assertThrows(IllegalArgumentException.class,
                () -> SqlErrorMap.builder().codes(Kind.CONFLICT, 1).codes(Kind.TIMEOUT, 1));
    }

    @Test
    void theStoreExceptionNamesTheOperationOnOneLine() {
        SQLException e = new SQLException("Deadlock found\nsecond line", "40001", 1213,
                new java.io.IOException("root cause"));
        StoreException se = standard.toStore("ADD_LINK", e);
        assertEquals(Kind.CONFLICT, se.kind());
        assertEquals("ADD_LINK: Deadlock found (IOException: root cause) [1213]", se.getMessage());
        assertTrue(se.isRetryable());
    }
}
