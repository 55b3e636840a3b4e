package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.tck.FaultSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default store through the command line: a second load into the same data is refused. */
class RocksDbCliTest {
    @TempDir
    Path tmp;

    @Test
    void aSecondLoadIsRefusedInOneLineAndLeavesNoRunDirectory() throws IOException {
        Path results = tmp.resolve("results");
        String[] load = {"-D", "store=rocksdb", "-D", "data_dir=" + tmp.resolve("db"), "-D", "maxid1=501", "-l",
            "--results", results.toString()};
        assertEquals(0, FaultSupport.runCapturingErr(load).exitCode());
        assertEquals(1, runDirectories(results));
        FaultSupport.CapturedRun refused = FaultSupport.runCapturingErr(load);
        assertEquals(1, refused.exitCode());
        assertTrue(refused.firstLine("linkbench:").contains("schema = recreate"), refused.firstLine("linkbench:"));
        assertEquals(1, runDirectories(results), "the refused load left no run directory");
    }

    private static long runDirectories(Path results) throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            return s.count();
        }
    }
}
