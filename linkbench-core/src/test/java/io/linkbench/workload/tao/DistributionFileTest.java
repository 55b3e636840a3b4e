package io.linkbench.workload.tao;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import java.io.BufferedReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JSON-lines reader: what it reads, and the one-line error naming file, line and field for each bad input. */
class DistributionFileTest {
    static Map<String, DistributionLine> read(String text) {
        return DistributionFile.read("w.json", new BufferedReader(new StringReader(text)));
    }

    static String errorOf(String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> read(text));
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e.getMessage();
    }

    @Test
    void readsNamesValuesAndWeightsWithTheirLines() {
        Map<String, DistributionLine> m = read("{\"name\": \"operations\", \"weights\": [171,57,15,1]}\n\n"
                + "{\"name\": \"edge_types\", \"values\": [\"unique\", \"other\"], \"weights\": [0.5, 2]}\n");
        assertEquals(2, m.size());
        assertEquals(1, m.get("operations").line());
        assertTrue(m.get("operations").values().isEmpty());
        assertEquals(3, m.get("edge_types").line(), "blank lines count");
        assertEquals(java.util.List.of("unique", "other"), m.get("edge_types").values().orElseThrow());
        assertEquals(2.0, m.get("edge_types").weights()[1]);
    }

    @Test
    void eachBadLineIsNamedWithItsFieldInOneLine() {
        String ok = "{\"name\": \"operations\", \"weights\": [1]}\n";
        String notJson = errorOf(ok + "x\n");
        assertTrue(notJson.startsWith("w.json:2: not a JSON object: "), notJson);
        assertEquals("w.json:1: not a JSON object {\"name\": ..., \"weights\": [...]}", errorOf("[1, 2]"));
        assertEquals("w.json:1: field 'name' is missing or not a string", errorOf("{\"weights\": [1]}"));
        assertEquals("w.json:1: a: field 'weights' is missing or not a non-empty array of numbers",
                errorOf("{\"name\": \"a\"}"));
        assertEquals("w.json:1: a: field 'weights' entry 2 is \"2\": weights are numbers",
                errorOf("{\"name\": \"a\", \"weights\": [1, \"2\"]}"));
        assertEquals("w.json:1: a: field 'values' has 1 entries but 'weights' has 2: one weight per value",
                errorOf("{\"name\": \"a\", \"values\": [1], \"weights\": [1, 2]}"));
        assertEquals("w.json:1: a: field 'wieghts' is unknown: allowed are name, values, weights",
                errorOf("{\"name\": \"a\", \"wieghts\": [1]}"));
        assertEquals("w.json:2: operations: field 'name' repeats line 1: each distribution appears once",
                errorOf(ok + ok));
        assertEquals("w.json: holds no distribution (JSON lines of name, values, weights)", errorOf("\n"));
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path f = dir.resolve("none.json");
        ConfigException e = assertThrows(ConfigException.class, () -> DistributionFile.read(f));
        assertTrue(e.getMessage().startsWith(f + ": cannot read the TAOBench distribution file"), e.getMessage());
    }

    @Test
    void theBundledCopiesAreThePublishedFilesUnchanged() throws Exception {
        // the shared copy exists on the project's machines; elsewhere the bundled one is checked by the fidelity test
        Path shared = Path.of("../../shared/taobench");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(shared), "no ../shared/taobench here");
        for (TaoWorkload.Published w : TaoWorkload.Published.values()) {
            try (var in = TaoWorkload.class.getResourceAsStream(w.resource())) {
                assertEquals(new String(Files.readAllBytes(shared.resolve(w.resource()))),
                        new String(in.readAllBytes()), w.resource());
            }
        }
    }
}
