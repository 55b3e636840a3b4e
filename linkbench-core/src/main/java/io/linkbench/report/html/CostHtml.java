package io.linkbench.report.html;

import io.linkbench.measure.PhaseCost;
import io.linkbench.report.NodeTable;
import io.linkbench.report.SummaryRow;
import java.util.List;
import java.util.Map;

/**
 * Cost tables as HTML: compact {@link SummaryRow}s in the published columns, a cluster's server by node, and the named cost
 * figures of a phase in display order with an "unavailable: reason" note for each figure that could
 * not be measured.
 */
final class CostHtml {

    /** Rows sharing the same columns as one table, label first; nothing when {@code rows} is empty. */
    void summary(StringBuilder out, List<SummaryRow> rows) {
        summary(out, rows, "summary");
    }

    /** As {@link #summary(StringBuilder, List)}, the table of CSS class {@code cssClass}. */
    void summary(StringBuilder out, List<SummaryRow> rows, String cssClass) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> columns = rows.get(0).columns();
        String[] header = new String[columns.size() + 1];
        header[0] = "";
        for (int i = 0; i < columns.size(); i++) {
            header[i + 1] = columns.get(i);
        }
        HtmlTable t = new HtmlTable(cssClass, true, header);
        for (SummaryRow r : rows) {
            String[] cells = new String[columns.size() + 1];
            cells[0] = r.label();
            for (int i = 0; i < columns.size(); i++) {
                cells[i + 1] = Figures.figure(columns.get(i), r.values()[i]);
            }
            t.row(cells);
        }
        t.appendTo(out);
    }

    /** A cluster's server cost by node ({@link NodeTable}) with its notes; nothing for a single server. */
    void nodes(StringBuilder out, PhaseCost cost, boolean load) {
        List<SummaryRow> rows = NodeTable.rows(cost, load);
        if (rows.isEmpty()) {
            return;
        }
        out.append("<p class=\"note\">The server by node: CPU per ").append(load ? "row" : "operation")
                .append(", the node's share of the server's CPU (%), resident memory at the end, KB each node read and"
                        + " wrote itself; the server figures above are the sum.</p>\n");
        summary(out, rows, "nodes");
        List<String> missing = NodeTable.notMeasured(cost);
        if (!missing.isEmpty()) {
            out.append("<ul class=\"unavailable\">\n");
            missing.forEach(m -> out.append("<li>").append(Html.esc(m)).append("</li>\n"));
            out.append("</ul>\n");
        }
    }

    /** The figures of one phase, then the unavailable notes. */
    void figures(StringBuilder out, PhaseCost cost) {
        if (cost.figures().isEmpty() && cost.unavailable().isEmpty()) {
            out.append("<p class=\"note\">No cost figures were measured in this phase.</p>\n");
            return;
        }
        if (!cost.figures().isEmpty()) {
            HtmlTable t = new HtmlTable("cost", true, "figure", "value");
            for (Map.Entry<String, Double> e : cost.figures().entrySet()) {
                double v = e.getValue() == null ? Double.NaN : e.getValue();
                t.classedRow(Double.isFinite(v) ? null : "unavailable", e.getKey(), Figures.figure(e.getKey(), v));
            }
            t.appendTo(out);
        }
        if (!cost.unavailable().isEmpty()) {
            out.append("<ul class=\"unavailable\">\n");
            for (String u : cost.unavailable()) {
                out.append("<li>unavailable: ").append(Html.esc(u)).append("</li>\n");
            }
            out.append("</ul>\n");
        }
    }
}
