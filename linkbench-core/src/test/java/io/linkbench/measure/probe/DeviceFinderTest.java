package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device discovery on a hand-made host (probe/start/self/mountinfo, probe/start/diskstats, probe/sys): sda
 * with partitions sda1 (root) and sda2, LVM volumes dm-0 (vg-data, xfs on /var/lib/mysql) and dm-1
 * (vg-scratch, btrfs on /srv/btr) on sda2, sdb on /var/lib/mysql/redo, nvme0n1 with btrfs on /srv/fast,
 * tmpfs on /tmp, NFS on /mnt/nfs, and a bind mount at "/my data".
 */
class DeviceFinderTest {
    private final DeviceFinder finder = new DeviceFinder(Fixtures.dir("start"), Fixtures.dir("sys"));

    @Test
    void theMountHoldingTheDirectoryAndTheMountsBelowIt() {
        DeviceFinder.Choice c = finder.holdingPath("/var/lib/mysql/linkdb");
        assertEquals(List.of("dm-0"), c.devices(), c.origin());
        DeviceFinder.Choice data = finder.holdingPath("/var/lib/mysql");
        assertEquals(List.of("dm-0", "sdb"), data.devices(), data.origin());
        assertEquals("devices holding /var/lib/mysql: dm-0 (xfs on /var/lib/mysql), sdb (ext4 on /var/lib/mysql/redo)",
                data.origin());
        assertEquals(List.of("sda1"), finder.holdingPath("/var/lib/mysqlx").devices(), "a prefix is not a parent");
        assertEquals(List.of("sda1"), finder.holdingPath("/my data/x").devices(), "\\040 in mountinfo is a space");
    }

    @Test
    void theNodesOfAClusterCountEachDeviceOnce() {
        Map<String, String> nodes = new LinkedHashMap<>();
        nodes.put("node 1", "/var/lib/mysql/n1");
        nodes.put("node 2", "/var/lib/mysql");
        nodes.put("node 3", "/srv/fast/n3");
        DeviceFinder.Choice c = finder.holdingPaths(nodes);
        assertEquals(List.of("dm-0", "sdb", "nvme0n1"), c.devices(), c.origin());
        assertEquals("node 1: devices holding /var/lib/mysql/n1: dm-0 (xfs on /var/lib/mysql); node 2: devices holding"
                + " /var/lib/mysql: dm-0 (xfs on /var/lib/mysql), sdb (ext4 on /var/lib/mysql/redo); node 3: devices"
                + " holding /srv/fast/n3: nvme0n1 (btrfs on /srv/fast)", c.origin());
        nodes.put("node 4", "/");
        assertEquals(List.of("dm-0", "sdb", "nvme0n1", "sda1", "dm-1"), finder.holdingPaths(nodes).devices(),
                "in the order found, each once");
    }

    @Test
    void anonymousDeviceNumbersAreResolvedByTheMountSource() {
        // btrfs mounts show 0:N; the source names the device directly or through /dev/mapper
        assertEquals(List.of("nvme0n1"), finder.holdingPath("/srv/fast/db").devices());
        assertEquals(List.of("dm-1"), finder.holdingPath("/srv/btr").devices());
    }

    @Test
    void everyBlockDeviceBelowTheRootCountsOnce() {
        // sda1 holds "/" and also "/my data"; dm-0 and dm-1 sit on sda2, which is not chosen, so nothing is stacked
        assertEquals(List.of("sda1", "dm-0", "sdb", "dm-1", "nvme0n1"), finder.holdingPath("/").devices());
    }

    @Test
    void noBlockDeviceSaysWhy() {
        DeviceFinder.Choice tmp = finder.holdingPath("/tmp/x");
        assertEquals(List.of(), tmp.devices());
        assertEquals("/tmp/x is on tmpfs (tmpfs, mount /tmp), not a block device; name devices with probe_devices",
                tmp.origin());
        DeviceFinder.Choice nfs = finder.holdingPath("/mnt/nfs/d");
        assertEquals(List.of(), nfs.devices());
        assertTrue(nfs.origin().contains("nfs4 (server:/export"), nfs.origin());
    }

    @Test
    void stackedDevicesAreCountedOnceAtTheBottom() {
        assertEquals(Set.of("sda2", "sda"), finder.below("dm-0"));
        assertEquals(Set.of("sda"), finder.below("sda1"));
        assertEquals(Set.of(), finder.below("sdb"));
        DeviceFinder.Choice c = finder.given(List.of("sda", "/dev/sda1", "dm-0", " sdb "));
        assertEquals(List.of("sda", "sdb"), c.devices());
        assertEquals("probe_devices sda,sdb; sda1 left out: its IO is counted in sda; "
                + "dm-0 left out: its IO is counted in sda", c.origin());
        assertEquals(List.of("sda2"), finder.given(List.of("dm-0", "sda2", "dm-1")).devices());
    }

    @Test
    void devicesOnTheRealHostTheFixturesWereCopiedFrom(@TempDir Path noSys) {
        // real mountinfo: "27 1 254:0 / / rw,relatime - ext4 /dev/vda ..."; real diskstats: " 254 0 vda ..."
        DeviceFinder real = new DeviceFinder(Fixtures.dir("real"), noSys);
        assertEquals(new DeviceFinder.Choice(List.of("vda"), "devices holding /srv/linkbench: vda (ext4 on /)"),
                real.holdingPath("/srv/linkbench"));
        assertEquals(List.of(), real.holdingPath("/dev/shm/x").devices(), real.holdingPath("/dev/shm/x").origin());
    }

    @Test
    void missingProcRootSaysWhy(@TempDir Path tmp) throws Exception {
        ProbeTargets t = ProbeTargets.resolve(tmp.resolve("proc"), tmp.resolve("sys"), Optional.of(tmp), List.of(),
                OptionalLong.empty(), 1);
        assertEquals(List.of(), t.devices());
        assertTrue(t.devicesOrigin().startsWith("cannot map " + tmp.toRealPath() + " to devices: no such file "),
                t.devicesOrigin());
        ProbeTargets remote = ProbeTargets.resolve(tmp, tmp, Optional.empty(), List.of(), OptionalLong.empty(), 1);
        assertEquals("no local data directory (remote server, or a store without files); name devices with "
                + "probe_devices", remote.devicesOrigin());
    }
}
