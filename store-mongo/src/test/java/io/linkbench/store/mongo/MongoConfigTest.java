package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's keys: defaults, the connection string, and secrets that never show. */
class MongoConfigTest {

    private static MongoConfig config(Map<String, String> given) {
        return MongoConfig.from(Settings.withDefaults(given, MongoConfig.SETTINGS));
    }

    @Test
    void defaultsPointAtALocalServerWithShortTimeouts() {
        MongoConfig c = config(Map.of());
        assertEquals("127.0.0.1:27017", c.hosts());
        assertEquals("linkdb0", c.database());
        assertEquals(List.of("nodes", "links", "counts", "meta"),
                List.of(c.nodeCollection(), c.linkCollection(), c.countCollection(), c.metaCollection()));
        assertEquals(MongoConfig.Transactions.AUTO, c.transactions());
        assertEquals(5_000, c.serverSelectionTimeoutMs());
        assertEquals(5_000, c.connectTimeoutMs());
        assertEquals("", c.user());
    }

    @Test
    void urlWinsOverHostAndPortAndKeepsItsOptions() {
        MongoConfig c = config(Map.of("url", "mongodb://a:1,b:2/?replicaSet=rs0&w=majority&readConcernLevel=majority",
                "host", "ignored", "transactions", "on"));
        assertEquals("a:1,b:2", c.hosts());
        assertEquals("rs0", c.connectionString().getRequiredReplicaSetName());
        assertEquals("majority", c.connectionString().getWriteConcern().getWString());
        assertEquals(MongoConfig.Transactions.ON, c.transactions());
    }

    @Test
    void hostPortAndUrlOptionsMakeAConnectionString() {
        MongoConfig c = config(Map.of("host", "db.example", "port", "27018", "url_options", "w=1&readPreference=nearest"));
        assertEquals("db.example:27018", c.hosts());
        assertEquals("nearest", c.connectionString().getReadPreference().getName());
        assertThrows(ConfigException.class, () -> config(Map.of("url_options", "w=1&&bad")));
    }

    @Test
    void passwordsNeverShow(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("pw");
        Files.writeString(file, "from-the-file\nsecond line\n");
        MongoConfig c = config(Map.of("user", "bench", "password_file", file.toString()));
        assertEquals("from-the-file", c.password());
        assertFalse(c.toString().contains("from-the-file"), c.toString());
        MongoConfig inUrl = config(Map.of("url", "mongodb://bench:s3cret@h:1/"));
        assertFalse(inUrl.toString().contains("s3cret"), inUrl.toString());
        ConfigException bad = assertThrows(ConfigException.class, () -> config(Map.of("url", "mongodb://bench:s3cret@")));
        assertFalse(bad.getMessage().contains("s3cret"), bad.getMessage());
        ConfigException twice = assertThrows(ConfigException.class,
                () -> config(Map.of("url", "mongodb://bench:s3cret@h:1/", "user", "other")));
        assertFalse(twice.getMessage().contains("s3cret"), twice.getMessage());
        for (Setting s : MongoConfig.SETTINGS) {
            if (s.key().equals("url") || s.key().equals("password")) {
                assertTrue(s.secret(), s.key() + " is a secret");
            }
        }
    }

    @Test
    void badNamesAndValuesAreRejectedWithTheirKey() {
        assertTrue(assertThrows(ConfigException.class, () -> config(Map.of("dbid", "a.b"))).getMessage().startsWith("dbid="));
        assertTrue(assertThrows(ConfigException.class, () -> config(Map.of("linktable", "a$b"))).getMessage()
                .startsWith("linktable="));
        assertTrue(assertThrows(ConfigException.class, () -> config(Map.of("transactions", "maybe"))).getMessage()
                .startsWith("transactions="));
        assertTrue(assertThrows(ConfigException.class, () -> config(Map.of("node_id_block", "0"))).getMessage()
                .startsWith("node_id_block="));
        assertTrue(assertThrows(ConfigException.class, () -> config(Map.of("sharding", "yes"))).getMessage()
                .startsWith("sharding="));
        assertTrue(assertThrows(ConfigException.class, () -> config(Map.of("shard_count", "-1"))).getMessage()
                .startsWith("shard_count="));
    }

    @Test
    void shardingIsAutoWithTheServersShardCountUnlessGiven() {
        MongoConfig c = config(Map.of());
        assertEquals(MongoConfig.ShardingMode.AUTO, c.sharding());
        assertEquals(0, c.shardCount());
        MongoConfig on = config(Map.of("sharding", "on", "shard_count", "8"));
        assertEquals(MongoConfig.ShardingMode.ON, on.sharding());
        assertEquals(8, on.shardCount());
    }
}
