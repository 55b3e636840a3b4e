package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.ResultFiles;
import io.linkbench.tck.harness.FaultSupport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A real load into RocksDB on the local disk (under {@code target/}, not a tmpfs): the load's cost covers
 * the insert window, the flush and compaction and the write-back of the dirty pages, each as its own part.
 */
class RocksDbLoadCostTest {
    private final Path dir = Path.of("target", "load-cost-test").toAbsolutePath();

    @AfterEach
    void cleanUp() throws IOException {
        TempDirs.delete(dir);
    }

    @Test
    void theLoadTotalCoversTheStepsAndTheWriteBack() throws IOException {
        Path results = dir.resolve("results");
        String[] load = {"-D", "store=rocksdb", "-D", "data_dir=" + dir.resolve("db"), "-D", "maxid1=200001",
            "-D", "schema=recreate", "-l", "--results", results.toString()};
        FaultSupport.CapturedRun r = FaultSupport.runCapturingErr(load);
        assertEquals(0, r.exitCode(), r.err());
        PhaseResult p = new ResultFiles().read(onlyRunDirectory(results)).phases().get(0);
        PhaseCost total = p.cost();

        assertEquals(List.of("insert", "step: flush memtables", "step: compact", "step: write-back"),
                List.copyOf(total.parts().keySet()), total.unavailable().toString());
        PhaseCost insert = total.parts().get(PhaseCost.INSERT_PART);
        double wkb = total.get(PhaseCost.WRITE_KB);
        assertFalse(Double.isNaN(wkb), "the data is on a local device: " + total.unavailable());
        assertTrue(wkb > 0, "the load wrote its data: " + wkb);
        assertTrue(wkb >= insert.get(PhaseCost.WRITE_KB), wkb + " < insert's " + insert.get(PhaseCost.WRITE_KB));
        double parts = 0;
        double partKb = 0;
        for (PhaseCost part : total.parts().values()) {
            parts += part.get(PhaseCost.SECONDS);
            partKb += part.get(PhaseCost.WRITE_KB);
        }
        assertEquals(total.get(PhaseCost.SECONDS), parts, 1e-6, "total time = insert + steps");
        assertEquals(wkb, partKb, 1e-9, "the parts' wKB/i add up to the total's");
        assertTrue(total.get(PhaseCost.SECONDS) > p.seconds(), "the steps took time after the insert window");
        assertEquals(p.operations() / total.get(PhaseCost.SECONDS), total.get(PhaseCost.OPS_PER_S), 1e-6);
        assertTrue(p.steps().containsKey("write-back"), p.steps().toString());
        assertTrue(total.parts().get("step: write-back").get(PhaseCost.SECONDS) > 0);
    }

    private static Path onlyRunDirectory(Path results) throws IOException {
        try (Stream<Path> s = Files.list(results)) {
            List<Path> dirs = s.toList();
            assertEquals(1, dirs.size(), dirs.toString());
            return dirs.get(0);
        }
    }
}
