package io.linkbench.report;

import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import java.util.List;
import java.util.Map;

/**
 * The cost tables printed after each phase and at the end of a run: the compact published row
 * ({@link SummaryRow}) of a phase with its cost figures (and a load's rows by part: insert window, each
 * post-load step, total), and one row per loop when the request phase
 * ran several times. Unavailable figures print as {@code -} with the reason below the table.
 */
public final class CostTable {

    /** The cost of one phase: its summary row, every cost figure, and what was unavailable. */
    public String render(PhaseResult p) {
        StringBuilder out = new StringBuilder();
        PhaseCost c = p.cost();
        if (c.figures().isEmpty() && c.unavailable().isEmpty()) {
            return "";
        }
        out.append("cost (").append(p.isLoad() ? "per row loaded" : "per operation").append("):\n");
        appendRows(out, List.of(SummaryRow.of(p.isLoad() ? "load" : "requests", p)));
        List<SummaryRow> parts = SummaryRow.ofParts(c, "load");
        if (!parts.isEmpty()) {
            out.append("load by part (the insert window, each post-load step; per row loaded; load = the total):\n");
            appendRows(out, parts);
        }
        TextTable t = new TextTable("  ");
        for (Map.Entry<String, Double> e : c.figures().entrySet()) {
            if (e.getKey().startsWith("store ") && e.getValue() == 0) {
                continue; // store counters that did not move: in result.json, not worth a console line
            }
            t.row(e.getKey(), Formats.figure(e.getKey(), e.getValue()));
        }
        t.appendTo(out);
        for (String u : c.unavailable()) {
            out.append("  unavailable: ").append(u).append('\n');
        }
        return out.toString();
    }

    /** One row per loop of the request phase, in the published columns. */
    public String renderLoops(List<PhaseResult> loops) {
        StringBuilder out = new StringBuilder("loops (un gn ul gl: p99 ms of UPDATE_NODE GET_NODE UPDATE_LINK GET_LINKS_LIST):\n");
        appendRows(out, loops.stream().map(p -> SummaryRow.of("loop " + (p.loop() + 1), p)).toList());
        return out.toString();
    }

    /** Rows of the same columns as an aligned table with a header. */
    static void appendRows(StringBuilder out, List<SummaryRow> rows) {
        if (rows.isEmpty()) {
            return;
        }
        List<String> columns = rows.get(0).columns();
        TextTable t = new TextTable("  ");
        String[] header = new String[columns.size() + 1];
        header[0] = "";
        for (int i = 0; i < columns.size(); i++) {
            header[i + 1] = columns.get(i);
        }
        t.row(header);
        for (SummaryRow r : rows) {
            String[] cells = new String[columns.size() + 1];
            cells[0] = r.label();
            for (int i = 0; i < columns.size(); i++) {
                cells[i + 1] = Formats.figure(columns.get(i), r.values()[i]);
            }
            t.row(cells);
        }
        t.appendTo(out);
    }
}
