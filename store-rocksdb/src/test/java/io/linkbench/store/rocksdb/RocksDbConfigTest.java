package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RocksDbConfigTest {

    private static RocksDbConfig config(String... keyValues) {
        java.util.Map<String, String> m = new java.util.HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return RocksDbConfig.from(new Settings(m));
    }

    @Test
    void defaultsMatchTheDeclaredSettings() {
        RocksDbConfig c = config();
        assertEquals(Path.of("./data/rocksdb").toAbsolutePath().normalize(), c.dataDir());
        assertEquals(512, c.blockCacheMb());
        assertEquals(List.of(Compression.NONE, Compression.NONE, Compression.LZ4, Compression.LZ4, Compression.LZ4,
                Compression.LZ4, Compression.LZ4), c.compression());
        assertEquals(Compression.ZSTD, c.bottommost());
        assertTrue(c.wal());
        // every declared default, read back through Settings, gives the same configuration
        Map<String, String> declared = new java.util.HashMap<>();
        for (Setting s : RocksDbConfig.SETTINGS) {
            declared.put(s.key(), s.defaultValue());
            assertTrue(s.key().matches("[a-z][a-z0-9_]*"), "lower_snake_case: " + s.key());
        }
        assertEquals(c, RocksDbConfig.from(new Settings(declared)));
    }

    @Test
    void compressionIsOneCodecOrOnePerLevel() {
        assertEquals(List.of(Compression.ZSTD, Compression.ZSTD, Compression.ZSTD, Compression.ZSTD, Compression.ZSTD,
                Compression.ZSTD, Compression.ZSTD), config("compression", "ZSTD").compression());
        assertEquals(List.of(Compression.NONE, Compression.LZ4, Compression.ZSTD, Compression.ZSTD, Compression.ZSTD,
                Compression.ZSTD, Compression.ZSTD), config("compression", "none, lz4 ,zstd").compression());
        assertEquals("none,lz4,zstd,zstd,zstd,zstd,zstd",
                Compression.format(config("compression", "none,lz4,zstd").compression()));
    }

    @Test
    void badValuesGiveOneLineMessagesNamingTheKey() {
        assertEquals("compression=snappy: must be none, lz4 or zstd, or a comma-separated list of them for L0, L1, ...",
                assertThrows(ConfigException.class, () -> config("compression", "snappy")).getMessage());
        assertEquals("compression=none,none,none,none,none,none,none,lz4: at most 7 comma-separated codecs (L0 to L6)",
                assertThrows(ConfigException.class,
                        () -> config("compression", "none,none,none,none,none,none,none,lz4")).getMessage());
        assertEquals("bottommost_compression=zlib: must be none, lz4 or zstd",
                assertThrows(ConfigException.class, () -> config("bottommost_compression", "zlib")).getMessage());
        assertEquals("sync=true: needs wal=true (there is no log to sync)",
                assertThrows(ConfigException.class, () -> config("sync", "true", "wal", "false")).getMessage());
        assertEquals("partition_index_and_filters=true: needs cache_index_and_filter_blocks=true and a block cache"
                        + " (the partitions live in it)",
                assertThrows(ConfigException.class, () -> config("partition_index_and_filters", "true")).getMessage());
        assertTrue(assertThrows(ConfigException.class, () -> config("block_cache_mb", "-1")).getMessage()
                .startsWith("block_cache_mb=-1: "));
        assertTrue(assertThrows(ConfigException.class, () -> config("wal", "maybe")).getMessage()
                .startsWith("wal=maybe: "));
    }

    @Test
    void aRefusedCombinationQuotesTheValuesAsWritten() {
        // 1 and yes are true to the parser; the message must quote what the user wrote, not the parsed value
        assertEquals("partition_index_and_filters=1: needs cache_index_and_filter_blocks=true and a block cache"
                        + " (the partitions live in it)",
                assertThrows(ConfigException.class, () -> config("partition_index_and_filters", "1")).getMessage());
        assertEquals("sync=yes: needs wal=true (there is no log to sync)",
                assertThrows(ConfigException.class, () -> config("sync", "yes", "wal", "off")).getMessage());
    }
}
