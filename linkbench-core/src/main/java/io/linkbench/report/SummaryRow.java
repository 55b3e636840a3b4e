package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import java.util.List;

/**
 * One row of the compact tables database engineers publish: for a load
 * {@code ips r/i rKB/i wKB/i Mcpu/i size rss}, for a request phase
 * {@code tps r/t rKB/t wKB/t Mcpu/t un gn ul gl} (the last four: p99 in ms of UPDATE_NODE, GET_NODE,
 * UPDATE_LINK and GET_LINKS_LIST). Unavailable values are NaN. Used by the per-loop table,
 * {@code compare} and the HTML report.
 *
 * @param label   what the row is (a loop, a run's store and engine, ...)
 * @param columns column names, see {@link #LOAD_COLUMNS} and {@link #REQUEST_COLUMNS}
 * @param values  one value per column
 */
public record SummaryRow(String label, List<String> columns, double[] values) {
    /** Columns of a load row; size and rss in bytes. */
    public static final List<String> LOAD_COLUMNS = List.of("ips", "r/i", "rKB/i", "wKB/i", "Mcpu/i", "size", "rss");
    /** Columns of a request row; un gn ul gl in ms. */
    public static final List<String> REQUEST_COLUMNS =
            List.of("tps", "r/t", "rKB/t", "wKB/t", "Mcpu/t", "un", "gn", "ul", "gl");

    public SummaryRow {
        values = values.clone();
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(columns.size() + " columns, " + values.length + " values");
        }
    }

    /** The row of a phase: load columns for a load, request columns otherwise. */
    public static SummaryRow of(String label, PhaseResult p) {
        PhaseCost c = p.cost();
        if ("load".equals(p.phase())) {
            return new SummaryRow(label, LOAD_COLUMNS, new double[] {p.throughput(), c.get(PhaseCost.READS),
                c.get(PhaseCost.READ_KB), c.get(PhaseCost.WRITE_KB), c.get(PhaseCost.MCPU),
                p.sizeBytes() < 0 ? Double.NaN : p.sizeBytes(), c.get(PhaseCost.SERVER_RSS)});
        }
        return new SummaryRow(label, REQUEST_COLUMNS, new double[] {p.throughput(), c.get(PhaseCost.READS),
            c.get(PhaseCost.READ_KB), c.get(PhaseCost.WRITE_KB), c.get(PhaseCost.MCPU), p99(p, "UPDATE_NODE"),
            p99(p, "GET_NODE"), p99(p, "UPDATE_LINK"), p99(p, "GET_LINKS_LIST")});
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
