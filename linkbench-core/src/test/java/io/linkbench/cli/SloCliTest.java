package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Setting;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import io.linkbench.run.PacedStore;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --slo} end to end against the memory store paced to {@value #CAPACITY} calls/s: it reports that capacity.
 * The SLO is loose: on a shared machine a stall of 100 ms is no sign of the store's capacity. The capacity is low
 * the requesters few and the steps 3 s long for the reasons CapacitySearchTest gives (a busy host drives 1,000 calls/s no more).
 */
class SloCliTest {
    private static final double CAPACITY = 400;

    @TempDir
    Path tmp;

    /** The memory store under its own name, every store opened paced. */
    private static final class PacedMemory implements StoreProvider {
        private final MemoryStoreProvider memory = new MemoryStoreProvider();

        @Override
        public String name() {
            return memory.name();
        }

        @Override
        public String description() {
            return memory.description() + ", paced to " + CAPACITY + " calls/s";
        }

        @Override
        public List<Setting> settings() {
            return memory.settings();
        }

        @Override
        public GraphStore open(StoreContext context) throws StoreException {
            return PacedStore.wrap(memory.open(context), CAPACITY);
        }
    }

    @Test
    void theCapacityUnderTheSloIsReportedWithTheStepThatProvedIt() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Path results = tmp.resolve("results");
        int code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StoreProviders.of(new PacedMemory()), "-D", "store=memory", "-D", "maxid1=1001", "-D", "maxtime=3",
                "-D", "warmup_time=1.5", "-D", "displayfreq=0.5", "-D", "arrival=uniform", "-D", "requesters=2",
                "-D", "requestrate=200", "-l", "-r", "--slo", "p99 < 1s", "--results", results.toString());
        String console = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));

        Matcher m = Pattern.compile("capacity under SLO \\(p99 < 1s\\): ([0-9,]+) ops/s, proved by step ([0-9]+)")
                .matcher(console);
        assertTrue(m.find(), console);
        double capacity = Double.parseDouble(m.group(1).replace(",", ""));
        // never above what the store can do; how close below it depends on the machine: on a fresh one at load
        // average 20 the client itself kept up with 350 ops/s but not 363 (the store's 400 was not reached)
        assertTrue(capacity > 0 && capacity <= 1.1 * CAPACITY, capacity + "\n" + console);
        try (Stream<Path> dirs = Files.list(results)) {
            Path dir = dirs.findFirst().orElseThrow();
            RunResult r = new ResultFiles().read(dir);
            List<PhaseResult> steps = r.phases().stream().filter(p -> p.target() != null).toList();
            assertEquals(r.phases().size() - 1, steps.size(), "every step is kept, after the load");
            assertEquals(200, steps.get(0).target().value(), "the search starts at requestrate");
            PhaseResult proof = steps.get(Integer.parseInt(m.group(2)) - 1);
            assertEquals(capacity, proof.target().value(), 1, "the step that proved it ran at the capacity");
            assertTrue(steps.stream().anyMatch(p -> p.target().value() > capacity),
                    "the search tried a higher rate, which missed the SLO: " + console);
            assertTrue(Files.readString(dir.resolve(ResultFiles.SUMMARY_TXT)).contains(m.group()), "in summary.txt too");
            assertEquals(steps.size(), Files.readAllLines(dir.resolve(RunFiles.CURVE_CSV)).stream()
                    .filter(l -> l.contains(",all,")).count(), "curve.csv: an 'all' row per step");
        }
    }
}
