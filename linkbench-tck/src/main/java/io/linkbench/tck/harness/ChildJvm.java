package io.linkbench.tck.harness;

import io.linkbench.cli.Main;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a child JVM that runs {@code linkbench ARGS} on the test's class path, for tests
 * that kill, stall or race a run in a process of its own. Its temporary directory is inside the test's
 * work directory: a JVM killed by SIGKILL never deletes what it extracted there (RocksDB's native library,
 * 17 MB, at every start), and in the system's temporary directory that would pile up run after run.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /** {@code java -Djava.io.tmpdir=WORKDIR/child-tmp -cp CLASSPATH io.linkbench.cli.Main ARGS}. */
    public static List<String> linkbench(Path workDir, List<String> args) throws IOException {
        Path tmp = Files.createDirectories(workDir.resolve("child-tmp"));
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args);
        return command;
    }
}
