package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.RunResult;
import io.linkbench.report.AtomicFile;
import io.linkbench.report.CurveTable;
import io.linkbench.report.Formats;
import io.linkbench.report.HgrmFiles;
import io.linkbench.report.ResultFiles;
import io.linkbench.report.html.HtmlReport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The results directory of a run: checked before the store is opened, and the end-of-run files written
 * each on its own, so one that fails (a full disk) costs only itself.
 */
final class RunFiles {
    /**
     * The free space the results directory must have before a run. A run's files are usually well under
     * 1 MiB; a long run with short intervals writes a few MiB of {@code latency.hlog}.
     */
    static final long MIN_FREE_BYTES = 8L << 20;
    /** How many files a run directory holds besides the .hgrm files: the three above and the two interval files. */
    static final int FILE_COUNT = 5;
    /** The capacity curve's table ({@code --sweep}, {@code --slo}), one row per step and operation. */
    static final String CURVE_CSV = "curve.csv";

    private final PrintStream out;
    private final PrintStream err;

    RunFiles(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Creates {@code base} if needed and checks that a file can be written in it and that it has
     * {@link #MIN_FREE_BYTES} free; otherwise a one-line {@link ConfigException} naming the directory.
     */
    static void checkResultsBase(Path base) throws ConfigException {
        String what = "--results " + base + ": ";
        if (Files.exists(base) && !Files.isDirectory(base)) {
            throw new ConfigException(what + "not a directory; give a directory for the run directories");
        }
        try {
            Files.createDirectories(base);
        } catch (IOException e) {
            throw new ConfigException(what + "cannot create the directory (" + AtomicFile.reason(e) + ")");
        }
        try {
            Path probe = Files.createTempFile(base, ".linkbench-write-check", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new ConfigException(what + "cannot write in the directory (" + AtomicFile.reason(e) + ")");
        }
        long free = usableSpace(base);
        if (free >= 0 && free < MIN_FREE_BYTES) {
            throw new ConfigException(what + "only " + Formats.bytes(free) + " free; a run needs at least "
                    + Formats.bytes(MIN_FREE_BYTES) + " for its files");
        }
    }

    /**
     * The free space of the file system holding {@code dir}, or -1 when it cannot be told. The JDK's
     * file store needs the directory's mount in the mount table, which a chroot may not have; the
     * file system's own figure (statvfs) does not, but says 0 for "unknown" as well as for "full".
     */
    private static long usableSpace(Path dir) {
        try {
            return Files.getFileStore(dir).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            long free = dir.toFile().getUsableSpace();
            return free > 0 ? free : -1;
        }
    }

    /**
     * Writes {@code result.json}, {@code summary.txt}, {@code report.html}, the {@code .hgrm} percentile files
     * ({@link HgrmFiles}) and, for a capacity curve,
     * {@code curve.csv} into {@code dir}, each on
     * its own, and says on the error stream which of them and of {@code earlierFailures} (lines
     * {@code "<file>: <reason>"}) could not be written. Returns true when every file was written.
     */
    boolean write(Path dir, RunResult result, String summary, List<String> earlierFailures) {
        List<String> failures = new ArrayList<>(earlierFailures);
        ResultFiles files = new ResultFiles();
        attempt(failures, ResultFiles.RESULT_JSON, () -> files.writeResult(dir, result));
        attempt(failures, ResultFiles.SUMMARY_TXT, () -> files.writeSummary(dir, summary));
        attempt(failures, HtmlReport.FILE_NAME, () -> new HtmlReport().write(dir.resolve(HtmlReport.FILE_NAME), result));
        java.util.Map<String, byte[]> percentiles = new HgrmFiles().files(result);
        percentiles.forEach((name, bytes) -> attempt(failures, name, () -> AtomicFile.write(dir.resolve(name), bytes)));
        List<io.linkbench.measure.PhaseResult> curve = result.phases().stream().filter(p -> p.target() != null).toList();
        if (!curve.isEmpty()) {
            attempt(failures, CURVE_CSV, () -> AtomicFile.write(dir.resolve(CURVE_CSV),
                    new CurveTable().csv(curve).getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        out.println("results: " + dir);
        if (failures.isEmpty()) {
            return true;
        }
        List<String> names = new ArrayList<>();
        for (String f : failures) {
            err.println("linkbench: cannot write " + dir.resolve(f));
            names.add(f.substring(0, f.indexOf(':')));
        }
        err.println("linkbench: " + names.size() + " of the run's " + (FILE_COUNT + percentiles.size()) + " files could not be written ("
                + String.join(", ", names) + "): the tables above are what was measured; exit code 1");
        return false;
    }

    private static void attempt(List<String> failures, String file, Write write) {
        try {
            write.run();
        } catch (IOException e) {
            failures.add(file + ": " + AtomicFile.reason(e));
        } catch (RuntimeException e) {
            failures.add(file + ": " + e);
        }
    }

    @FunctionalInterface
    private interface Write {
        void run() throws IOException;
    }
}
