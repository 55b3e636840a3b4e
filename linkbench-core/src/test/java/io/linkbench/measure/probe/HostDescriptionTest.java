package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host facts a result keeps, read from procfs and sysfs fixtures. */
class HostDescriptionTest {
    @TempDir
    Path tmp;

    @Test
    void cpuMemoryAndDeviceModelsFromProcAndSys() throws Exception {
        Path proc = Files.createDirectories(tmp.resolve("proc"));
        Path sys = tmp.resolve("sys");
        Files.writeString(proc.resolve("cpuinfo"), "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Gold 6130\n");
        Files.writeString(proc.resolve("meminfo"), "MemTotal:       24684096 kB\nMemFree:  1 kB\n");
        Path nvme = Files.createDirectories(sys.resolve("class/block/nvme0n1/device"));
        Files.writeString(nvme.resolve("model"), "Samsung SSD 980 PRO 1TB                 \n");
        Path partition = Files.createDirectories(sys.resolve("class/block/nvme0n1/nvme0n1p2"));
        Files.createDirectories(sys.resolve("class/block"));
        Files.createSymbolicLink(sys.resolve("class/block/nvme0n1p2"), partition);
        Path virtio = Files.createDirectories(sys.resolve("devices/virtio1/block/vda/device"));
        Path driver = Files.createDirectories(sys.resolve("bus/virtio/drivers/virtio_blk"));
        Files.createSymbolicLink(virtio.resolve("driver"), driver);
        Files.createSymbolicLink(sys.resolve("class/block/vda"), virtio.getParent());
        HostDescription d = new HostDescription(proc, sys);
        assertEquals("Intel(R) Xeon(R) Gold 6130", d.cpuModel());
        assertEquals(24684096L * 1024, d.memoryBytes());
        assertEquals("nvme0n1: Samsung SSD 980 PRO 1TB", d.deviceModels(List.of("nvme0n1")));
        assertEquals("nvme0n1p2: Samsung SSD 980 PRO 1TB", d.deviceModels(List.of("nvme0n1p2")), "a partition's disk");
        assertEquals("vda: virtio_blk (no model)", d.deviceModels(List.of("vda")));
        assertEquals("unknown", d.deviceModels(List.of()));
        assertEquals("unknown", new HostDescription(tmp.resolve("none"), sys).cpuModel());
        assertEquals(-1, new HostDescription(tmp.resolve("none"), sys).memoryBytes());
    }
}
