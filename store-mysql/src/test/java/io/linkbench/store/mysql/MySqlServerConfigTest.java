package io.linkbench.store.mysql;

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

/** The server's whole configuration is SHOW GLOBAL VARIABLES, every row of it. */
class MySqlServerConfigTest {
    @Test
    void reportsEveryGlobalVariable() throws Exception {
        MySqlTestServer.assumeAvailable();
        try (GraphStore store = MySqlTestServer.freshStore("InnoDB", "lbtest_server_config", Map.of());
             Connection c = MySqlTestServer.jdbc("");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*), @@innodb_buffer_pool_size FROM information_schema.GLOBAL_VARIABLES")) {
            Map<String, String> vars = assertInstanceOf(ServerConfiguration.class, store).serverConfiguration();
            rs.next();
            assertTrue(vars.size() >= rs.getLong(1) - 5 && vars.size() > 300, vars.size() + " of " + rs.getLong(1));
            assertEquals(rs.getString(2), vars.get("innodb_buffer_pool_size"));
            assertTrue(vars.containsKey("rocksdb_block_cache_size") || !vars.containsKey("have_rocksdb"));
        }
    }
}
