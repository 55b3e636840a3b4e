package io.linkbench.config;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Files that are not regular files, for the tests of what linkbench refuses to read. */
public final class SpecialFiles {
    private SpecialFiles() {
    }

    /** A named pipe at {@code path} (made by {@code mkfifo}); the test is skipped, saying why, where there is none. */
    public static Path fifo(Path path) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder("mkfifo", path.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo on this machine: " + e.getMessage());
            throw e;
        }
        assumeTrue(p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0, "mkfifo " + path + " failed");
        assumeTrue(Files.exists(path) && !Files.isRegularFile(path), "mkfifo made no pipe at " + path);
        return path;
    }
}
