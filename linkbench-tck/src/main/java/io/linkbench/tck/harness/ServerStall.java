package io.linkbench.tck.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A database server frozen during a run: {@code linkbench ARGS} runs in a child JVM, its server's processes are
 * stopped (SIGSTOP) once operations flow, and continued (SIGCONT) as soon as the child has ended, whatever
 * happens. Each check says what a stalled server must never do to a run: hang it, stop its status lines, or let
 * it end {@code completed}; and that Ctrl-C during the stall still writes every result file. A store's test
 * gives its server ({@link Server}) and the command line that reaches it.
 *
 * <pre>{@code
 * ServerStall.requestPhaseFails(server, tmp, cli("-r"));   // the graph loaded before
 * }</pre>
 */
public final class ServerStall {
    /** A status line of a request phase with operations in it: "[     2s]  1,234 ops/s ...". */
    private static final Pattern STATUS = Pattern.compile("^\\[\\s*[\\d.]+s\\]( warm-up)?\\s+([\\d,]+) ops/s");
    /** A progress line of a load with rows in it. */
    private static final Pattern PROGRESS = Pattern.compile("^load: .* ([\\d,]+) rows/s");
    private static final String STALLED = "server stalled? no call returned";
    /** A guard against a run that hangs, far above what a stalled run takes; not a performance bound. */
    private static final Duration HANG = Duration.ofSeconds(180);
    /**
     * The stall limits the checks set: long enough for a few status lines inside the stall on a busy machine
     * (a line is late while the server's counters are not read), short enough to keep the test short.
     */
    private static final String LIMIT = "5";

    private ServerStall() {
    }

    /** The server's processes on this host. */
    public interface Server {
        /** Stops every process of the server (SIGSTOP). */
        void stop() throws Exception;

        /** Continues them (SIGCONT); harmless when they were not stopped. */
        void resume() throws Exception;
    }

    /**
     * A request phase ({@code args} with {@code -r}) whose server stalls after its first operations: it ends
     * {@code failed}, the server stalled, once the calls are still waiting {@code stall_limit} after the end of its
     * {@code maxtime} of 60 s (which a busy machine's slow start never reaches before the stall), without
     * hanging, exit code 1, with status lines that say so during the stall.
     */
    public static void requestPhaseFails(Server server, Path dir, List<String> args) throws Exception {
        requestPhaseFails(server, dir, args, 60);
    }

    /**
     * {@link #requestPhaseFails(Server, Path, List)} with a request phase of {@code maxtime} seconds, for a server
     * whose stall the test can start early in a shorter phase: the run ends {@code stall_limit} after it.
     */
    public static void requestPhaseFails(Server server, Path dir, List<String> args, int maxtime) throws Exception {
        String console = stalled(server, dir, args, List.of("-D", "maxtime=" + maxtime, "-D", "stall_limit=" + LIMIT, "-D",
                "displayfreq=0.5", "--results", dir.resolve("stalled-requests").toString()), STATUS);
        assertTrue(console.endsWith("exit code 1\n"), "a stalled server fails the run:\n" + console);
        assertTrue(console.contains("request phase failed: the server stalled: "), console);
        assertTrue(console.lines().filter(l -> l.startsWith("[") && l.contains(STALLED)).count() >= 2,
                "status lines go on during the stall and say so:\n" + console);
        JsonNode phase = phases(dir.resolve("stalled-requests")).get(0);
        assertEquals("failed", phase.get("status").asText(), phase.toString());
        assertTrue(phase.get("end_reason").asText().startsWith("the server stalled: "), phase.toString());
    }

    /**
     * A load ({@code args} with {@code -l}, a graph large enough to take longer than a few seconds) whose server
     * stalls after its first rows: its progress lines go on and say so, and it ends {@code failed}, the server
     * stalled, once every loader has waited {@code load_stall_limit}; exit code 1.
     */
    public static void loadFails(Server server, Path dir, List<String> args) throws Exception {
        String console = stalled(server, dir, args, List.of("-D", "load_stall_limit=" + LIMIT, "-D", "progressfreq=0.5",
                "--results", dir.resolve("stalled-load").toString()), PROGRESS);
        assertTrue(console.endsWith("exit code 1\n"), "a stalled server fails the load:\n" + console);
        assertTrue(console.contains("load phase failed: the server stalled: "), console);
        assertTrue(console.lines().anyMatch(l -> l.startsWith("load: ") && l.contains(STALLED)),
                "progress lines go on during the stall and say so:\n" + console);
        JsonNode phase = phases(dir.resolve("stalled-load")).get(0);
        assertEquals("failed", phase.get("status").asText(), phase.toString());
        assertTrue(phase.get("end_reason").asText().startsWith("the server stalled: "), phase.toString());
    }

    /**
     * Ctrl-C during a stall of the server under a long request phase ({@code args} with {@code -r}): the run
     * writes every result file (result.json, summary.txt, report.html, intervals.csv) with what it measured,
     * says the phase was interrupted, and exits 130, without waiting for the server. Skipped when the child JVM
     * ignores SIGINT (inherited from a suite started in the background or under {@code nohup}).
     *
     * @return seconds from the signal to the child's exit
     */
    public static double ctrlCWritesTheResults(Server server, Path dir, List<String> args) throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("-D", "maxtime=600", "-D", "displayfreq=0.5", "--results", dir.resolve("ctrl-c").toString()));
        Child run = Child.start(dir, all);
        double seconds = interruptedInAStall(server, run, "a status line with operations", l -> count(STATUS, l) > 0,
                STALLED);
        String console = run.console();
        assertTrue(console.contains("request phase interrupted: stopped by SIGINT"), console);
        Path runDir = onlyRun(dir.resolve("ctrl-c"));
        for (String file : List.of("result.json", "summary.txt", "report.html", "intervals.csv")) {
            assertTrue(Files.size(runDir.resolve(file)) > 0, file + " written: " + runDir);
        }
        JsonNode phase = phases(dir.resolve("ctrl-c")).get(0);
        assertEquals("interrupted", phase.get("status").asText(), phase.toString());
        assertTrue(phase.get("warnings").toString().contains("still inside a store call"), phase.toString());
        System.out.printf(Locale.ROOT, "Ctrl-C during the stall: the child exited %.1f s after SIGINT%n", seconds);
        assertTrue(seconds < HANG.toSeconds() / 6.0, "Ctrl-C took " + seconds + " s: the run waited for the server");
        return seconds;
    }

    /**
     * A load ({@code args} with {@code -l}) whose post-load step {@code step} is held on the server (the store's test
     * makes it wait, e.g. on a lock, so that it is still running when the server stops): the server is stopped once
     * the step began; the step's status lines go on and say the server does not answer, and the load ends
     * {@code failed}, the server stalled, once it has not answered for {@code load_stall_limit}; exit code 1.
     */
    public static void postLoadStepFails(Server server, Path dir, List<String> args, String step) throws Exception {
        postLoadStepFails(server, dir, args, step, 3);
    }

    /** What a stalled run printed, and its phase in result.json. */
    public record Stalled(String console, JsonNode phase) {
    }

    /**
     * {@link #postLoadStepFails(Server, Path, List, String)} with a {@code load_stall_limit} of {@code limit} seconds
     * (a cluster's node asked within its store's timeouts), for the store's test to check what else the run said.
     */
    public static Stalled postLoadStepFails(Server server, Path dir, List<String> args, String step, int limit)
            throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("-D", "load_stall_limit=" + limit, "-D", "progressfreq=0.5", "--results",
                dir.resolve("stalled-step").toString()));
        Child run = Child.start(dir, all);
        try {
            run.awaitLine(HANG, "the post-load step " + step, l -> l.equals("post-load step: " + step + " ..."));
            server.stop();
            run.awaitExit(HANG);
        } finally {
            server.resume();
            run.destroy();
        }
        String console = run.console();
        assertEquals(1, run.exitCode(), "a stalled server fails the load:\n" + console);
        assertTrue(console.contains("load phase failed: the server stalled: it has not answered for more than " + limit
                + " s (load_stall_limit) during the post-load step " + step), console);
        assertTrue(console.lines().anyMatch(l -> l.startsWith("post-load step: " + step + " running for ")
                && l.contains("server stalled? no answer from the server for ")),
                "status lines go on during the step and say the server does not answer:\n" + console);
        JsonNode phase = phases(dir.resolve("stalled-step")).get(0);
        assertEquals("failed", phase.get("status").asText(), phase.toString());
        assertTrue(phase.get("end_reason").asText().startsWith("the server stalled: "), phase.toString());
        return new Stalled(console, phase);
    }

    /**
     * A load whose post-load step {@code step} is held on a server that answers (a lock the store's test holds):
     * the step's status lines go on past {@code load_stall_limit} without saying the server stalled, and once
     * {@code release} lets the step go, the load completes; exit code 0. A long step is not a stalled server.
     */
    public static void postLoadStepWaitedFor(Path dir, List<String> args, String step, AutoCloseable release)
            throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("-D", "load_stall_limit=2", "-D", "progressfreq=0.5", "--results",
                dir.resolve("long-step").toString()));
        Child run = Child.start(dir, all);
        Pattern running = Pattern.compile("^post-load step: " + Pattern.quote(step) + " running for (\\d+) s");
        try {
            run.awaitLine(HANG, "a status line of the step past load_stall_limit", l -> count(running, l) >= 4);
            release.close();
            run.awaitExit(HANG);
        } finally {
            release.close();
            run.destroy();
        }
        String console = run.console();
        assertEquals(0, run.exitCode(), "a step that waits on an answering server completes:\n" + console);
        assertTrue(console.lines().noneMatch(l -> l.contains("server stalled")), console);
        assertTrue(console.contains("post-load step: " + step + " took "), console);
        assertEquals("completed", phases(dir.resolve("long-step")).get(0).get("status").asText());
    }

    /**
     * Ctrl-C while the server is stopped during the post-load step {@code step} (held on the server by the store's
     * test): the load ends {@code interrupted} and the run exits 130 with its result files, without waiting for the
     * server (well before {@code load_stall_limit}, 60 s here).
     *
     * @return seconds from the signal to the child's exit
     */
    public static double ctrlCDuringAStalledPostLoadStep(Server server, Path dir, List<String> args, String step)
            throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of("-D", "load_stall_limit=60", "-D", "progressfreq=0.5", "--results",
                dir.resolve("ctrl-c-step").toString()));
        Child run = Child.start(dir, all);
        double seconds = interruptedInAStall(server, run, "the post-load step " + step,
                l -> l.equals("post-load step: " + step + " ..."), "server stalled? no answer from the server");
        String console = run.console();
        assertTrue(console.contains("load phase interrupted: stopped by SIGINT"), console);
        assertTrue(Files.size(onlyRun(dir.resolve("ctrl-c-step")).resolve("result.json")) > 0, console);
        System.out.printf(Locale.ROOT, "Ctrl-C during a stalled post-load step: the child exited %.1f s after SIGINT%n",
                seconds);
        assertTrue(seconds < HANG.toSeconds() / 6.0, "Ctrl-C took " + seconds + " s: the run waited for the server");
        return seconds;
    }

    /**
     * Stops the server once {@code run} printed a line {@code started} ({@code what}), sends SIGINT once it printed a
     * line with {@code stalled}, and waits for its exit 130, continuing the server whatever happens. Skipped when the
     * child JVM ignores SIGINT.
     *
     * @return seconds from the signal to the child's exit
     */
    private static double interruptedInAStall(Server server, Child run, String what, Predicate<String> started,
                                              String stalled) throws Exception {
        double seconds;
        try {
            run.awaitLine(HANG, what, started);
            Assumptions.assumeFalse(Signals.ignored(run.process.pid(), "INT"), Signals.IGNORED_INT);
            server.stop();
            run.awaitLine(HANG, "a status line that says the server stalled", l -> l.contains(stalled));
            long t0 = System.nanoTime();
            Signals.send("INT", run.process.pid());
            run.awaitExit(HANG);
            seconds = (System.nanoTime() - t0) / 1e9;
        } finally {
            server.resume();
            run.destroy();
        }
        assertEquals(130, run.exitCode(), "the exit code of SIGINT:\n" + run.console());
        return seconds;
    }

    /**
     * Runs {@code args} and {@code more} in a child JVM, stops the server once a line matching {@code flowing}
     * shows work done, and resumes it once the child ended.
     *
     * @return the child's console, and a last line "exit code N"
     */
    private static String stalled(Server server, Path dir, List<String> args, List<String> more, Pattern flowing)
            throws Exception {
        List<String> all = new ArrayList<>(args);
        all.addAll(more);
        Child run = Child.start(dir, all);
        try {
            run.awaitLine(HANG, "a line with work done (" + flowing + ")", l -> count(flowing, l) > 0);
            server.stop();
            run.awaitExit(HANG);
        } finally {
            server.resume();
            run.destroy();
        }
        return run.console() + "exit code " + run.exitCode() + "\n";
    }

    private static long count(Pattern p, String line) {
        Matcher m = p.matcher(line);
        return m.find() ? Long.parseLong(m.group(m.groupCount()).replace(",", "")) : 0;
    }

    private static Path onlyRun(Path results) throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size(), "one run directory: " + dirs);
            return dirs.get(0);
        }
    }

    private static JsonNode phases(Path results) throws IOException {
        return new ObjectMapper().readTree(onlyRun(results).resolve("result.json").toFile()).get("phases");
    }

    /** {@code linkbench ARGS} in a child JVM, its console in a file. */
    private static final class Child {
        private final Process process;
        private final Path console;

        private Child(Process process, Path console) {
            this.process = process;
            this.console = console;
        }

        static Child start(Path dir, List<String> args) throws IOException {
            List<String> command = ChildJvm.linkbench(dir, args);
            Path console = Files.createTempFile(dir, "stall", ".txt");
            return new Child(new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile())
                    .start(), console);
        }

        String console() throws IOException {
            return Files.readString(console, StandardCharsets.UTF_8);
        }

        void awaitLine(Duration timeout, String what, Predicate<String> line) throws Exception {
            try {
                Await.until(timeout, what, () -> console().lines().anyMatch(line) || !process.isAlive());
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "; the console:\n" + console(), e);
            }
            assertTrue(console().lines().anyMatch(line), "the run ended before " + what + ":\n" + console());
        }

        void awaitExit(Duration timeout) throws Exception {
            assertTrue(process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS), "the run hangs:\n" + console());
        }

        int exitCode() {
            return process.exitValue();
        }

        void destroy() throws InterruptedException {
            if (process.isAlive()) {
                process.destroyForcibly();
                process.waitFor(30, TimeUnit.SECONDS);
            }
        }
    }
}
