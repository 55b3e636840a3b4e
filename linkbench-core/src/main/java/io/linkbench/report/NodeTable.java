package io.linkbench.report;

import io.linkbench.measure.PhaseCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The server's cost by node when the store is a cluster ({@link PhaseCost#nodes()}): one row per node and
 * a last row {@code sum}, the server figures the published columns use. Columns: server CPU us per row
 * (load) or per operation, the node's share of the summed server CPU, its resident memory at the end, KB
 * it read and wrote itself ({@code /proc/PID/io}) per row or operation. A node that could not be measured
 * (not on this host) has no figures, and a line under the table says why. Used by the console,
 * {@code summary.txt} and the HTML report.
 */
public final class NodeTable {
    /** Label of the last row: the sum over the nodes. */
    public static final String SUM = "sum";

    private NodeTable() {
    }

    /** The columns for a load ({@code /i}, per row) or a request phase ({@code /t}, per operation). */
    public static List<String> columns(boolean load) {
        String per = load ? "/i" : "/t";
        return List.of("srv_us" + per, "share", "rss", "srv_rKB" + per, "srv_wKB" + per);
    }

    /** One row per node and the sum; empty for a single server. */
    public static List<SummaryRow> rows(PhaseCost c, boolean load) {
        if (c.nodes().isEmpty()) {
            return List.of();
        }
        double total = c.get(PhaseCost.SERVER_CPU_S);
        List<SummaryRow> rows = new ArrayList<>();
        c.nodes().forEach((name, n) -> rows.add(row(name, n, total, load)));
        rows.add(row(SUM, c, total, load));
        return rows;
    }

    private static SummaryRow row(String label, PhaseCost n, double totalCpuSeconds, boolean load) {
        return new SummaryRow(label, columns(load), new double[] {n.get(PhaseCost.SERVER_CPU_US),
            100 * n.get(PhaseCost.SERVER_CPU_S) / totalCpuSeconds, n.get(PhaseCost.SERVER_RSS),
            n.get(PhaseCost.SERVER_READ_KB_PER_OP), n.get(PhaseCost.SERVER_WRITE_KB_PER_OP)});
    }

    /** Per node that has no CPU figure, {@code NAME: not measured: REASON} (its first reason). */
    public static List<String> notMeasured(PhaseCost c) {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, PhaseCost> e : c.nodes().entrySet()) {
            if (!Double.isFinite(e.getValue().get(PhaseCost.SERVER_CPU_S))) {
                String why = e.getValue().unavailable().isEmpty() ? "no reason recorded" : e.getValue().unavailable().get(0);
                out.add(e.getKey() + ": not measured: " + why);
            }
        }
        return out;
    }

    /** The table as text with a heading, the nodes not measured under it; "" for a single server. */
    public static String render(PhaseCost c, boolean load) {
        List<SummaryRow> rows = rows(c, load);
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("server by node (").append(load ? "per row inserted" : "per operation")
                .append("; share of the server's CPU, %):\n");
        CostTable.appendRows(out, rows);
        notMeasured(c).forEach(line -> out.append("  ").append(line).append('\n'));
        return out.toString();
    }
}
