package io.linkbench.tck.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Data directories of an embedded store's TCK test: a new one for each {@code openFreshStore()}, the
 * last one again for {@code reopenStore()}, all deleted by an {@code @AfterEach} of the test (which
 * runs after the TCK closed every store). Thread-safe: concurrent tests open stores from several threads.
 */
public final class StoreDirs {
    private final String prefix;
    private final List<Path> dirs = new ArrayList<>();

    /** {@code prefix}: the start of the temporary directories' names, e.g. {@code "h2-tck"}. */
    public StoreDirs(String prefix) {
        this.prefix = prefix;
    }

    /** A new empty directory. */
    public synchronized Path fresh() throws IOException {
        Path dir = Files.createTempDirectory(prefix);
        dirs.add(dir);
        return dir;
    }

    /** The directory {@link #fresh()} returned last. */
    public synchronized Path last() {
        if (dirs.isEmpty()) {
            throw new IllegalStateException("no store was opened yet");
        }
        return dirs.get(dirs.size() - 1);
    }

    /** Deletes every directory and what is in it. */
    public synchronized void deleteAll() throws IOException {
        for (Path dir : dirs) {
            if (Files.exists(dir)) {
                try (Stream<Path> paths = Files.walk(dir)) {
                    for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(p);
                    }
                }
            }
        }
        dirs.clear();
    }
}
