package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.CurveTable;
import io.linkbench.report.ResultFiles;
import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --sweep} end to end on the memory store: one request phase per step on the loaded graph, and the curve. */
class SweepCliTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private RunResult sweep(String spec) throws Exception {
        Path results = tmp.resolve("results");
        int code = Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StoreProviders.discover(), "-D", "store=memory", "-D", "maxid1=3001", "-D", "maxtime=1", "-D", "warmup_time=0.5",
                "-D", "displayfreq=0.5", "-D", "arrival=uniform", "-l", "-r", "--sweep", spec, "--results", results.toString());
        assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
        try (Stream<Path> dirs = Files.list(results)) {
            Path dir = dirs.findFirst().orElseThrow();
            RunResult r = new ResultFiles().read(dir);
            List<String> csv = Files.readAllLines(dir.resolve(RunFiles.CURVE_CSV));
            assertEquals(CurveTable.CSV_HEADER, csv.get(0));
            assertTrue(csv.stream().anyMatch(l -> l.startsWith("1,") && l.contains(",all,")), csv.toString());
            assertTrue(csv.stream().anyMatch(l -> l.startsWith("2,") && l.contains(",GET_LINKS_LIST,")), csv.toString());
            return r;
        }
    }

    @Test
    void aRateSweepRunsOneOpenLoopPhasePerRateOnTheSameGraph() throws Exception {
        RunResult r = sweep("requestrate=200,400");

        List<PhaseResult> steps = r.phases().stream().filter(p -> p.target() != null).toList();
        assertEquals(3, r.phases().size(), "the load, then a request phase per step");
        assertEquals(List.of(new PhaseResult.StepTarget("requestrate", 200), new PhaseResult.StepTarget("requestrate", 400)),
                steps.stream().map(PhaseResult::target).toList());
        for (PhaseResult p : steps) {
            assertTrue(p.openLoop());
            assertEquals(p.target().value(), p.latency().targetRate());
            // open loop never runs faster than its rate; a busy host may leave it behind, but not by half
            assertTrue(p.throughput() <= 1.1 * p.target().value() && p.throughput() >= 0.6 * p.target().value(),
                    "the step ran at its own rate: " + p.throughput() + " ops/s for " + p.target().value());
            assertEquals(0, p.totalErrors());
        }
        assertEquals(List.of(0, 1), steps.stream().map(PhaseResult::loop).toList(), "numbered like loops");
        String console = out.toString(StandardCharsets.UTF_8);
        assertTrue(console.contains("step 2 of 2: requestrate=400"), console);
        assertEquals(2, console.split("warm-up done", -1).length - 1, "each step has its own warm-up: " + console);
        assertTrue(console.contains("capacity curve"), console);
        assertTrue(console.contains("400 ops/s"), console);
    }

    @Test
    void aRequesterSweepRunsClosedLoopWithEachCount() throws Exception {
        RunResult r = sweep("requesters=1,3");

        List<PhaseResult> steps = r.phases().stream().filter(p -> p.target() != null).toList();
        assertEquals(List.of(1.0, 3.0), steps.stream().map(p -> p.target().value()).toList());
        steps.forEach(p -> assertFalse(p.openLoop(), "closed loop"));
        steps.forEach(p -> assertTrue(p.operations() > 0));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("request phase: 3 requesters, closed loop"));
    }
}
