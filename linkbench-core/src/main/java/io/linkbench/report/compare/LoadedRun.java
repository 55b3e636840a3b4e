package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A run directory and the {@code result.json} read from it.
 *
 * @param dir   the run directory as given
 * @param run   its result
 * @param facts its tag, notes, server configuration and host facts, when recorded
 */
public record LoadedRun(Path dir, RunResult run, RunFacts facts) {
    public LoadedRun {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(facts, "facts");
    }

    /** A run without recorded facts. */
    public LoadedRun(Path dir, RunResult run) {
        this(dir, run, RunFacts.NONE);
    }

    /**
     * Reads every directory, in order.
     *
     * @throws ConfigException (one line naming the directory) when a directory has no readable
     *                         {@code result.json}: missing, not a regular file, too large, or not a result
     */
    public static List<LoadedRun> readAll(List<Path> dirs) {
        ResultFiles files = new ResultFiles();
        List<LoadedRun> runs = new ArrayList<>();
        for (Path dir : dirs) {
            if (!Files.isDirectory(dir)) {
                throw new ConfigException(dir + ": no such directory");
            }
            if (!Files.exists(dir.resolve(ResultFiles.RESULT_JSON))) { // a pipe or a device: ResultFiles refuses it
                throw new ConfigException(dir + ": no " + ResultFiles.RESULT_JSON + " (not a run directory)");
            }
            try {
                RunResult run = files.read(dir);
                runs.add(new LoadedRun(dir, run, RunFacts.read(dir, dir.resolve(ResultFiles.RESULT_JSON))));
            } catch (NoSuchFileException e) {
                throw new ConfigException(dir + ": no " + ResultFiles.RESULT_JSON + " (not a run directory)");
            } catch (IOException e) { // the message names the file and the field
                throw new ConfigException("cannot use " + oneLine(e.getMessage()));
            }
        }
        return runs;
    }

    /** The directory's own name, e.g. {@code 20250102-030405-mysql}. */
    public String name() {
        Path n = dir.toAbsolutePath().normalize().getFileName();
        return n == null ? dir.toString() : n.toString();
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
