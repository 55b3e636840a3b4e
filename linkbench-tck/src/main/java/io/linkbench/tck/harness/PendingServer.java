package io.linkbench.tck.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A server that the test command starts in the background while the build and the first test suites run
 * (a source build of several minutes: DocumentDB, Citus). {@code scripts/test.sh} names a directory in
 * the environment variable {@value #ENV} and writes {@code NAME.rc} there, holding the start script's exit
 * code, once the server named NAME is up (0), has no sources (3) or failed (anything else; its output is in
 * {@code NAME.log} beside it). A suite that needs the server calls {@link #await} before its first probe;
 * without the variable (a suite run on its own, a server started by hand) it returns at once.
 *
 * <pre>{@code
 * String why = PendingServer.await("citus");   // null: go on and probe the server as usual
 * if (why != null) Assumptions.abort(why);
 * }</pre>
 */
public final class PendingServer {
    /** The environment variable naming the directory of the background starts' exit codes. */
    public static final String ENV = "LINKBENCH_SERVERS_PENDING";
    /** How long a suite waits for a background start at most: longer than any source build takes. */
    private static final Duration DEADLINE = Duration.ofMinutes(45);
    private static final long POLL_MS = 500;

    private PendingServer() {
    }

    /**
     * Waits until the background start of {@code name} has ended, when one was announced.
     *
     * @param name the server's name as the test command writes it ({@code documentdb}, {@code citus})
     * @return null when the server is up or no start was announced (probe it as usual); otherwise why it is not
     *     there, one line, for a skip
     * @throws InterruptedException when interrupted while waiting
     */
    public static String await(String name) throws InterruptedException {
        String dir = System.getenv(ENV);
        if (dir == null || dir.isBlank()) {
            return null;
        }
        Path rc = Path.of(dir, name + ".rc");
        Path log = Path.of(dir, name + ".log");
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        boolean said = false;
        while (!Files.exists(rc)) {
            if (System.nanoTime() - deadline > 0) {
                return "the background start of " + name + " did not end within " + DEADLINE.toMinutes()
                        + " minutes (see " + log + ")";
            }
            if (!said) {
                System.err.println("waiting for the background start of " + name + " (" + log + ")");
                said = true;
            }
            Thread.sleep(POLL_MS);
        }
        String code;
        try {
            code = Files.readString(rc, StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return "the exit code of " + name + "'s start is unreadable: " + e.getMessage();
        }
        return switch (code) {
            case "0" -> null;
            case "3" -> name + " has no sources beside the checkout (see " + log + ")";
            default -> "the background start of " + name + " failed with exit code " + code + " (see " + log + ")";
        };
    }
}
