package io.linkbench.report;

import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import java.util.List;
import java.util.Map;

/**
 * The cost tables printed after each phase and at the end of a run: the compact published row
 * ({@link SummaryRow}) of a phase, a cluster's server cost by node ({@link NodeTable}), and in detail (summary.txt, {@code --details}) its cost figures, a
 * load's rows by part (insert window, each post-load step, total) and the reasons of unavailable figures;
 * and the trend, one row per loop, when the request phase ran several times.
 */
public final class CostTable {

    /** The cost of one phase in detail ({@link #render(PhaseResult, boolean)}). */
    public String render(PhaseResult p) {
        return render(p, true);
    }

    /**
     * The cost of one phase: its row in the published columns with a one-line legend; with {@code details}
     * also a load's rows by part, every cost figure (store counters per operation among them), the server's
     * statements per operation and client CPU per statement when the store counts statements, and what was
     * unavailable. Without details, the number of unavailable figures and where to read them.
     */
    public String render(PhaseResult p, boolean details) {
        StringBuilder out = new StringBuilder();
        PhaseCost c = p.cost();
        if (c.figures().isEmpty() && c.unavailable().isEmpty()) {
            return "";
        }
        out.append("cost (").append(p.isLoad() ? "per row inserted" : "per operation").append("):\n");
        appendRows(out, List.of(SummaryRow.of(p.isLoad() ? "load" : "requests", p)));
        out.append(p.isLoad() ? LOAD_KEY + loadWindow(p) : REQUEST_KEY).append('\n');
        out.append(NodeTable.render(c, p.isLoad()));
        if (!details) {
            out.append("  every figure, store counters and what was unavailable");
            if (!c.unavailable().isEmpty()) {
                out.append(" (").append(c.unavailable().size()).append(c.unavailable().size() == 1 ? " line" : " lines")
                        .append(')');
            }
            out.append(": summary.txt, or --details\n");
            return out.toString();
        }
        List<SummaryRow> parts = SummaryRow.ofParts(c, "load");
        if (!parts.isEmpty()) {
            out.append("load by part (the insert window, each post-load step; per row loaded; load = the total):\n");
            appendRows(out, parts);
        }
        TextTable t = new TextTable("  ");
        for (Map.Entry<String, Double> e : c.figures().entrySet()) {
            if (e.getKey().startsWith("store ") && e.getValue() == 0) {
                continue; // store counters that did not move: in result.json, not worth a line
            }
            if (e.getKey().equals(PhaseCost.DIRTY_CHANGE_KB)) {
                continue; // a signed raw total kept in result.json for merge; the readings around it are printed
            }
            t.row(e.getKey(), Formats.figure(e.getKey(), e.getValue()));
        }
        statements(p).forEach((name, v) -> t.row(name, Formats.figure(name, v)));
        t.appendTo(out);
        for (String u : c.unavailable()) {
            out.append("  unavailable: ").append(u).append('\n');
        }
        return out.toString();
    }

    /**
     * Why a load's {@code ips} differs from the phase line's rows/s, when it does: the row counts the
     * post-load steps' time too. "" without post-load steps.
     */
    static String loadWindow(PhaseResult p) {
        double total = p.cost().get(PhaseCost.SECONDS);
        if (p.cost().parts().isEmpty() || !Double.isFinite(total)) {
            return "";
        }
        return String.format(java.util.Locale.ROOT, "; ips over the insert window and the post-load steps (%.1f s),"
                + " the phase line's rows/s over the insert window alone (%.1f s)", total, p.seconds());
    }

    /** The one-line key under a load's row; the full legend is in compare and the documentation. */
    static final String LOAD_KEY = "  per row inserted; size at the end; rss the server's; rMB/s wMB/s the data's"
            + " devices; cpu host busy %";
    /** The one-line key under a request row. */
    static final String REQUEST_KEY = "  per operation; tps the phase line's ops/s; un gn ul gl: p99 ms of UPDATE_NODE"
            + " GET_NODE UPDATE_LINK GET_LINKS_LIST; cpu host busy %";
    /** The name of the server's statements counter among a store's counters. */
    public static final String STATEMENTS = "statements";

    /**
     * {@code stmts/t} (the server's statements per operation) and {@code cli_us/stmt} (linkbench's CPU per
     * statement), when the store counts its statements ({@value #STATEMENTS}); empty otherwise.
     */
    public static Map<String, Double> statements(PhaseResult p) {
        Long n = p.storeCounters().get(STATEMENTS);
        long ops = p.operations();
        if (n == null || n <= 0 || ops <= 0) {
            return Map.of();
        }
        Map<String, Double> m = new java.util.LinkedHashMap<>();
        m.put(p.isLoad() ? "stmts/i" : "stmts/t", (double) n / ops);
        m.put("cli_us/stmt", p.cost().get(PhaseCost.CLIENT_CPU_S) * 1e6 / n);
        return m;
    }

    /** One row per loop of the request phase: the trend of the figures that move ({@link SummaryRow#TREND_COLUMNS}). */
    public String renderLoops(List<PhaseResult> loops) {
        StringBuilder out = new StringBuilder("loops (un gn ul gl: p99 ms of UPDATE_NODE GET_NODE UPDATE_LINK GET_LINKS_LIST):\n");
        appendRows(out, loops.stream().map(p -> SummaryRow.trend("loop " + (p.loop() + 1), p)).toList());
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
