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
        return locate("Distribution.dat");
    }

    /** A file of the data folder by name. */
    static Optional<Path> locate(String name) {
        String dir = System.getProperty("linkbench.data.dir");
        if (dir == null) {
            return Optional.empty();
        }
        Path file = Path.of(dir, name);
        return Files.isReadable(file) ? Optional.of(file) : Optional.empty();
    }

    /** The file, or the test is skipped with a message saying why. */
    static Path distributionFile() {
        return file("Distribution.dat");
    }

    /** The 2011 file the 2012 code shipped, or the test is skipped. */
    static Path distribution2011File() {
        return file("Distribution_2011.dat");
    }

    /** A file of the data folder, or the test is skipped with a message saying why. */
    static Path file(String name) {
        Optional<Path> file = locate(name);
        if (file.isEmpty()) {
            String message = "skipped: " + name + " not found in linkbench.data.dir="
                    + System.getProperty("linkbench.data.dir");
            System.err.println(message);
            Assumptions.abort(message);
        }
        return file.get();
    }
}
