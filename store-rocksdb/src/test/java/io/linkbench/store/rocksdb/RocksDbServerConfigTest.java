package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.ServerConfiguration;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The store's configuration as RocksDB wrote it in its OPTIONS file. */
class RocksDbServerConfigTest {
    @TempDir
    Path dir;

    @Test
    void reportsTheOptionsRocksDbWroteForEveryColumnFamily() throws Exception {
        try (GraphStore store = new RocksDbStoreProvider().open(new io.linkbench.store.StoreContext(new Settings(Map.of(
                "data_dir", dir.resolve("db").toString(), "write_buffer_mb", "4", "background_jobs", "1")), 2))) {
            Map<String, String> options = assertInstanceOf(ServerConfiguration.class, store).serverConfiguration();
            assertTrue(options.get("Version.rocksdb_version").matches("\\d+\\.\\d+\\.\\d+"), options.toString());
            assertEquals(String.valueOf(4L << 20), options.get("CFOptions \"links\".write_buffer_size"));
            assertEquals("1", options.get("DBOptions.max_background_jobs"));
            assertTrue(options.get("options_file").startsWith("OPTIONS-"));
            assertTrue(options.size() > 100, options.size() + " options");
        }
    }

    @Test
    void parsesSectionsAndSkipsComments() {
        assertEquals(Map.of("Version.rocksdb_version", "11.8.1", "CFOptions \"default\".ttl", "0"),
                OptionsFile.parse(List.of("# comment", "", "[Version]", "  rocksdb_version=11.8.1",
                        "[CFOptions \"default\"]", "  ttl=0")));
    }
}
