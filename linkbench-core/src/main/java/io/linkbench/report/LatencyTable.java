package io.linkbench.report;

import io.linkbench.measure.GrowthVerdict;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The console text printed at the end of a phase (and kept in {@code summary.txt}): a header line,
 * the per-op latency table in ms (service time; for an open loop also response time from the
 * intended start, and schedule lag), then errors, retries, the operation statistics
 * ({@link OutcomeRows}), the graph line of a load ({@link GraphLine}), store counter deltas (only in the
 * detailed text: {@code summary.txt}, or the console with {@code --details}), size, post-load steps and
 * warnings, each only when there is something to say.
 *
 * <p>Ops with neither successes nor errors are left out. Latency cells of an op without successful
 * calls print as {@code -}. Throughput is successful calls (rows for a load) per measured second.
 */
public final class LatencyTable {
    /** Renders one phase in detail (store counters included); the text ends with a newline. */
    public String render(PhaseResult phase) {
        return render(phase, true);
    }

    /** Renders one phase; {@code details}: with the store counters. The text ends with a newline. */
    public String render(PhaseResult phase, boolean details) {
        StringBuilder out = new StringBuilder();
        out.append(header(phase)).append('\n');
        List<OpStats> shown = phase.ops().stream().filter(s -> s.count() > 0 || s.errors() > 0).toList();
        if (phase.openLoop()) {
            out.append("service time (ms, actual start to end):\n");
            latencyTable(out, phase, shown, OpStats::service);
            out.append("response time (ms, intended start to end):\n");
            latencyTable(out, phase, shown, OpStats::response);
            if (phase.scheduleLag() != null && phase.scheduleLag().getTotalCount() > 0) {
                Histogram lag = phase.scheduleLag();
                out.append("schedule lag (ms): p50 ").append(Millis.of(lag.getValueAtPercentile(50)))
                        .append("  p99 ").append(Millis.of(lag.getValueAtPercentile(99)))
                        .append("  max ").append(Millis.of(lag.getMaxValue())).append('\n');
            }
        } else {
            String unit = LatencyRows.loadUnit(phase);
            out.append("latency (ms").append(unit.isEmpty() ? "" : ", " + unit).append("):\n");
            latencyTable(out, phase, shown, OpStats::service);
        }
        errors(out, phase);
        retries(out, phase);
        outcomes(out, phase);
        if (phase.graph().loaded() != null) {
            out.append(GraphLine.of(phase.graph().loaded())).append('\n');
        }
        if (details) {
            counters(out, phase);
        }
        out.append("size at end: ").append(Formats.bytes(phase.sizeBytes())).append('\n');
        if (!phase.steps().isEmpty()) {
            List<String> steps = new ArrayList<>();
            phase.steps().forEach((name, s) -> steps.add(name + " " + fmt("%.1f s", s))); // in the order they ran
            out.append("post-load steps: ").append(String.join(", ", steps)).append('\n');
        }
        for (String w : phase.warnings()) { // a request phase's verdict stands out, as the loops' does
            out.append(w.startsWith(GrowthVerdict.LEAD) ? GrowthVerdict.WARNING : "warning: ").append(w).append('\n');
        }
        return out.toString();
    }

    private static String header(PhaseResult phase) {
        boolean load = phase.isLoad();
        StringBuilder h = new StringBuilder(phase.phase().label()).append(" phase: ")
                .append(fmt("%.1f", phase.seconds())).append(" s measured, ");
        if (phase.openLoop()) {
            h.append("open loop at target ").append(fmt("%.1f", phase.latency().targetRate())).append(" ops/s");
        } else {
            h.append("closed loop: latency is service time");
        }
        h.append(", throughput ").append(fmt("%.1f", phase.throughput())).append(load ? " rows/s" : " ops/s");
        if (load) {
            List<String> perStep = new ArrayList<>();
            for (OpStats s : phase.ops()) {
                if (s.rows() > 0) {
                    perStep.add(s.name() + " " + fmt("%.1f", perSecond(s.rows(), phase.seconds())));
                }
            }
            if (!perStep.isEmpty()) {
                h.append(" (").append(String.join(", ", perStep)).append(')');
            }
        }
        if (phase.interrupted()) {
            h.append(", ").append(phase.end().status().name()).append(" (").append(phase.end().reason()).append(')');
        }
        return h.toString();
    }

    private static void latencyTable(StringBuilder out, PhaseResult phase, List<OpStats> shown,
                                     Function<OpStats, Histogram> which) {
        TextTable t = new TextTable("").row(LatencyRows.columns(phase).toArray(String[]::new));
        LatencyRows.of(phase, shown, which).forEach(t::row);
        t.appendTo(out);
    }

    private static void errors(StringBuilder out, PhaseResult phase) {
        if (phase.totalErrors() == 0) {
            return;
        }
        Map<String, Long> byKind = new TreeMap<>();
        TextTable t = new TextTable("  ");
        for (OpStats s : phase.ops()) {
            if (s.errors() > 0) {
                t.row(s.name(), Long.toString(s.errors()), LatencyRows.errorKinds(s.errorsByKind()));
                s.errorsByKind().forEach((k, n) -> byKind.merge(k, n, Long::sum));
            }
        }
        out.append("errors: ").append(phase.totalErrors());
        if (!byKind.isEmpty()) {
            out.append(" (").append(LatencyRows.errorKinds(byKind)).append(')');
        }
        out.append('\n');
        t.appendTo(out);
    }

    private static void retries(StringBuilder out, PhaseResult phase) {
        String retried = LatencyRows.retries(phase);
        if (!retried.isEmpty()) {
            out.append("retries: ").append(retried).append('\n');
        }
    }

    private static void outcomes(StringBuilder out, PhaseResult phase) {
        List<String[]> rows = OutcomeRows.of(phase);
        if (rows.isEmpty()) {
            return;
        }
        out.append("operation statistics (hit: an existing row was found):\n");
        TextTable t = new TextTable("").row(OutcomeRows.COLUMNS.toArray(String[]::new));
        rows.forEach(t::row);
        t.appendTo(out);
        OutcomeRows.notes(phase).forEach(n -> out.append("  ").append(n).append('\n'));
    }

    private static void counters(StringBuilder out, PhaseResult phase) {
        TextTable t = new TextTable("  ");
        new TreeMap<>(phase.storeCounters()).forEach((name, delta) -> {
            if (delta != 0) {
                t.row(name, Long.toString(delta));
            }
        });
        if (phase.storeCounters().values().stream().anyMatch(d -> d != 0)) {
            out.append("store counters (delta over the phase):\n");
            t.appendTo(out);
        }
    }


    private static double perSecond(long n, double seconds) {
        return seconds > 0 ? n / seconds : 0;
    }

    private static String fmt(String format, double v) {
        return String.format(Locale.ROOT, format, v);
    }
}
