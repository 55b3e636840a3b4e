package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A request phase that runs out of heap (far more requesters than 64 MiB holds the recorders of) still
 * ends failed with its files and one line that says to raise -Xmx: the run keeps a heap reserve for it.
 */
class RequestOutOfMemoryTest {
    @Test
    void aRequestPhaseOutOfHeapSaysSoInOneLineAndWritesItsFiles(@TempDir Path tmp) throws Exception {
        Path results = tmp.resolve("results");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                "io.linkbench.cli.Main", "-D", "store=memory", "-D", "maxid1=2001", "-D", "requesters=4096", "-D", "maxtime=2",
                "-l", "-r", "--results", results.toString()))
                .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile()).start();
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "the run ended");
        String err = Files.readString(tmp.resolve("err.txt"), StandardCharsets.UTF_8);
        assertEquals(1, p.exitValue(), err);
        assertFalse(err.contains("OutOfMemoryError"), err);
        assertFalse(err.contains("\tat "), "no stack trace: " + err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.matches("linkbench: out of memory in [^\\n]+ \\(the JVM's heap is \\d+ MiB\\): give it more with java"
                + " -Xmx\\.\\.\\. \\(e\\.g\\. -Xmx4g\\), or lower requesters or maxid1\\s*"), err);
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        JsonNode phases = new ObjectMapper().readTree(dir.resolve("result.json").toFile()).get("phases");
        assertEquals("completed", phases.get(0).get("status").asText(), "the load is recorded");
        assertTrue(Files.exists(dir.resolve("summary.txt")) && Files.exists(dir.resolve("report.html")));
    }
}
