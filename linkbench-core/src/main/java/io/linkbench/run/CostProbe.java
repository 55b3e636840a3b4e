package io.linkbench.run;

import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.probe.CostFigures;
import io.linkbench.measure.probe.HostProbe;
import io.linkbench.measure.probe.ProbeDelta;
import io.linkbench.measure.probe.ProbeSnapshot;
import io.linkbench.measure.probe.ProbeTargets;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreMetrics;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongToDoubleFunction;

/**
 * The cost of each phase from the host and process probe (DESIGN §4): snapshots at the start and end
 * of the measured window and at every interval, turned into the named {@link PhaseCost} figures (per
 * operation, and the raw totals that {@code merge} sums across client hosts) and the interval rates.
 * Runs on the phase's monitoring thread only.
 */
public final class CostProbe implements PhaseObserver {
    private final HostProbe probe;
    private ProbeSnapshot windowStart;
    private ProbeSnapshot lastInterval;

    public CostProbe(HostProbe probe) {
        this.probe = probe;
    }

    /**
     * A probe of this host for {@code store}: the devices holding its data (or {@code probe_devices})
     * and its server process (or {@code probe_server_pid}).
     */
    public static CostProbe local(GraphStore store, RunConfig run) {
        Optional<Path> dataDir = Optional.empty();
        OptionalLong pid = OptionalLong.empty();
        if (store instanceof StoreMetrics m) {
            dataDir = m.dataDirectory();
            if (m.serverPid().isPresent()) {
                pid = OptionalLong.of(m.serverPid().getAsInt());
            }
        }
        if (run.probeServerPid().isPresent()) {
            pid = run.probeServerPid();
        }
        return new CostProbe(new HostProbe(ProbeTargets.local(dataDir, run.probeDevices(), pid)));
    }

    /** How the devices were chosen (or why none were), for the report's facts. */
    public String devicesOrigin() {
        return probe.targets().devicesOrigin();
    }

    @Override
    public void windowStarted(String phase, int loop) {
        windowStart = probe.snapshot();
        lastInterval = windowStart;
    }

    @Override
    public Map<String, Double> intervalRates() {
        ProbeSnapshot now = probe.snapshot();
        Map<String, Double> rates = lastInterval == null ? Map.of() : ProbeDelta.between(lastInterval, now).rates().asMap();
        lastInterval = now;
        return rates;
    }

    @Override
    public PhaseCost windowEnded(long operations, double seconds, Map<String, Long> storeCounters, long sizeBytes) {
        if (windowStart == null) {
            return PhaseCost.NONE;
        }
        ProbeSnapshot end = probe.snapshot();
        CostFigures c = CostFigures.of(windowStart, end, operations,
                sizeBytes < 0 ? OptionalLong.empty() : OptionalLong.of(sizeBytes), storeCounters);
        ProbeDelta d = c.delta();
        Map<String, Double> f = new LinkedHashMap<>();
        f.put(PhaseCost.OPS_PER_S, seconds > 0 ? operations / seconds : Double.NaN);
        f.put(PhaseCost.READS, c.readsPerOp());
        f.put(PhaseCost.READ_KB, c.readKbPerOp());
        f.put(PhaseCost.WRITE_KB, c.writeKbPerOp());
        f.put(PhaseCost.HOST_CPU_US, c.hostCpuUsPerOp());
        f.put(PhaseCost.SERVER_CPU_US, c.serverCpuUsPerOp());
        f.put(PhaseCost.CLIENT_CPU_US, c.clientCpuUsPerOp());
        f.put("host_cpu_busy_pct", c.hostCpuBusyPct());
        f.put(PhaseCost.MCPU, c.mcpuPerOp());
        f.put(PhaseCost.CONTEXT_SWITCHES, c.contextSwitchesPerOp());
        f.put("server_rKB/op", c.serverReadKbPerOp());
        f.put("server_wKB/op", c.serverWriteKbPerOp());
        f.put(PhaseCost.SERVER_RSS, c.serverRssKb().isPresent() ? c.serverRssKb().getAsLong() * 1024.0 : Double.NaN);
        c.storeCountersPerOp().forEach((k, v) -> f.put("store " + k + "/op", v));
        // raw totals, so results of several client hosts can be merged by summing
        f.put(PhaseCost.TOTAL_READS, total(d.diskReads(), x -> x));
        f.put(PhaseCost.TOTAL_READ_KB, total(d.diskSectorsRead(), x -> x / 2.0));
        f.put(PhaseCost.TOTAL_WRITE_KB, total(d.diskSectorsWritten(), x -> x / 2.0));
        f.put(PhaseCost.HOST_CPU_S, total(d.hostBusyNanos(), x -> x / 1e9));
        f.put(PhaseCost.HOST_CPU_CAPACITY_S, total(d.hostTotalNanos(), x -> x / 1e9));
        f.put(PhaseCost.SERVER_CPU_S, total(d.serverCpuNanos(), x -> x / 1e9));
        f.put(PhaseCost.CLIENT_CPU_S, total(d.clientCpuNanos(), x -> x / 1e9));
        f.put(PhaseCost.TOTAL_CONTEXT_SWITCHES, total(d.contextSwitches(), x -> x));
        windowStart = null;
        return new PhaseCost(f, c.unavailable());
    }

    private static double total(OptionalLong v, LongToDoubleFunction scale) {
        return v.isPresent() ? scale.applyAsDouble(v.getAsLong()) : Double.NaN;
    }
}
