package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The translation of one original LinkBench file, as a pure function. */
class OriginalConfigTest {
    private static OriginalConfig.Translation translate(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return OriginalConfig.translate("f.properties", m, path -> Optional.empty());
    }

    private static Map<String, String> properties(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        Map<String, String> m = new LinkedHashMap<>();
        p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
        return m;
    }

    @Test
    void ourOwnFilesAreNotOriginalOnes() throws IOException {
        try (var files = Files.walk(Path.of("..", "config"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".properties")).toList()) {
                assertFalse(OriginalConfig.isOriginal(properties(f)), f.toString());
            }
        }
    }

    @Test
    void originalKeysOrClassNamesMakeAFileAnOriginalOne() {
        assertTrue(OriginalConfig.isOriginal(Map.of("loader_chunk_size", "2048")));
        assertTrue(OriginalConfig.isOriginal(Map.of("debuglevel", "INFO")));
        assertTrue(OriginalConfig.isOriginal(Map.of("node_up_datagen_endbyte", "220")));
        assertTrue(OriginalConfig.isOriginal(Map.of("mongo_bulk_insert_batch", "100")));
        assertTrue(OriginalConfig.isOriginal(Map.of("store", "com.facebook.LinkBench.LinkStoreMysql")));
        assertFalse(OriginalConfig.isOriginal(Map.of("maxid1", "1001", "requests", "10", "store", "memory")));
    }

    @Test
    void storeClassesOfTheOriginalAndItsForksMapToOurStores() {
        assertEquals("mysql", translate("linkstore", "com.facebook.LinkBench.LinkStoreMysql").values().get("store"));
        assertEquals("mysql", translate("linkstorefactory", "com.facebook.LinkBench.store.mysql.MysqlLinkStoreFactory",
                "nodestorefactory", "com.facebook.LinkBench.store.mysql.MysqlNodeStoreFactory").values().get("store"));
        assertEquals("rocksdb", translate("linkstore", "com.facebook.LinkBench.store.rocks.LinkStoreRocksDb")
                .values().get("store"));
        assertEquals("mongo", translate("linkstore", "com.facebook.LinkBench.LinkStoreMongoDb2",
                "nodestore", "com.facebook.LinkBench.LinkStoreMongoDb2").values().get("store"));
        assertEquals("mongo", translate("linkstore", "com.percona.LinkBench.LinkStoreMongoDBv2").values().get("store"));
        assertEquals("memory", translate("store", "com.facebook.LinkBench.MemoryLinkStore").values().get("store"));
        assertEquals("linkstore = com.facebook.LinkBench.LinkStoreMysql",
                translate("linkstore", "com.facebook.LinkBench.LinkStoreMysql").notes().get("store"));
    }

    @Test
    void aStoreWeDoNotHaveIsOneLineNamingKeyValueAndWhatIsAllowed() {
        ConfigException e = assertThrows(ConfigException.class, () -> translate("linkstore",
                "com.facebook.LinkBench.store.hbase.LinkStoreHBaseGeneralAtomicityTesting"));
        assertTrue(e.getMessage().startsWith(
                "f.properties: linkstore=com.facebook.LinkBench.store.hbase.LinkStoreHBaseGeneralAtomicityTesting: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("allowed: a MySQL (LinkStoreMysql)"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        ConfigException two = assertThrows(ConfigException.class, () -> translate(
                "linkstore", "com.facebook.LinkBench.LinkStoreMysql", "nodestore", "com.facebook.LinkBench.LinkStoreMongoDb2"));
        assertTrue(two.getMessage().contains("nodestore=com.facebook.LinkBench.LinkStoreMongoDb2: names store mongo"),
                two.getMessage());
    }

    @Test
    void renamedKeysAndSeeds() {
        OriginalConfig.Translation t = translate("loader_chunk_size", "2048", "mysql_bulk_insert_batch", "512",
                "load_random_seed", "7", "request_random_seed", "8", "link_multiget_min", "2", "link_multiget_max", "64");
        assertEquals("2048", t.values().get("load_chunk_size"));
        assertEquals("512", t.values().get("bulk_insert_count"));
        assertEquals("7", t.values().get("seed"));
        assertEquals("2", t.values().get("link_multiget_dist_min"));
        assertEquals("64", t.values().get("link_multiget_dist_max"));
        assertEquals(List.of("request_random_seed=8 (one seed: load_random_seed's is used)"), t.ignored());
        assertEquals("9", translate("request_random_seed", "9").values().get("seed"));
        assertTrue(translate("load_random_seed", "5", "request_random_seed", "5").ignored().isEmpty());
    }

    @Test
    void accessFunctionsAreZipfOrUniformAndTheRestKeepOurDefault() {
        OriginalConfig.Translation t = translate(
                "read_function", "com.facebook.LinkBench.distributions.ZipfDistribution",
                "node_delete_function", "com.facebook.LinkBench.distributions.UniformDistribution",
                "write_function", "ROUND_ROBIN", "node_read_function", "REAL", "write_uncorr_function", "uniform");
        assertEquals("zipf", t.values().get("read_function"));
        assertEquals("uniform", t.values().get("node_delete_function"));
        assertEquals("uniform", t.values().get("write_uncorr_function"));
        assertFalse(t.values().containsKey("write_function"));
        assertEquals(List.of("write_function=ROUND_ROBIN (zipf kept)", "node_read_function=REAL (zipf kept)"), t.ignored());
    }

    @Test
    void payloadGeneratorsBecomeMotifContent() {
        OriginalConfig.Translation t = translate(
                "link_add_datagen", "com.facebook.LinkBench.generators.UniformDataGenerator",
                "link_add_datagen_startbyte", "97", "link_add_datagen_endbyte", "100",
                "link_up_datagen", "com.facebook.LinkBench.generators.UniformDataGenerator",
                "link_up_datagen_startbyte", "101", "link_up_datagen_endbyte", "100",
                "node_add_datagen", "com.facebook.LinkBench.generators.MotifDataGenerator",
                "node_add_datagen_uniqueness", "0.5", "node_add_datagen_motif_length", "64",
                "link_datasize", "6.85", "node_datasize", "97.4");
        assertEquals("motif", t.values().get("payload_content"));
        assertEquals("1", t.values().get("link_data_uniqueness"), "uniform: every chunk random");
        assertEquals("97", t.values().get("link_data_firstbyte"));
        assertEquals("100", t.values().get("link_data_lastbyte"));
        assertEquals("0.5", t.values().get("node_data_uniqueness"));
        assertEquals(null, t.values().get("payload_chunk_length"), "motif_length is not mapped");
        assertEquals("7", t.values().get("link_datasize"));
        assertEquals("97", t.values().get("node_datasize"));
        assertEquals("link_datasize = 6.85, rounded", t.notes().get("link_datasize"));
        assertEquals(List.of("link_up_datagen_startbyte=101 (updates use the add generator's 97 too)",
                "node_add_datagen_motif_length=64 (linkbench copies 128-byte chunks from a 512-byte motif;"
                        + " payload_chunk_length sets the chunk)"), t.ignored(),
                "only the update setting that differs is listed, and the motif length");
    }

    @Test
    void dataFileBecomesNlinksFileWhenItExists() {
        Map<String, String> m = Map.of("data_file", "config/Distribution.dat", "nlinks_func", "real");
        OriginalConfig.Translation found = OriginalConfig.translate("f", m, p -> Optional.of("/home/lb/" + p));
        assertEquals("/home/lb/config/Distribution.dat", found.values().get("nlinks_file"));
        assertEquals(List.of("nlinks_func=real"), found.sameAsOurs());
        OriginalConfig.Translation missing = OriginalConfig.translate("f", m, p -> Optional.empty());
        assertFalse(missing.values().containsKey("nlinks_file"));
        assertEquals(List.of("data_file=config/Distribution.dat (not found: the built-in fit of the 2011 data is used"
                + " with the 2012 rules)"), missing.ignored(), "the 2012 code's data file, and what replaces it");
        Map<String, String> fork = Map.of("data_file", "config/Distribution.dat", "never_change", "false");
        assertEquals(List.of("data_file=config/Distribution.dat (not found: the built-in fit of the 2017 data is used)"),
                OriginalConfig.translate("f", fork, p -> Optional.empty()).ignored());
    }

    @Test
    void emptyMultigetDistributionMeansOneId2() {
        OriginalConfig.Translation t = translate("link_multiget_dist_max", "128", "link_multiget_dist", "");
        assertEquals("1", t.values().get("link_multiget_dist_max"));
        assertEquals("1", t.values().get("link_multiget_dist_min"));
        assertEquals(List.of("link_multiget_dist=GeometricDistribution"),
                translate("link_multiget_dist", "com.facebook.LinkBench.distributions.GeometricDistribution").sameAsOurs());
    }

    @Test
    void ourBehaviourNoEquivalentAndStoreKeys() {
        OriginalConfig.Translation t = translate("generate_nodes", "true", "randomid2max", "1000", "host", "h",
                "password", "pw", "debuglevel", "INFO", "maxid1", "1001", "requests", "100", "requestrate", "-1",
                "workload_file", "config/FBWorkload.properties");
        assertEquals(List.of("generate_nodes=true"), t.sameAsOurs());
        assertEquals(List.of("randomid2max=1000"), t.ignored());
        assertEquals(Map.of("host", "h", "password", "pw", "debuglevel", "INFO"), t.storeKeys(),
                "the store decides which of these it has");
        assertEquals("1001", t.values().get("maxid1"));
        assertEquals(List.of("requests", "requestrate"), List.copyOf(t.perRequester()));
        assertEquals("0", t.values().get("requestrate"), "the original's <= 0 is no limit");
        assertEquals(Optional.of("config/FBWorkload.properties"), t.workloadFile());
    }

    @Test
    void perRequesterCountsBecomeTotals() {
        assertEquals(Optional.of("50000000"), OriginalConfig.perRequesterToTotal("500000", 100));
        assertEquals(Optional.of("25"), OriginalConfig.perRequesterToTotal("2.5", 10));
        assertEquals(Optional.of("0"), OriginalConfig.perRequesterToTotal("0", 10));
        assertEquals(Optional.empty(), OriginalConfig.perRequesterToTotal("lots", 10));
    }

    @Test
    void oneSortedWarningLinePerFile() {
        assertEquals(Optional.of("linkbench: warning: a.properties: no equivalent for 2 keys, ignored: debuglevel, maxsamples"),
                OriginalConfig.warning("a.properties", List.of("maxsamples", "debuglevel")));
        assertEquals(Optional.empty(), OriginalConfig.warning("a.properties", List.of()));
    }
}
