package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Parsing of the kernel's files: copies of a real /proc (probe/real) and hand-made ones. */
class ProcFilesTest {
    private final Path real = Fixtures.dir("real");

    @Test
    void diskstatsOfARealHost() throws Exception {
        Map<String, DiskStat> disks = DiskStat.readAll(real);
        assertEquals(List.of("loop0", "loop1", "loop2", "loop3", "loop4", "loop5", "loop6", "loop7", "vda", "zram0"),
                List.copyOf(disks.keySet()));
        // " 254 0 vda 79511 8422 4102706 28705 2490125 112276 61937168 526027 0 423988 ...": fields 4, 6, 8, 10, 13
        assertEquals(new DiskStat(254, 0, "vda", 79511, 4102706, 2490125, 61937168, 423988), disks.get("vda"));
    }

    @Test
    void diskstatsSkipsTheOldShortPartitionFormatAndReadsUnsignedCounters() {
        Map<String, DiskStat> disks = DiskStat.parse(List.of(
                "   8       1 sda1 100 200 300 400",
                "   8       0 sda 1 0 18446744073709551615 0 2 0 3 0 0 4 0"));
        assertEquals(List.of("sda"), List.copyOf(disks.keySet()));
        assertEquals(-1L, disks.get("sda").sectorsRead(), "2^64-1 is kept as the unsigned bit pattern");
    }

    @Test
    void procStatOfARealHost() throws Exception {
        CpuStat cpu = CpuStat.read(real);
        // "cpu  419982 0 55966 73669 905 0 5832 1810 0 0", "ctxt 27529501"
        assertEquals(new CpuStat(419982, 0, 55966, 73669, 905, 0, 5832, 1810, 27529501), cpu);
        assertEquals(419982 + 55966 + 5832 + 1810, cpu.busyTicks());          // 483590
        assertEquals(483590 + 73669 + 905, cpu.totalTicks());                  // 558164
    }

    @Test
    void procStatWithoutCpuOrCtxtIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> CpuStat.parse(List.of("ctxt 5")));
        assertThrows(IllegalArgumentException.class, () -> CpuStat.parse(List.of("cpu  1 2 3 4 5 6 7 8 0 0")));
        assertThrows(IllegalArgumentException.class, () -> CpuStat.parse(List.of("cpu  1 2 3 4", "ctxt 5")));
    }

    @Test
    void processFilesOfARealProcess() throws Exception {
        // a shell that looped and wrote 300 KB: "12398 (sh) S ... 32 0 ... 280523 2654208 404 ...", VmRSS 1732 kB
        ProcessStat p = ProcessStat.read(real, 12398);
        assertEquals(new ProcessStat(12398, "sh", 32, 0, 280523, OptionalLong.of(1732), OptionalLong.of(40960),
                OptionalLong.of(335872)), p);
        assertEquals(32, p.cpuTicks());
    }

    @Test
    void commandWithSpacesAndParenthesesAndMissingStatusAndIo() throws Exception {
        // start/200 has stat and status but no io file
        ProcessStat p = ProcessStat.read(Fixtures.dir("start"), 200);
        assertEquals("lb (client) 1", p.command());
        assertEquals(800, p.utimeTicks());
        assertEquals(200, p.stimeTicks());
        assertEquals(20000, p.startTimeTicks());
        assertEquals(OptionalLong.of(240000), p.rssKb());
        assertEquals(OptionalLong.empty(), p.readBytes());
        assertEquals(OptionalLong.empty(), p.writeBytes());
        ProcessStat kernelThread = ProcessStat.parse("2 (kthreadd) S 0 0 0 0 -1 2129984 0 0 0 0 7 9 0 0 20 0 1 0 "
                + "3 0 0 18446744073709551615 0 0 0 0 0 0 0 2147483647 0 0 0 0 17 1 0 0 0 0 0", List.of("Name:\tkthreadd"),
                List.of());
        assertEquals(16, kernelThread.cpuTicks());
        assertEquals(OptionalLong.empty(), kernelThread.rssKb());
    }

    @Test
    void aProcessThatIsGoneIsNoSuchFile() {
        assertThrows(NoSuchFileException.class, () -> ProcessStat.read(real, 4242));
    }

    @Test
    void clockTicksFromTheAuxiliaryVector() throws Exception {
        // the real vector (x86_64, little-endian 8-byte words) holds AT_CLKTCK (17) = 100
        byte[] auxv = Files.readAllBytes(real.resolve("self/auxv"));
        assertEquals(OptionalLong.of(100), ClockTicks.fromAuxv(auxv, 8, ByteOrder.LITTLE_ENDIAN));
        // hand-made 32-bit big-endian vector: AT_PAGESZ (6) = 4096, AT_CLKTCK = 250, AT_NULL
        ByteBuffer b = ByteBuffer.allocate(24).order(ByteOrder.BIG_ENDIAN);
        b.putInt(6).putInt(4096).putInt(17).putInt(250).putInt(0).putInt(0);
        assertEquals(OptionalLong.of(250), ClockTicks.fromAuxv(b.array(), 4, ByteOrder.BIG_ENDIAN));
        // AT_CLKTCK after AT_NULL is not part of the vector
        ByteBuffer c = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        c.putLong(0).putLong(0).putLong(17).putLong(250);
        assertEquals(OptionalLong.empty(), ClockTicks.fromAuxv(c.array(), 8, ByteOrder.LITTLE_ENDIAN));
        // no auxv under the root: the default
        assertEquals(100, ClockTicks.of(Fixtures.dir("start")));
    }

    @Test
    void mountPointEscapes() {
        assertEquals("/a b\\c\td", DeviceFinder.unescape("/a\\040b\\134c\\011d"));
        assertEquals("/trailing\\04", DeviceFinder.unescape("/trailing\\04"));
        assertTrue(DeviceFinder.unescape("/plain").equals("/plain"));
    }
}
