package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.store.ServerConfiguration;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The server's whole configuration is pg_settings, every row, with units. */
class PgServerConfigTest {
    @Test
    void reportsEverySettingWithItsUnit() throws Exception {
        PgTestServer.assumeAvailable();
        try (GraphStore store = PgTestServer.freshStore("lbtest_server_config", Map.of(), 2);
             Connection c = PgTestServer.jdbc();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*), current_setting('shared_buffers') FROM pg_settings")) {
            Map<String, String> settings = assertInstanceOf(ServerConfiguration.class, store).serverConfiguration();
            rs.next();
            assertEquals(rs.getLong(1) + 1, settings.size(), "every setting and version()");
            assertTrue(settings.get("shared_buffers").endsWith(" 8kB"), settings.get("shared_buffers"));
            assertTrue(settings.get("version()").startsWith("PostgreSQL"), settings.get("version()"));
        }
    }
}
