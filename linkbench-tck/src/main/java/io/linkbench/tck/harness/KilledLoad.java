package io.linkbench.tck.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A load killed partway, as by {@code kill -9}: {@code linkbench ARGS} runs in a child JVM, which is
 * destroyed forcibly once its load phase has started writing rows; its temporary files stay in the
 * caller's work directory ({@link ChildJvm}).
 */
public final class KilledLoad {
    private KilledLoad() {
    }

    /**
     * Runs {@code args} (which must include {@code -l}) in a child JVM and kills it {@code afterMillis}
     * after it printed the load phase's first line; fails when the child ended before the kill.
     *
     * @return the child's console output
     */
    public static String run(Path workDir, long afterMillis, List<String> args) throws Exception {
        List<String> command = ChildJvm.linkbench(workDir, args);
        Path console = Files.createTempFile(workDir, "killed-load", ".txt");
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!Files.readString(console).contains("load phase:") && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertTrue(Files.readString(console).contains("load phase:"), "the load did not start:\n" + Files.readString(console));
            Thread.sleep(afterMillis);
            assertTrue(p.isAlive(), "the load ended before it could be killed:\n" + Files.readString(console));
        } finally {
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the killed load did not end");
        }
        return Files.readString(console);
    }
}
