package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Other processes' storage IO from their own /proc/PID/io, and why no cost figure is negative any more. */
class OtherIoTest {

    private static void process(Path proc, long pid, long ppid, long start, long read, long write) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (p" + pid + ") S " + ppid + " 1 1 0 -1 0 0 0 0 0 10 10 0 0 20 0 1 0 "
                + start + " 1000 100 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0");
        Files.writeString(dir.resolve("io"), "rchar: 1\nwchar: 1\nread_bytes: " + read + "\nwrite_bytes: " + write + "\n");
    }

    @Test
    void theServersDescendantsAndLinkbenchAreNotOthers(@TempDir Path proc) throws IOException {
        process(proc, 10, 1, 100, 1_000, 2_000);       // the server
        process(proc, 11, 10, 101, 50_000, 60_000);    // a backend of the server
        process(proc, 20, 1, 200, 7_000, 8_000);       // linkbench
        process(proc, 21, 20, 201, 9_000, 9_000);      // linkbench's sync -f
        process(proc, 30, 1, 300, 4_096, 8_192);       // someone else
        OtherIo io = OtherIo.read(proc, java.util.List.of(10L), 20);
        assertEquals(java.util.Set.of(30L), io.processes().keySet());
        assertEquals(null, io.problem());
        OtherIo none = new OtherIo(java.util.Map.of(), 0, "");
        assertArrayEquals(new long[] {4_096, 8_192}, OtherIo.between(none, io), "a process started in the window");
    }

    @Test
    void aPidReusedByAnotherProcessCountsTheNewOneFromZero() {
        OtherIo a = new OtherIo(java.util.Map.of(5L, new OtherIo.Counters(100, 9_000, 9_000)), 0, "");
        OtherIo b = new OtherIo(java.util.Map.of(5L, new OtherIo.Counters(777, 1_000, 2_000)), 0, "");
        assertArrayEquals(new long[] {1_000, 2_000}, OtherIo.between(a, b), "never 1,000 - 9,000");
    }

    @Test
    void noPerOperationFigureIsNegativeWhenTheServerDirtiedMoreThanTheDevicesWrote() {
        // the fixtures: the server wrote 40,000 KiB into the page cache, the devices 28,000 KiB in the window
        CostFigures c = CostFigures.of(new HostProbe(new ProbeTargets(Fixtures.dir("start"), java.util.List.of("sda", "sdb"),
                        "test", OptionalLong.of(100), 200), () -> 0).snapshot(),
                new HostProbe(new ProbeTargets(Fixtures.dir("end"), java.util.List.of("sda", "sdb"), "test",
                        OptionalLong.of(100), 200), () -> 10_000_000_000L).snapshot(), 2000, OptionalLong.empty(),
                java.util.Map.of());
        assertTrue(c.serverWriteKbPerOp() > c.writeKbPerOp());
        c.figures().forEach((name, v) -> assertTrue(Double.isNaN(v) || v >= 0, name + " = " + v));
    }

    @Test
    void intervalSnapshotsLeaveTheOtherProcessesOut() {
        HostProbe probe = new HostProbe(new ProbeTargets(Fixtures.dir("start"), java.util.List.of("sda"), "test",
                OptionalLong.of(100), 200), () -> 0);
        assertTrue(probe.snapshot().others().isPresent());
        ProbeSnapshot interval = probe.snapshot(false);
        assertTrue(interval.others().isEmpty());
        assertEquals("not read for an interval", interval.unavailable().get(ProbeSnapshot.Part.OTHERS));
    }
}
