package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hosts} spreads sessions over several servers and skips the ones that are down. */
@Tag("mysql")
class MySqlHostsTest {
    /** A loopback port nothing listens on: connecting is refused at once, as to a killed server. */
    private static final String DEAD = "127.0.0.1:1";

    @Test
    void hostsAreParsedAndBadOnesNamedInOneLine() {
        MySqlConfig c = MySqlConfig.from(new Settings(Map.of("hosts", "10.0.0.1:3311, db2:3312,[::1]:3313")));
        assertEquals(List.of("10.0.0.1:3311", "db2:3312", "[::1]:3313"), c.servers());
        assertEquals("10.0.0.1:3311,db2:3312,[::1]:3313", c.address());
        assertEquals(List.of("127.0.0.1:3306"), MySqlConfig.from(new Settings(Map.of())).servers());
        for (String bad : List.of("db1", "db1:", "db1:x", "db1:70000", "::1:3306", "db1:3306,,db2:3306")) {
            ConfigException e = assertThrows(ConfigException.class,
                    () -> MySqlConfig.from(new Settings(Map.of("hosts", bad))), bad);
            assertTrue(e.getMessage().startsWith("hosts: "), e.getMessage());
        }
        assertTrue(assertThrows(ConfigException.class, () -> MySqlConfig.from(new Settings(Map.of("hosts", "a:1",
                "socket", "/run/mysqld/mysqld.sock")))).getMessage().contains("hosts and socket are both set"));
    }

    @Test
    void sessionIStartsOnServerIModNThenTriesTheNextOnes() {
        assertArrayEquals(new int[] {0, 1, 2}, Hosts.order(0, 3));
        assertArrayEquals(new int[] {1, 2, 0}, Hosts.order(4, 3));
        assertArrayEquals(new int[] {0}, Hosts.order(7, 1));
    }

    @Test
    void aSessionWhoseServerIsDownWorksOnTheNextLiveOne() throws Exception {
        MySqlTestServer.assumeAvailable();
        String live = MySqlTestServer.HOST + ":" + MySqlTestServer.PORT;
        try (GraphStore store = MySqlTestServer.freshStore("InnoDB", "lbtest_hosts", Map.of("hosts", DEAD + "," + live))) {
            for (int worker = 0; worker < 4; worker++) { // even workers start on the dead server
                try (StoreSession s = store.session(worker)) {
                    long id = s.addNode(new io.linkbench.graph.Node(0, 1, 1, 0, new byte[] {(byte) worker}));
                    assertEquals(worker, s.getNode(id, 1).data()[0]);
                }
            }
        }
        StoreException none = assertThrows(StoreException.class, () -> MySqlTestServer.open(
                MySqlTestServer.settings("InnoDB", "lbtest_hosts", Map.of("hosts", DEAD + ",127.0.0.1:2"))));
        assertEquals(StoreException.Kind.CONNECTION, none.kind());
        assertTrue(none.getMessage().contains("127.0.0.1:"), none.getMessage());
    }

    @Test
    void aLoadAndRequestsThroughTwoAddressesOfOneServerVerify(@TempDir Path tmp) throws Exception {
        MySqlTestServer.assumeAvailable();
        String live = MySqlTestServer.HOST + ":" + MySqlTestServer.PORT;
        String hosts = "hosts=" + live + "," + DEAD + "," + live;
        assertEquals(0, CliRunner.run("innodb.properties", "lbtest_hosts", "-D", hosts, "-D", "maxid1=2001",
                "-D", "schema=recreate", "-D", "maxtime=1", "-D", "requesters=3", "-l", "-r", "--results", tmp.toString()));
        assertEquals(0, CliRunner.run("innodb.properties", "lbtest_hosts", "-D", hosts, "verify"));
        try (Connection c = MySqlTestServer.jdbc("lbtest_hosts"); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM nodetable")) {
            assertTrue(rs.next() && rs.getLong(1) >= 2000, "the load wrote through the live servers");
        }
    }
}
