package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Runs the linkbench command line in this JVM against the test server, with the repository's
 * config files and the server coordinates of {@link MySqlTestServer}.
 */
final class CliRunner {
    private CliRunner() {
    }

    /** The repository root: the nearest directory above the working directory with config/myrocks.properties. */
    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("config/myrocks.properties"))) {
                return p;
            }
        }
        throw new IllegalStateException("config/myrocks.properties not found above " + Path.of("").toAbsolutePath());
    }

    /**
     * {@code linkbench -c config/<configFile> -D host=.. -D port=.. -D user=.. -D password=.. -D dbid=<db>
     * <args>}; returns the exit code.
     */
    static int run(String configFile, String database, String... args) {
        return Main.run(args(configFile, database, args).toArray(String[]::new));
    }

    /** The arguments {@link #run} passes to linkbench. */
    static List<String> args(String configFile, String database, String... args) {
        List<String> all = new ArrayList<>(List.of("-c", repositoryRoot().resolve("config").resolve(configFile).toString()));
        for (var e : MySqlTestServer.settings("", database, java.util.Map.of()).entrySet()) {
            if (!e.getKey().equals("engine") && !e.getKey().equals("store")) {
                all.add("-D");
                all.add(e.getKey() + "=" + e.getValue());
            }
        }
        all.addAll(List.of(args));
        if (all.contains("verify")) { // a subcommand: its options follow it
            all.remove("verify");
            all.add(0, "verify");
        }
        return all;
    }

    /** The result.json of the only run directory under {@code results}. */
    static String resultJson(Path results) throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().equals("result.json")).toList();
            assertTrue(found.size() == 1, "one result.json under " + results + ": " + found);
            return Files.readString(found.get(0));
        }
    }
}
