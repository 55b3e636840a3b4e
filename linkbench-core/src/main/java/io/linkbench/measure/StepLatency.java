package io.linkbench.measure;

import org.HdrHistogram.Histogram;

/**
 * The latency a capacity curve plots and an SLO judges: response time (from the intended start) in an
 * open loop, where it includes the wait for a late schedule, service time in a closed loop.
 */
public final class StepLatency {
    private StepLatency() {
    }

    /** The histogram of operation {@code op} in ns, or of every operation together when {@code op} is null; null when absent. */
    public static Histogram of(PhaseResult p, String op) {
        if (op != null) {
            OpStats s = p.op(op);
            return s == null ? null : pick(s);
        }
        Histogram all = null;
        for (OpStats s : p.ops()) {
            Histogram h = pick(s);
            if (all == null) {
                all = new Histogram(h.getNumberOfSignificantValueDigits()); // auto-resizing
            }
            all.add(h);
        }
        return all;
    }

    /** The {@code percentile} of {@link #of} in ms, or NaN when nothing was recorded. */
    public static double ms(PhaseResult p, String op, double percentile) {
        Histogram h = of(p, op);
        return h == null || h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e6;
    }

    /** True for an open-loop step whose achieved rate fell more than 5% under its target. */
    public static boolean saturated(PhaseResult p) {
        return p.openLoop() && p.throughput() < 0.95 * p.latency().targetRate();
    }

    private static Histogram pick(OpStats s) {
        return s.response() != null ? s.response() : s.service();
    }
}
