package io.linkbench.measure.probe;

import io.linkbench.measure.PhaseCost;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The cost of a window per operation (or per row, for a load): counter differences divided by the
 * operation count. Every figure is NaN when it cannot be measured, and {@link #unavailable()} says why.
 * {@code src/site/markdown/metrics.md} gives each formula.
 *
 * @param delta              the host and process counters over the window
 * @param ops                operations (or rows) completed in the window
 * @param sizeBytes          the store's size at the end, when known
 * @param storeCounterDeltas the store's own counters over the window (after minus before)
 */
public record CostFigures(ProbeDelta delta, long ops, OptionalLong sizeBytes, Map<String, Long> storeCounterDeltas) {

    public CostFigures {
        Objects.requireNonNull(delta, "delta");
        Objects.requireNonNull(sizeBytes, "sizeBytes");
        storeCounterDeltas = Collections.unmodifiableMap(new TreeMap<>(storeCounterDeltas));
    }

    /** The figures of the window from {@code start} to {@code end} in which {@code ops} operations completed. */
    public static CostFigures of(ProbeSnapshot start, ProbeSnapshot end, long ops, OptionalLong sizeBytes,
                                 Map<String, Long> storeCounterDeltas) {
        return new CostFigures(ProbeDelta.between(start, end), ops, sizeBytes, storeCounterDeltas);
    }

    /** Operations per second over the window. */
    public double opsPerSecond() {
        return delta.seconds() > 0 ? ops / delta.seconds() : Double.NaN;
    }

    /** Disk reads completed per operation ({@code r/op}). */
    public double readsPerOp() {
        return perOp(delta.diskReads(), 1);
    }

    /** KiB read from the devices per operation ({@code rKB/op}). */
    public double readKbPerOp() {
        return perOp(delta.diskSectorsRead(), 0.5);
    }

    /** KiB written to the devices per operation ({@code wKB/op}). */
    public double writeKbPerOp() {
        return perOp(delta.diskSectorsWritten(), 0.5);
    }

    /** Host CPU busy microseconds per operation, all CPUs and all processes. */
    public double hostCpuUsPerOp() {
        return perOp(delta.hostBusyNanos(), 1e-3);
    }

    /**
     * Server process CPU microseconds per operation; NaN for a store embedded in linkbench, whose CPU is
     * linkbench's ({@link #clientCpuUsPerOp}), so it is counted once.
     */
    public double serverCpuUsPerOp() {
        return delta.serverIsClient() ? Double.NaN : perOp(delta.serverCpuNanos(), 1e-3);
    }

    /** Linkbench process CPU microseconds per operation. */
    public double clientCpuUsPerOp() {
        return perOp(delta.clientCpuNanos(), 1e-3);
    }

    /** Average host CPU busy percent over the window (0 to 100). */
    public double hostCpuBusyPct() {
        return delta.hostCpuBusyPct();
    }

    /** {@code Mcpu/op}: average host CPU busy percent x 10^6 / operations per second. */
    public double mcpuPerOp() {
        double rate = opsPerSecond();
        return ops > 0 && rate > 0 ? delta.hostCpuBusyPct() * 1e6 / rate : Double.NaN;
    }

    /** Host context switches per operation. */
    public double contextSwitchesPerOp() {
        return perOp(delta.contextSwitches(), 1);
    }

    /** KiB the server process caused to be read from storage, per operation. */
    public double serverReadKbPerOp() {
        return perOp(delta.serverReadBytes(), 1 / 1024.0);
    }

    /** KiB the server process caused to be written to storage, per operation. */
    public double serverWriteKbPerOp() {
        return perOp(delta.serverWriteBytes(), 1 / 1024.0);
    }

    /**
     * CPU of processes other than the server and linkbench: host busy time minus linkbench's and the
     * server's (once, when the server is linkbench itself); with no server process on this host (a
     * remote server), minus linkbench's alone. The host counts whole ticks, the JVM nanoseconds: when that
     * rounding makes the difference negative it is 0, never a negative figure.
     */
    public OptionalLong othersCpuNanos() {
        if (delta.hostBusyNanos().isEmpty() || delta.clientCpuNanos().isEmpty()) {
            return OptionalLong.empty();
        }
        long server = delta.serverIsClient() || delta.serverCpuNanos().isEmpty() ? 0 : delta.serverCpuNanos().getAsLong();
        return OptionalLong.of(Math.max(0, delta.hostBusyNanos().getAsLong() - delta.clientCpuNanos().getAsLong() - server));
    }

    /**
     * Bytes other processes (not the server, not linkbench) caused to be read from storage, each from its own
     * {@code /proc/PID/io}: the same quantity as {@link #serverReadKbPerOp()}, never the devices' sectors minus
     * the server's (what reached the disk from anyone's page cache, later, is another quantity).
     */
    public OptionalLong othersReadBytes() {
        return delta.othersReadBytes();
    }

    /** Bytes other processes caused to be written to storage (page cache dirtied), likewise. */
    public OptionalLong othersWriteBytes() {
        return delta.othersWriteBytes();
    }

    /** Server resident set size at the end of the window, KiB. */
    public OptionalLong serverRssKb() {
        return delta.serverRssKb();
    }

    /**
     * Each node of a cluster on its own ({@link PhaseCost#NODE_FIGURES}: CPU, memory, storage IO, per operation
     * and in total), by node name in the targets' order; empty for a single server, whose figures are the
     * server figures. A node that could not be measured (not on this host) has NaN figures and its reasons.
     */
    public Map<String, PhaseCost> nodeCosts() {
        Map<String, PhaseCost> out = new LinkedHashMap<>();
        if (delta.nodes().size() < 2) {
            return out;
        }
        for (NodeDelta n : delta.nodes()) {
            Map<String, Double> f = new LinkedHashMap<>();
            f.put(PhaseCost.SERVER_CPU_US, perOp(n.cpuNanos(), 1e-3));
            f.put(PhaseCost.SERVER_READ_KB_PER_OP, perOp(n.readBytes(), 1 / 1024.0));
            f.put(PhaseCost.SERVER_WRITE_KB_PER_OP, perOp(n.writeBytes(), 1 / 1024.0));
            f.put(PhaseCost.SERVER_RSS, total(n.rssKb(), 1024));
            f.put(PhaseCost.SERVER_CPU_S, total(n.cpuNanos(), 1e-9));
            f.put(PhaseCost.SERVER_READ_KB, total(n.readBytes(), 1 / 1024.0));
            f.put(PhaseCost.SERVER_WRITE_KB, total(n.writeBytes(), 1 / 1024.0));
            out.put(n.name(), new PhaseCost(f, n.unavailable()));
        }
        return out;
    }

    /** Each store counter's difference per operation, by counter name. */
    public Map<String, Double> storeCountersPerOp() {
        Map<String, Double> m = new LinkedHashMap<>();
        storeCounterDeltas.forEach((k, v) -> m.put(k, ops > 0 ? (double) v / ops : Double.NaN));
        return m;
    }

    /** The counters per second instead of per operation. */
    public Rates rates() {
        return delta.rates();
    }

    /** One line per figure or group of figures that is NaN or empty, with the reason. */
    public List<String> unavailable() {
        List<String> out = new ArrayList<>(delta.unavailable());
        if (delta.serverIsClient()) {
            out.add(PhaseCost.EMBEDDED_SERVER);
        }
        if (ops <= 0) {
            out.add("per-op figures: no operations completed in the window");
        }
        if (sizeBytes.isEmpty()) {
            out.add("size: the store does not report its size");
        }
        return out;
    }

    /**
     * All figures by the names of {@link PhaseCost}, in display order: per operation ({@code ops/s r/op
     * rKB/op wKB/op host_cpu_us/op server_cpu_us/op client_cpu_us/op Mcpu/op cs/op server_rKB/op
     * server_wKB/op server_rss_bytes}, then {@code store NAME/op} per store counter), then the raw totals
     * that results of several client hosts are merged by. NaN when unavailable.
     */
    public Map<String, Double> figures() {
        Map<String, Double> m = new LinkedHashMap<>();
        m.put(PhaseCost.OPS_PER_S, opsPerSecond());
        m.put(PhaseCost.READS, readsPerOp());
        m.put(PhaseCost.READ_KB, readKbPerOp());
        m.put(PhaseCost.WRITE_KB, writeKbPerOp());
        m.put(PhaseCost.HOST_CPU_US, hostCpuUsPerOp());
        m.put(PhaseCost.SERVER_CPU_US, serverCpuUsPerOp());
        m.put(PhaseCost.CLIENT_CPU_US, clientCpuUsPerOp());
        m.put(PhaseCost.MCPU, mcpuPerOp());
        m.put(PhaseCost.CONTEXT_SWITCHES, contextSwitchesPerOp());
        m.put(PhaseCost.SERVER_READ_KB_PER_OP, serverReadKbPerOp());
        m.put(PhaseCost.SERVER_WRITE_KB_PER_OP, serverWriteKbPerOp());
        m.put(PhaseCost.SERVER_RSS, serverRssKb().isPresent() ? serverRssKb().getAsLong() * 1024.0 : Double.NaN);
        m.put(PhaseCost.OTHERS_CPU_US, perOp(othersCpuNanos(), 1e-3));
        m.put(PhaseCost.OTHERS_CPU_PCT, othersCpuNanos().isPresent() && delta.hostTotalNanos().isPresent()
                && delta.hostTotalNanos().getAsLong() > 0
                ? 100.0 * othersCpuNanos().getAsLong() / delta.hostTotalNanos().getAsLong() : Double.NaN);
        m.put(PhaseCost.OTHERS_READ_KB_PER_OP, perOp(othersReadBytes(), 1 / 1024.0));
        m.put(PhaseCost.OTHERS_WRITE_KB_PER_OP, perOp(othersWriteBytes(), 1 / 1024.0));
        storeCountersPerOp().forEach((k, v) -> m.put("store " + k + "/op", v));
        m.put(PhaseCost.TOTAL_READS, total(delta.diskReads(), 1));
        m.put(PhaseCost.TOTAL_READ_KB, total(delta.diskSectorsRead(), 0.5));
        m.put(PhaseCost.TOTAL_WRITE_KB, total(delta.diskSectorsWritten(), 0.5));
        m.put(PhaseCost.HOST_CPU_S, total(delta.hostBusyNanos(), 1e-9));
        m.put(PhaseCost.HOST_CPU_CAPACITY_S, total(delta.hostTotalNanos(), 1e-9));
        m.put(PhaseCost.SERVER_CPU_S, delta.serverIsClient() ? Double.NaN : total(delta.serverCpuNanos(), 1e-9));
        m.put(PhaseCost.CLIENT_CPU_S, total(delta.clientCpuNanos(), 1e-9));
        m.put(PhaseCost.TOTAL_CONTEXT_SWITCHES, total(delta.contextSwitches(), 1));
        m.put(PhaseCost.SERVER_READ_KB, total(delta.serverReadBytes(), 1 / 1024.0));
        m.put(PhaseCost.SERVER_WRITE_KB, total(delta.serverWriteBytes(), 1 / 1024.0));
        m.put(PhaseCost.OTHERS_CPU_S, total(othersCpuNanos(), 1e-9));
        m.put(PhaseCost.OTHERS_READ_KB, total(othersReadBytes(), 1 / 1024.0));
        m.put(PhaseCost.OTHERS_WRITE_KB, total(othersWriteBytes(), 1 / 1024.0));
        return m;
    }

    private static double total(OptionalLong v, double scale) {
        return v.isPresent() ? v.getAsLong() * scale : Double.NaN;
    }

    private double perOp(OptionalLong v, double scale) {
        return v.isPresent() && ops > 0 ? v.getAsLong() * scale / ops : Double.NaN;
    }
}
