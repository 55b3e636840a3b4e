package io.linkbench.tck.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A results disk that fills up during a run: a small tmpfs mounted on a directory (which needs root;
 * the test is skipped, saying so, where mounting is not permitted), filled to the last byte as soon as
 * a run directory appears in it, and unmounted on {@link #close}.
 */
public final class FullResultsDisk implements AutoCloseable {
    private static final String FILLER = "filler";

    private final Path dir;
    private final Thread filler;
    private volatile boolean stop;
    private volatile boolean filled;

    private FullResultsDisk(Path dir) {
        this.dir = dir;
        this.filler = new Thread(this::fillOnceARunStarts, "results-disk-filler");
        filler.setDaemon(true);
    }

    /** Mounts a tmpfs of {@code megabytes} on {@code dir} (created); aborts the test when that fails. */
    public static FullResultsDisk mount(Path dir, int megabytes) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        String output = command("mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", dir.toString());
        Assumptions.assumeTrue(output == null, "a full results disk needs a tmpfs mounted on " + dir
                + " (root or CAP_SYS_ADMIN), which failed: " + output);
        return new FullResultsDisk(dir);
    }

    /** Starts filling the disk as soon as a run directory with its interval log appears. */
    public FullResultsDisk fillDuringTheRun() {
        filler.start();
        return this;
    }

    /** Runs the command line with stdout and stderr captured (and echoed). */
    public static Captured run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            code = Main.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        savedErr.print(err.toString(StandardCharsets.UTF_8));
        return new Captured(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Exit code, stdout and stderr of a run. */
    public record Captured(int exitCode, String out, String err) {
    }

    /**
     * What a run whose disk filled up must show: exit code 1, every lost end-of-run file named with the
     * reason, one final line saying which, no stack trace, the tables still on the console, and the
     * run directory with the interval files written before the disk filled.
     */
    public void assertLostFilesNamed(Captured run) throws IOException {
        assertTrue(filled, "the disk was filled during the run");
        assertEquals(1, run.exitCode(), run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
        assertTrue(run.out().contains("GET_NODE"), "the request phase's table is on the console: " + run.out());
        Path runDir = onlyRunDirectory();
        for (String file : List.of("result.json", "summary.txt", "report.html")) {
            assertTrue(run.err().contains("linkbench: cannot write " + runDir.resolve(file) + ": No space left on device"),
                    file + " named with the reason: " + run.err());
            assertFalse(Files.exists(runDir.resolve(file)), file + " left no partial file");
        }
        List<String> last = run.err().lines().filter(l -> l.contains("could not be written")).toList();
        assertEquals(1, last.size(), run.err());
        assertTrue(last.get(0).contains("result.json, summary.txt, report.html") && last.get(0).contains("exit code 1"),
                last.get(0));
        assertTrue(Files.size(runDir.resolve("latency.hlog")) > 0, "the interval log keeps what was written");
        assertTrue(Files.exists(runDir.resolve("intervals.csv")), "intervals.csv is kept");
        try (Stream<Path> s = Files.list(runDir)) {
            assertEquals(List.of(), s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(),
                    "no temporary files left");
        }
    }

    private Path onlyRunDirectory() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> runs = s.filter(Files::isDirectory).toList();
            assertEquals(1, runs.size(), runs.toString());
            return runs.get(0);
        }
    }

    private void fillOnceARunStarts() {
        try {
            while (!stop && !runStarted()) {
                Thread.sleep(2);
            }
            if (stop) {
                return;
            }
            try (OutputStream f = Files.newOutputStream(dir.resolve(FILLER))) {
                for (int chunk = 1 << 20; chunk >= 1; chunk >>= 4) {
                    byte[] bytes = new byte[chunk];
                    try {
                        while (true) {
                            f.write(bytes);
                        }
                    } catch (IOException full) {
                        // the next, smaller chunk fills what is left
                    }
                }
            }
            filled = true;
        } catch (IOException | InterruptedException e) {
            // the assertion on 'filled' reports it
        }
    }

    private boolean runStarted() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.anyMatch(p -> Files.exists(p.resolve("latency.hlog")));
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        stop = true;
        if (filler.isAlive() || filled) {
            filler.join(10_000);
        }
        String output = command("umount", dir.toString());
        if (output != null) {
            command("umount", "-l", dir.toString());
        }
    }

    /** Runs a command; null when it succeeded, else its output. */
    private static String command(String... cmd) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        return p.waitFor() == 0 ? null : "exit code " + p.exitValue() + ": " + output;
    }
}
