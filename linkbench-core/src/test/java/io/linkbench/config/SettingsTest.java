package io.linkbench.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.run.CoreSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsTest {
    private static Settings of(String k, String v) {
        return Settings.withDefaults(Map.of(k, v), CoreSettings.all());
    }

    @Test
    void badIntegerNamesKeyAndRange() {
        ConfigException e = assertThrows(ConfigException.class, () -> of("maxid1", "abc").getLong("maxid1", 1, 100));
        assertEquals("maxid1=abc: must be an integer from 1 to 100", e.getMessage());
    }

    @Test
    void integersAcceptScientificAndGroupedForms() {
        assertEquals(10_000_000_001L, of("maxid1", "10000000001").getLong("maxid1", 1, Long.MAX_VALUE));
        assertEquals(1_000_000L, of("maxid1", "1e6").getLong("maxid1", 1, Long.MAX_VALUE));
        assertEquals(1_000_000L, of("maxid1", "1_000_000").getLong("maxid1", 1, Long.MAX_VALUE));
        assertThrows(ConfigException.class, () -> of("maxid1", "1.5").getLong("maxid1", 1, Long.MAX_VALUE));
    }

    @Test
    void digitsOtherThanAsciiAreRefused() {
        // Long.parseLong alone reads Arabic-Indic and fullwidth digits as 10
        for (String ten : List.of("\u0661\u0660", "\uff11\uff10", "1\u0966")) {
            ConfigException e = assertThrows(ConfigException.class, () -> of("maxid1", ten).getLong("maxid1", 1, 100));
            assertEquals("maxid1=" + ten + ": must be an integer from 1 to 100", e.getMessage());
            assertThrows(NumberFormatException.class, () -> Settings.parseInteger(ten));
        }
        assertThrows(ConfigException.class, () -> of("maxtime", "\u0661.5").getDouble("maxtime", 0, 100));
    }

    @Test
    void keysThatLookSecretAreRedactedToo() {
        Settings s = new Settings(Map.of("api_token", "t", "mongo_secret", "s", "host", "h"));
        assertEquals(Map.of("host", "h"), s.redacted(List.of()));
    }

    @Test
    void defaultsFillDeclaredKeys() {
        Settings s = Settings.withDefaults(Map.of(), CoreSettings.all());
        assertEquals(100001, s.getLong("maxid1", 1, Long.MAX_VALUE));
        assertEquals("rocksdb", s.getString("store"));
    }

    @Test
    void enumsAndBooleansListWhatIsAllowed() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> of("schema", "drop").getEnum("schema", io.linkbench.store.SchemaMode.class, null));
        assertEquals("schema=drop: must be one of create recreate", e.getMessage());
        ConfigException b = assertThrows(ConfigException.class, () -> of("x", "maybe").getBoolean("x", false));
        assertTrue(b.getMessage().startsWith("x=maybe"));
    }

    @Test
    void requiredBooleansAndEnumsNameTheMissingKeyAndWhatItTakes() {
        assertTrue(of("wal", "off").getBoolean("wal") == false);
        assertEquals(io.linkbench.store.SchemaMode.RECREATE,
                of("schema", "recreate").getEnum("schema", io.linkbench.store.SchemaMode.class));
        ConfigException b = assertThrows(ConfigException.class, () -> of("other", "1").getBoolean("wal"));
        assertEquals("wal is missing: it must be true or false", b.getMessage());
        ConfigException e = assertThrows(ConfigException.class,
                () -> of("schema", " ").getEnum("schema", io.linkbench.store.SchemaMode.class));
        assertEquals("schema is empty: it must be one of create recreate", e.getMessage());
    }

    @Test
    void unknownKeySuggestsClosest() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> KeyCheck.rejectUnknown(List.of("maxid"), CoreSettings.all()));
        assertTrue(e.getMessage().contains("unknown key 'maxid'"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean 'maxid1'"), e.getMessage());
        ConfigException far = assertThrows(ConfigException.class,
                () -> KeyCheck.rejectUnknown(List.of("zzzzzzzzzzzzzzzzzzzz"), CoreSettings.all()));
        assertFalse(far.getMessage().contains("did you mean"), far.getMessage());
    }

    @Test
    void secretComesFromTheKeyThenItsFile(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        assertEquals("given", new Settings(Map.of("password", "given", "password_file", "x"))
                .secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE"));
        java.nio.file.Path file = tmp.resolve("pw");
        java.nio.file.Files.writeString(file, "s3cret\nsecond line\n");
        assertEquals("s3cret", new Settings(Map.of("password_file", file.toString()))
                .secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE"));
        assertEquals("", new Settings(Map.of()).secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE"));
        ConfigException e = assertThrows(ConfigException.class, () -> new Settings(
                Map.of("password_file", tmp.resolve("missing").toString()))
                .secret("password", "password_file", "LINKBENCH_TEST_UNSET_VARIABLE"));
        assertEquals("password_file=" + tmp.resolve("missing") + ": no such file", e.getMessage());
    }

    @Test
    void redactedDropsSecretsAndPasswordLikeKeys() {
        Settings s = new Settings(Map.of("password", "hunter2", "db_password", "x", "host", "h"));
        Map<String, String> r = s.redacted(List.of(Setting.secret("password", "p")));
        assertEquals(Map.of("host", "h"), r);
    }
}
