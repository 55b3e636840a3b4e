package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import java.util.List;

/**
 * One row of the compact tables database engineers publish: for a load
 * {@code ips r/i rKB/i wKB/i srv_rKB/i srv_wKB/i Mcpu/i size rss}, for a request phase
 * {@code tps r/t rKB/t wKB/t srv_rKB/t srv_wKB/t dirtyKB/t Mcpu/t un gn ul gl} (the last four: p99 in ms of
 * UPDATE_NODE, GET_NODE, UPDATE_LINK and GET_LINKS_LIST). {@code srv_rKB} and {@code srv_wKB} are the server
 * process's own storage IO ({@code /proc/PID/io}), next to the devices' figures, which count every
 * process. Unavailable values are NaN. Used by the per-loop table,
 * {@code compare} and the HTML report.
 *
 * @param label   what the row is (a loop, a run's store and engine, ...)
 * @param columns column names, see {@link #LOAD_COLUMNS} and {@link #REQUEST_COLUMNS}
 * @param values  one value per column
 */
public record SummaryRow(String label, List<String> columns, double[] values) {
    /** Columns of a load row; size and rss in bytes. */
    public static final List<String> LOAD_COLUMNS = List.of("ips", "r/i", "rKB/i", "wKB/i", "srv_rKB/i", "srv_wKB/i", "Mcpu/i",
            "size", "rss");
    /** Columns of a request row; un gn ul gl in ms. */
    public static final List<String> REQUEST_COLUMNS =
            List.of("tps", "r/t", "rKB/t", "wKB/t", "srv_rKB/t", "srv_wKB/t", "dirtyKB/t", "Mcpu/t", "un", "gn",
                    "ul", "gl");
    /**
     * Columns of the rows of a load's parts and total ({@link #ofParts}): seconds, rows/s, per row loaded
     * device reads, KB read and written, Mcpu, server and client CPU us, KB the server wrote.
     */
    public static final List<String> PART_COLUMNS =
            List.of("secs", "ips", "r/i", "rKB/i", "wKB/i", "Mcpu/i", "srv_us/i", "cli_us/i", "srv_wKB/i");

    public SummaryRow {
        values = values.clone();
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(columns.size() + " columns, " + values.length + " values");
        }
    }

    /** The row of a phase: load columns for a load, request columns otherwise. */
    public static SummaryRow of(String label, PhaseResult p) {
        PhaseCost c = p.cost();
        if (p.isLoad()) {
            // with parts, the total's rows/s is over the insert window and every step
            double ips = c.parts().isEmpty() ? p.throughput() : c.get(PhaseCost.OPS_PER_S);
            return new SummaryRow(label, LOAD_COLUMNS, new double[] {ips, c.get(PhaseCost.READS),
                c.get(PhaseCost.READ_KB), c.get(PhaseCost.WRITE_KB), c.get(PhaseCost.SERVER_READ_KB_PER_OP),
                c.get(PhaseCost.SERVER_WRITE_KB_PER_OP), c.get(PhaseCost.MCPU),
                p.sizeBytes() < 0 ? Double.NaN : p.sizeBytes(), c.get(PhaseCost.SERVER_RSS)});
        }
        return new SummaryRow(label, REQUEST_COLUMNS, new double[] {p.throughput(), c.get(PhaseCost.READS),
            c.get(PhaseCost.READ_KB), c.get(PhaseCost.WRITE_KB), c.get(PhaseCost.SERVER_READ_KB_PER_OP),
            c.get(PhaseCost.SERVER_WRITE_KB_PER_OP), c.get(PhaseCost.DIRTY_KB_PER_OP), c.get(PhaseCost.MCPU),
            p99(p, "UPDATE_NODE"),
            p99(p, "GET_NODE"), p99(p, "UPDATE_LINK"), p99(p, "GET_LINKS_LIST")});
    }

    /**
     * One row per part of a load's cost (insert window, each post-load step) and a last row
     * {@code totalLabel} for the total, in {@link #PART_COLUMNS}; empty when the cost has no parts.
     */
    public static List<SummaryRow> ofParts(PhaseCost total, String totalLabel) {
        if (total.parts().isEmpty()) {
            return List.of();
        }
        List<SummaryRow> rows = new java.util.ArrayList<>();
        total.parts().forEach((name, part) -> rows.add(part(name, part)));
        rows.add(part(totalLabel, total));
        return rows;
    }

    private static SummaryRow part(String label, PhaseCost c) {
        return new SummaryRow(label, PART_COLUMNS, new double[] {c.get(PhaseCost.SECONDS), c.get(PhaseCost.OPS_PER_S),
            c.get(PhaseCost.READS), c.get(PhaseCost.READ_KB), c.get(PhaseCost.WRITE_KB), c.get(PhaseCost.MCPU),
            c.get(PhaseCost.SERVER_CPU_US), c.get(PhaseCost.CLIENT_CPU_US), c.get(PhaseCost.SERVER_WRITE_KB_PER_OP)});
    }

    /** The value of a column, or NaN. */
    public double get(String column) {
        int i = columns.indexOf(column);
        return i < 0 ? Double.NaN : values[i];
    }

    /** The 99th percentile in ms (response time when open loop), NaN when the op did not run. */
    static double p99(PhaseResult p, String op) {
        OpStats s = p.op(op);
        if (s == null) {
            return Double.NaN;
        }
        var h = s.response() != null ? s.response() : s.service();
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(99) / 1e6;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SummaryRow r && label.equals(r.label) && columns.equals(r.columns)
                && java.util.Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        return label.hashCode() * 31 + java.util.Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        return "SummaryRow[" + label + " " + columns + "=" + java.util.Arrays.toString(values) + "]";
    }
}
