package io.linkbench.report.html;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.Formats;
import io.linkbench.report.OutcomeRows;
import java.util.List;

/**
 * What shows which workload a phase ran, as HTML: the operation statistics of a request phase (the
 * console's {@link OutcomeRows} table and notes) and the graph a load wrote (its figures and the
 * id1s per out-degree bucket). Nothing for a phase that recorded neither.
 */
final class WorkloadHtml {
    void appendTo(StringBuilder out, PhaseResult p) {
        List<String[]> rows = OutcomeRows.of(p);
        if (!rows.isEmpty()) {
            out.append("<h3>Operation statistics</h3>\n");
            HtmlTable t = new HtmlTable("outcomes", true, OutcomeRows.COLUMNS.toArray(String[]::new));
            rows.forEach(t::row);
            t.appendTo(out);
            out.append("<p class=\"note\">hit: the call found an existing row; COUNT_LINK's mean count is in the")
                    .append(" notes.</p>\n");
            List<String> notes = OutcomeRows.notes(p);
            if (!notes.isEmpty()) {
                out.append("<ul class=\"notes\">\n");
                notes.forEach(n -> out.append("<li>").append(Html.esc(n)).append("</li>\n"));
                out.append("</ul>\n");
            }
        }
        if (p.graph().loaded() != null) {
            graph(out, p.graph().loaded());
        }
    }

    private static void graph(StringBuilder out, GraphStats g) {
        out.append("<h3>Graph loaded</h3>\n");
        HtmlTable figures = new HtmlTable("graph", true, "figure", "value");
        figures.row("id1s", Formats.count(g.id1s()));
        figures.row("link rows", Formats.count(g.linkRows()));
        figures.row("links per id1", Formats.mean(g.linksPerId1()));
        figures.row("links per id1, model", Formats.mean(g.expectedLinksPerId1()));
        figures.row("count rows", Formats.count(g.countRows()));
        figures.row("most links of one id1", Formats.count(g.maxLinks()));
        figures.appendTo(out);
        HtmlTable buckets = new HtmlTable("degrees", true, "links of an id1", "id1s", "share %");
        for (int i = 0; i < GraphStats.BUCKETS; i++) {
            buckets.row(GraphStats.BUCKET_LABELS.get(i), Formats.count(g.id1sIn(i)), Formats.percent(g.share(i)));
        }
        buckets.appendTo(out);
    }
}
