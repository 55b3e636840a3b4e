package io.linkbench.run;

import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.Slo;
import io.linkbench.measure.StepLatency;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Finds the highest open-loop rate at which an {@link Slo} holds and the store keeps up: raises the rate
 * geometrically (×2) from a start until a step fails (a condition broken, the store saturated, or the
 * phase cut short), lowers it the same way if the first step fails already, then bisects the bracket
 * until it is within {@code tolerance} of its upper end. Every step it ran is in {@link Outcome#steps()}.
 */
public final class CapacitySearch {
    /** Runs one request phase, open loop at {@code rate}. */
    @FunctionalInterface
    public interface StepRunner {
        PhaseResult run(double rate) throws Exception;
    }

    /**
     * What the search found.
     *
     * @param capacity the highest rate that passed, 0 when none did
     * @param proof    the step that ran at {@code capacity}, or null
     * @param steps    every step, in the order they ran
     * @param complete false when the search stopped before its bracket was narrow enough (a signal, a
     *                 failure, the step limit)
     */
    public record Outcome(double capacity, PhaseResult proof, List<PhaseResult> steps, boolean complete) {
        public Outcome {
            steps = List.copyOf(steps);
        }
    }

    private static final double FACTOR = 2;
    private final Slo slo;
    private final double start;
    private final double tolerance;
    private final int maxSteps;
    private final PrintStream out;

    /**
     * @param start     the first rate tried, ops/s
     * @param tolerance the bracket's width at the end, as a share of its upper end (0.05)
     * @param maxSteps  steps at most
     */
    public CapacitySearch(Slo slo, double start, double tolerance, int maxSteps, PrintStream out) {
        this.slo = slo;
        this.start = start;
        this.tolerance = tolerance;
        this.maxSteps = maxSteps;
        this.out = out;
    }

    /** Runs steps until the bracket is narrow enough, {@code control} stops, or {@code maxSteps} ran. */
    public Outcome search(StepRunner runner, RunControl control) throws Exception {
        List<PhaseResult> steps = new ArrayList<>();
        PhaseResult good = null;
        double bad = Double.NaN;
        double rate = start;
        while (steps.size() < maxSteps && !control.interrupted()) {
            PhaseResult p = runner.run(rate);
            steps.add(p);
            if (p.interrupted()) {
                break;
            }
            List<String> why = failures(p);
            out.printf(Locale.ROOT, "SLO step at %,.0f ops/s: %s%n", rate, why.isEmpty()
                    ? String.format(Locale.ROOT, "passed (achieved %,.0f ops/s)", p.throughput()) : String.join("; ", why));
            if (why.isEmpty()) {
                good = p;
            } else {
                bad = rate;
            }
            double low = good == null ? 0 : good.latency().targetRate();
            if (good != null && !Double.isNaN(bad) && bad - low <= tolerance * bad) {
                return new Outcome(low, good, steps, true);
            }
            if (good == null && rate < 1) {
                return new Outcome(0, null, steps, true); // not even 1 op/s
            }
            rate = Double.isNaN(bad) ? rate * FACTOR : good == null ? rate / FACTOR : (low + bad) / 2;
        }
        return new Outcome(good == null ? 0 : good.latency().targetRate(), good, steps, false);
    }

    /** Why {@code p} does not prove the rate: saturation and broken conditions; empty when it does. */
    public List<String> failures(PhaseResult p) {
        List<String> why = new ArrayList<>();
        if (StepLatency.saturated(p)) {
            why.add(String.format(Locale.ROOT, "saturated (achieved %,.0f ops/s, more than 5%% under the target)",
                    p.throughput()));
        }
        why.addAll(slo.violations(p));
        return why;
    }
}
