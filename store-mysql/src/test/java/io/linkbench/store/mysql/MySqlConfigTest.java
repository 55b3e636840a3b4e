package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The MySQL store's configuration: its declared defaults, addresses and refusals (no server needed). */
class MySqlConfigTest {

    @Test
    void keysNotGivenTakeTheDeclaredDefaults() {
        MySqlConfig c = MySqlConfig.from(new Settings(Map.of()));
        assertEquals("127.0.0.1:3306", c.address());
        assertEquals("", c.socket());
        assertEquals("linkdb0", c.database());
        assertEquals("InnoDB", c.engine());
        assertEquals(MySqlConfig.Isolation.REPEATABLE_READ, c.isolation());
        assertEquals(MySqlConfig.ListStatement.PREPARED, c.listStatement());
        assertEquals(10_000, c.connectTimeoutMs());
        assertEquals(120_000, c.socketTimeoutMs());
        assertEquals(1024, c.bulkInsertKb());
        assertFalse(c.indexAfterLoad());
        Map<String, String> declared = new HashMap<>();
        for (Setting s : MySqlConfig.SETTINGS) {
            if (s.defaultValue() != null) {
                declared.put(s.key(), s.defaultValue());
            }
        }
        assertEquals(c, MySqlConfig.from(new Settings(declared)), "the declarations are the defaults");
    }

    @Test
    void localhostOnTheDefaultPortMeansTheFirstUsualSocketThatExistsAndAnAddressStaysTcp(@TempDir Path dir)
            throws Exception {
        Path missing = dir.resolve("missing.sock");
        Path socket = dir.resolve("mysqld.sock");
        try (java.nio.channels.ServerSocketChannel server = java.nio.channels.ServerSocketChannel.open(
                java.net.StandardProtocolFamily.UNIX)) {
            server.bind(java.net.UnixDomainSocketAddress.of(socket));
            List<Path> usual = List.of(missing, socket);
            assertEquals(socket.toString(), LocalSocket.choose("localhost", 3306, "", "", usual));
            assertEquals(socket.toString(), LocalSocket.choose("LOCALHOST", 3306, "", "", usual));
            assertEquals("", LocalSocket.choose("127.0.0.1", 3306, "", "", usual), "an address is TCP");
            assertEquals("", LocalSocket.choose("localhost", 3307, "", "", usual), "another port is TCP");
            assertEquals("", LocalSocket.choose("localhost", 3306, "h1:3306", "", usual), "hosts are TCP");
            assertEquals("/s", LocalSocket.choose("localhost", 3306, "", "/s", usual), "a given socket wins");
            assertEquals("", LocalSocket.choose("localhost", 3306, "", "", List.of(missing)), "no socket: TCP");
        }
    }

    @Test
    void theUnixSocketReplacesHostAndPortInMessagesAndIpv6HostsGetBrackets() {
        MySqlConfig c = MySqlConfig.from(new Settings(Map.of("socket", " /run/mysqld/mysqld.sock ", "engine", "rocksdb")));
        assertEquals("/run/mysqld/mysqld.sock", c.address());
        assertEquals(MySqlConfig.Isolation.READ_COMMITTED, c.isolation());
        assertEquals(MySqlConfig.ListStatement.TEXT, c.listStatement(), "MyRocks sends its list scans as text");
        assertEquals(MySqlConfig.ListStatement.PREPARED, MySqlConfig.from(new Settings(Map.of("engine", "ROCKSDB",
                "getlinklist_statement", "prepared"))).listStatement());
        assertEquals("[::1]:3307", MySqlConfig.from(new Settings(Map.of("host", "::1", "port", "3307"))).hostPort());
        MySqlConfig withPassword = MySqlConfig.from(new Settings(Map.of("password", "hunter2")));
        assertEquals("hunter2", withPassword.password());
        assertFalse(withPassword.toString().contains("hunter2"), withPassword.toString());
    }

    @Test
    void badValuesNameTheKey() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("linktable", "links; DROP"))));
        assertTrue(e.getMessage().startsWith("linktable=links; DROP: must be"), e.getMessage());
        ConfigException p = assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("port", "0"))));
        assertTrue(p.getMessage().startsWith("port=0"), p.getMessage());
        ConfigException l = assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("getlinklist_statement", "binary"))));
        assertTrue(l.getMessage().startsWith("getlinklist_statement"), l.getMessage());
    }

    @Test
    void anEmptyChoiceIsRefusedNotTakenForTheDefault() {
        // spider= once ran as auto: a run the user meant to shard (or not) went either way without a word
        assertEquals("spider is empty: it must be one of auto on off", assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("spider", "")))).getMessage());
        assertEquals("engine_check is empty: it must be one of listed server", assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("engine_check", " ")))).getMessage());
    }

    @Test
    void anEngineOffTheListIsRefusedBeforeConnectingUnlessTheServerIsToSay() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("engine", "FOO"))));
        assertEquals("engine = FOO: not one of the engines known to hold the tables (InnoDB, ROCKSDB, Aria, MyISAM,"
                + " TokuDB, ndbcluster); for another engine the server offers, add -D engine_check=server (the run then"
                + " checks the server's engines when it connects)", e.getMessage());
        assertEquals("FOO", MySqlConfig.from(new Settings(Map.of("engine", "FOO", "engine_check", "server"))).engine());
        assertEquals("myisam", MySqlConfig.from(new Settings(Map.of("engine", "myisam"))).engine(), "any case");
        ConfigException c = assertThrows(ConfigException.class,
                () -> MySqlConfig.from(new Settings(Map.of("engine_check", "never"))));
        assertTrue(c.getMessage().startsWith("engine_check"), c.getMessage());
    }
}
