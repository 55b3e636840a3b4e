package io.linkbench.report.html;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.LatencyBuckets;
import io.linkbench.report.SummaryRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One phase of the report: a header (phase, loop, measured seconds and times, closed or open loop,
 * throughput, how it ended, graph growth, throughput drift, warnings), the throughput and p99 charts, the
 * latency tables, the operation statistics or the graph loaded, the cost (compact summary row and every figure), post-load
 * steps, store counter deltas and size.
 */
final class PhaseSection {
    private final LatencyHtml latency = new LatencyHtml();
    private final CostHtml cost = new CostHtml();
    private final WorkloadHtml workload = new WorkloadHtml();

    /**
     * @param id      the section's id, also the prefix of its charts' ids (a constant)
     * @param label   the phase's label in summary rows, e.g. {@code request, loop 2}
     * @param heading the section's heading, e.g. {@code request phase, loop 2}
     */
    void appendTo(StringBuilder out, String id, String label, String heading, PhaseResult p) {
        boolean load = p.isLoad();
        out.append("<section class=\"phase\" id=\"").append(id).append("\">\n");
        out.append("<h2>").append(Html.esc(heading));
        if (p.interrupted()) {
            out.append(" <span class=\"flag\">").append(p.end().status().name()).append("</span>");
        }
        out.append("</h2>\n");
        header(out, p, load);
        for (String w : p.warnings()) {
            out.append("<p class=\"warning\">warning: ").append(Html.esc(w)).append("</p>\n");
        }

        IntervalCharts charts = new IntervalCharts(p);
        out.append("<div class=\"charts\">\n").append(charts.throughput(id)).append(charts.p99(id)).append("</div>\n");
        CounterCharts more = new CounterCharts(p);
        out.append(more.busy(id));

        out.append("<h3>Latency</h3>\n");
        latency.appendTo(out, p);
        buckets(out, p);
        workload.appendTo(out, p);

        out.append("<h3>Cost ").append(load ? "per row loaded" : "per operation").append("</h3>\n");
        cost.summary(out, List.of(SummaryRow.of(label, p)));
        cost.nodes(out, p.cost(), load);
        List<SummaryRow> parts = SummaryRow.ofParts(p.cost(), "load");
        if (!parts.isEmpty()) {
            out.append("<p class=\"note\">The load by part: the insert window, each post-load step, and the total"
                    + " (load); every figure per row loaded, so the parts add up to the total.</p>\n");
            cost.summary(out, parts, "parts");
        }
        cost.figures(out, p.cost());
        p.cost().parts().forEach((name, part) -> {
            out.append("<details><summary>Every figure of ").append(Html.esc(name)).append("</summary>\n");
            cost.figures(out, part);
            out.append("</details>\n");
        });

        if (!p.steps().isEmpty()) {
            out.append("<h3>Post-load steps</h3>\n");
            HtmlTable t = new HtmlTable("steps", true, "step", "seconds");
            p.steps().forEach((name, s) -> t.row(name, Figures.oneDecimal(s)));
            t.appendTo(out);
        }
        counters(out, p);
        out.append(more.counters(id));
        out.append("</section>\n");
    }

    private static void header(StringBuilder out, PhaseResult p, boolean load) {
        out.append("<dl class=\"facts\">\n");
        fact(out, "measured", Figures.oneDecimal(p.seconds()) + " s, " + Figures.time(p.window().startEpochMs()) + " to "
                + Figures.time(p.window().endEpochMs()));
        fact(out, "mode", p.openLoop()
                ? "open loop at target " + Figures.oneDecimal(p.latency().targetRate()) + " ops/s"
                : "closed loop: latency is service time");
        StringBuilder tp = new StringBuilder(Figures.oneDecimal(p.throughput())).append(load ? " rows/s" : " ops/s");
        if (load) {
            List<String> perStep = new ArrayList<>();
            for (OpStats s : p.ops()) {
                if (s.rows() > 0) {
                    perStep.add(s.name() + " " + Figures.oneDecimal(p.seconds() > 0 ? s.rows() / p.seconds() : 0));
                }
            }
            if (!perStep.isEmpty()) {
                tp.append(" (").append(String.join(", ", perStep)).append(')');
            }
        }
        fact(out, "throughput", tp.toString());
        fact(out, "errors", Long.toString(p.totalErrors()));
        fact(out, "size at end", Figures.bytes(p.sizeBytes()));
        fact(out, "ended", p.end().describe());
        if (p.graph().growth() != null) {
            fact(out, "graph growth (warm-up included)", p.graph().growth().describe());
        }
        io.linkbench.measure.DriftReading drift = p.isLoad() ? null : io.linkbench.measure.DriftReading.of(p.intervals());
        if (drift != null && drift.all() != null) {
            fact(out, "throughput drift", drift.describe());
        }
        out.append("</dl>\n");
    }

    private static void fact(StringBuilder out, String name, String value) {
        out.append("<dt>").append(Html.esc(name)).append("</dt><dd>").append(Html.esc(value)).append("</dd>\n");
    }

    /** The response-time bucket table ({@link LatencyBuckets}). */
    private static void buckets(StringBuilder out, PhaseResult p) {
        List<String[]> rows = LatencyBuckets.rows(p);
        if (rows.isEmpty()) {
            return;
        }
        out.append("<h3>").append(p.openLoop() ? "Response" : "Service").append("-time buckets</h3>\n");
        out.append("<p class=\"note legend\">Calls per bucket: each column counts the calls that took at most its ms and"
                + " more than the previous column's; buckets double from 1 µs to the slowest call.</p>\n");
        HtmlTable t = new HtmlTable("buckets", true, rows.get(0));
        rows.subList(1, rows.size()).forEach(t::row);
        t.appendTo(out);
    }

    private static void counters(StringBuilder out, PhaseResult p) {
        out.append("<h3>Store counters (delta over the phase)</h3>\n");
        HtmlTable t = new HtmlTable("counters", true, "counter", "delta");
        for (Map.Entry<String, Long> e : new TreeMap<>(p.storeCounters()).entrySet()) {
            if (e.getValue() != 0) {
                t.row(e.getKey(), Long.toString(e.getValue()));
            }
        }
        if (t.isEmpty()) {
            out.append("<p class=\"note\">No store counter changed.</p>\n");
        } else {
            t.appendTo(out);
        }
    }
}
