package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One HdrHistogram percentile distribution file per operation (or load step) and phase, in the format of
 * HdrHistogram's {@code outputPercentileDistribution} (values in ms), which HdrHistogram's plotter and
 * HistogramLogAnalyzer read: {@code <phase>-<OP>.hgrm}, e.g. {@code request-GET_NODE.hgrm},
 * {@code load-LOAD_LINKS.hgrm}. A phase label that occurs more than once (loops, curve steps) gets its
 * number from the second on: {@code request-2-GET_NODE.hgrm}. The latency is response time in an open
 * loop, else service time.
 */
public final class HgrmFiles {
    /** File name ending. */
    public static final String SUFFIX = ".hgrm";
    private static final int TICKS_PER_HALF_DISTANCE = 5;
    private static final double NS_PER_MS = 1e6;

    /** File name to content, in phase then operation order. */
    public Map<String, byte[]> files(RunResult run) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        Map<String, Integer> seen = new HashMap<>();
        for (PhaseResult p : run.phases()) {
            String label = p.phase().label();
            int n = seen.merge(label, 1, Integer::sum);
            String prefix = n == 1 ? label : label + "-" + n;
            for (OpStats s : p.ops()) {
                Histogram h = LatencyBuckets.latency(p, s);
                if (h != null && h.getTotalCount() > 0) {
                    out.put(prefix + "-" + s.name() + SUFFIX, distribution(h));
                }
            }
        }
        return out;
    }

    static byte[] distribution(Histogram h) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            h.outputPercentileDistribution(ps, TICKS_PER_HALF_DISTANCE, NS_PER_MS);
        }
        return bytes.toByteArray();
    }
}
