package io.linkbench.measure.probe;

import io.linkbench.measure.probe.ProbeSnapshot.Part;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * What the counters did between two {@link ProbeSnapshot}s. Each counter is empty when it could not be
 * measured over the whole interval (missing at either end, a device or process that changed, a counter
 * that went backwards), and {@link #unavailable()} then holds one line saying why. CPU times are in ns,
 * converted from clock ticks. Disk counters are sums over the devices.
 *
 * @param seconds            time between the snapshots ({@link System#nanoTime()})
 * @param devices            the devices the disk counters sum over
 * @param diskReads          reads completed
 * @param diskSectorsRead    512-byte sectors read
 * @param diskSectorsWritten 512-byte sectors written
 * @param hostBusyNanos      host CPU busy time, all CPUs (user+nice+system+irq+softirq+steal)
 * @param hostTotalNanos     host CPU time, all CPUs, busy plus idle plus iowait
 * @param contextSwitches    host context switches
 * @param serverCpuNanos     server process user+system CPU (of a cluster: summed over its nodes, empty when
 *                           one of them could not be measured)
 * @param serverReadBytes    bytes the server process caused to be read from storage (summed likewise)
 * @param serverWriteBytes   bytes the server process caused to be written to storage (summed likewise)
 * @param serverRssKb        server resident set size at the end, KiB (a level, not a difference; summed likewise)
 * @param clientCpuNanos     linkbench process CPU (the JVM's own measure when available, else ticks)
 * @param othersReadBytes    bytes every other process caused to be read from storage, each from its own
 *                           {@code /proc/PID/io} ({@link OtherIo}): the server's quantity, not the devices'
 * @param othersWriteBytes   bytes every other process caused to be written to storage, likewise
 * @param unavailable        one line per group of counters that could not be measured
 * @param serverIsClient     the server process is linkbench itself (an embedded store): its CPU is
 *                           counted once
 * @param nodes              each server process (node) on its own, in the order of the targets; the server
 *                           figures are their sums
 */
public record ProbeDelta(double seconds, List<String> devices, OptionalLong diskReads, OptionalLong diskSectorsRead,
                         OptionalLong diskSectorsWritten, OptionalLong hostBusyNanos, OptionalLong hostTotalNanos,
                         OptionalLong contextSwitches, OptionalLong serverCpuNanos, OptionalLong serverReadBytes,
                         OptionalLong serverWriteBytes, OptionalLong serverRssKb, OptionalLong clientCpuNanos,
                         OptionalLong othersReadBytes, OptionalLong othersWriteBytes, List<String> unavailable, boolean serverIsClient,
                         List<NodeDelta> nodes) {
    private static final OptionalLong NONE = OptionalLong.empty();

    public ProbeDelta {
        devices = List.copyOf(devices);
        unavailable = List.copyOf(unavailable);
        nodes = List.copyOf(nodes);
        for (OptionalLong o : new OptionalLong[] {diskReads, diskSectorsRead, diskSectorsWritten, hostBusyNanos,
                hostTotalNanos, contextSwitches, serverCpuNanos, serverReadBytes, serverWriteBytes, serverRssKb,
                clientCpuNanos, othersReadBytes, othersWriteBytes}) {
            Objects.requireNonNull(o);
        }
    }

    /** A delta without a per-node breakdown (the server figures as given). */
    public ProbeDelta(double seconds, List<String> devices, OptionalLong diskReads, OptionalLong diskSectorsRead,
                      OptionalLong diskSectorsWritten, OptionalLong hostBusyNanos, OptionalLong hostTotalNanos,
                      OptionalLong contextSwitches, OptionalLong serverCpuNanos, OptionalLong serverReadBytes,
                      OptionalLong serverWriteBytes, OptionalLong serverRssKb, OptionalLong clientCpuNanos,
                      OptionalLong othersReadBytes, OptionalLong othersWriteBytes, List<String> unavailable,
                      boolean serverIsClient) {
        this(seconds, devices, diskReads, diskSectorsRead, diskSectorsWritten, hostBusyNanos, hostTotalNanos,
                contextSwitches, serverCpuNanos, serverReadBytes, serverWriteBytes, serverRssKb, clientCpuNanos,
                othersReadBytes, othersWriteBytes, unavailable, serverIsClient, List.of());
    }

    /** The differences from {@code start} to {@code end}. */
    public static ProbeDelta between(ProbeSnapshot start, ProbeSnapshot end) {
        List<String> why = new ArrayList<>();
        double seconds = (end.nanoTime() - start.nanoTime()) / 1e9;
        if (seconds <= 0) {
            why.add("rates: the end snapshot was not taken after the start");
        }
        long hz = start.ticksPerSecond();

        long[] disk = disk(start, end, why);
        OptionalLong reads = disk == null ? NONE : OptionalLong.of(disk[0]);
        OptionalLong sectorsRead = disk == null ? NONE : OptionalLong.of(disk[1]);
        OptionalLong sectorsWritten = disk == null ? NONE : OptionalLong.of(disk[2]);

        OptionalLong busy = NONE;
        OptionalLong total = NONE;
        OptionalLong ctxt = NONE;
        String cpuWhy = missing(start, end, Part.CPU);
        if (cpuWhy != null) {
            why.add("host CPU and context switches: " + cpuWhy);
        } else {
            CpuStat a = start.cpu().orElseThrow();
            CpuStat b = end.cpu().orElseThrow();
            String back = first(backwards("busy ticks", a.busyTicks(), b.busyTicks()),
                    backwards("busy+idle+iowait ticks", a.totalTicks(), b.totalTicks()));
            if (back != null) {
                why.add("host CPU: " + back);
            } else {
                busy = OptionalLong.of(nanos(b.busyTicks() - a.busyTicks(), hz));
                total = OptionalLong.of(nanos(b.totalTicks() - a.totalTicks(), hz));
                if (total.getAsLong() == 0) {
                    why.add("host CPU busy %: no clock tick elapsed between the snapshots");
                }
            }
            back = backwards("ctxt", a.contextSwitches(), b.contextSwitches());
            if (back != null) {
                why.add("context switches: " + back);
            } else {
                ctxt = OptionalLong.of(b.contextSwitches() - a.contextSwitches());
            }
        }

        List<NodeDelta> nodes = nodes(start, end, hz, why);
        OptionalLong serverCpu = sum(nodes, NodeDelta::cpuNanos);
        OptionalLong serverRead = sum(nodes, NodeDelta::readBytes);
        OptionalLong serverWrite = sum(nodes, NodeDelta::writeBytes);
        OptionalLong serverRss = sum(nodes, NodeDelta::rssKb);
        if (nodes.size() > 1 && (serverCpu.isEmpty() || serverRead.isEmpty() || serverRss.isEmpty())) {
            why.add("server figures (the sum over the " + nodes.size() + " nodes): not every node could be measured,"
                    + " so the sums are left out; the nodes' own figures are in the breakdown by node");
        }

        OptionalLong clientCpu = NONE;
        if (start.clientJvmCpuNanos().isPresent() && end.clientJvmCpuNanos().isPresent()
                && end.clientJvmCpuNanos().getAsLong() >= start.clientJvmCpuNanos().getAsLong()) {
            clientCpu = OptionalLong.of(end.clientJvmCpuNanos().getAsLong() - start.clientJvmCpuNanos().getAsLong());
        } else {
            String clientWhy = sameClient(start, end);
            if (clientWhy != null) {
                why.add("client process: " + clientWhy);
            } else {
                clientCpu = ticksDelta("client CPU", start.client().orElseThrow(), end.client().orElseThrow(), hz, why);
            }
        }
        OptionalLong othersRead = NONE;
        OptionalLong othersWrite = NONE;
        String othersWhy = missing(start, end, Part.OTHERS);
        if (othersWhy == null) {
            othersWhy = start.others().orElseThrow().problem();
        }
        if (othersWhy == null) {
            othersWhy = end.others().orElseThrow().problem();
        }
        if (othersWhy != null) {
            why.add("other processes' IO: " + othersWhy);
        } else {
            long[] io = OtherIo.between(start.others().orElseThrow(), end.others().orElseThrow());
            othersRead = OptionalLong.of(io[0]);
            othersWrite = OptionalLong.of(io[1]);
        }
        return new ProbeDelta(seconds, start.devices(), reads, sectorsRead, sectorsWritten, busy, total, ctxt,
                serverCpu, serverRead, serverWrite, serverRss, clientCpu, othersRead, othersWrite, why,
                start.client().isPresent() && start.servers().stream().anyMatch(s -> s.stat().isPresent()
                        && s.stat().get().pid() == start.client().get().pid()), nodes);
    }

    /** Each node's delta; its unavailable lines added to {@code why}, prefixed with {@code server} (and its name). */
    private static List<NodeDelta> nodes(ProbeSnapshot start, ProbeSnapshot end, long hz, List<String> why) {
        List<NodeDelta> out = new ArrayList<>();
        List<String> names = start.servers().stream().map(ProbeSnapshot.ServerReading::name).toList();
        if (!names.equals(end.servers().stream().map(ProbeSnapshot.ServerReading::name).toList())) {
            why.add("server process: the snapshots are of different servers " + names + " and "
                    + end.servers().stream().map(ProbeSnapshot.ServerReading::name).toList());
            return out;
        }
        boolean one = names.size() == 1;
        for (int i = 0; i < names.size(); i++) {
            NodeDelta n = NodeDelta.between(start.servers().get(i), end.servers().get(i), hz);
            n.unavailable().forEach(u -> why.add("server " + (one ? "" : n.name() + ": ") + u));
            out.add(n);
        }
        return out;
    }

    /** The sum over the nodes, or empty when there is no node or one of them lacks the counter. */
    private static OptionalLong sum(List<NodeDelta> nodes, java.util.function.Function<NodeDelta, OptionalLong> counter) {
        long total = 0;
        for (NodeDelta n : nodes) {
            OptionalLong v = counter.apply(n);
            if (v.isEmpty()) {
                return NONE;
            }
            total += v.getAsLong();
        }
        return nodes.isEmpty() ? NONE : OptionalLong.of(total);
    }

    /** Host CPU busy percent of all CPUs' time (0 to 100), NaN when unavailable. */
    public double hostCpuBusyPct() {
        if (hostBusyNanos.isEmpty() || hostTotalNanos.isEmpty() || hostTotalNanos.getAsLong() == 0) {
            return Double.NaN;
        }
        return 100.0 * hostBusyNanos.getAsLong() / hostTotalNanos.getAsLong();
    }

    /** The same counters per second, for the interval CSV. */
    public Rates rates() {
        return new Rates(seconds, perSecond(diskReads, 1), perSecond(diskSectorsRead, 0.5),
                perSecond(diskSectorsWritten, 0.5), hostCpuBusyPct(), perSecond(serverCpuNanos, 1e-9),
                perSecond(clientCpuNanos, 1e-9), perSecond(contextSwitches, 1));
    }

    private double perSecond(OptionalLong v, double scale) {
        return v.isPresent() && seconds > 0 ? v.getAsLong() * scale / seconds : Double.NaN;
    }

    /** reads, sectors read, sectors written summed over the devices, or null with a reason added. */
    private static long[] disk(ProbeSnapshot start, ProbeSnapshot end, List<String> why) {
        String problem = missing(start, end, Part.DISKS);
        if (problem == null && !start.devices().equals(end.devices())) {
            problem = "the snapshots are of different devices " + start.devices() + " and " + end.devices();
        }
        long[] sum = new long[3];
        if (problem == null) {
            for (String d : start.devices()) {
                DiskStat a = start.disks().get(d);
                DiskStat b = end.disks().get(d);
                problem = deviceProblem(a, b);
                if (problem != null) {
                    break;
                }
                sum[0] += b.readsCompleted() - a.readsCompleted();
                sum[1] += b.sectorsRead() - a.sectorsRead();
                sum[2] += b.sectorsWritten() - a.sectorsWritten();
            }
        }
        if (problem != null) {
            why.add("disk IO: " + problem);
            return null;
        }
        return sum;
    }

    /** Why one device's counters cannot be compared, or null. */
    private static String deviceProblem(DiskStat a, DiskStat b) {
        if (a.major() != b.major() || a.minor() != b.minor()) {
            return "device " + a.name() + " changed from " + a.major() + ":" + a.minor() + " to " + b.major() + ":"
                    + b.minor() + " (replaced)";
        }
        String back = first(backwards("reads", a.readsCompleted(), b.readsCompleted()),
                backwards("sectors read", a.sectorsRead(), b.sectorsRead()),
                backwards("sectors written", a.sectorsWritten(), b.sectorsWritten()));
        return back == null ? null : "device " + a.name() + ": " + back;
    }

    static OptionalLong ticksDelta(String what, ProcessStat a, ProcessStat b, long hz, List<String> why) {
        String back = backwards("utime+stime", a.cpuTicks(), b.cpuTicks());
        if (back != null) {
            why.add(what + ": " + back);
            return NONE;
        }
        return OptionalLong.of(nanos(b.cpuTicks() - a.cpuTicks(), hz));
    }

    /** Why the client process is not comparable between the snapshots, or null. */
    private static String sameClient(ProbeSnapshot start, ProbeSnapshot end) {
        String m = missing(start, end, Part.CLIENT);
        if (m != null) {
            return m;
        }
        return replaced(start.client().orElseThrow(), end.client().orElseThrow());
    }

    /** Says that {@code b} is another process than {@code a} (pid or start time differ), or null when it is the same. */
    static String replaced(ProcessStat a, ProcessStat b) {
        if (a.pid() != b.pid() || a.startTimeTicks() != b.startTimeTicks()) {
            return "process " + a.pid() + " was replaced by another between the snapshots (pid " + b.pid()
                    + ", start time " + a.startTimeTicks() + " -> " + b.startTimeTicks() + " ticks)";
        }
        return null;
    }

    /** The reason a part is missing at the start or the end, or null when both have it. */
    private static String missing(ProbeSnapshot start, ProbeSnapshot end, Part part) {
        String a = start.unavailable().get(part);
        if (a != null) {
            return "at the start: " + a;
        }
        String b = end.unavailable().get(part);
        return b == null ? null : "at the end: " + b;
    }

    /** Says that an unsigned counter decreased, or null when it did not. */
    static String backwards(String name, long before, long after) {
        if (Long.compareUnsigned(after, before) >= 0) {
            return null;
        }
        return name + " went backwards (" + Long.toUnsignedString(before) + " -> " + Long.toUnsignedString(after)
                + "): counter wrapped or reset";
    }

    /** The first non-null reason, or null. */
    static String first(String... reasons) {
        for (String r : reasons) {
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    private static long nanos(long ticks, long hz) {
        return 1_000_000_000L % hz == 0 ? ticks * (1_000_000_000L / hz) : Math.round(ticks * 1e9 / hz);
    }
}
