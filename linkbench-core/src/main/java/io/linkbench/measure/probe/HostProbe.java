package io.linkbench.measure.probe;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Takes {@link ProbeSnapshot}s of the kernel's counters for a set of {@link ProbeTargets}. A snapshot
 * reads six small procfs files (about a millisecond or less), plus, for a window's ends, every other
 * process's {@code stat} and {@code io} (a few ms per hundred processes), so it can be taken every few
 * seconds. Thread-safe: it keeps no state between snapshots.
 */
public final class HostProbe {
    private final ProbeTargets targets;
    private final LongSupplier nanoClock;
    private final long ticksPerSecond;
    private final com.sun.management.OperatingSystemMXBean jvm;

    public HostProbe(ProbeTargets targets) {
        this(targets, System::nanoTime);
    }

    HostProbe(ProbeTargets targets, LongSupplier nanoClock) {
        this.targets = targets;
        this.nanoClock = nanoClock;
        this.ticksPerSecond = ClockTicks.of(targets.procRoot());
        this.jvm = targets.clientPid() == ProcessHandle.current().pid()
                && ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os : null;
    }

    public ProbeTargets targets() {
        return targets;
    }

    /** Clock ticks per second of the CPU counters: AT_CLKTCK from {@code self/auxv}, else 100. */
    public long ticksPerSecond() {
        return ticksPerSecond;
    }

    /** Reads the counters now, every other process's IO included. Never throws: what cannot be read is absent, with the reason. */
    public ProbeSnapshot snapshot() {
        return snapshot(true);
    }

    /**
     * Reads the counters now; {@code withOthers}: also every other process's {@code /proc/PID/io} ({@link OtherIo}:
     * about 0.2 ms per process on a busy 2-core host, so the interval rates, which do not use it, leave it out).
     */
    public ProbeSnapshot snapshot(boolean withOthers) {
        long now = nanoClock.getAsLong();
        Map<ProbeSnapshot.Part, String> why = new EnumMap<>(ProbeSnapshot.Part.class);
        Map<String, DiskStat> disks = new LinkedHashMap<>();
        if (targets.devices().isEmpty()) {
            why.put(ProbeSnapshot.Part.DISKS, "no devices: " + targets.devicesOrigin());
        } else {
            try {
                Map<String, DiskStat> all = DiskStat.readAll(targets.procRoot());
                for (String d : targets.devices()) {
                    DiskStat s = all.get(d);
                    if (s == null) {
                        why.merge(ProbeSnapshot.Part.DISKS, "device " + d + " not in diskstats", (a, b) -> a + "; " + b);
                    } else {
                        disks.put(d, s);
                    }
                }
            } catch (IOException | RuntimeException e) {
                why.put(ProbeSnapshot.Part.DISKS, "diskstats: " + describe(e));
            }
        }
        Optional<CpuStat> cpu = Optional.empty();
        try {
            cpu = Optional.of(CpuStat.read(targets.procRoot()));
        } catch (IOException | RuntimeException e) {
            why.put(ProbeSnapshot.Part.CPU, "stat: " + describe(e));
        }
        List<ProbeSnapshot.ServerReading> servers = servers(why);
        Optional<ProcessStat> client = process(targets.clientPid(), ProbeSnapshot.Part.CLIENT, why);
        Optional<OtherIo> others = Optional.empty();
        if (!withOthers) {
            why.put(ProbeSnapshot.Part.OTHERS, "not read for an interval");
        } else {
            try {
                others = Optional.of(OtherIo.read(targets.procRoot(), targets.serverPids(), targets.clientPid()));
            } catch (IOException | RuntimeException e) {
                why.put(ProbeSnapshot.Part.OTHERS, "processes: " + describe(e));
            }
        }
        long jvmNanos = jvm == null ? -1 : jvm.getProcessCpuTime();
        return new ProbeSnapshot(now, ticksPerSecond, targets.devices(), disks, cpu, servers, client, others,
                jvmNanos >= 0 ? OptionalLong.of(jvmNanos) : OptionalLong.empty(), why);
    }

    /**
     * Each server process with its descendants; when one cannot be read, the reason under {@code SERVER}
     * (prefixed with the node's name when there are several).
     */
    private List<ProbeSnapshot.ServerReading> servers(Map<ProbeSnapshot.Part, String> why) {
        List<ProbeSnapshot.ServerReading> out = new ArrayList<>();
        boolean one = targets.servers().size() == 1;
        for (ProbeTargets.Server s : targets.servers()) {
            Map<ProbeSnapshot.Part, String> nodeWhy = new EnumMap<>(ProbeSnapshot.Part.class);
            Optional<ProcessStat> stat = Optional.empty();
            if (s.pid().isEmpty()) {
                nodeWhy.put(ProbeSnapshot.Part.SERVER, one ? "no server process on this host known (set probe_server_pid)"
                        : "not on this host (or its process was not found): no figures");
            } else {
                stat = process(s.pid().getAsLong(), ProbeSnapshot.Part.SERVER, nodeWhy);
            }
            String reason = nodeWhy.getOrDefault(ProbeSnapshot.Part.SERVER, "");
            if (!reason.isEmpty()) {
                why.merge(ProbeSnapshot.Part.SERVER, one ? reason : s.name() + ": " + reason, (a, b) -> a + "; " + b);
            }
            out.add(new ProbeSnapshot.ServerReading(s.name(), stat, reason));
        }
        return out;
    }

    private Optional<ProcessStat> process(long pid, ProbeSnapshot.Part part, Map<ProbeSnapshot.Part, String> why) {
        try {
            return Optional.of(part == ProbeSnapshot.Part.SERVER ? ProcessStat.readTree(targets.procRoot(), pid)
                    : ProcessStat.read(targets.procRoot(), pid));
        } catch (NoSuchFileException e) {
            why.put(part, "process " + pid + " not running (no " + e.getFile() + ")");
        } catch (IOException | RuntimeException e) {
            why.put(part, "process " + pid + ": " + describe(e));
        }
        return Optional.empty();
    }

    /** A short description of a read failure, e.g. {@code no such file /proc/diskstats}. */
    static String describe(Exception e) {
        if (e instanceof NoSuchFileException n) {
            return "no such file " + n.getFile();
        }
        if (e instanceof AccessDeniedException a) {
            return "access denied to " + a.getFile();
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
