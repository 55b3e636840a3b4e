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
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

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
    public PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
        if (windowStart == null) {
            return PhaseCost.NONE;
        }
        CostFigures c = CostFigures.of(windowStart, probe.snapshot(), operations,
                sizeBytes < 0 ? OptionalLong.empty() : OptionalLong.of(sizeBytes), storeCounters);
        windowStart = null;
        return new PhaseCost(c.figures(), c.unavailable());
    }
}
