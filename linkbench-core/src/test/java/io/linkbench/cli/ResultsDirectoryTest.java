package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results directory: checked before the run (exit code 2 in one line) and the permissions of
 * every file. A disk too small or filling up during the run: {@code FullResultsDiskTest} in the TCK,
 * which owns the disk that fills up.
 */
class ResultsDirectoryTest {
    private static final String[] SMALL_RUN = {"-D", "store=memory", "-D", "maxid1=3001", "-D", "maxtime=2",
        "-D", "displayfreq=0.5", "-D", "progressfreq=0.1", "-l", "-r"};

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(Path results) {
        String[] args = java.util.Arrays.copyOf(SMALL_RUN, SMALL_RUN.length + 2);
        args[SMALL_RUN.length] = "--results";
        args[SMALL_RUN.length + 1] = results.toString();
        return Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StoreProviders.discover(), args);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private void assertRefusedBeforeTheRun(String expectedStart) {
        assertTrue(err().startsWith(expectedStart), err());
        assertEquals(1, err().lines().count(), "one line: " + err());
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("store=memory"), "the store was not opened");
    }

    @Test
    void aFileWhereTheResultsDirectoryShouldBeIsBadInputInOneLine() throws IOException {
        Path file = Files.writeString(tmp.resolve("results"), "not a directory");
        assertEquals(2, run(file));
        assertRefusedBeforeTheRun("linkbench: --results " + file + ": not a directory");
    }

    @Test
    void aResultsDirectoryThatCannotBeCreatedIsBadInputInOneLine() {
        Path proc = Path.of("/proc/linkbench-results-" + ProcessHandle.current().pid());
        assertEquals(2, run(proc));
        assertRefusedBeforeTheRun("linkbench: --results " + proc + ": cannot create the directory (");
    }

    @Test
    void aResultsDirectoryUnderAFileIsBadInputInOneLine() throws IOException {
        Path under = Files.writeString(tmp.resolve("file"), "x").resolve("results");
        assertEquals(2, run(under));
        assertRefusedBeforeTheRun("linkbench: --results " + under + ": cannot create the directory (");
    }

    @Test
    void everyFileOfARunDirectoryHasThePermissionsOfAnyNewFile() throws IOException {
        Path results = tmp.resolve("results");
        assertEquals(0, run(results), err());
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(Files.createFile(tmp.resolve("reference")));
        assertTrue(usual.contains(PosixFilePermission.OWNER_WRITE), usual.toString());
        Path dir;
        try (Stream<Path> s = Files.list(results)) {
            dir = s.findFirst().orElseThrow();
        }
        List<String> expected = List.of("intervals.csv", "latency.hlog", "report.html", "result.json", "summary.txt");
        List<String> all;
        try (Stream<Path> s = Files.list(dir)) {
            all = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertEquals(expected, all.stream().filter(f -> !f.endsWith(".hgrm")).toList());
        assertTrue(all.contains("request-GET_NODE.hgrm"), all.toString());
        for (String f : all) {
            assertEquals(usual, Files.getPosixFilePermissions(dir.resolve(f)), f + " (umask-based, like any new file)");
        }
    }
}
