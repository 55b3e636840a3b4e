package io.linkbench.measure.probe;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a {@link HostProbe} watches.
 *
 * @param procRoot      where procfs is mounted ({@code /proc}; tests use fixture directories)
 * @param devices       block device names whose {@code /proc/diskstats} counters are summed; may be empty
 * @param devicesOrigin one line saying how the devices were chosen, or why none were found
 * @param serverPid     the database server's process when it runs on this host
 * @param clientPid     the linkbench process
 */
public record ProbeTargets(Path procRoot, List<String> devices, String devicesOrigin, OptionalLong serverPid,
                           long clientPid) {
    public ProbeTargets {
        Objects.requireNonNull(procRoot, "procRoot");
        devices = List.copyOf(devices);
        Objects.requireNonNull(devicesOrigin, "devicesOrigin");
        Objects.requireNonNull(serverPid, "serverPid");
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

    /** Like {@link #local} with other procfs and sysfs roots and client pid. */
    public static ProbeTargets resolve(Path procRoot, Path sysRoot, Optional<Path> dataDirectory,
                                       List<String> probeDevices, OptionalLong serverPid, long clientPid) {
        DeviceFinder finder = new DeviceFinder(procRoot, sysRoot);
        DeviceFinder.Choice c;
        if (!probeDevices.isEmpty()) {
            c = finder.given(probeDevices);
        } else if (dataDirectory.isPresent()) {
            c = finder.holding(dataDirectory.get());
        } else {
            c = new DeviceFinder.Choice(List.of(),
                    "no local data directory (remote server, or a store without files); name devices with probe_devices");
        }
        return new ProbeTargets(procRoot, c.devices(), c.origin(), serverPid, clientPid);
    }
}
