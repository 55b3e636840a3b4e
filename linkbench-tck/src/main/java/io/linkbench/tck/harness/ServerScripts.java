package io.linkbench.tck.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The repository's server scripts, run by the fault tests with a deadline: a crash helper
 * ({@code scripts/start-citus.sh kill-node 2}, {@code scripts/start-postgres.sh kill}, ...), a start that
 * restores what a test faulted, and the functions of {@code scripts/lib/procs.sh}, which find every process of
 * a server by its working directory (never by a list taken earlier that a process forked meanwhile escapes).
 * Their output goes to this JVM's.
 */
public final class ServerScripts {
    /** Far above what any script takes on a busy machine; a guard against a hang, not a bound. */
    private static final Duration DEADLINE = Duration.ofSeconds(300);

    private ServerScripts() {
    }

    /** The repository's root: the first directory above the working directory with {@code scripts/lib/procs.sh}. */
    public static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("scripts/lib/procs.sh"))) {
                return p;
            }
        }
        throw new IllegalStateException("scripts/lib/procs.sh not found above " + Path.of("").toAbsolutePath());
    }

    /**
     * Runs {@code bash scripts/<script> args...} and waits for it.
     *
     * @throws AssertionError when it exits non-zero or does not end within the deadline
     */
    public static void run(String script, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", root().resolve("scripts").resolve(script).toString()));
        command.addAll(List.of(args));
        int code = exec(command);
        if (code != 0) {
            throw new AssertionError(script + " " + String.join(" ", args) + " exited with " + code);
        }
    }

    /** Like {@link #run}, but returns the exit code (for a status check) instead of failing. */
    public static int exitCode(String script, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", root().resolve("scripts").resolve(script).toString()));
        command.addAll(List.of(args));
        return exec(command);
    }

    /**
     * Sends {@code signal} (STOP, CONT) to every process whose working directory is {@code dir} and whose
     * command name starts with {@code name} ({@code lb_signal_dir} of scripts/lib/procs.sh: it looks again
     * after each round, so a process forked meanwhile is signalled too).
     */
    public static void signalDir(String signal, Path dir, String name) throws IOException, InterruptedException {
        procs("lb_signal_dir", signal, dir.toString(), "10", name);
    }

    /** SIGKILL to every process of the server in {@code dir}, again until none is left ({@code lb_kill_dir}). */
    public static void killDir(Path dir, String name) throws IOException, InterruptedException {
        procs("lb_kill_dir", dir.toString(), "30", name);
    }

    private static void procs(String function, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", "-c",
                "set -euo pipefail; . \"$0\"; LB_NAME=test \"$@\"", root().resolve("scripts/lib/procs.sh").toString(),
                function));
        command.addAll(List.of(args));
        int code = exec(command);
        if (code != 0) {
            throw new AssertionError(function + " " + String.join(" ", args) + " exited with " + code);
        }
    }

    /** Runs {@code command}, its output through a file into this JVM's {@code System.out} (never the raw stream). */
    private static int exec(List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("linkbench-script", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            boolean ended = p.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            if (!ended) {
                p.destroyForcibly();
            }
            System.out.print(Files.readString(out));
            if (!ended) {
                throw new AssertionError(String.join(" ", command) + " did not end within " + DEADLINE.toSeconds() + " s");
            }
            return p.exitValue();
        } finally {
            Files.deleteIfExists(out);
        }
    }
}
