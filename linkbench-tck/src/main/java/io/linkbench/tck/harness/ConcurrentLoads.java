package io.linkbench.tck.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.harness.FaultSupport.CapturedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Two loads into the same tables at once, as two users would start them: the first, {@code linkbench ARGS} in a
 * child JVM, is running its load phase when the second starts in this JVM; the second must be refused in one
 * line that names the first's pid, before it drops anything. Then the first is killed ({@code kill -9}), and a
 * third load must not be blocked by what the first left: at once where the claim died with its connection, or
 * once a lease expired where the refusal names an expiry.
 */
public final class ConcurrentLoads {
    private ConcurrentLoads() {
    }

    /**
     * Runs the scenario.
     *
     * @param first  the first load's arguments: a load ({@code -l}, {@code schema=recreate}) long enough to outlast
     *               the second's start (it is killed, never waited for)
     * @param second a load of the same tables, with its own {@code --results}
     * @param third  another one, run after the first was killed
     * @param lease  how long a dead load's claim may block the next load (zero where it dies with its connection)
     * @return the second load's refusal line
     */
    public static String refusedWhileOneRunsAndFreeOnceItIsKilled(Path workDir, List<String> first, String[] second,
            String[] third, Duration lease) throws Exception {
        List<String> command = ChildJvm.linkbench(workDir, first);
        Path console = Files.createTempFile(workDir, "first-load", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        String refusal;
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!Files.readString(console).contains("load phase:") && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.readString(console).contains("load phase:"), "the first load did not start:\n"
                    + Files.readString(console));
            CapturedRun refused = FaultSupport.runCapturingErr(second);
            assertTrue(p.isAlive(), "the first load ended before the second was refused:\n" + Files.readString(console));
            assertEquals(1, refused.exitCode(), refused.err());
            List<String> lines = refused.err().lines().toList();
            assertEquals(1, lines.size(), "one line: " + lines);
            refusal = lines.get(0);
            assertTrue(refusal.startsWith("linkbench: "), refusal);
            assertTrue(refusal.contains("pid " + p.pid() + " on "), "names the first load's pid " + p.pid() + ": "
                    + refusal);
            assertTrue(Files.readString(console).contains("load phase:") && !Files.readString(console).contains("load failed"),
                    "the first load goes on:\n" + Files.readString(console));
        } finally {
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the killed load did not end");
        }
        long deadline = System.nanoTime() + lease.plusSeconds(15).toNanos();
        CapturedRun next;
        do { // where the claim is a lease, the killed load's claim blocks the next load until it expires
            next = FaultSupport.runCapturingErr(third);
            if (next.exitCode() == 0 || lease.isZero() || !next.err().contains("another load is loading")) {
                break;
            }
            Thread.sleep(3000);
        } while (System.nanoTime() < deadline);
        assertEquals(0, next.exitCode(), "the killed load's claim blocks the next load: " + next.err());
        return refusal;
    }
}
