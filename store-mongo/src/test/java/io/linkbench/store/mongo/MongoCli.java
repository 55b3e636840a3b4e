package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.mongodb.ConnectionString;
import io.linkbench.cli.Main;
import io.linkbench.tck.harness.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

    /**
     * {@code -c config/mongo.properties -D url=... -D dbid=<database>} for a child JVM, whose command line other
     * users can read: the URL without its credentials, the user apart and the password in a file under {@code dir}.
     */
    static List<String> childCli(String url, String database, Path dir) throws IOException {
        ConnectionString cs = new ConnectionString(url);
        List<String> args = new ArrayList<>(List.of("-c", repositoryRoot().resolve("config/mongo.properties").toString(),
                "-D", "url=" + withoutCredentials(url), "-D", "dbid=" + database));
        if (cs.getCredential() != null) {
            Path pw = Files.writeString(dir.resolve("pw"), new String(cs.getPassword()));
            args.addAll(List.of("-D", "user=" + cs.getUsername(), "-D", "password_file=" + pw));
        }
        return args;
    }

    /** The URL without its user and password (given apart as user and password or password_file). */
    static String withoutCredentials(String url) {
        return url.replaceFirst("^mongodb://[^@/]*@", "mongodb://")
                .replaceAll("([?&])authMechanism=[^&]*&?", "$1"); // the driver wants a user in the URL with it
    }

    /**
     * Until a run under {@code results} has written an interval of {@code phase} ("load", "request") to its
     * intervals.csv: the phase is at work, so a fault injected now comes in its middle.
     */
    static void awaitInterval(Path results, String phase, Duration within) throws Exception {
        Await.until(within, "a " + phase + " interval in " + results, () -> intervals(results, phase) > 0);
    }

    private static long intervals(Path results, String phase) {
        try (Stream<Path> files = Files.walk(results)) {
            for (Path f : files.filter(p -> p.getFileName().toString().equals("intervals.csv")).toList()) {
                try (Stream<String> lines = Files.lines(f)) {
                    return lines.filter(l -> l.startsWith(phase + ",")).count();
                }
            }
            return 0;
        } catch (IOException | UncheckedIOException e) {
            return 0; // not written yet
        }
    }

    /**
     * Asserts that every error of the phase's operations is one a server's absence gives (a lost connection, a
     * timeout, or a transaction's conflict), never a wrong answer.
     */
    static void assertErrorsOfAnAbsentServer(JsonNode phase) {
        for (JsonNode op : phase.get("ops")) {
            for (var kind : (Iterable<Map.Entry<String, JsonNode>>) op.get("errors_by_kind")::fields) {
                assertTrue(List.of("CONNECTION", "TIMEOUT", "CONFLICT").contains(kind.getKey()),
                        "errors of " + op.get("name") + " are failures of the server's absence: " + op);
            }
        }
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
