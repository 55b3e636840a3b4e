package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.config.Setting;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import io.linkbench.store.StoreProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run keeps so it can be reproduced: tag, notes, command line, host, JVM, build. */
class RunRecordTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private Path onlyRun(Path results) throws Exception {
        try (Stream<Path> s = Files.list(results)) {
            return s.findFirst().orElseThrow();
        }
    }

    @Test
    void resultJsonKeepsTagNotesCommandLineHostJvmAndBuild() throws Exception {
        Path results = tmp.resolve("r");
        int code = cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=1001", "-D", "maxtime=0.5",
                "-l", "-r", "--tag", "baseline-a", "--notes", "first try, jdbc://u:hunter2@db password=hunter2",
                "--results", results.toString());
        assertEquals(0, code, cli.err());
        Path dir = onlyRun(results);
        String text = Files.readString(dir.resolve("result.json"));
        assertFalse(text.contains("hunter2"), "a secret in the notes is redacted");
        JsonNode json = new ObjectMapper().readTree(text);
        assertEquals("baseline-a", json.get("tag").asText());
        assertTrue(json.get("notes").asText().startsWith("first try"), json.get("notes").toString());
        List<String> argv = new ObjectMapper().convertValue(json.get("command_line"), List.class);
        assertEquals("-D", argv.get(0));
        assertEquals("store=memory", argv.get(1));
        assertTrue(argv.contains("--tag") && argv.contains("baseline-a"), argv.toString());
        JsonNode host = json.get("host_facts");
        assertTrue(host.get("cores").asInt() >= 1, host.toString());
        assertTrue(host.get("memory_bytes").asLong() > 0, host.toString());
        assertFalse(host.get("cpu_model").asText().isEmpty(), host.toString());
        assertTrue(host.get("kernel").asText().contains("Linux"), host.toString());
        assertTrue(host.has("data_device_model") && host.has("filesystem"), host.toString());
        JsonNode jvm = json.get("jvm");
        assertTrue(jvm.get("max_heap_bytes").asLong() > 0, jvm.toString());
        assertTrue(jvm.get("flags").isArray(), jvm.toString());
        assertFalse(jvm.get("version").asText().isEmpty(), jvm.toString());
        assertTrue(json.get("build").get("commit").asText().matches("[0-9a-f]{40}(-dirty)?|unknown"),
                json.get("build").toString());
        assertTrue(json.get("server_config_file").isNull(), "the memory store reports no server configuration");
        assertTrue(json.get("store").get("facts").get("server config").asText().contains("not reported"));
        // every effective key is kept, with its value
        for (io.linkbench.config.Setting key : io.linkbench.run.CoreSettings.all()) {
            assertTrue(json.get("config").has(key.key()) || key.defaultValue() == null,
                    key.key() + " missing from config: " + json.get("config"));
        }
        assertEquals("1001", json.get("config").get("maxid1").asText());
        // the percentile files and the bucket table
        assertTrue(Files.readString(dir.resolve("request-GET_NODE.hgrm")).contains("Percentile"));
        assertTrue(Files.isRegularFile(dir.resolve("load-LOAD_LINKS.hgrm")));
        String summary = Files.readString(dir.resolve("summary.txt"));
        assertTrue(summary.contains("service time buckets"), summary);
        assertFalse(cli.out().contains("service time buckets"), "the bucket table is not printed on the console");
        // logical bytes of the load, and the space amplification next to its size
        JsonNode load = json.get("phases").get(0);
        assertTrue(load.get("logical_bytes").asLong() > 8 * 1000, load.get("logical_bytes").toString());
        assertEquals((double) load.get("size_bytes").asLong() / load.get("logical_bytes").asLong(),
                load.get("space_amplification").asDouble(), 1e-9);
        assertEquals(-1, json.get("phases").get(1).get("logical_bytes").asLong());
        RunResult back = new ResultFiles().read(dir);
        assertEquals(load.get("logical_bytes").asLong(), back.phases().get(0).logicalBytes());
        assertEquals("baseline-a", back.meta().tag());
        assertEquals(argv, back.meta().commandLine());
        assertEquals(host.get("cpu_model").asText(), back.meta().host().cpuModel());
        assertEquals(jvm.get("max_heap_bytes").asLong(), back.meta().jvm().maxHeapBytes());
    }

    @Test
    void theDefaultTagIsTheStoreAndItsEngine() throws Exception {
        Path results = tmp.resolve("d");
        assertEquals(0, cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=1001", "-l",
                "--results", results.toString()), cli.err());
        JsonNode json = new ObjectMapper().readTree(onlyRun(results).resolve("result.json").toFile());
        String engine = json.get("store").get("engine").asText();
        assertEquals(("memory " + engine).trim(), json.get("tag").asText());
    }

    @Test
    void secretKeysAreRedactedFromTheCommandLine() {
        List<Setting> declared = List.of(Setting.secret("db_pass", "the password"));
        assertEquals(List.of("-D", "db_pass=***", "-Ddb_pass=***", "-D", "mysql_password=***", "-D", "maxid1=10"),
                RunLabel.redacted(List.of("-D", "db_pass=x1", "-Ddb_pass=x2", "-D", "mysql_password=x3", "-D", "maxid1=10"),
                        declared));
    }
}
