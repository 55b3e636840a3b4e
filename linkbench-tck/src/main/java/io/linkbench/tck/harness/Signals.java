package io.linkbench.tck.harness;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Signals to processes in tests: sending one, and seeing whether a process ignores one. A process started
 * from a shell script in the background or under {@code nohup} inherits SIGINT (and SIGHUP) as ignored, as
 * POSIX says, and a JVM then never sees them: a test that sends them skips, saying so, instead of failing.
 */
public final class Signals {
    /** Why a test that sends SIGINT is skipped when its child ignores it. */
    public static final String IGNORED_INT = "the child JVM ignores SIGINT, inherited from this test's JVM (the suite"
            + " runs in the background of a script or under nohup, as POSIX says): a Ctrl-C cannot be tested here";
    private static final Map<String, Integer> NUMBERS = Map.of("HUP", 1, "INT", 2, "TERM", 15);

    private Signals() {
    }

    /**
     * True when process {@code pid} ignores signal {@code name} (HUP, INT or TERM): its bit in the SigIgn mask of
     * {@code /proc/PID/status}. False where there is no such file.
     */
    public static boolean ignored(long pid, String name) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.isRegularFile(status)) {
            return false;
        }
        for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
            if (line.startsWith("SigIgn:")) {
                return new BigInteger(line.substring("SigIgn:".length()).trim(), 16).testBit(NUMBERS.get(name) - 1);
            }
        }
        return false;
    }

    /** Sends signal {@code name} (HUP, INT, TERM, STOP, CONT ...) to {@code pids} with the shell's own kill. */
    public static void send(String name, long... pids) throws IOException, InterruptedException {
        StringBuilder command = new StringBuilder("kill -").append(name);
        for (long pid : pids) {
            command.append(' ').append(pid);
        }
        // bash's own kill: a /bin/kill (procps) may not be installed
        Process p = new ProcessBuilder("bash", "-c", command.toString()).redirectErrorStream(true).start();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException(command + " did not finish");
        }
        if (p.exitValue() != 0) {
            throw new IOException(command + " failed: " + new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
        }
    }
}
