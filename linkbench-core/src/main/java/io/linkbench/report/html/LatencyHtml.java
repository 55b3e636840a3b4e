package io.linkbench.report.html;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.LatencyRows;
import java.util.List;
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
            String unit = LatencyRows.loadUnit(phase);
            out.append("<h4>Latency (ms, service time").append(unit.isEmpty() ? "" : ", " + unit).append(")</h4>\n");
            table(phase, shown, OpStats::service).appendTo(out);
        }
        errors(out, phase);
        retries(out, phase);
    }

    private static HtmlTable table(PhaseResult phase, List<OpStats> shown, Function<OpStats, Histogram> which) {
        HtmlTable t = new HtmlTable("latency", true, LatencyRows.columns(phase).toArray(String[]::new));
        List<String[]> rows = LatencyRows.of(phase, shown, which);
        for (int i = 0; i < rows.size() - 1; i++) {
            t.row(rows.get(i));
        }
        t.classedRow("total", rows.get(rows.size() - 1));
        return t;
    }

    private static void errors(StringBuilder out, PhaseResult phase) {
        if (phase.totalErrors() == 0) {
            return;
        }
        out.append("<h4>Errors: ").append(phase.totalErrors()).append("</h4>\n");
        HtmlTable t = new HtmlTable("errors", true, "op", "errors", "by kind");
        for (OpStats s : phase.ops()) {
            if (s.errors() > 0) {
                String kinds = LatencyRows.errorKinds(s.errorsByKind());
                t.row(s.name(), Long.toString(s.errors()), kinds.isEmpty() ? Figures.NONE : kinds);
            }
        }
        t.appendTo(out);
    }

    private static void retries(StringBuilder out, PhaseResult phase) {
        String retried = LatencyRows.retries(phase);
        if (!retried.isEmpty()) {
            out.append("<p>Retries: ").append(Html.esc(retried)).append("</p>\n");
        }
    }
}
