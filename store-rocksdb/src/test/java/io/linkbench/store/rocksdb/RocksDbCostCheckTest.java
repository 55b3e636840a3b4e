package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.measure.PhaseCost;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.tck.harness.CostCheck;
import io.linkbench.tck.harness.PhaseDriver;
import io.linkbench.tck.harness.ProcReadings;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The cost row of a load and of a request phase on the embedded store, every column checked against the
 * test's own reading of {@code /proc} over the same window ({@link CostCheck} states the tolerances). The
 * server is this JVM; the device is the one holding the data directory, found by the test from the
 * directory's device number. The data goes under {@code target/} rather than the temporary directory,
 * which may be a tmpfs with no device to count.
 */
class RocksDbCostCheckTest {

    @Test
    void everyCostFigureAgreesWithTheTestsOwnReading() throws Exception {
        Path dir = Path.of("target", "cost-check-rocksdb").toAbsolutePath();
        TempDirs.delete(dir);
        PhaseDriver d = new PhaseDriver("maxid1", "100001", "schema", "recreate", "requesters", "2", "maxtime", "3",
                "displayfreq", "1");
        Settings settings = new Settings(Map.of("data_dir", dir.toString(), "block_cache_mb", "8",
                "write_buffer_mb", "4", "background_jobs", "1"));
        try (GraphStore store = new RocksDbStoreProvider().open(new StoreContext(settings, d.sessions()))) {
            ProcReadings procs = new ProcReadings(ProcessHandle.current().pid(), ProcReadings.deviceHolding(dir));
            // the figures that need nothing but this process's own /proc files are compared, never skipped
            List<CostCheck.Checked> phases = CostCheck.loadAndRequests(d, store, procs,
                    List.of(PhaseCost.CLIENT_CPU_S, PhaseCost.SERVER_WRITE_KB));
            assertTrue(phases.get(1).report().contains(PhaseCost.SERVER_CPU_S + ": the store is embedded: its CPU is "
                    + PhaseCost.CLIENT_CPU_S + ", counted once"), "one CPU figure: " + phases.get(1).report());
            assertTrue(phases.get(0).result().cost().get(PhaseCost.SERVER_WRITE_KB) > 1024,
                    "a load writes more than 1 MiB: " + phases.get(0).report());
        } finally {
            TempDirs.delete(dir);
        }
    }
}
