package io.linkbench.store.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConnectionSettingsTest {
    private static final ConnectionSettings KEYS = ConnectionSettings.builder()
            .server("127.0.0.1", "server host", 5432, "server TCP port")
            .user("bench", "user name")
            .database("database")
            .tables("nodes", "links", "counts", "table")
            .timeouts(7, "seconds to connect", "seconds a statement may take (0: no limit)")
            .names(Pattern.compile("[a-z0-9_]{1,10}"), "must be 1 to 10 small letters, digits or '_'")
            .build();
    private static final Setting OWN = Setting.of("engine", "heap", "the store's own key");
    private static final List<Setting> DECLARED = ConnectionSettings.join(KEYS.server(), List.of(OWN),
            KEYS.credentials(), KEYS.database(), KEYS.tables(), KEYS.timeouts());

    private static Settings given(Map<String, String> values) {
        return Settings.withDefaults(values, DECLARED);
    }

    @Test
    void theSharedKeysAreDeclaredOnceInTheStoresOrderWithItsDefaults() {
        assertEquals(List.of("host", "port", "engine", "user", "password", "password_file", "dbid", "nodetable",
                "linktable", "counttable", "connect_timeout", "socket_timeout"),
                DECLARED.stream().map(Setting::key).toList());
        Setting password = DECLARED.get(4);
        assertTrue(password.secret());
        assertNull(password.defaultValue(), "a password has no default to print");
        assertEquals("5432", DECLARED.get(1).defaultValue());
        assertEquals("linkdb0", DECLARED.get(6).defaultValue());
        assertEquals("node table", DECLARED.get(7).description());
        assertEquals("120", DECLARED.get(11).defaultValue());
    }

    @Test
    void readReturnsTypedValuesAndNeverPrintsThePassword() {
        ConnectionSettings.Values v = KEYS.read(given(Map.of("host", "::1", "password", "hunter2",
                "socket_timeout", "0")));
        assertEquals("::1", v.host());
        assertEquals(5432, v.port());
        assertEquals("bench", v.user());
        assertEquals("hunter2", v.password());
        assertEquals("linkdb0", v.database());
        assertEquals(List.of("nodes", "links", "counts"), List.of(v.nodeTable(), v.linkTable(), v.countTable()));
        assertEquals(7_000, v.connectTimeoutMs());
        assertEquals(0, v.socketTimeoutMs());
        assertFalse(v.toString().contains("hunter2"), v.toString());
        assertEquals("[::1]:5432", ConnectionSettings.hostPort(v.host(), v.port()));
        assertEquals("db.example:1", ConnectionSettings.hostPort("db.example", 1));
    }

    @Test
    void thePasswordComesFromTheFileWhenNotGiven(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pw");
        Files.writeString(file, "s3cret\nignored\n");
        assertEquals("s3cret", KEYS.password(given(Map.of("password_file", file.toString()))));
    }

    @Test
    void badValuesNameTheKeyAndTheRule() {
        assertBad(Map.of("host", "a b"), "host=a b: must be a host name or an IP address");
        assertBad(Map.of("port", "70000"), "port=70000");
        assertBad(Map.of("linktable", "Links"), "linktable=Links: must be 1 to 10 small letters, digits or '_'");
        assertBad(Map.of("dbid", "x;drop"), "dbid=x;drop: must be 1 to 10");
        assertBad(Map.of("connect_timeout", "0"), "connect_timeout=0");
        Map<String, String> options = new HashMap<>(Map.of("opts", "ssl=true&bad"));
        ConfigException e = assertThrows(ConfigException.class,
                () -> ConnectionSettings.urlOptions(new Settings(options), "opts"));
        assertTrue(e.getMessage().startsWith("opts=ssl=true&bad: must be name=value pairs"), e.getMessage());
        assertEquals("a=1&b=", ConnectionSettings.urlOptions(new Settings(Map.of("opts", "a=1&b=")), "opts"));
        assertEquals("", ConnectionSettings.urlOptions(new Settings(Map.of()), "opts"));
    }

    @Test
    void aStoreMustWordEveryPart() {
        assertThrows(NullPointerException.class, () -> ConnectionSettings.builder()
                .server("h", "host", 1, "port").build());
    }

    private static void assertBad(Map<String, String> values, String messageStart) {
        ConfigException e = assertThrows(ConfigException.class, () -> KEYS.read(given(values)));
        assertTrue(e.getMessage().startsWith(messageStart), e.getMessage());
    }
}
