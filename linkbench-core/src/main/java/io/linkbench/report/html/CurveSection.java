package io.linkbench.report.html;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.Slo;
import io.linkbench.measure.StepLatency;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The capacity curve of a run's {@code --sweep} or {@code --slo} steps in {@code report.html}: p99 against
 * achieved throughput for every operation together and each operation that ran ({@link CurveChart}),
 * with the SLO's p99 limits and saturated steps marked. Nothing when the run has no curve steps.
 */
final class CurveSection {
    /** The section's anchor. */
    static final String ID = "curve";

    /** The curve steps of {@code phases}, in the order they ran. */
    static List<PhaseResult> steps(List<PhaseResult> phases) {
        return phases.stream().filter(p -> p.target() != null).toList();
    }

    /** Appends the section, or nothing when {@code phases} has no curve step. */
    void appendTo(StringBuilder out, List<PhaseResult> phases) {
        List<PhaseResult> steps = steps(phases);
        if (steps.isEmpty()) {
            return;
        }
        out.append("<section id=\"").append(ID).append("\">\n<h2>Capacity curve</h2>\n<div class=\"charts\">\n")
                .append(new CurveChart("curve-chart", "p99 against achieved throughput, one point per step")
                        .render(curves(steps, ""), limits(steps)))
                .append("</div>\n<p class=\"note\">Latency is response time (from the intended start) open loop, service"
                        + " time closed loop. A ringed point is a saturated step: it achieved more than 5% under its"
                        + " target rate. Dashed lines are the SLO's p99 limits.</p>\n</section>\n");
    }

    /** One curve for every operation together and one per operation that ran, names prefixed by {@code prefix}. */
    static List<CurveChart.Curve> curves(List<PhaseResult> steps, String prefix) {
        Set<String> ops = new LinkedHashSet<>();
        for (PhaseResult p : steps) {
            for (OpStats s : p.ops()) {
                if (s.count() > 0) {
                    ops.add(s.name());
                }
            }
        }
        List<CurveChart.Curve> curves = new ArrayList<>();
        curves.add(curve(steps, null, prefix + "all operations", Palette.TOTAL, true));
        int i = 0;
        for (String op : ops) {
            curves.add(curve(steps, op, prefix + op, Palette.colour(i++), false));
        }
        return curves;
    }

    /** The curve of {@code op} (null: every operation together). */
    static CurveChart.Curve curve(List<PhaseResult> steps, String op, String name, String colour, boolean dashed) {
        double[] x = new double[steps.size()];
        double[] y = new double[steps.size()];
        boolean[] saturated = new boolean[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            x[i] = steps.get(i).throughput();
            y[i] = StepLatency.ms(steps.get(i), op, 99);
            saturated[i] = StepLatency.saturated(steps.get(i));
        }
        return new CurveChart.Curve(new Series(name, x, y, colour, dashed), saturated);
    }

    /** The p99 limits of the SLO the steps tested, if any. */
    static List<CurveChart.Limit> limits(List<PhaseResult> steps) {
        String slo = steps.stream().map(p -> p.target().slo()).filter(s -> s != null).findFirst().orElse(null);
        if (slo == null) {
            return List.of();
        }
        List<CurveChart.Limit> limits = new ArrayList<>();
        try {
            for (Slo.Condition c : Slo.parse(slo).conditions()) {
                if (c.percentile() == 99) {
                    limits.add(new CurveChart.Limit(c.text(), c.limitMs()));
                }
            }
        } catch (RuntimeException unreadable) {
            return List.of(); // a result.json edited by hand: no lines rather than no report
        }
        return limits;
    }
}
