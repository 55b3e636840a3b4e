package io.linkbench.measure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The cost of a phase per operation (or per row, for a load), from host, process and store counters
 * taken at the start and end of the phase's measured window: named figures in display order (e.g.
 * {@code r/op}, {@code cpu_us/op host}, {@code Mcpu/op}); a figure that could not be measured is NaN
 * and {@link #unavailable()} says why. {@code src/site/markdown/metrics.md} defines every figure.
 *
 * <p>A load's cost is the total over the insert window and every post-load step; {@link #parts()} holds
 * the cost of each of these segments ({@code insert}, {@code step: NAME}), whose raw totals add up to
 * the total's and whose per-row figures divide by the same rows.
 *
 * <p>When the store is a cluster, the server figures ({@code server_cpu_us/op}, {@code server_rss_bytes} ...)
 * are sums over its nodes, and {@link #nodes()} holds each node's own under the same names.
 *
 * @param figures     name to value; NaN when unavailable
 * @param unavailable one line per figure (or group) that could not be measured, with the reason
 * @param parts       the segments of the window by name, in time order; empty when not split
 * @param nodes       per server node of a cluster, in the store's order, its {@link #NODE_FIGURES}; empty for
 *                    a single server
 */
public record PhaseCost(Map<String, Double> figures, List<String> unavailable, Map<String, PhaseCost> parts,
                        Map<String, PhaseCost> nodes) {
    /** Operations (rows, for a load) per second over the measured window. */
    public static final String OPS_PER_S = "ops/s";
    /** Device reads completed per operation. */
    public static final String READS = "r/op";
    /** KB read from the devices per operation. */
    public static final String READ_KB = "rKB/op";
    /** KB written to the devices per operation. */
    public static final String WRITE_KB = "wKB/op";
    /** Host CPU busy time per operation, microseconds. */
    public static final String HOST_CPU_US = "host_cpu_us/op";
    /** Server process CPU time per operation, microseconds. */
    public static final String SERVER_CPU_US = "server_cpu_us/op";
    /** linkbench's own CPU time per operation, microseconds. */
    public static final String CLIENT_CPU_US = "client_cpu_us/op";
    /** Average host CPU busy percent x 10^6 / ops per second. */
    public static final String MCPU = "Mcpu/op";
    /** Context switches per operation (host). */
    public static final String CONTEXT_SWITCHES = "cs/op";
    /** KB the server process read from storage per operation. */
    public static final String SERVER_READ_KB_PER_OP = "server_rKB/op";
    /** KB the server process wrote to storage per operation. */
    public static final String SERVER_WRITE_KB_PER_OP = "server_wKB/op";
    /** Server resident memory at the end, bytes. */
    public static final String SERVER_RSS = "server_rss_bytes";
    /** Change of the host's dirty and under-writeback page cache ({@code /proc/meminfo}) per operation, KB. */
    public static final String DIRTY_KB_PER_OP = "dirtyKB/op";
    /** The unavailable line of a store embedded in linkbench: one process, one CPU figure ({@code client_cpu_us/op}). */
    public static final String EMBEDDED_SERVER = "server_cpu_us/op: the store runs inside linkbench (embedded): its CPU"
            + " is client_cpu_us/op, counted once";
    /** The unavailable line of dirty pages when no device on this host holds the store's data. */
    public static final String NO_FILES_DIRTY = DIRTY_KB_PER_OP + ": no device on this host holds the store's data"
            + " (it writes no files here): the host's dirty pages are not charged to it";
    /** Length of the window, seconds. */
    public static final String SECONDS = "secs";
    /** CPU us per operation of processes other than the server and linkbench (host busy minus both). */
    public static final String OTHERS_CPU_US = "others_cpu_us/op";
    /** The share of the host's CPU capacity those other processes used, percent. */
    public static final String OTHERS_CPU_PCT = "others_cpu_pct";
    /** KB read from the devices per operation by others than the server (device minus the server's own). */
    public static final String OTHERS_READ_KB_PER_OP = "others_rKB/op";
    /** KB written to the devices per operation by others than the server. */
    public static final String OTHERS_WRITE_KB_PER_OP = "others_wKB/op";

    // Raw totals over the window, kept so that results of several client hosts can be merged by
    // summing them and dividing by the summed operations (never by averaging ratios).
    /** Device reads completed in the window. */
    public static final String TOTAL_READS = "reads";
    /** KB read from the devices in the window. */
    public static final String TOTAL_READ_KB = "read_kb";
    /** KB written to the devices in the window. */
    public static final String TOTAL_WRITE_KB = "write_kb";
    /** Host CPU busy seconds in the window (all cores). */
    public static final String HOST_CPU_S = "host_cpu_s";
    /** Host CPU seconds available in the window (cores x seconds), busy or not. */
    public static final String HOST_CPU_CAPACITY_S = "host_cpu_capacity_s";
    /** Server process CPU seconds in the window. */
    public static final String SERVER_CPU_S = "server_cpu_s";
    /** linkbench's CPU seconds in the window. */
    public static final String CLIENT_CPU_S = "client_cpu_s";
    /** Host context switches in the window. */
    public static final String TOTAL_CONTEXT_SWITCHES = "context_switches";
    /** KB the server process read from storage in the window ({@code /proc/<pid>/io}). */
    public static final String SERVER_READ_KB = "server_read_kb";
    /** KB the server process wrote to storage in the window. */
    public static final String SERVER_WRITE_KB = "server_write_kb";
    /** CPU seconds of processes other than the server and linkbench in the window. */
    public static final String OTHERS_CPU_S = "others_cpu_s";
    /** KB read from the devices in the window by others than the server. */
    public static final String OTHERS_READ_KB = "others_read_kb";
    /** KB written to the devices in the window by others than the server. */
    public static final String OTHERS_WRITE_KB = "others_write_kb";
    /** Change of the host's Dirty + Writeback KB over the window (end minus start, may be negative). */
    public static final String DIRTY_CHANGE_KB = "dirty_change_kb";
    /** The host's {@code Dirty:} KB at the start of the window (a level, not merged). */
    public static final String DIRTY_START_KB = "dirty_start_kb";
    /** The host's {@code Writeback:} KB at the start of the window. */
    public static final String WRITEBACK_START_KB = "writeback_start_kb";
    /** The host's {@code Dirty:} KB at the end of the window. */
    public static final String DIRTY_END_KB = "dirty_end_kb";
    /** The host's {@code Writeback:} KB at the end of the window. */
    public static final String WRITEBACK_END_KB = "writeback_end_kb";

    /** Name of a load's insert window among {@link #parts()}. */
    public static final String INSERT_PART = "insert";
    /** Prefix of a post-load step's name among {@link #parts()}. */
    public static final String STEP_PART = "step: ";

    /** The figures each node of a cluster has in {@link #nodes()}: its CPU, memory and own storage IO. */
    public static final List<String> NODE_FIGURES = List.of(SERVER_CPU_US, SERVER_READ_KB_PER_OP,
            SERVER_WRITE_KB_PER_OP, SERVER_RSS, SERVER_CPU_S, SERVER_READ_KB, SERVER_WRITE_KB);

    /** No cost measured at all. */
    public static final PhaseCost NONE = new PhaseCost(Map.of(), List.of());

    public PhaseCost {
        figures = Collections.unmodifiableMap(new LinkedHashMap<>(figures));
        unavailable = List.copyOf(unavailable);
        parts = Collections.unmodifiableMap(new LinkedHashMap<>(parts));
        nodes = Collections.unmodifiableMap(new LinkedHashMap<>(nodes));
    }

    /** A cost of a single server. */
    public PhaseCost(Map<String, Double> figures, List<String> unavailable, Map<String, PhaseCost> parts) {
        this(figures, unavailable, parts, Map.of());
    }

    /** A cost of a single server not split into parts. */
    public PhaseCost(Map<String, Double> figures, List<String> unavailable) {
        this(figures, unavailable, Map.of());
    }

    /** This cost with {@code newParts}. */
    public PhaseCost withParts(Map<String, PhaseCost> newParts) {
        return new PhaseCost(figures, unavailable, newParts, nodes);
    }

    /** This cost with {@code newNodes}, each node's figures by the names of {@link #NODE_FIGURES}. */
    public PhaseCost withNodes(Map<String, PhaseCost> newNodes) {
        return new PhaseCost(figures, unavailable, parts, newNodes);
    }

    /** This cost with more figures and unavailable lines (same parts). */
    public PhaseCost plus(Map<String, Double> moreFigures, List<String> moreUnavailable) {
        Map<String, Double> f = new LinkedHashMap<>(figures);
        f.putAll(moreFigures);
        List<String> u = new java.util.ArrayList<>(unavailable);
        u.addAll(moreUnavailable);
        return new PhaseCost(f, u, parts, nodes);
    }

    /** The figure, or NaN when it is absent or unavailable. */
    public double get(String name) {
        Double v = figures.get(name);
        return v == null ? Double.NaN : v;
    }
}
