package io.linkbench.run;

import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.probe.CostFigures;
import io.linkbench.measure.probe.CostSegments;
import io.linkbench.measure.probe.MemInfo;
import io.linkbench.measure.probe.HostProbe;
import io.linkbench.measure.probe.ProbeDelta;
import io.linkbench.measure.probe.ProbeSnapshot;
import io.linkbench.measure.probe.ProbeTargets;
import io.linkbench.store.GraphStore;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreMetrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The cost of each phase from the host and process probe (metrics.md): snapshots at the start and end
 * of the measured window and at every interval, turned into the named {@link PhaseCost} figures (per
 * operation, and the raw totals that {@code merge} sums across client hosts) and the interval rates.
 * Runs on the phase's monitoring thread only.
 */
public final class CostProbe implements PhaseObserver {
    private final HostProbe probe;
    private ProbeSnapshot windowStart;
    private Optional<MemInfo> memAtStart = Optional.empty();
    private CostSegments segments;
    private ProbeSnapshot lastInterval;

    public CostProbe(HostProbe probe) {
        this.probe = probe;
    }

    /**
     * A probe of this host for {@code store}: the devices holding its data (or {@code probe_devices}) and its
     * server processes, one per node of a cluster ({@link StoreMetrics#serverNodes()}; a node with the pid of an
     * earlier one is that server again, under another address, and is left out), or the one process of
     * {@code probe_server_pid}. The nodes are asked of the store within a deadline ({@link MetricsReader}: a
     * server that does not answer gives one node with neither data directory nor process).
     */
    public static CostProbe local(GraphStore store, RunConfig run) {
        return local(store, run, new MetricsReader());
    }

    /** {@link #local(GraphStore, RunConfig)} asking the store through the run's {@code reads}. */
    public static CostProbe local(GraphStore store, RunConfig run, MetricsReader reads) {
        List<ServerNode> single = List.of(new ServerNode(ServerNode.SINGLE, OptionalInt.empty(), Optional.empty()));
        List<ServerNode> nodes = store instanceof StoreMetrics m
                ? reads.read("server nodes", m::serverNodes, MetricsReader.COUNTERS).orElse(single)
                : single;
        Map<String, Optional<Path>> dataDirs = new LinkedHashMap<>();
        List<ProbeTargets.Server> servers = new ArrayList<>();
        for (ServerNode n : distinct(nodes)) {
            dataDirs.put(n.name(), n.dataDirectory());
            servers.add(new ProbeTargets.Server(n.name(),
                    n.pid().isPresent() ? OptionalLong.of(n.pid().getAsInt()) : OptionalLong.empty()));
        }
        if (run.probeServerPid().isPresent()) {
            servers = List.of(new ProbeTargets.Server(ProbeTargets.SERVER, run.probeServerPid()));
        }
        return new CostProbe(new HostProbe(ProbeTargets.local(dataDirs, run.probeDevices(), servers)));
    }

    /** {@code nodes} without those whose pid an earlier one has (one server under two addresses, counted once). */
    static List<ServerNode> distinct(List<ServerNode> nodes) {
        java.util.Set<Integer> pids = new java.util.HashSet<>();
        return nodes.stream().filter(n -> n.pid().isEmpty() || pids.add(n.pid().getAsInt())).toList();
    }

    /**
     * The server nodes the probe measures, for the report's facts, e.g. {@code node 1 127.0.0.1:3311 (pid 4171);
     * node 2 10.0.0.7:3306 (not on this host)}; empty for a single server.
     */
    public Optional<String> nodesFact() {
        List<ProbeTargets.Server> servers = probe.targets().servers();
        if (servers.size() < 2) {
            return Optional.empty();
        }
        List<String> each = servers.stream().map(s -> s.name() + (s.pid().isPresent() ? " (pid " + s.pid().getAsLong()
                + ")" : " (not on this host, or its process not found: not measured)")).toList();
        return Optional.of(String.join("; ", each));
    }

    /** The block devices the probe counts (those holding the data), possibly none. */
    public List<String> devices() {
        return probe.targets().devices();
    }

    /** How the devices were chosen (or why none were), for the report's facts. */
    public String devicesOrigin() {
        return probe.targets().devicesOrigin();
    }

    @Override
    public void windowStarted(Phase phase, int loop) {
        memAtStart = MemInfo.read(probe.targets().procRoot());
        windowStart = probe.snapshot();
        segments = new CostSegments(windowStart);
        lastInterval = windowStart;
    }

    @Override
    public void segmentEnded(String name, Map<String, Long> storeCounters) {
        if (segments != null) {
            segments.end(name, probe.snapshot(), storeCounters);
        }
    }

    @Override
    public Map<String, Double> intervalRates() {
        ProbeSnapshot now = probe.snapshot(false); // the rates need no other process's IO
        Map<String, Double> rates = lastInterval == null ? Map.of() : ProbeDelta.between(lastInterval, now).rates().asMap();
        lastInterval = now;
        return rates;
    }

    @Override
    public PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
        if (windowStart == null) {
            return PhaseCost.NONE;
        }
        OptionalLong size = sizeBytes < 0 ? OptionalLong.empty() : OptionalLong.of(sizeBytes);
        PhaseCost cost;
        if (segments.isEmpty()) {
            CostFigures c = CostFigures.of(windowStart, probe.snapshot(), operations, size, storeCounters);
            cost = new PhaseCost(c.figures(), c.unavailable()).withNodes(c.nodeCosts());
        } else {
            cost = segments.cost(operations, size);
        }
        Optional<MemInfo> memAtEnd = MemInfo.read(probe.targets().procRoot());
        windowStart = null;
        segments = null;
        if (devices().isEmpty()) { // a store that writes no files here (in memory, or a remote server)
            return cost.plus(Map.of(PhaseCost.DIRTY_KB_PER_OP, Double.NaN), List.of(PhaseCost.NO_FILES_DIRTY));
        }
        return cost.plus(dirtyFigures(memAtStart, memAtEnd, operations), dirtyUnavailable(memAtStart, memAtEnd));
    }

    /**
     * Why {@code dirtyKB/op} is unavailable, or nothing: {@code /proc/meminfo} unread, or fewer unwritten pages
     * at the end than at the start. The latter means the devices wrote, in the window, pages dirtied before it:
     * how much of the window's own writes is still in the page cache cannot be told apart from that, so the
     * figure is "unattributed" rather than a negative number.
     */
    static List<String> dirtyUnavailable(Optional<MemInfo> start, Optional<MemInfo> end) {
        if (start.isEmpty() || end.isEmpty()) {
            return List.of("dirty pages: /proc/meminfo has no Dirty: and Writeback: lines (not Linux?)");
        }
        long before = start.get().unwrittenKb();
        long after = end.get().unwrittenKb();
        if (after >= before) {
            return List.of();
        }
        return List.of(PhaseCost.DIRTY_KB_PER_OP + ": unattributed: the window started with " + before
                + " KB dirty or under writeback and ended with " + after + " KB, so the devices wrote pages dirtied"
                + " before it (counted in wKB); what the window itself left unwritten cannot be told apart");
    }

    /**
     * The change of Dirty + Writeback per operation (NaN when it shrank: {@link #dirtyUnavailable}), the change
     * itself (a raw total that may be negative, kept for merging), and both readings; NaN when unread.
     */
    static Map<String, Double> dirtyFigures(Optional<MemInfo> start, Optional<MemInfo> end, long operations) {
        Map<String, Double> f = new LinkedHashMap<>();
        boolean both = start.isPresent() && end.isPresent();
        double change = both ? end.get().unwrittenKb() - start.get().unwrittenKb() : Double.NaN;
        f.put(PhaseCost.DIRTY_KB_PER_OP, operations > 0 && change >= 0 ? change / operations : Double.NaN);
        f.put(PhaseCost.DIRTY_CHANGE_KB, change);
        f.put(PhaseCost.DIRTY_START_KB, start.map(m -> (double) m.dirtyKb()).orElse(Double.NaN));
        f.put(PhaseCost.WRITEBACK_START_KB, start.map(m -> (double) m.writebackKb()).orElse(Double.NaN));
        f.put(PhaseCost.DIRTY_END_KB, end.map(m -> (double) m.dirtyKb()).orElse(Double.NaN));
        f.put(PhaseCost.WRITEBACK_END_KB, end.map(m -> (double) m.writebackKb()).orElse(Double.NaN));
        return f;
    }
}
