package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One row of the compact tables database engineers publish, in their column order and units: for a load
 * {@code ips wKB/i Mcpu/i size rss rMB/s wMB/s cpu}, for a request phase
 * {@code tps r/t rKB/t wKB/t Mcpu/t size un gn ul gl rMB/s wMB/s cpu} (un gn ul gl: p99 in ms of UPDATE_NODE,
 * GET_NODE, UPDATE_LINK and GET_LINKS_LIST; rMB/s and wMB/s from the devices; cpu the host's busy percent, as
 * vmstat's us+sy; rss the server's). {@link #LEGEND} defines every column once. Unavailable values are NaN.
 * Used by the console, {@code compare}, the per-loop trend table and the HTML report.
 *
 * @param label   what the row is (a loop, a run's tag, ...)
 * @param columns column names, see {@link #LOAD_COLUMNS} and {@link #REQUEST_COLUMNS}
 * @param values  one value per column
 */
public record SummaryRow(String label, List<String> columns, double[] values) {
    /** Columns of a load row; size and rss in bytes. */
    public static final List<String> LOAD_COLUMNS = List.of("ips", "wKB/i", "Mcpu/i", "size", "rss", "rMB/s", "wMB/s",
            "cpu");
    /** Columns of a request row; un gn ul gl in ms. */
    public static final List<String> REQUEST_COLUMNS = List.of("tps", "r/t", "rKB/t", "wKB/t", "Mcpu/t", "size", "un",
            "gn", "ul", "gl", "rMB/s", "wMB/s", "cpu");
    /** Columns of the trend over the loops of a request phase, one row per loop. */
    public static final List<String> TREND_COLUMNS = List.of("tps", "un", "gn", "ul", "gl", "r/t", "wKB/t", "size");
    /**
     * Columns of the rows of a load's parts and total ({@link #ofParts}): seconds, rows/s, per row loaded
     * device reads, KB read and written, Mcpu, server and client CPU us, KB the server wrote.
     */
    public static final List<String> PART_COLUMNS =
            List.of("secs", "ips", "r/i", "rKB/i", "wKB/i", "Mcpu/i", "srv_us/i", "cli_us/i", "srv_wKB/i");

    /** Each column's definition, in one line, for the legend under a table. */
    public static final Map<String, String> LEGEND = legend();

    private static Map<String, String> legend() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("ips", "rows inserted per second (nodes, links and counts; the insert window and post-load steps)");
        m.put("tps", "operations per second over the measured window (warm-up excluded)");
        m.put("r/i", "device reads per row inserted");
        m.put("r/t", "device reads per operation");
        m.put("rKB/i", "KB read from the devices per row inserted");
        m.put("rKB/t", "KB read from the devices per operation");
        m.put("wKB/i", "KB written to the devices per row inserted");
        m.put("wKB/t", "KB written to the devices per operation");
        m.put("Mcpu/i", "host CPU busy % x 10^6 / rows per second (same hardware only)");
        m.put("Mcpu/t", "host CPU busy % x 10^6 / operations per second (same hardware only)");
        m.put("size", "the store's size at the end of the phase");
        m.put("rss", "the server process's resident memory at the end (of a cluster: summed over its nodes)");
        m.put("un", "p99 ms of UPDATE_NODE (response time when open loop)");
        m.put("gn", "p99 ms of GET_NODE");
        m.put("ul", "p99 ms of UPDATE_LINK");
        m.put("gl", "p99 ms of GET_LINKS_LIST");
        m.put("rMB/s", "MB read per second from the devices holding the data");
        m.put("wMB/s", "MB written per second to the devices holding the data");
        m.put("cpu", "host CPU busy %, all cores (vmstat's us+sy; steal included, 0 on bare metal)");
        m.put("secs", "length of the part, seconds");
        m.put("srv_us/i", "server process CPU us per row");
        m.put("cli_us/i", "linkbench CPU us per row");
        m.put("srv_wKB/i", "KB the server process wrote (its own /proc/PID/io) per row");
        m.put("srv_us/t", "server process CPU us per operation (of a cluster: of the node, or the sum)");
        m.put("share", "the node's share of the server's CPU (summed over the nodes), %");
        m.put("srv_rKB/i", "KB the server process read (its own /proc/PID/io) per row");
        m.put("srv_rKB/t", "KB the server process read (its own /proc/PID/io) per operation");
        m.put("srv_wKB/t", "KB the server process wrote (its own /proc/PID/io) per operation");
        return Collections.unmodifiableMap(m);
    }

    public SummaryRow {
        values = values.clone();
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(columns.size() + " columns, " + values.length + " values");
        }
    }

    /** The legend of {@code columns}: one {@code name: definition} per column, in order. */
    public static List<String> legend(List<String> columns) {
        return columns.stream().filter(LEGEND::containsKey).map(c -> c + ": " + LEGEND.get(c)).toList();
    }

    /** The row of a phase: load columns for a load, request columns otherwise. */
    public static SummaryRow of(String label, PhaseResult p) {
        PhaseCost c = p.cost();
        double size = p.sizeBytes() < 0 ? Double.NaN : p.sizeBytes();
        double secs = Double.isFinite(c.get(PhaseCost.SECONDS)) ? c.get(PhaseCost.SECONDS) : p.seconds();
        double rmb = c.get(PhaseCost.TOTAL_READ_KB) / 1024 / secs;
        double wmb = c.get(PhaseCost.TOTAL_WRITE_KB) / 1024 / secs;
        double cpu = 100 * c.get(PhaseCost.HOST_CPU_S) / c.get(PhaseCost.HOST_CPU_CAPACITY_S);
        if (p.isLoad()) {
            // with parts, the total's rows/s is over the insert window and every step
            double ips = c.parts().isEmpty() ? p.throughput() : c.get(PhaseCost.OPS_PER_S);
            return new SummaryRow(label, LOAD_COLUMNS, finite(new double[] {ips, c.get(PhaseCost.WRITE_KB),
                c.get(PhaseCost.MCPU), size, c.get(PhaseCost.SERVER_RSS), rmb, wmb, cpu}));
        }
        return new SummaryRow(label, REQUEST_COLUMNS, finite(new double[] {p.throughput(), c.get(PhaseCost.READS),
            c.get(PhaseCost.READ_KB), c.get(PhaseCost.WRITE_KB), c.get(PhaseCost.MCPU), size, p99(p, "UPDATE_NODE"),
            p99(p, "GET_NODE"), p99(p, "UPDATE_LINK"), p99(p, "GET_LINKS_LIST"), rmb, wmb, cpu}));
    }

    /** The trend row of one loop of a request phase ({@link #TREND_COLUMNS}). */
    public static SummaryRow trend(String label, PhaseResult p) {
        SummaryRow full = of(label, p);
        return new SummaryRow(label, TREND_COLUMNS, TREND_COLUMNS.stream().mapToDouble(full::get).toArray());
    }

    private static double[] finite(double[] v) {
        for (int i = 0; i < v.length; i++) {
            v[i] = Double.isFinite(v[i]) ? v[i] : Double.NaN;
        }
        return v;
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
