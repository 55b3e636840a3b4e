package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalSample;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.OptionalDouble;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The load's progress line: its ETA from the share written, and none while no rows are written. */
class ProgressTest {
    private static final long SECOND = 1_000_000_000L;

    /** An interval of one second ending {@code end} seconds into the load, with {@code nodes} and {@code links} written. */
    private static IntervalSample interval(int end, long nodes, long links) {
        int steps = LoadStep.names().length;
        Histogram[] service = new Histogram[steps];
        for (int i = 0; i < steps; i++) {
            service[i] = new Histogram(3);
        }
        long[] rows = new long[steps];
        rows[LoadStep.LOAD_NODES.ordinal()] = nodes;
        rows[LoadStep.LOAD_LINKS.ordinal()] = links;
        return new IntervalSample((end - 1) * SECOND, end * SECOND, service, null, null, new long[steps], rows);
    }

    @Test
    void aStalledLoadHasNoEtaRatherThanZero() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress p = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false, 1000, 3000, 0,
                new Progress.PostLoad("build index", OptionalDouble.of(0.5)));
        Progress.Loaders loaders = new Progress.Loaders(new long[] {2000}, 1);
        p.report(interval(1, 500, 1500), loaders, "");
        p.report(interval(2, 0, 0), loaders, "  | server stalled? no call returned");
        p.report(interval(3, 0, 0), loaders, "  | server stalled? no call returned");
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        // half written in 1 s: 1 s of inserts left, plus the steps at 0.5x the 2 s of inserts
        assertTrue(lines[0].contains(" 50.0% ") && lines[0].contains("ETA 00:02 +steps"), lines[0]);
        for (int i = 1; i < 3; i++) {
            assertTrue(lines[i].contains("elapsed 00:0" + (i + 1) + "  ETA --:--  | server stalled?"), lines[i]);
        }
    }
}
