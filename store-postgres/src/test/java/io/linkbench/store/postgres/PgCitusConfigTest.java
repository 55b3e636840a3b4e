package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Settings;
import io.linkbench.store.StoreException.Kind;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The keys hosts, citus and citus_shard_count, and how Citus's errors without a telling SQLSTATE are classified. */
class PgCitusConfigTest {

    @Test
    void hostsReplaceHostAndPortAndTheFirstDoesTheStoresWork() {
        PgConfig c = PgConfig.from(new Settings(Map.of("hosts", "10.0.0.1:5460, db2:5461,[::1]:5462")));
        assertEquals(List.of("10.0.0.1:5460", "db2:5461", "[::1]:5462"), c.servers());
        assertEquals("10.0.0.1", c.host());
        assertEquals(5460, c.port());
        assertEquals("10.0.0.1:5460,db2:5461,[::1]:5462", c.address());
        assertEquals(List.of("127.0.0.1:5432"), PgConfig.from(new Settings(Map.of())).servers());
        ConfigException both = assertThrows(ConfigException.class, () -> PgConfig.from(new Settings(
                Map.of("hosts", "a:1", "socket", "/tmp/.s.PGSQL.5432"))));
        assertEquals("hosts and socket are both set: give one of them", both.getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> PgConfig.from(new Settings(Map.of("hosts", "a:1,b"))))
                .getMessage().startsWith("hosts: 'b' is not host:port"));
    }

    @Test
    void citusIsAutoUnlessSaidAndTheShardCountHasARange() {
        PgConfig c = PgConfig.from(new Settings(Map.of()));
        assertEquals(new PgConfig.Citus(PgConfig.Distribution.AUTO, 32), c.citus());
        assertEquals(PgConfig.Distribution.ON, PgConfig.from(new Settings(Map.of("citus", "on"))).citus().distribution());
        assertTrue(assertThrows(ConfigException.class, () -> PgConfig.from(new Settings(Map.of("citus", "yes"))))
                .getMessage().contains("citus"));
        assertEquals("citus is empty: it must be one of auto on off", assertThrows(ConfigException.class,
                () -> PgConfig.from(new Settings(Map.of("citus", "")))).getMessage(), "empty is no choice of the default");
        assertEquals("isolation is empty: it must be one of read_committed repeatable_read serializable",
                assertThrows(ConfigException.class, () -> PgConfig.from(new Settings(Map.of("isolation", ""))))
                        .getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> PgConfig.from(new Settings(Map.of("citus_shard_count", "0"))))
                .getMessage().contains("citus_shard_count"));
    }

    @Test
    void citusErrorsForALostWorkerAreConnectionOthersKeepTheirKind() {
        assertEquals(Kind.CONNECTION, Errors.MAP.kindOf(new SQLException(
                "ERROR: failure on connection marked as essential: 127.0.0.1:5462", "XX000")));
        assertEquals(Kind.CONNECTION, Errors.MAP.kindOf(new SQLException(
                "ERROR: failed to COPY to shard 103124 on 127.0.0.1:5462", "58030")));
        assertEquals(Kind.CONNECTION, Errors.MAP.kindOf(new SQLException(
                "ERROR: server closed the connection unexpectedly", "XX000")));
        assertEquals(Kind.CONNECTION, Errors.MAP.kindOf(new SQLException(
                "ERROR: connection to the remote node linkbench@127.0.0.1:5462 failed with the following error", "08006")));
        assertEquals(Kind.CONFLICT, Errors.MAP.kindOf(new SQLException(
                "ERROR: canceling the transaction since it was involved in a distributed deadlock", "40P01")));
        assertEquals(Kind.OTHER, Errors.MAP.kindOf(new SQLException("ERROR: something else broke", "XX000")));
    }
}
