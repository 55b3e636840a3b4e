package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.tck.harness.FaultSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run keeps the engine's configuration in server-config.txt, names it in result.json, never prints it. */
class RocksDbRunRecordTest {
    @TempDir
    Path tmp;

    @Test
    void theRunDirectoryHoldsTheOptionsAsSortedNameValueLines() throws Exception {
        Path results = tmp.resolve("results");
        FaultSupport.CapturedRun run = FaultSupport.runCapturingErr("-D", "store=rocksdb", "-D",
                "data_dir=" + tmp.resolve("db"), "-D", "maxid1=501", "-l", "--results", results.toString());
        assertEquals(0, run.exitCode());
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
        assertEquals("server-config.txt", json.get("server_config_file").asText());
        List<String> lines = Files.readAllLines(dir.resolve("server-config.txt"));
        assertTrue(lines.size() > 100, lines.size() + " lines");
        assertTrue(lines.stream().allMatch(l -> l.contains(" = ")), "name = value lines");
        List<String> names = lines.stream().map(l -> l.substring(0, l.indexOf(" = "))).toList();
        assertEquals(names.stream().sorted().toList(), names, "sorted by name");
        assertTrue(lines.contains("DBOptions.create_if_missing = true") || names.contains("DBOptions.create_if_missing"));
        assertFalse(json.get("host_facts").get("filesystem").asText().equals("unknown"),
                "the data directory is local: its filesystem is known");
    }
}
