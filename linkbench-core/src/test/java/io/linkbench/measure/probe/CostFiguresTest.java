package io.linkbench.measure.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OtherProcesses;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.probe.ProbeSnapshot.Part;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cost figures from hand-made snapshots 10 s apart (probe/start to probe/end and variants), devices sda and
 * sdb, server pid 100, client pid 200, 100 ticks per second (no auxv in the fixtures), 2000 operations.
 */
class CostFiguresTest {
    private static final long TEN_SECONDS = 10_000_000_000L;
    private static final double EXACT = 1e-9;

    private static ProbeTargets targets(Path root) {
        return new ProbeTargets(root, List.of("sda", "sdb"), "test devices", OptionalLong.of(100), 200);
    }

    private static ProbeSnapshot snapshot(String fixture, long nanoTime) {
        return new HostProbe(targets(Fixtures.dir(fixture)), () -> nanoTime).snapshot();
    }

    private static CostFigures figures(String endFixture, long ops) {
        return CostFigures.of(snapshot("start", 0), snapshot(endFixture, TEN_SECONDS), ops,
                OptionalLong.of(3L << 30), Map.of("rows_read", 6000L));
    }

    /** Others than the server and linkbench: host busy minus both, device IO minus the server's own. */
    @Test
    void otherProcessesAreWhatTheHostDidBesidesTheServerAndLinkbench() {
        CostFigures c = figures("end", 2000);
        // host busy 10 s - server 4 s - client 2 s = 4 s: 2000 us per op, 10% of the 40 s of capacity
        assertEquals(OptionalLong.of(4_000_000_000L), c.othersCpuNanos());
        Map<String, Double> f = c.figures();
        assertEquals(2000, f.get(PhaseCost.OTHERS_CPU_US), EXACT);
        assertEquals(10, f.get(PhaseCost.OTHERS_CPU_PCT), EXACT);
        assertEquals(4, f.get(PhaseCost.OTHERS_CPU_S), EXACT);
        // each other process's own /proc/PID/io, like the server's (never the devices' sectors minus the
        // server's, another quantity): pid 300 read +1,024,000 B and wrote +4,096,000 B, pid 400 started in the
        // window and wrote 1,024,000 B, pid 500 exited (its IO passes to its parent); 100 and 200 are excluded
        assertEquals(OptionalLong.of(1_024_000), c.othersReadBytes());
        assertEquals(OptionalLong.of(5_120_000), c.othersWriteBytes());
        assertEquals(0.5, f.get(PhaseCost.OTHERS_READ_KB_PER_OP), EXACT);
        assertEquals(1000, f.get(PhaseCost.OTHERS_READ_KB), EXACT);
        assertEquals(2.5, f.get(PhaseCost.OTHERS_WRITE_KB_PER_OP), EXACT);
        // an embedded store: the server is linkbench itself, counted once
        ProbeDelta d = c.delta();
        ProbeDelta embedded = new ProbeDelta(d.seconds(), d.devices(), d.diskReads(), d.diskSectorsRead(),
                d.diskSectorsWritten(), d.hostBusyNanos(), d.hostTotalNanos(), d.contextSwitches(), d.clientCpuNanos(),
                d.serverReadBytes(), d.serverWriteBytes(), d.serverRssKb(), d.clientCpuNanos(), d.othersReadBytes(),
                d.othersWriteBytes(), d.unavailable(), true);
        assertEquals(OptionalLong.of(8_000_000_000L), new CostFigures(embedded, 2000, OptionalLong.empty(), Map.of())
                .othersCpuNanos());
        // no server on this host (remote): host minus linkbench
        ProbeDelta remote = new ProbeDelta(d.seconds(), d.devices(), d.diskReads(), d.diskSectorsRead(),
                d.diskSectorsWritten(), d.hostBusyNanos(), d.hostTotalNanos(), d.contextSwitches(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty(), d.clientCpuNanos(), OptionalLong.empty(),
                OptionalLong.empty(), d.unavailable(), false);
        CostFigures r = new CostFigures(remote, 2000, OptionalLong.empty(), Map.of());
        assertEquals(OptionalLong.of(8_000_000_000L), r.othersCpuNanos());
        assertTrue(Double.isNaN(r.figures().get(PhaseCost.OTHERS_READ_KB_PER_OP)), "unavailable, never 0");
    }

    @Test
    void aWarningNamesOtherProcessesOnlyPastTheLimits() {
        Map<String, Double> quiet = new java.util.HashMap<>(Map.of(PhaseCost.HOST_CPU_CAPACITY_S, 40.0,
                PhaseCost.OTHERS_CPU_PCT, 4.9, PhaseCost.CLIENT_CPU_S, 2.0, PhaseCost.SERVER_CPU_S, 4.0,
                PhaseCost.OTHERS_READ_KB, 900.0, PhaseCost.SERVER_READ_KB, 10.0,
                PhaseCost.OTHERS_WRITE_KB, 5000.0, PhaseCost.SERVER_WRITE_KB, 4000.0));
        assertEquals(java.util.Optional.empty(), OtherProcesses.warning(new PhaseCost(quiet, List.of())));
        Map<String, Double> busy = new java.util.HashMap<>(quiet);
        busy.put(PhaseCost.OTHERS_CPU_PCT, 37.2);
        busy.put(PhaseCost.OTHERS_READ_KB, 120_000.0);
        assertEquals(java.util.Optional.of("other processes used 37.2% of the host's CPU (linkbench 5.0%, server 10.0%)"
                + " and read from storage 120,000 KB (the server 10 KB): the host-wide columns (Mcpu, r, rKB,"
                + " wKB) include them; the server_ and client_ figures do not"),
                OtherProcesses.warning(new PhaseCost(busy, List.of())));
        busy.put(PhaseCost.SERVER_CPU_S, Double.NaN);
        assertTrue(OtherProcesses.warning(new PhaseCost(busy, List.of())).orElseThrow().contains("server not measured"));
    }

    @Test
    void everyFigureOverTenSecondsAndTwoThousandOps() {
        CostFigures c = figures("end", 2000);
        assertEquals(List.of(), c.unavailable());
        assertEquals(200, c.opsPerSecond(), EXACT);                     // 2000 ops / 10 s
        // reads: sda 1000 -> 1600, sdb 300 -> 700: 1000 / 2000
        assertEquals(0.5, c.readsPerOp(), EXACT);
        // sectors read: sda +48000, sdb +32000 = 80000 x 512 B = 40000 KiB / 2000
        assertEquals(20, c.readKbPerOp(), EXACT);
        // sectors written: sda +40000, sdb 5000000000 -> 5000016000 (+16000) = 56000 = 28000 KiB / 2000
        assertEquals(14, c.writeKbPerOp(), EXACT);
        // busy ticks 10000+100+3000+50+250+100 = 13500 -> 10700+100+3200+70+300+130 = 14500: 1000 ticks = 10 s
        assertEquals(5000, c.hostCpuUsPerOp(), EXACT);                 // 10^7 us / 2000
        // all ticks 13500+50000+400 = 63900 -> 14500+52900+500 = 67900: 4000, busy 1000 / 4000
        assertEquals(25, c.hostCpuBusyPct(), EXACT);
        assertEquals(125_000, c.mcpuPerOp(), EXACT);                   // 25 x 10^6 / 200 ops/s
        assertEquals(20, c.contextSwitchesPerOp(), EXACT);             // ctxt 500000 -> 540000
        // server utime 5000 -> 5300, stime 1000 -> 1100: 400 ticks = 4 s = 4 x 10^6 us / 2000
        assertEquals(2000, c.serverCpuUsPerOp(), EXACT);
        // client utime 800 -> 950, stime 200 -> 250: 200 ticks = 2 s
        assertEquals(1000, c.clientCpuUsPerOp(), EXACT);
        // server read_bytes +20480000 = 20000 KiB, write_bytes +40960000 = 40000 KiB
        assertEquals(10, c.serverReadKbPerOp(), EXACT);
        assertEquals(20, c.serverWriteKbPerOp(), EXACT);
        assertEquals(OptionalLong.of(524288), c.serverRssKb());        // VmRSS at the end
        assertEquals(Map.of("rows_read", 3.0), c.storeCountersPerOp());

        Map<String, Double> f = c.figures();
        assertEquals(List.of("ops/s", "r/op", "rKB/op", "wKB/op", "host_cpu_us/op", "server_cpu_us/op",
                "client_cpu_us/op", "Mcpu/op", "cs/op", "server_rKB/op", "server_wKB/op", "server_rss_bytes",
                "others_cpu_us/op", "others_cpu_pct", "others_rKB/op", "others_wKB/op",
                "store rows_read/op", "reads", "read_kb", "write_kb", "host_cpu_s", "host_cpu_capacity_s",
                "server_cpu_s", "client_cpu_s", "context_switches", "server_read_kb", "server_write_kb",
                "others_cpu_s", "others_read_kb", "others_write_kb"),
                List.copyOf(f.keySet()));
        assertEquals(512L << 20, f.get("server_rss_bytes"), EXACT);
        assertEquals(OptionalLong.of(3072L << 20), c.sizeBytes());
        assertEquals(1000, f.get("reads"), EXACT);                      // raw totals, for merge
        assertEquals(10, f.get("host_cpu_s"), EXACT);
        assertEquals(40, f.get("host_cpu_capacity_s"), EXACT);

        ProbeDelta d = c.delta();
        assertEquals(10, d.seconds(), EXACT);
        assertEquals(List.of("sda", "sdb"), d.devices());
        assertEquals(OptionalLong.of(1000), d.diskReads());
        assertEquals(OptionalLong.of(10_000_000_000L), d.hostBusyNanos());
        assertEquals(OptionalLong.of(40_000_000_000L), d.hostTotalNanos());
    }

    @Test
    void ratesOfTheSameInterval() {
        Rates r = figures("end", 2000).rates();
        // 1000 reads, 40000 KiB read, 28000 KiB written, 40000 switches in 10 s; server 4 s, client 2 s of CPU
        assertEquals(new Rates(10, 100, 4000, 2800, 25, 0.4, 0.2, 4000), r);
        assertEquals(List.of("r/s", "rKB/s", "wKB/s", "cpu_busy_pct", "cores server", "cores client", "cs/s"),
                List.copyOf(r.asMap().keySet()));
    }

    @Test
    void countersThatWentBackwardsAndAProcessThatIsGone() {
        CostFigures c = figures("end-backwards", 2000);
        assertEquals(List.of(
                "disk IO: device sdb: sectors written went backwards (5000000000 -> 4999990000): counter wrapped or reset",
                "host CPU: busy+idle+iowait ticks went backwards (63900 -> 55000): counter wrapped or reset",
                "context switches: ctxt went backwards (500000 -> 400000): counter wrapped or reset",
                "server process: at the end: process 100 not running (no " + Fixtures.dir("end-backwards")
                        .resolve("100").resolve("stat") + ")"), c.unavailable());
        for (String nan : List.of("r/op", "rKB/op", "wKB/op", "host_cpu_us/op", "Mcpu/op", "cs/op",
                "server_cpu_us/op", "server_rKB/op", "server_wKB/op", "server_rss_bytes")) {
            assertTrue(Double.isNaN(c.figures().get(nan)), nan);
        }
        assertEquals(1000, c.clientCpuUsPerOp(), EXACT);               // the client is unaffected
        assertEquals(OptionalLong.empty(), c.serverRssKb());
    }

    @Test
    void aDeviceRemovedAndAServerRestartedBetweenSnapshots() {
        CostFigures c = figures("end-changed", 2000);
        assertEquals(List.of("disk IO: at the end: device sdb not in diskstats",
                "server process: process 100 was replaced by another between the snapshots (pid 100, start time "
                        + "12345 -> 99999 ticks)"), c.unavailable());
        assertTrue(Double.isNaN(c.readsPerOp()));
        assertTrue(Double.isNaN(c.serverCpuUsPerOp()), "not 10+5-6000 ticks");
        assertEquals(5000, c.hostCpuUsPerOp(), EXACT);                 // host CPU as in the end fixture
        // the other way round, sdc appears: the devices are still sda and sdb, so the same verdict from the start
        CostFigures back = CostFigures.of(snapshot("end-changed", 0), snapshot("end", TEN_SECONDS), 1,
                OptionalLong.empty(), Map.of());
        assertEquals("disk IO: at the start: device sdb not in diskstats", back.unavailable().get(0));
    }

    @Test
    void aMissingProcRootMakesEveryFigureUnavailableWithItsReason(@TempDir Path tmp) {
        Path none = tmp.resolve("proc");
        ProbeTargets t = new ProbeTargets(none, List.of("sda"), "test", OptionalLong.of(4242), 4243);
        ProbeSnapshot s = new HostProbe(t, () -> 0).snapshot();
        assertEquals(Map.of(
                Part.DISKS, "diskstats: no such file " + none.resolve("diskstats"),
                Part.CPU, "stat: no such file " + none.resolve("stat"),
                Part.SERVER, "process 4242 not running (no " + none.resolve("4242/stat") + ")",
                Part.CLIENT, "process 4243 not running (no " + none.resolve("4243/stat") + ")",
                Part.OTHERS, "processes: no such file " + none), s.unavailable());
        ProbeSnapshot e = new HostProbe(t, () -> TEN_SECONDS).snapshot();
        CostFigures c = CostFigures.of(s, e, 2000, OptionalLong.empty(), Map.of());
        assertEquals(List.of("disk IO: at the start: diskstats: no such file " + none.resolve("diskstats"),
                "host CPU and context switches: at the start: stat: no such file " + none.resolve("stat"),
                "server process: at the start: process 4242 not running (no " + none.resolve("4242/stat") + ")",
                "client process: at the start: process 4243 not running (no " + none.resolve("4243/stat") + ")",
                "other processes' IO: at the start: processes: no such file " + none,
                "size: the store does not report its size"), c.unavailable());
        c.figures().forEach((k, v) -> {
            if (!k.equals("ops/s")) {
                assertTrue(Double.isNaN(v), k + " = " + v);
            }
        });
        assertEquals(200, c.opsPerSecond(), EXACT);                    // time needs no /proc
        Rates r = c.rates();
        assertEquals(10, r.seconds(), EXACT);
        r.asMap().values().forEach(v -> assertTrue(Double.isNaN(v)));
    }

    @Test
    void noDevicesAndNoServerPidSayWhy() {
        ProbeTargets t = new ProbeTargets(Fixtures.dir("start"), List.of(), "no local data directory",
                OptionalLong.empty(), 200);
        ProbeSnapshot s = new HostProbe(t, () -> 0).snapshot();
        assertEquals(Map.of(Part.DISKS, "no devices: no local data directory",
                Part.SERVER, "no server process on this host known (set probe_server_pid)"), s.unavailable());
        assertTrue(s.disks().isEmpty());
        assertTrue(s.servers().get(0).stat().isEmpty());
        assertEquals(800 + 200, s.client().orElseThrow().cpuTicks());
    }

    @Test
    void aDeviceThatDoesNotExistIsUnavailable() {
        ProbeTargets t = new ProbeTargets(Fixtures.dir("start"), List.of("sda", "nvme9n1"), "probe_devices",
                OptionalLong.of(100), 200);
        ProbeSnapshot s = new HostProbe(t, () -> 0).snapshot();
        assertEquals("device nvme9n1 not in diskstats", s.unavailable().get(Part.DISKS));
        assertEquals(List.of("sda"), List.copyOf(s.disks().keySet()));
        CostFigures c = CostFigures.of(s, s, 5, OptionalLong.empty(), Map.of());
        assertTrue(Double.isNaN(c.readsPerOp()), "a partial sum would under-count");
        assertTrue(c.unavailable().contains("rates: the end snapshot was not taken after the start"));
    }

    @Test
    void noOperationsLeavesPerOpFiguresUnavailableButNotRates() {
        CostFigures c = figures("end", 0);
        assertEquals(List.of("per-op figures: no operations completed in the window"), c.unavailable());
        assertEquals(0, c.opsPerSecond(), EXACT);
        assertTrue(Double.isNaN(c.readsPerOp()));
        assertTrue(Double.isNaN(c.mcpuPerOp()));
        assertTrue(Double.isNaN(c.storeCountersPerOp().get("rows_read")));
        assertEquals(25, c.hostCpuBusyPct(), EXACT);
        assertEquals(100, c.rates().readsPerSecond(), EXACT);
    }
}
