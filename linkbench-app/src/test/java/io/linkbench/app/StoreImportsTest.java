package io.linkbench.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SPI boundary: a store module's main code names no linkbench type outside the SPI packages
 * ({@code store}, {@code graph}, {@code config}, {@code store.jdbc}, {@code store.support}) and its own
 * package, neither by import nor by a qualified name. So a store never reaches into the run, the
 * measurements or the reports, and core can change those without breaking a plug-in.
 */
class StoreImportsTest {
    /** The packages under io.linkbench a store may use. */
    static final Set<String> SPI = Set.of("store", "graph", "config", "store.jdbc", "store.support");
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.linkbench\\.((?:[a-z0-9_]+\\.)*[a-z0-9_]+)\\.[A-Z*]");
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+io\\.linkbench\\.([a-z0-9_.]+);", Pattern.MULTILINE);

    @Test
    void everyStoreModuleUsesOnlyTheSpi() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        List<Path> modules = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(root)) {
            dirs.filter(d -> d.getFileName().toString().startsWith("store-")).forEach(modules::add);
        }
        modules.add(root.resolve("examples/store-h2"));
        assertTrue(modules.size() >= 5, "store modules found under " + root + ": " + modules);
        List<String> violations = new ArrayList<>();
        for (Path module : modules) {
            violations.addAll(violations(module.resolve("src/main/java")));
        }
        assertEquals(List.of(), violations, "store code outside the SPI packages " + SPI);
    }

    @Test
    void aStoreThatImportsTheRunOrAQualifiedMeasureTypeIsCaught(@TempDir Path dir) throws IOException {
        Path src = dir.resolve("io/linkbench/store/x");
        Files.createDirectories(src);
        Files.writeString(src.resolve("Good.java"), "package io.linkbench.store.x;\nimport io.linkbench.store.StoreSession;\n"
                + "import io.linkbench.store.jdbc.JdbcSession;\nimport io.linkbench.store.x.Good.Inner;\n"
                + "import io.linkbench.config.*;\nclass Good {}\n");
        Files.writeString(src.resolve("Bad.java"), "package io.linkbench.store.x;\nimport io.linkbench.run.RequestPhase;\n"
                + "import io.linkbench.store.memory.MemoryStore;\n"
                + "class Bad { Object o = new io.linkbench.measure.Histograms(); }\n");
        List<String> found = violations(dir);
        assertEquals(3, found.size(), found.toString());
        assertTrue(found.stream().allMatch(v -> v.contains("Bad.java")), found.toString());
        assertFalse(found.toString().contains("Good.java"));
    }

    /** "file: io.linkbench.package" for each reference outside the SPI and the file's own package tree. */
    static List<String> violations(Path sourceRoot) throws IOException {
        List<String> out = new ArrayList<>();
        if (!Files.isDirectory(sourceRoot)) {
            return out;
        }
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                try {
                    String text = Files.readString(f);
                    Matcher pkg = PACKAGE.matcher(text);
                    String own = pkg.find() ? pkg.group(1) : "";
                    Matcher m = REFERENCE.matcher(text);
                    while (m.find()) {
                        String used = m.group(1);
                        boolean ownTree = !own.isEmpty() && !SPI.contains(own) && (used.equals(own) || used.startsWith(own + "."));
                        if (!SPI.contains(used) && !ownTree) {
                            out.add(sourceRoot.relativize(f) + ": io.linkbench." + used);
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return out;
    }
}
