package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.measure.PhaseCost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe on this machine's own /proc; skipped where there is none. */
class LiveProcTest {

    @BeforeAll
    static void onLinux() {
        assumeTrue(Files.isReadable(Path.of("/proc/stat")) && Files.isReadable(Path.of("/proc/self/mountinfo")),
                "needs Linux /proc");
    }

    @Test
    void twoSnapshotsAroundCpuWorkGiveNonNegativeCpuFigures() {
        long self = ProcessHandle.current().pid();
        HostProbe probe = new HostProbe(ProbeTargets.local(Optional.empty(), List.of(), OptionalLong.of(self)));
        assertEquals(clockTicksFromGetconf(), probe.ticksPerSecond(), "USER_HZ from AT_CLKTCK vs. getconf CLK_TCK");
        ProbeSnapshot start = probe.snapshot();
        assertTrue(start.clientJvmCpuNanos().isPresent(), "the client is this JVM");
        // work until the host's tick counters and this process's CPU time have visibly advanced
        ProbeSnapshot end = start;
        double sink = 0;
        for (int round = 0; round < 100_000 && !advanced(start, end); round++) {
            for (int i = 1; i < 200_000; i++) {
                sink += Math.sqrt(i * (sink % 7 + 1));
            }
            end = probe.snapshot();
        }
        assertTrue(sink > 0 && advanced(start, end), "CPU counters did not advance");

        CostFigures c = CostFigures.of(start, end, 1000, OptionalLong.empty(), Map.of());
        for (String name : List.of("host_cpu_us/op", "client_cpu_us/op", "Mcpu/op", "cs/op")) {
            double v = c.figures().get(name);
            assertTrue(v >= 0 && !Double.isNaN(v), name + " = " + v + "; " + c.unavailable());
        }
        assertTrue(Double.isNaN(c.figures().get("server_cpu_us/op")) && c.unavailable().contains(PhaseCost.EMBEDDED_SERVER),
                "the server is this process: its CPU is counted once, as the client's");
        assertTrue(c.clientCpuUsPerOp() > 0, "the loop burned CPU in this process");
        assertTrue(c.hostCpuBusyPct() <= 100, "busy % " + c.hostCpuBusyPct());
        assertTrue(c.serverRssKb().orElseThrow() > 0);
    }

    private static boolean advanced(ProbeSnapshot a, ProbeSnapshot b) {
        return b.cpu().orElseThrow().totalTicks() > a.cpu().orElseThrow().totalTicks()
                && b.clientJvmCpuNanos().getAsLong() > a.clientJvmCpuNanos().getAsLong()
                && b.client().orElseThrow().cpuTicks() > a.client().orElseThrow().cpuTicks();
    }

    @Test
    void theDeviceOfATemporaryDirectoryIsFound(@TempDir Path dir) throws Exception {
        assumeTrue(Files.getFileStore(dir).name().startsWith("/dev/"),
                "the temporary directory is on " + Files.getFileStore(dir).name() + ", not a block device");
        ProbeTargets t = ProbeTargets.local(Optional.of(dir.resolve("not-created-yet")), List.of(),
                OptionalLong.empty());
        assertFalse(t.devices().isEmpty(), t.devicesOrigin());
        assertTrue(t.devicesOrigin().startsWith("devices holding " + dir.toRealPath() + ": "), t.devicesOrigin());
        ProbeSnapshot s = new HostProbe(t).snapshot();
        assertEquals(t.devices(), List.copyOf(s.disks().keySet()), s.unavailable().toString());
        assertFalse(s.unavailable().containsKey(ProbeSnapshot.Part.DISKS));
    }

    /** sysconf(_SC_CLK_TCK) as the C library answers it; the test is skipped without getconf. */
    private static long clockTicksFromGetconf() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII).trim();
            assumeTrue(p.waitFor() == 0, "getconf CLK_TCK failed: " + out);
            return Long.parseLong(out);
        } catch (java.io.IOException e) {
            assumeTrue(false, "no getconf: " + e.getMessage());
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
