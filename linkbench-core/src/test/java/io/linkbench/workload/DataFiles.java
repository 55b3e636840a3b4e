package io.linkbench.workload;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** The original's measured distribution files, which the project does not ship: a test skips without them. */
final class DataFiles {
    private DataFiles() {
    }

    /** {@code name} in the folder the build names ({@code linkbench.data.dir}), or the test is skipped. */
    static Path file(String name) {
        String dir = System.getProperty("linkbench.data.dir");
        Path file = dir == null ? null : Path.of(dir, name);
        if (file == null || !Files.isReadable(file)) {
            String message = "skipped: " + name + " not found in linkbench.data.dir=" + dir;
            System.err.println(message);
            Assumptions.abort(message);
        }
        return file;
    }
}
