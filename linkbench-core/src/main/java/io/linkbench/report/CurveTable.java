package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.StepLatency;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The capacity curve of a {@code --sweep} or {@code --slo} run: per step its target and achieved
 * throughput, latency percentiles ({@link StepLatency}: response time open loop, service time closed
 * loop) overall and per operation, errors, schedule lag, client and server CPU per request, and
 * whether it saturated. As text for the console and {@code summary.txt}, and as {@code curve.csv}
 * with one row per step and operation ({@code all} for every operation together).
 */
public final class CurveTable {
    private static final double[] PERCENTILES = {50, 99, 99.9};
    /** The CSV header. */
    public static final String CSV_HEADER = "step,knob,target,throughput,saturated,op,count,errors,p50_ms,p99_ms,p99_9_ms,"
            + "lag_p99_ms,client_cpu_us_per_op,server_cpu_us_per_op";

    /** The console table: one row per step, then the percentiles of each operation that ran. */
    public String render(List<PhaseResult> steps) {
        StringBuilder out = new StringBuilder("capacity curve (latency in ms: response time open loop, service time"
                + " closed loop; * = saturated: achieved more than 5% under the target rate):\n");
        TextTable t = new TextTable("  ");
        t.row("step", "target", "ops/s", "p50", "p99", "p99.9", "errors", "lag p99", "client_cpu_us/op",
                "server_cpu_us/op");
        for (int i = 0; i < steps.size(); i++) {
            PhaseResult p = steps.get(i);
            t.row(String.valueOf(i + 1), target(p), String.format(Locale.ROOT, "%,.0f%s", p.throughput(),
                            StepLatency.saturated(p) ? " *" : ""),
                    ms(p, null, 50), ms(p, null, 99), ms(p, null, 99.9), Formats.count(p.totalErrors()), lag(p),
                    cost(p, PhaseCost.CLIENT_CPU_US), cost(p, PhaseCost.SERVER_CPU_US));
        }
        t.appendTo(out);
        List<String> ops = operations(steps);
        if (!ops.isEmpty()) {
            out.append("p50/p99/p99.9 ms per operation:\n");
            TextTable o = new TextTable("  ");
            List<String> header = new ArrayList<>(List.of("step"));
            header.addAll(ops);
            o.row(header.toArray(String[]::new));
            for (int i = 0; i < steps.size(); i++) {
                List<String> cells = new ArrayList<>(List.of(String.valueOf(i + 1)));
                for (String op : ops) {
                    PhaseResult p = steps.get(i);
                    cells.add(ms(p, op, 50) + "/" + ms(p, op, 99) + "/" + ms(p, op, 99.9));
                }
                o.row(cells.toArray(String[]::new));
            }
            o.appendTo(out);
        }
        return out.toString();
    }

    /** {@code curve.csv}: the header, then per step a row for every operation together and one per operation that ran. */
    public String csv(List<PhaseResult> steps) {
        StringBuilder out = new StringBuilder(CSV_HEADER).append('\n');
        for (int i = 0; i < steps.size(); i++) {
            PhaseResult p = steps.get(i);
            List<String> ops = new ArrayList<>();
            ops.add(null);
            ops.addAll(operations(List.of(p)));
            for (String op : ops) {
                OpStats s = op == null ? null : p.op(op);
                long count = s == null ? p.operations() : s.count();
                long errors = s == null ? p.totalErrors() : s.errors();
                out.append(String.join(",", String.valueOf(i + 1), p.target() == null ? "" : p.target().knob(),
                        p.target() == null ? "" : number(p.target().value()), number(p.throughput()),
                        String.valueOf(StepLatency.saturated(p)), op == null ? "all" : op, String.valueOf(count),
                        String.valueOf(errors), number(StepLatency.ms(p, op, 50)), number(StepLatency.ms(p, op, 99)),
                        number(StepLatency.ms(p, op, 99.9)), number(lagMs(p)),
                        number(figure(p, PhaseCost.CLIENT_CPU_US)), number(figure(p, PhaseCost.SERVER_CPU_US))))
                        .append('\n');
            }
        }
        return out.toString();
    }

    /** Operations with at least one successful call in some step, in the phases' order. */
    private static List<String> operations(List<PhaseResult> steps) {
        List<String> names = new ArrayList<>();
        for (PhaseResult p : steps) {
            for (OpStats s : p.ops()) {
                if (s.count() > 0 && !names.contains(s.name())) {
                    names.add(s.name());
                }
            }
        }
        return names;
    }

    private static String target(PhaseResult p) {
        if (p.target() == null) {
            return Formats.NONE;
        }
        String v = java.math.BigDecimal.valueOf(p.target().value()).stripTrailingZeros().toPlainString();
        return p.target().knob().equals("requestrate") ? v + " ops/s" : v + " requesters";
    }

    private static String ms(PhaseResult p, String op, double percentile) {
        double v = StepLatency.ms(p, op, percentile);
        return Double.isNaN(v) ? Formats.NONE : Formats.figure("ms", v);
    }

    private static double lagMs(PhaseResult p) {
        Histogram lag = p.scheduleLag();
        return lag == null || lag.getTotalCount() == 0 ? Double.NaN : lag.getValueAtPercentile(99) / 1e6;
    }

    private static String lag(PhaseResult p) {
        double v = lagMs(p);
        return Double.isNaN(v) ? Formats.NONE : Formats.figure("ms", v);
    }

    private static double figure(PhaseResult p, String name) {
        Double v = p.cost().figures().get(name);
        return v == null ? Double.NaN : v;
    }

    private static String cost(PhaseResult p, String name) {
        return Formats.figure(name, figure(p, name));
    }

    /** A CSV number: empty when unknown, else up to 6 significant decimals. */
    private static String number(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        return java.math.BigDecimal.valueOf(v).round(new java.math.MathContext(9)).stripTrailingZeros().toPlainString();
    }
}
