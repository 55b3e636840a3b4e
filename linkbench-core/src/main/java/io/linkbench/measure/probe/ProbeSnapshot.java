package io.linkbench.measure.probe;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One reading of the host and process counters. A part that could not be read is empty and
 * {@link #unavailable()} holds the reason under its {@link Part}.
 *
 * @param nanoTime          {@link System#nanoTime()} when the reading started
 * @param ticksPerSecond    clock ticks per second of the CPU counters
 * @param devices           the devices asked for
 * @param disks             the counters of those of them found in {@code /proc/diskstats}
 * @param cpu               host CPU and context switches from {@code /proc/stat}
 * @param servers           each server process watched (one per node of a cluster), read or with the reason why not
 * @param client            the linkbench process
 * @param others            the storage IO of every other process ({@link OtherIo}), when {@code /proc} was readable
 * @param clientJvmCpuNanos the JVM's own process CPU time in ns, when the client is this JVM (finer than ticks)
 * @param unavailable       per part that is missing or incomplete, why
 */
public record ProbeSnapshot(long nanoTime, long ticksPerSecond, List<String> devices, Map<String, DiskStat> disks,
                            Optional<CpuStat> cpu, List<ServerReading> servers, Optional<ProcessStat> client,
                            Optional<OtherIo> others,
                            OptionalLong clientJvmCpuNanos, Map<Part, String> unavailable) {

    /** The independently read parts of a snapshot. */
    public enum Part {
        /** {@code /proc/diskstats} for the chosen devices (incomplete when one of them is missing). */
        DISKS,
        /** {@code /proc/stat}. */
        CPU,
        /** The server processes (unavailable when any of them is). */
        SERVER,
        /** The linkbench process. */
        CLIENT,
        /** Every other process's {@code /proc/PID/io}. */
        OTHERS
    }

    /**
     * One server process (a node of a cluster) with all its descendants.
     *
     * @param name        the node's name ({@link ProbeTargets.Server#name()})
     * @param stat        its counters, when it runs on this host and could be read
     * @param unavailable why there are none, or "" when read
     */
    public record ServerReading(String name, Optional<ProcessStat> stat, String unavailable) {
        public ServerReading {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(stat, "stat");
            Objects.requireNonNull(unavailable, "unavailable");
        }
    }

    public ProbeSnapshot {
        devices = List.copyOf(devices);
        disks = Collections.unmodifiableMap(new LinkedHashMap<>(disks));
        Objects.requireNonNull(cpu, "cpu");
        servers = List.copyOf(servers);
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(others, "others");
        Objects.requireNonNull(clientJvmCpuNanos, "clientJvmCpuNanos");
        Map<Part, String> u = new EnumMap<>(Part.class);
        u.putAll(unavailable);
        unavailable = Collections.unmodifiableMap(u);
    }
}
