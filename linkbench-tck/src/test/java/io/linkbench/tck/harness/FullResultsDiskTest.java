package io.linkbench.tck.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results disk too small for a run (exit code 2 in one line, before the store opens) and one that
 * fills up during the run (each lost file named, the rest kept, exit code 1), on the memory store:
 * the {@link FullResultsDisk} the store suites use, checked once where it lives.
 */
class FullResultsDiskTest {
    @TempDir
    Path tmp;

    private static FullResultsDisk.Captured run(Path results) {
        return FullResultsDisk.run("-D", "store=memory", "-D", "maxid1=3001", "-D", "maxtime=2",
                "-D", "displayfreq=0.5", "-D", "progressfreq=0.1", "-l", "-r", "--results", results.toString());
    }

    @Test
    void aResultsDiskWithTooLittleSpaceIsRefusedBeforeTheRun() throws Exception {
        try (FullResultsDisk disk = FullResultsDisk.mount(tmp.resolve("tiny"), 1)) {
            FullResultsDisk.Captured r = run(tmp.resolve("tiny"));
            assertEquals(2, r.exitCode());
            assertTrue(r.err().startsWith("linkbench: --results " + tmp.resolve("tiny") + ": only "), r.err());
            assertEquals(1, r.err().lines().count(), "one line: " + r.err());
            assertFalse(r.out().contains("store=memory"), "the store was not opened");
            assertTrue(r.err().contains("a run needs at least 8.0 MiB for its files"), r.err());
        }
    }

    @Test
    void aResultsDiskThatFillsUpDuringTheRunNamesEachLostFileAndKeepsTheRest() throws Exception {
        Path results = tmp.resolve("full");
        try (FullResultsDisk disk = FullResultsDisk.mount(results, 16).fillDuringTheRun()) {
            disk.assertLostFilesNamed(run(results));
        }
    }
}
