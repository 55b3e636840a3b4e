package io.linkbench.store.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.PhaseContext;
import io.linkbench.run.RunSpec;
import io.linkbench.store.StoreSession;
import io.linkbench.workload.GraphShape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The reference store holds the original's graph: the 2017 data file's tail at 200,001 ids puts
 * 4,181,357 links on one id1 (about 2.1 million per link type), and the load must be linear in a
 * group's rows to finish. The bound is generous for a slow, busy machine (a load that copies a group
 * per batch needs hours); the figures are in {@code scripts/bench-memory-load.sh}. Skips without the
 * original's data file, which the project does not ship.
 */
class MemoryOriginalGraphTest {
    private static final Duration BOUND = Duration.ofMinutes(10);

    private static Path dataFile() {
        String dir = System.getProperty("linkbench.data.dir");
        Path file = dir == null ? null : Path.of(dir, "Distribution.dat");
        if (file == null || !Files.isReadable(file)) {
            String message = "skipped: Distribution.dat not found in linkbench.data.dir=" + dir;
            System.err.println(message);
            Assumptions.abort(message);
        }
        return file;
    }

    @Test
    void the2017FilesOriginalGraphAt200001IdsLoadsWithinMinutes() throws Exception {
        RunSpec spec = RunSpec.withDefaults("store", "memory", "maxid1", "200001", "loaders", "2",
                "nlinks_file", dataFile().toString(), "nlinks_tail", "original", "link_id2_rule", "offset");
        GraphShape shape = spec.shape();
        assertEquals(5_031_314, shape.expectedLinks(), "the original's rows at 200,001 ids with the 2017 file");
        try (MemoryStore store = new MemoryStore(); StoreSession s = store.session(0)) {
            PhaseResult load = assertTimeoutPreemptively(BOUND,
                    () -> PhaseContext.quiet(spec).load(Instant.now()).execute(store));
            assertFalse(load.interrupted(), load.end().toString());
            assertEquals(5_031_314, load.graph().loaded().linkRows(), "link rows loaded");
            assertTrue(store.verifyCounts().ok(), "every count equals its visible links");

            long giant = shape.idOfDegreeRank(0);
            long perType = shape.linksOfType(shape.degree(giant), 0);
            assertTrue(perType > 2_000_000, "one group of millions: " + perType);
            assertEquals(perType, s.countLinks(giant, 1));
            List<Link> page = s.getLinkList(giant, 1, 0, Long.MAX_VALUE, 0, 10_000);
            assertEquals(10_000, page.size());
            for (int i = 1; i < page.size(); i++) { // newest first, equal times by descending id2
                Link a = page.get(i - 1);
                Link b = page.get(i);
                assertTrue(a.time() > b.time() || a.time() == b.time() && a.id2() > b.id2(), "order at " + i);
            }
        }
    }
}
