package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * Runs the linkbench command line in this JVM with the repository's config/mongo.properties, pointed
 * at a server by {@code -D url=...} (an in-process server lives only in the test JVM, so the command
 * line must run here too), and reads the result.json it writes.
 */
final class MongoCli {
    private MongoCli() {
    }

    /** The repository root: the nearest directory above the working directory with config/mongo.properties. */
    static Path repositoryRoot() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("config/mongo.properties"))) {
                return p;
            }
        }
        throw new IllegalStateException("config/mongo.properties not found above " + Path.of("").toAbsolutePath());
    }

    /**
     * {@code linkbench -c config/mongo.properties -D url=<url> -D dbid=<database> <args>}, with
     * {@code verify} moved to the front (a subcommand: its options follow it); returns the exit code.
     */
    static int run(String url, String database, String... args) {
        List<String> all = new ArrayList<>(List.of("-c", repositoryRoot().resolve("config/mongo.properties").toString(),
                "-D", "url=" + url, "-D", "dbid=" + database));
        all.addAll(List.of(args));
        if (all.remove("verify")) {
            all.add(0, "verify");
        }
        return Main.run(all.toArray(String[]::new));
    }

    /** {@code -l} of {@code maxid1} ids into a recreated database; asserts exit code 0. */
    static void load(String url, String database, int maxid1, String transactions, Path results) {
        assertEquals(0, run(url, database, "-D", "maxid1=" + maxid1, "-D", "schema=recreate",
                "-D", "transactions=" + transactions, "-l", "--results", results.toString()), "exit code of -l");
    }

    /** {@code -r} with 2 requesters for {@code maxtime} seconds on {@code pool}; the future gives its exit code. */
    static Future<Integer> requests(ExecutorService pool, String url, String database, int maxid1, int maxtime,
                                    String transactions, int selectionTimeout, Path results, String... more) {
        List<String> args = new ArrayList<>(List.of("-D", "maxid1=" + maxid1, "-D", "maxtime=" + maxtime,
                "-D", "requesters=2", "-D", "displayfreq=1", "-D", "transactions=" + transactions,
                "-D", "server_selection_timeout=" + selectionTimeout));
        args.addAll(List.of(more));
        args.addAll(List.of("-r", "--results", results.toString()));
        return pool.submit(() -> run(url, database, args.toArray(String[]::new)));
    }

    /** The result.json of the only run directory under {@code results}. */
    static JsonNode result(Path results) throws IOException {
        try (Stream<Path> files = Files.walk(results)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().equals("result.json")).toList();
            assertEquals(1, found.size(), "one result.json under " + results + ": " + found);
            return new ObjectMapper().readTree(found.get(0).toFile());
        }
    }

    /** The one phase of a run's result. */
    static JsonNode phase(JsonNode result) {
        assertEquals(1, result.get("phases").size(), "phases in " + result);
        return result.get("phases").get(0);
    }

    /** The sum of a numeric field over the phase's operations, e.g. count, errors or retries. */
    static long sum(JsonNode phase, String field, String... ops) {
        List<String> wanted = List.of(ops);
        long total = 0;
        for (JsonNode op : phase.get("ops")) {
            if (wanted.isEmpty() || wanted.contains(op.get("name").asText())) {
                total += op.get(field).asLong();
            }
        }
        return total;
    }
}
