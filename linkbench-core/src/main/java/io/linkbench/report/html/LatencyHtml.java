package io.linkbench.report.html;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The latency tables of a phase as HTML, with the columns of the console's
 * {@code io.linkbench.report.LatencyTable}: op, count, errors, mean, p50, p95, p99, p99.9, max (ms,
 * 3 decimals) and ops/s, plus a TOTAL row. Closed loop: service time. Open loop: service time,
 * response time (from the intended start) and the schedule lag. Ops with neither successes nor
 * errors are left out; latency cells of an op without successes are {@code -}. Then errors by kind
 * and retries, when there are any.
 */
final class LatencyHtml {
    private static final String[] COLUMNS =
            {"op", "count", "errors", "mean", "p50", "p95", "p99", "p99.9", "max", "ops/s"};

    void appendTo(StringBuilder out, PhaseResult phase) {
        List<OpStats> shown = phase.ops().stream().filter(s -> s.count() > 0 || s.errors() > 0).toList();
        if (phase.openLoop()) {
            out.append("<h4>Service time (ms, actual start to end)</h4>\n");
            table(phase, shown, OpStats::service).appendTo(out);
            out.append("<h4>Response time (ms, intended start to end)</h4>\n");
            table(phase, shown, OpStats::response).appendTo(out);
            Histogram lag = phase.scheduleLag();
            if (lag != null && lag.getTotalCount() > 0) {
                out.append("<p class=\"lag\">Schedule lag (ms): p50 ").append(Figures.ms(lag.getValueAtPercentile(50)))
                        .append(", p99 ").append(Figures.ms(lag.getValueAtPercentile(99)))
                        .append(", max ").append(Figures.ms(lag.getMaxValue())).append("</p>\n");
            }
        } else {
            out.append("<h4>Latency (ms, service time)</h4>\n");
            table(phase, shown, OpStats::service).appendTo(out);
        }
        errors(out, phase);
        retries(out, phase);
    }

    private static HtmlTable table(PhaseResult phase, List<OpStats> shown, Function<OpStats, Histogram> which) {
        HtmlTable t = new HtmlTable("latency", true, COLUMNS);
        Histogram total = null;
        long count = 0;
        long errors = 0;
        for (OpStats s : shown) {
            Histogram h = which.apply(s);
            t.row(row(s.name(), s.count(), s.errors(), h, phase.seconds()));
            count += s.count();
            errors += s.errors();
            if (h != null) {
                if (total == null) {
                    total = new Histogram(h.getNumberOfSignificantValueDigits());
                }
                total.add(h);
            }
        }
        t.classedRow("total", row("TOTAL", count, errors, total, phase.seconds()));
        return t;
    }

    private static String[] row(String name, long count, long errors, Histogram h, double seconds) {
        String[] r = new String[COLUMNS.length];
        r[0] = name;
        r[1] = Long.toString(count);
        r[2] = Long.toString(errors);
        if (h == null || h.getTotalCount() == 0) {
            for (int i = 3; i < 9; i++) {
                r[i] = Figures.NONE;
            }
        } else {
            r[3] = Figures.ms(h.getMean());
            r[4] = Figures.ms(h.getValueAtPercentile(50));
            r[5] = Figures.ms(h.getValueAtPercentile(95));
            r[6] = Figures.ms(h.getValueAtPercentile(99));
            r[7] = Figures.ms(h.getValueAtPercentile(99.9));
            r[8] = Figures.ms(h.getMaxValue());
        }
        r[9] = Figures.oneDecimal(seconds > 0 ? count / seconds : 0);
        return r;
    }

    private static void errors(StringBuilder out, PhaseResult phase) {
        if (phase.totalErrors() == 0) {
            return;
        }
        out.append("<h4>Errors: ").append(phase.totalErrors()).append("</h4>\n");
        HtmlTable t = new HtmlTable("errors", true, "op", "errors", "by kind");
        for (OpStats s : phase.ops()) {
            if (s.errors() > 0) {
                t.row(s.name(), Long.toString(s.errors()), kinds(s.errorsByKind()));
            }
        }
        t.appendTo(out);
    }

    private static String kinds(Map<String, Long> byKind) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(byKind).forEach((k, n) -> parts.add(k + " " + n));
        return parts.isEmpty() ? Figures.NONE : String.join(", ", parts);
    }

    private static void retries(StringBuilder out, PhaseResult phase) {
        List<String> parts = new ArrayList<>();
        for (OpStats s : phase.ops()) {
            if (s.retries() > 0) {
                parts.add(s.name() + " " + s.retries());
            }
        }
        if (!parts.isEmpty()) {
            out.append("<p>Retries: ").append(Html.esc(String.join(", ", parts))).append("</p>\n");
        }
    }
}
