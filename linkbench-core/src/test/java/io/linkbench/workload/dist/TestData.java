package io.linkbench.workload.dist;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;

/** Locates the measured distribution file, which the project does not ship. */
final class TestData {
    private TestData() {
    }

    /** The file, found through the system property {@code linkbench.data.dir} (the build sets it). */
    static Optional<Path> locate() {
        String dir = System.getProperty("linkbench.data.dir");
        if (dir == null) {
            return Optional.empty();
        }
        Path file = Path.of(dir, "Distribution.dat");
        return Files.isReadable(file) ? Optional.of(file) : Optional.empty();
    }

    /** The file, or the test is skipped with a message saying why. */
    static Path distributionFile() {
        Optional<Path> file = locate();
        if (file.isEmpty()) {
            String message = "skipped: Distribution.dat not found in linkbench.data.dir="
                    + System.getProperty("linkbench.data.dir");
            System.err.println(message);
            Assumptions.abort(message);
        }
        return file.get();
    }
}
