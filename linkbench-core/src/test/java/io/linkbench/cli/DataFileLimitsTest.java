package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linkbench.config.SpecialFiles;
import io.linkbench.report.CraftedHistograms;
import io.linkbench.report.ResultFiles;
import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file a run or a report reads is a regular file within a limit, read with a bound: a device, a pipe, a huge
 * file or a histogram header asking for gigabytes is one line (exit 2) naming the file, never a trace or a hang.
 */
@Timeout(120) // a pipe that is opened blocks until a writer comes: the test fails instead of hanging
class DataFileLimitsTest {
    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private void assertOneLine(int code, String expected) {
        assertEquals(Main.BAD_INPUT, code, cli.out() + cli.err());
        assertEquals("linkbench: " + expected, cli.err().strip());
        assertFalse(cli.err().contains("Exception") || cli.err().contains("Error"), cli.err());
    }

    @Test
    void anNlinksFileThatIsADeviceOrAPipeIsRefusedBeforeTheLoad() throws Exception {
        String allowed = ": not a regular file (a directory, device or pipe); give a degree CDF file (sections of"
                + " 'value cumulative-percent' rows)";
        assertOneLine(cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "nlinks_file=/dev/zero", "-l",
                "--results", tmp.resolve("r").toString()), "nlinks_file=/dev/zero" + allowed);
        Path fifo = SpecialFiles.fifo(tmp.resolve("degrees.dat"));
        assertOneLine(cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "nlinks_file=" + fifo, "-l",
                "--results", tmp.resolve("r").toString()), "nlinks_file=" + fifo + allowed);
        assertFalse(Files.exists(tmp.resolve("r")), "no run directory for a refused configuration");
    }

    @Test
    void aPipeOrADeviceNamedAsAJarInThePluginDirectoryIsRefused() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("plugins"));
        Path fifo = SpecialFiles.fifo(dir.resolve("x.jar"));
        String allowed = ": not a regular file (a directory, device or pipe); give a store plug-in jar (or remove it)";
        assertPluginsRefused(dir, "--plugins " + dir + ": x.jar" + allowed);
        Files.delete(fifo);
        Files.createSymbolicLink(dir.resolve("zero.jar"), Path.of("/dev/zero"));
        assertPluginsRefused(dir, "--plugins " + dir + ": zero.jar" + allowed);
    }

    private static void assertPluginsRefused(Path dir, String expected) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.runWithPlugins(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), null, "--plugins", dir.toString(), "--list-keys");
        assertEquals(Main.BAD_INPUT, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("linkbench: " + expected, err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void aResultJsonThatIsAPipeOrTooLargeIsRefused() throws Exception {
        Path run = oneRun();
        Path pipeRun = Files.createDirectories(tmp.resolve("pipe-run"));
        SpecialFiles.fifo(pipeRun.resolve(ResultFiles.RESULT_JSON));
        assertOneLine(cli.run(StoreProviders.discover(), "compare", run.toString(), pipeRun.toString()),
                pipeRun.resolve(ResultFiles.RESULT_JSON) + ": not a regular file (a directory, device or pipe); give a"
                + " result.json written by linkbench");
        Path bigRun = Files.createDirectories(tmp.resolve("big-run"));
        try (RandomAccessFile f = new RandomAccessFile(bigRun.resolve(ResultFiles.RESULT_JSON).toFile(), "rw")) {
            f.setLength(300L << 20); // sparse: nothing is written, the size is what counts
        }
        assertOneLine(cli.run(StoreProviders.discover(), "merge", run.toString(), bigRun.toString(), "--out",
                tmp.resolve("m").toString()), bigRun.resolve(ResultFiles.RESULT_JSON) + ": larger than 256 MiB (300 MiB);"
                + " give a result.json written by linkbench of at most 256 MiB");
    }

    @Test
    void aHistogramHeaderAskingForMillionsOfCountersIsRefusedWithItsPath() throws Exception {
        Path run = oneRun();
        Path json = run.resolve(ResultFiles.RESULT_JSON);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json.toFile());
        ObjectNode service = (ObjectNode) root.get("phases").get(0).get("ops").get(0).get("service");
        service.put("histogram", CraftedHistograms.withHeader(service.get("histogram").asText(), 5, 1, Long.MAX_VALUE / 2));
        mapper.writeValue(json.toFile(), root);
        for (List<String> command : List.of(List.of("compare", run.toString()),
                List.of("merge", run.toString(), oneRun().toString(), "--out", tmp.resolve("m").toString()))) {
            int code = cli.run(StoreProviders.discover(), command.toArray(String[]::new));
            assertEquals(Main.BAD_INPUT, code, cli.out() + cli.err());
            String line = cli.err().strip();
            assertTrue(line.startsWith("linkbench: cannot use " + json + ": phases[0].ops[0].service.histogram: a histogram"
                    + " of 5 significant digits from 1 to " + Long.MAX_VALUE / 2 + " needs "), line);
            assertTrue(line.endsWith(" counters; at most 1048576 are allowed"), line);
            assertEquals(1, line.lines().count(), line);
        }
    }

    /** A new run directory of a small load of the memory store. */
    private Path oneRun() throws IOException {
        Path results = Files.createDirectories(tmp.resolve("results-" + System.nanoTime()));
        assertEquals(0, cli.run(StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=501", "-l", "--results",
                results.toString()), cli.err());
        try (Stream<Path> dirs = Files.list(results)) {
            return dirs.findFirst().orElseThrow();
        }
    }
}
