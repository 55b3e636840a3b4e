package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code java -jar linkbench.jar ...} line of the README's {@code sh} blocks runs, in README order and
 * in this JVM, with a small graph ({@code maxid1 = 2001}, {@code maxtime = 2}, {@code --loops} at most 2), a
 * data directory and results directory of its own, {@code schema = recreate} for a load, and databases named
 * {@code lbtest_readme*} on the servers {@code scripts/test.sh} starts. The part after {@code &&} of a line
 * that starts a server first is what runs. A line whose comment holds {@code [manual: why]} is skipped under
 * its own text; a line whose server does not answer is skipped saying which.
 */
class ReadmeCommandsTest {
    private static final String JAR = "java -jar linkbench.jar ";
    private static final Path ROOT = root();

    @TempDir
    static Path tmp;

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("config"))) {
                return p;
            }
        }
        throw new IllegalStateException("README.md not found above " + Path.of("").toAbsolutePath());
    }

    /** The README's command lines (the {@code java -jar linkbench.jar} part), comments included. */
    static List<String> commandLines(List<String> readme) {
        List<String> lines = new ArrayList<>();
        boolean inSh = false;
        for (String line : readme) {
            String t = line.strip();
            if (t.startsWith("```")) {
                inSh = !inSh && t.equals("```sh");
                continue;
            }
            int at = t.indexOf(JAR);
            if (inSh && at >= 0 && !t.startsWith("#")) {
                lines.add(t.substring(at));
            }
        }
        return lines;
    }

    @Test
    void theReadmeHasCommandsToRunAndMarksTheManualOnes() throws IOException {
        List<String> lines = commandLines(Files.readAllLines(ROOT.resolve("README.md")));
        assertTrue(lines.size() >= 10, lines.toString());
        assertTrue(lines.stream().anyMatch(l -> l.contains("[manual:")), "some lines are marked manual");
        assertTrue(lines.stream().anyMatch(l -> l.contains("config/myrocks.properties -l -r")), lines.toString());
    }

    @TestFactory
    Stream<DynamicTest> everyCommandOfTheReadmeRuns() throws IOException {
        return commandLines(Files.readAllLines(ROOT.resolve("README.md"))).stream()
                .map(line -> DynamicTest.dynamicTest(line, () -> run(line)));
    }

    private static void run(String line) throws IOException {
        int hash = comment(line);
        String comment = hash < 0 ? "" : line.substring(hash);
        Assumptions.assumeFalse(comment.contains("[manual:"), "marked manual in the README: " + line);
        List<String> words = words(hash < 0 ? line : line.substring(0, hash));
        List<String> args = new ArrayList<>(words.subList(3, words.size())); // after java -jar linkbench.jar
        String verb = args.isEmpty() ? "" : args.get(0);
        Path results = tmp.resolve("results");
        if (verb.equals("compare") || verb.equals("merge")) {
            args = expandResults(args, results);
        } else {
            String store = store(args);
            assumeServer(store, args);
            args = small(args, store);
            if (!verb.equals("verify") && !args.contains("verify")) { // verify writes no run
                args.addAll(List.of("--results", results.toString()));
            }
        }
        int code = Main.run(args.toArray(String[]::new));
        assertEquals(0, code, "exit code of: " + String.join(" ", args));
    }

    /** The index of the {@code #} that starts the line's comment (outside quotes), or -1. */
    private static int comment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '#' && i > 0 && Character.isWhitespace(line.charAt(i - 1))) {
                return i;
            }
        }
        return -1;
    }

    /** The shell's words: split at blanks, quotes removed (as the launcher splits JVM option variables). */
    static List<String> words(String text) {
        return JvmLauncher.splitOptions(text);
    }

    /** The store the line's config files name (the last {@code -c config/NAME.properties}); rocksdb by default. */
    private static String store(List<String> args) {
        return configValue(args, "store", "rocksdb");
    }

    /** Skips the line when its server does not answer (a machine without {@code scripts/test.sh}'s servers). */
    private static void assumeServer(String store, List<String> args) {
        String hosts = switch (store) {
            case "mysql" -> args.stream().filter(a -> a.startsWith("hosts=")).findFirst().map(a -> a.substring(6))
                    .orElse("127.0.0.1:" + configValue(args, "port", "3306")); // 3340: the Spider head
            case "postgres" -> "127.0.0.1:" + configValue(args, "port", "5433"); // 5460: the Citus coordinator
            case "mongo" -> mongoHost(configValue(args, "url", "")); // 10270: the sharded DocumentDB's gateway
            default -> "";
        };
        for (String h : hosts.isEmpty() ? new String[0] : hosts.split(",")) {
            String[] hp = h.split(":");
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(hp[0], Integer.parseInt(hp[1])), 2000);
            } catch (IOException e) {
                Assumptions.abort("no " + store + " server at " + h + " (scripts/test.sh starts it)");
            }
        }
    }

    /** The host:port of a one-host {@code mongodb://} URL without credentials, else "" (not probed). */
    static String mongoHost(String url) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("mongodb://([^/@,?]+:\\d+)/?.*").matcher(url);
        return m.matches() ? m.group(1) : "";
    }

    /** The value the line's config files give {@code key} (the last one), or {@code otherwise}. */
    private static String configValue(List<String> args, String key, String otherwise) {
        String value = otherwise;
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-c")) {
                try {
                    for (String l : Files.readAllLines(ROOT.resolve(args.get(i + 1)))) {
                        if (l.matches("\\s*" + key + "\\s*[=:].*")) {
                            value = l.split("[=:]", 2)[1].strip();
                        }
                    }
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
        return value;
    }

    /** The line's arguments with config paths made absolute and a small graph in a place of its own. */
    private static List<String> small(List<String> args, String store) {
        List<String> out = new ArrayList<>();
        boolean load = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-c") && i + 1 < args.size()) {
                out.add(a);
                out.add(ROOT.resolve(args.get(++i)).toString());
                continue;
            }
            if (a.equals("--loops") && i + 1 < args.size()) {
                out.add(a);
                out.add(Integer.toString(Math.min(2, Integer.parseInt(args.get(++i)))));
                continue;
            }
            load |= a.equals("-l");
            out.add(a);
        }
        List<String> mine = new ArrayList<>(List.of("maxid1=2001", "maxtime=2", "displayfreq=1", "progressfreq=1"));
        if (load) {
            mine.add("schema=recreate");
        }
        String name = "lbtest_readme" + configNames(args); // lines with the same files share their data
        switch (store) {
            case "rocksdb" -> mine.add("data_dir=" + tmp.resolve(name));
            case "mysql" -> mine.add("dbid=" + name + (out.stream().anyMatch(a -> a.startsWith("hosts=")) ? "_galera" : ""));
            case "postgres" -> mine.add("pg_schema=" + name);
            default -> {
            }
        }
        mine.forEach(kv -> out.addAll(List.of("-D", kv))); // after the line's own -D: the last one wins
        return out;
    }

    /** "_myrocks", "_innodb_workload_2011": the names of the line's config files. */
    private static String configNames(List<String> args) {
        StringBuilder n = new StringBuilder();
        for (int i = 0; i + 1 < args.size(); i++) {
            if (args.get(i).equals("-c")) {
                n.append('_').append(Path.of(args.get(i + 1)).getFileName().toString().replace(".properties", "")
                        .replaceAll("[^A-Za-z0-9]", "_"));
            }
        }
        return n.toString();
    }

    /** compare and merge: {@code results/GLOB} becomes the matching run directories this test wrote. */
    private static List<String> expandResults(List<String> args, Path results) throws IOException {
        List<String> out = new ArrayList<>();
        for (String a : args) {
            if (!a.startsWith("results/")) {
                out.add(a);
                continue;
            }
            PathMatcher m = FileSystems.getDefault().getPathMatcher("glob:" + a.substring("results/".length()));
            List<String> found;
            try (Stream<Path> s = Files.list(results)) {
                found = s.filter(p -> m.matches(p.getFileName())).map(Path::toString).sorted().toList();
            }
            assertFalse(found.isEmpty(), a + " matches no run the earlier lines wrote in " + results);
            out.addAll(found);
        }
        return out;
    }
}
