package io.linkbench.measure.probe;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * What a {@link HostProbe} watches.
 *
 * @param procRoot      where procfs is mounted ({@code /proc}; tests use fixture directories)
 * @param devices       block device names whose {@code /proc/diskstats} counters are summed; may be empty
 * @param devicesOrigin one line saying how the devices were chosen, or why none were found
 * @param servers       the database's server processes, one per node of a cluster (the server figures
 *                      are their sum), never empty, names unique
 * @param clientPid     the linkbench process
 */
public record ProbeTargets(Path procRoot, List<String> devices, String devicesOrigin, List<Server> servers,
                           long clientPid) {

    /** The name of the server when there is only one. */
    public static final String SERVER = "server";

    /**
     * One server process, measured with all its descendants.
     *
     * @param name how the report names it (a node of a cluster: {@code node 2 127.0.0.1:3312})
     * @param pid  its pid when it runs on this host, else empty (then no figures for it)
     */
    public record Server(String name, OptionalLong pid) {
        public Server {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(pid, "pid");
        }
    }

    public ProbeTargets {
        Objects.requireNonNull(procRoot, "procRoot");
        devices = List.copyOf(devices);
        Objects.requireNonNull(devicesOrigin, "devicesOrigin");
        servers = List.copyOf(servers);
        if (servers.isEmpty()) {
            throw new IllegalArgumentException("no server to watch: a remote one has an empty pid");
        }
        Set<String> names = new LinkedHashSet<>();
        for (Server s : servers) {
            if (!names.add(s.name())) {
                throw new IllegalArgumentException("two servers named " + s.name());
            }
        }
    }

    /** Targets with one server, {@value #SERVER}, of pid {@code serverPid} (empty: not on this host). */
    public ProbeTargets(Path procRoot, List<String> devices, String devicesOrigin, OptionalLong serverPid, long clientPid) {
        this(procRoot, devices, devicesOrigin, List.of(new Server(SERVER, serverPid)), clientPid);
    }

    /** The pids of the servers on this host. */
    public List<Long> serverPids() {
        return servers.stream().filter(s -> s.pid().isPresent()).map(s -> s.pid().getAsLong()).toList();
    }

    /** These targets watching {@code other} server processes instead (the same devices). */
    public ProbeTargets withServers(List<Server> other) {
        return new ProbeTargets(procRoot, devices, devicesOrigin, other, clientPid);
    }

    /**
     * Targets on this host: {@code /proc} and {@code /sys}, this process as the client.
     *
     * @param dataDirectory the store's data directory when local ({@code StoreMetrics#dataDirectory()})
     * @param probeDevices  device names that override discovery ({@code probe_devices}); empty to discover
     * @param serverPid     the server process when local ({@code StoreMetrics#serverPid()} or {@code probe_server_pid})
     */
    public static ProbeTargets local(Optional<Path> dataDirectory, List<String> probeDevices, OptionalLong serverPid) {
        return resolve(Path.of("/proc"), Path.of("/sys"), dataDirectory, probeDevices, serverPid,
                ProcessHandle.current().pid());
    }

    /**
     * Targets on this host for the nodes of a cluster (or the one node of a single server).
     *
     * @param dataDirectories per node name, its data directory when it is on this host, in the nodes' order
     * @param probeDevices    device names that override discovery ({@code probe_devices}); empty to discover
     * @param servers         the nodes' processes
     */
    public static ProbeTargets local(Map<String, Optional<Path>> dataDirectories, List<String> probeDevices,
                                     List<Server> servers) {
        return resolve(Path.of("/proc"), Path.of("/sys"), dataDirectories, probeDevices, servers,
                ProcessHandle.current().pid());
    }

    /** Like {@link #local(Optional, List, OptionalLong)} with other procfs and sysfs roots and client pid. */
    public static ProbeTargets resolve(Path procRoot, Path sysRoot, Optional<Path> dataDirectory,
                                       List<String> probeDevices, OptionalLong serverPid, long clientPid) {
        return resolve(procRoot, sysRoot, Map.of(SERVER, dataDirectory), probeDevices,
                List.of(new Server(SERVER, serverPid)), clientPid);
    }

    /**
     * Like {@link #local(Map, List, List)} with other procfs and sysfs roots and client pid. The devices are
     * those holding every local data directory, each counted once.
     */
    public static ProbeTargets resolve(Path procRoot, Path sysRoot, Map<String, Optional<Path>> dataDirectories,
                                       List<String> probeDevices, List<Server> servers, long clientPid) {
        DeviceFinder finder = new DeviceFinder(procRoot, sysRoot);
        Map<String, Path> local = new LinkedHashMap<>();
        List<String> remote = new ArrayList<>();
        dataDirectories.forEach((node, dir) -> {
            if (dir.isPresent()) {
                local.put(node, dir.get());
            } else {
                remote.add(node);
            }
        });
        DeviceFinder.Choice c;
        if (!probeDevices.isEmpty()) {
            c = finder.given(probeDevices);
        } else if (local.isEmpty()) {
            c = new DeviceFinder.Choice(List.of(),
                    "no local data directory (remote server, or a store without files); name devices with probe_devices");
        } else if (dataDirectories.size() == 1) {
            c = finder.holding(local.values().iterator().next());
        } else {
            c = finder.holding(local);
            if (!remote.isEmpty()) {
                c = new DeviceFinder.Choice(c.devices(), c.origin() + "; no local data directory for "
                        + String.join(", ", remote) + " (its IO is not on these devices)");
            }
        }
        return new ProbeTargets(procRoot, c.devices(), c.origin(), servers, clientPid);
    }
}
