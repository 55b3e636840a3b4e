package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.config.Setting;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The original LinkBench's files through the command line: {@code -c LinkConfigMysql.properties -c
 * FBWorkload.properties} (test fixtures in the original's style, under {@code original/config/}).
 */
class OriginalConfigFilesTest {
    /** The keys of a store that is not on the core's class path, so its translation can be checked. */
    private record KeysOnly(String name, List<Setting> settings) implements StoreProvider {
        @Override
        public String description() {
            return "the " + name + " store's keys (test double)";
        }

        @Override
        public GraphStore open(StoreContext context) {
            throw new UnsupportedOperationException("keys only");
        }
    }

    private static final StoreProvider MYSQL = new KeysOnly("mysql", List.of(
            Setting.of("host", "127.0.0.1", "host"), Setting.of("port", "3306", "port"),
            Setting.of("user", "linkbench", "user"), Setting.secret("password", "password"),
            Setting.of("dbid", "linkdb0", "database"), Setting.of("nodetable", "nodetable", "table"),
            Setting.of("linktable", "linktable", "table"), Setting.of("counttable", "counttable", "table")));
    private static final StoreProvider ROCKSDB = new KeysOnly("rocksdb",
            List.of(Setting.of("data_dir", "./data/rocksdb", "directory")));

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(StoreProviders providers, String... args) {
        return Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                providers, args);
    }

    private int run(String... args) {
        return run(StoreProviders.of(MYSQL, ROCKSDB, new MemoryStoreProvider()), args);
    }

    private static String fixture(String name) {
        try {
            return Path.of(OriginalConfigFilesTest.class.getResource("/original/config/" + name).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private List<String> errLines() {
        return err.toString(StandardCharsets.UTF_8).lines().toList();
    }

    /** The key = value lines of --print-config. */
    private Map<String, String> printed() {
        Map<String, String> m = new LinkedHashMap<>();
        out().lines().filter(l -> !l.startsWith("#") && l.contains(" = ")).forEach(l -> {
            int eq = l.indexOf(" = ");
            m.put(l.substring(0, eq), l.substring(eq + 3));
        });
        return m;
    }

    private void assertPrinted(Map<String, String> expected) {
        Map<String, String> printed = printed();
        expected.forEach((k, v) -> assertEquals(v, printed.get(k), k + "\n" + out()));
    }

    @Test
    void bothFilesLoadAndEveryMappedKeyHasItsValue() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload.properties"),
                "--print-config"), String.join("\n", errLines()));
        assertPrinted(Map.of("store", "mysql", "host", "db1.example.test", "port", "3307", "user", "bench",
                "password", "(secret)", "dbid", "linkdb", "linktable", "linktable", "counttable", "counttable",
                "nodetable", "nodetable"));
        assertPrinted(Map.of("progressfreq", "300", "displayfreq", "1800", "loaders", "10", "load_chunk_size", "2048",
                "seed", "4242", "requesters", "100", "requests", "50000000", "requestrate", "0", "maxtime", "3600",
                "warmup_time", "60"));
        assertPrinted(Map.of("bulk_insert_count", "512", "startid1", "1", "maxid1", "10000001", "link_type_count", "2",
                "nlinks_file", "", "getlinklist_history", "0.3", "request_counts", "total"));
        assertPrinted(Map.of("link_datasize", "8", "node_datasize", "128", "payload_content", "motif",
                "link_data_firstbyte", "32", "link_data_lastbyte", "100", "link_data_uniqueness", "0.225",
                "payload_chunk_length", "128", "node_data_firstbyte", "50", "node_data_lastbyte", "220",
                "node_data_uniqueness", "0.63"));
        assertPrinted(Map.of("addlink", "8.9886601", "deletelink", "2.9907664", "updatelink", "8.0122125",
                "countlink", "4.8863567", "getlink", "0.5261142", "getlinklist", "50.7119145", "getnode", "12.9326683",
                "addnode", "2.5732789", "updatenode", "7.366437", "deletenode", "1.0115914"));
        assertPrinted(Map.of("read_function", "zipf", "read_shape", "0.8", "read_uncorr_blend", "99.5",
                "read_uncorr_function", "zipf", "read_uncorr_shape", "0.8", "write_function", "zipf",
                "write_shape", "0.741", "write_uncorr_blend", "95", "write_uncorr_shape", "0.741"));
        assertPrinted(Map.of("node_read_function", "zipf", "node_read_shape", "0.625", "node_update_function", "zipf",
                "node_update_shape", "0.606", "node_delete_function", "uniform", "link_multiget_dist_min", "1",
                "link_multiget_dist_max", "128", "link_multiget_dist_prob", "0.382"));
    }

    @Test
    void translatedValuesHaveACommentAndThePasswordIsNeverShown() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload.properties"),
                "--print-config"));
        List<String> lines = out().lines().toList();
        int requests = lines.indexOf("requests = 50000000");
        assertEquals("# LinkConfigMysql.properties: requests = 500000 per requester x 100 requesters",
                lines.get(requests - 1));
        assertEquals("# LinkConfigMysql.properties: loader_chunk_size = 2048",
                lines.get(lines.indexOf("load_chunk_size = 2048") - 1));
        assertEquals("# LinkConfigMysql.properties: linkstore = com.facebook.LinkBench.LinkStoreMysql",
                lines.get(lines.indexOf("store = mysql") - 1));
        assertEquals("maxid1 = 10000001", lines.get(lines.indexOf("maxid1 = 10000001")), "passed through");
        assertFalse(lines.get(lines.indexOf("maxid1 = 10000001") - 1).startsWith("# "), "no comment on a key that means the same");
        assertTrue(out().contains("# FBWorkload.properties: what linkbench always does: "), out());
        assertTrue(out().contains("workload_file = config/FBWorkload.properties not read: the -c files give the workload"),
                out());
        assertFalse(out().contains("s3cret") || err.toString(StandardCharsets.UTF_8).contains("s3cret"));
        assertTrue(errLines().contains("linkbench: LinkConfigMysql.properties: requests = 50000000"
                + " (500000 per requester x 100 requesters)"), String.join("\n", errLines()));
    }

    @Test
    void unmappedKeysAreListedInOneWarningLinePerFile() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload.properties"),
                "--print-config"));
        List<String> warnings = errLines().stream().filter(l -> l.startsWith("linkbench: warning: ")).toList();
        assertEquals(List.of(
                "linkbench: warning: LinkConfigMysql.properties: no equivalent for 6 keys, ignored: debuglevel,"
                        + " load_progress_interval, max_failed_requests, maxsamples, mysql_disable_binlog_load,"
                        + " req_progress_interval",
                "linkbench: warning: FBWorkload.properties: no equivalent for 5 keys, ignored:"
                        + " data_file=config/Distribution.dat (not found: the built-in fit of the 2011 data is used),"
                        + " link_add_datagen_motif_length=128 (linkbench copies 128-byte chunks from a 512-byte motif;"
                        + " payload_chunk_length sets the chunk), nlinks_config, nlinks_default, write_uncorr_config"),
                warnings);
    }

    @Test
    void requestsAreConvertedWithTheRequestersOfMinusD() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload.properties"),
                "-D", "requesters=8", "--print-config"));
        assertPrinted(Map.of("requests", "4000000", "requesters", "8"));
        assertTrue(out().contains("# LinkConfigMysql.properties: requests = 500000 per requester x 8 requesters"), out());
    }

    @Test
    void requestsAndRateAreConvertedWithTheRequestersOfTheOtherFile() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload2017.properties"),
                "--print-config"), String.join("\n", errLines()));
        assertPrinted(Map.of("requests", "2000000", "requestrate", "5000", "requesters", "100"));
        assertTrue(out().contains("# FBWorkload2017.properties: requestrate = 50 per requester x 100 requesters"), out());
        assertPrinted(Map.of("maxid1", "5000001", "link_datasize", "23", "node_datasize", "168",
                "link_data_uniqueness", "1", "link_data_firstbyte", "97", "link_data_lastbyte", "100",
                "warmup_time", "120", "getnode", "43.9869", "read_function", "zipf", "write_function", "zipf"));
        assertTrue(errLines().contains("linkbench: warning: FBWorkload2017.properties: no equivalent for 5 keys, ignored:"
                + " link_up_datagen_endbyte=104 (updates use the add generator's 100 too),"
                + " link_up_datagen_startbyte=101 (updates use the add generator's 97 too),"
                + " read_function=REAL (zipf kept), write_config, write_function=ROUND_ROBIN (zipf kept)"),
                String.join("\n", errLines()));
    }

    @Test
    void perRequesterCountsStayWhenTheUserSaysSo() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-D", "request_counts=per_requester",
                "--print-config"));
        assertPrinted(Map.of("requests", "500000", "request_counts", "per_requester"));
        assertTrue(out().contains("# LinkConfigMysql.properties: requests = 500000 per requester (request_counts = per_requester)"),
                out());
    }

    @Test
    void aLaterValueOfOurOwnIsNotConverted() throws Exception {
        Path ours = tmp.resolve("ours.properties");
        Files.writeString(ours, "requests = 1000\n");
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", ours.toString(), "--print-config"));
        assertPrinted(Map.of("requests", "1000"));
        run("-c", fixture("LinkConfigMysql.properties"), "-D", "requests=7", "--print-config");
        assertPrinted(Map.of("requests", "7"));
    }

    @Test
    void theWorkloadFileIsReadWhenTheStoreFileIsTheOnlyOriginalOne() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "--print-config"));
        assertPrinted(Map.of("link_datasize", "8", "addlink", "8.9886601", "maxid1", "10000001", "progressfreq", "300"));
        assertTrue(out().contains("# LinkConfigMysql.properties: workload_file = config/FBWorkload.properties read before it"),
                out());
        assertEquals(2, errLines().stream().filter(l -> l.startsWith("linkbench: warning: ")).count(),
                "a warning line for each of the two files: " + errLines());
    }

    @Test
    void ourOwnFilesStillRejectUnknownKeys() throws Exception {
        Path ours = tmp.resolve("ours.properties");
        Files.writeString(ours, "store = memory\nrequestors = 4\n");
        assertEquals(2, run("-c", ours.toString(), "-c", fixture("FBWorkload.properties"), "--print-config"));
        assertTrue(errLines().get(errLines().size() - 1).contains("unknown key 'requestors': did you mean 'requesters'?"),
                String.join("\n", errLines()));
        err.reset();
        assertEquals(2, run("-c", fixture("FBWorkload.properties"), "-D", "loader_chunk_size=10", "--print-config"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("did you mean 'load_chunk_size'"), errLines().toString());
    }

    @Test
    void aStoreClassWeDoNotHaveIsBadInputNamingTheKey() throws Exception {
        Path f = tmp.resolve("LinkConfigHBase.properties");
        Files.writeString(f, "linkstore = com.facebook.LinkBench.store.hbase.LinkStoreHBaseGeneralAtomicityTesting\n"
                + "maxid1 = 1001\n");
        assertEquals(2, run("-c", f.toString(), "-l"));
        assertEquals(1, errLines().size(), errLines().toString());
        assertTrue(errLines().get(0).startsWith("linkbench: LinkConfigHBase.properties: linkstore="
                + "com.facebook.LinkBench.store.hbase.LinkStoreHBaseGeneralAtomicityTesting: no linkbench store"),
                errLines().get(0));
    }

    @Test
    void aTranslatedStoreThatIsNotInThisBuildNamesTheOriginalKey() {
        assertEquals(2, run(StoreProviders.of(new MemoryStoreProvider()), "-c", fixture("LinkConfigMysql.properties"),
                "-c", fixture("FBWorkload.properties"), "-r"));
        String last = errLines().get(errLines().size() - 1);
        assertEquals("linkbench: LinkConfigMysql.properties: linkstore = com.facebook.LinkBench.LinkStoreMysql"
                + " means store=mysql: must be one of memory", last);
    }

    @Test
    void printConfigWorksWithoutFiles() {
        assertEquals(0, run("--print-config"));
        assertPrinted(Map.of("store", "rocksdb", "data_dir", "./data/rocksdb", "requests", "10000000", "seed", "20111"));
        assertTrue(out().contains("# store = rocksdb keys"), out());
        assertEquals(List.of(), errLines());
        assertTrue(out().lines().filter(l -> l.startsWith("# ")).count() <= 3, "no translation comments:\n" + out());
    }

    @Test
    void theOriginalFilesRunOnTheMemoryStore() throws Exception {
        Path results = tmp.resolve("results");
        int code = run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload.properties"),
                "-D", "store=memory", "-D", "maxid1=2001", "-D", "maxtime=1", "-D", "requesters=2", "-D", "warmup_time=0",
                "-D", "displayfreq=0.5", "-D", "progressfreq=0.5", "-l", "-r", "--results", results.toString());
        assertEquals(0, code, String.join("\n", errLines()));
        assertTrue(errLines().get(0).contains("LinkConfigMysql.properties: no equivalent for 14 keys, ignored: counttable,"
                + " dbid, debuglevel, host,"), "the memory store has no server keys: " + errLines());
        assertFalse(err.toString(StandardCharsets.UTF_8).contains("s3cret"));
        try (Stream<Path> dirs = Files.list(results)) {
            JsonNode json = new ObjectMapper().readTree(dirs.findFirst().orElseThrow().resolve("result.json").toFile());
            assertEquals("1000000", json.get("config").get("requests").asText(), "500000 per requester x 2");
            assertEquals("2048", json.get("config").get("load_chunk_size").asText());
            assertEquals("2012", json.get("config").get("workload_rules").asText(), "the 2012 code's files ran its rules");
            assertFalse(json.get("config").has("password"));
        }
    }

    @Test
    void theOriginalsFilesSelectThe2012RulesAndSaySoInOneLine() {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload.properties"),
                "--print-config"), String.join("\n", errLines()));
        assertPrinted(Map.of("workload_rules", "2012", "link_type_split", "extra_first", "link_id2_rule", "offset",
                "updatelink_missing", "upsert", "link_multiget_distinct", "true"));
        List<String> lines = out().lines().toList();
        assertEquals("# FBWorkload.properties: the 2012 code's rules: the 2011 operation mix",
                lines.get(lines.indexOf("workload_rules = 2012") - 1));
        assertTrue(errLines().contains("linkbench: rules 2012 (workload_rules; FBWorkload.properties: the 2011 operation"
                + " mix), data the built-in fit of the 2011 data (nlinks_file), split extra_first (link_type_split), tail"
                + " capped (nlinks_tail; the original's needs a data file)"), String.join("\n", errLines()));
    }

    @Test
    void aForksFileGetsThe2017RulesAndNeverChangeTrueThe2012Ones() throws Exception {
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fixture("FBWorkload2017.properties"),
                "--print-config"), String.join("\n", errLines()));
        assertPrinted(Map.of("workload_rules", "2017", "link_type_split", "raised", "link_id2_rule", "offset"));
        assertTrue(errLines().contains("linkbench: rules 2017 (workload_rules; FBWorkload2017.properties: the 2017"
                + " operation mix), data the built-in fit of the 2017 data (nlinks_file), split raised (link_type_split),"
                + " tail capped (nlinks_tail; the original's needs a data file)"), String.join("\n", errLines()));
        Path fork = tmp.resolve("fork.properties");
        Files.writeString(fork, Files.readString(Path.of(fixture("FBWorkload2017.properties"))) + "\nnever_change = true\n");
        out.reset();
        err.reset();
        assertEquals(0, run("-c", fixture("LinkConfigMysql.properties"), "-c", fork.toString(), "--print-config"),
                String.join("\n", errLines()));
        assertPrinted(Map.of("workload_rules", "2012", "link_type_split", "extra_first"));
        assertTrue(out().contains("# fork.properties: the 2012 code's rules: never_change = true (the fork's switch to"
                + " the 2012 code's behaviour)"), out());
    }

    @Test
    void aDataFileWithTheZeroDegreeRowSelectsThe2012RulesAndIsUsed() throws Exception {
        Path config = Files.createDirectories(tmp.resolve("home/config"));
        Files.writeString(config.resolve("Distribution.dat"), "nlinks\n0 45.3\n1 80\n2 100\n");
        Path workload = config.resolve("W.properties");
        Files.writeString(workload, "data_file = config/Distribution.dat\naddlink = 5.35038\n");
        assertEquals(0, run("-c", workload.toString(), "--print-config"), String.join("\n", errLines()));
        assertPrinted(Map.of("workload_rules", "2012", "nlinks_file", config.resolve("Distribution.dat").toString()));
        assertTrue(out().contains("# W.properties: the 2012 code's rules: data_file holds the 2011 data (a degree-0 row)"),
                out());
    }

    @Test
    void aWorkloadFileThatCannotBeFoundStopsTheRunNamingThePathsTried() throws Exception {
        Path store = tmp.resolve("LinkConfigMysql.properties");
        Files.writeString(store, "linkstore = com.facebook.LinkBench.LinkStoreMysql\n"
                + "workload_file = config/Missing.properties\n");
        assertEquals(2, run("-c", store.toString(), "--print-config"));
        assertEquals(1, errLines().size(), errLines().toString());
        assertTrue(errLines().get(0).startsWith("linkbench: LinkConfigMysql.properties: workload_file="
                + "config/Missing.properties: not found (tried config/Missing.properties, "
                + tmp.resolve("config/Missing.properties")), errLines().get(0));
    }
}
