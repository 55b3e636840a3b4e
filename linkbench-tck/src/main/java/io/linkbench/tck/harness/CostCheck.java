package io.linkbench.tck.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.CostProbe;
import io.linkbench.store.GraphStore;
import io.linkbench.tck.harness.ProcReadings.Reading;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Checks every figure of a phase's cost row against the test's own reading of the same counters
 * ({@link ProcReadings}). Wrapped around the cost probe, it reads the counters just before and just after
 * each of the probe's two readings, the start and the end of its window. Counters only grow, so the
 * probe's difference lies between the test's difference over the shortest window (after the probe's start,
 * before its end) and over the longest (before its start, after its end), whatever the scheduler did
 * between the readings. {@link #before()} and {@link #check} also read them around the whole phase: its
 * set-up (opening sessions, starting threads) and end (closing them; a load's post-load steps) are outside
 * the probe's window but inside this one.
 *
 * <p>Tolerances, and why:
 * <ul>
 *   <li>CPU: 2 ticks either side of the bracket. The kernel keeps utime and stime in ns and shows each
 *       truncated to a tick (10 ms), and the probe takes the client's CPU from the JVM in ns.</li>
 *   <li>IO and context switches: none; they are exact counts.</li>
 *   <li>ops/s: the window length it implies must lie in the test's bracket of the window's length.</li>
 *   <li>Mcpu/op: the host busy percent within 5% (or 2 points) of the test's over the longest window, which
 *       is at most a few ms longer.</li>
 *   <li>server RSS: within 10% of the test's reading at the end: it is a level, not a counter.</li>
 *   <li>around the whole phase: the probe's figure is at most the test's (plus the CPU ticks above). For a
 *       request phase the client's CPU, which no other process shares, is also at least the test's less 15%
 *       or 50 ms: the set-up outside the probe's window costs little CPU next to the phase itself.</li>
 * </ul>
 * A figure the probe reports as unavailable (NaN) must have a reason among {@code PhaseCost#unavailable()}
 * and must be one the test could not read either.
 */
public final class CostCheck implements PhaseObserver {
    private final PhaseObserver probe;
    private final ProcReadings procs;
    private final double tick = 1.0 / ProcReadings.ticksPerSecond();
    private Reading outerStart;
    private Reading startBefore;
    private Reading startAfter;
    private Reading endBefore;
    private Reading endAfter;
    // the bracket of the last segment's end: a segmented window (a load) ends there
    private Reading segmentBefore;
    private Reading segmentAfter;

    /** One checked figure: its total and per-op names, its independent reading, its unit, slack and reasons. */
    private record Column(String total, String perOp, double perOpScale, Function<Reading, OptionalLong> reading,
                          double unit, double slack, List<String> reasons) {
    }

    private final List<Column> columns;

    public CostCheck(PhaseObserver probe, ProcReadings procs) {
        this.probe = probe;
        this.procs = procs;
        List<String> server = List.of("server process", "server CPU");
        List<String> serverIo = List.of("server process", "server IO");
        List<String> disk = List.of("disk IO");
        double cpuSlack = 2 * tick;
        columns = List.of(
                new Column(PhaseCost.CLIENT_CPU_S, PhaseCost.CLIENT_CPU_US, 1e6, Reading::selfCpuTicks, tick, cpuSlack,
                        List.of("client")),
                new Column(PhaseCost.SERVER_CPU_S, PhaseCost.SERVER_CPU_US, 1e6, Reading::serverCpuTicks, tick, cpuSlack,
                        server),
                new Column(PhaseCost.HOST_CPU_S, PhaseCost.HOST_CPU_US, 1e6, r -> r.host(ProcReadings.Host.BUSY), tick,
                        cpuSlack, List.of("host CPU")),
                new Column(PhaseCost.TOTAL_CONTEXT_SWITCHES, PhaseCost.CONTEXT_SWITCHES, 1,
                        r -> r.host(ProcReadings.Host.CTXT), 1, 0, List.of("host CPU and context switches", "context switches")),
                new Column(PhaseCost.SERVER_READ_KB, PhaseCost.SERVER_READ_KB_PER_OP, 1, Reading::serverReadBytes,
                        1 / 1024.0, 0, serverIo),
                new Column(PhaseCost.SERVER_WRITE_KB, PhaseCost.SERVER_WRITE_KB_PER_OP, 1, Reading::serverWriteBytes,
                        1 / 1024.0, 0, serverIo),
                new Column(PhaseCost.TOTAL_READS, PhaseCost.READS, 1, r -> r.disk(ProcReadings.Disk.READS), 1, 0, disk),
                new Column(PhaseCost.TOTAL_READ_KB, PhaseCost.READ_KB, 1, r -> r.disk(ProcReadings.Disk.SECTORS_READ), 0.5,
                        0, disk),
                new Column(PhaseCost.TOTAL_WRITE_KB, PhaseCost.WRITE_KB, 1, r -> r.disk(ProcReadings.Disk.SECTORS_WRITTEN),
                        0.5, 0, disk));
    }

    /** A phase's result and its {@link #check} report. */
    public record Checked(PhaseResult result, List<String> report) {
    }

    /**
     * Runs a load and then a request phase of {@code d} on {@code store}, each with the cost probe of
     * {@code linkbench -l -r} wrapped in a check; prints the comparisons and asserts that the figures
     * {@code mustCompare} (total names) were compared, not skipped.
     */
    public static List<Checked> loadAndRequests(PhaseDriver d, GraphStore store, ProcReadings procs,
                                                List<String> mustCompare) throws Exception {
        List<Checked> out = new ArrayList<>();
        for (boolean load : new boolean[] {true, false}) {
            CostCheck c = new CostCheck(CostProbe.local(store, d.run), procs);
            c.before();
            PhaseResult r = load ? d.load(store, c) : d.requests(store, c);
            List<String> report = c.check(r);
            report.forEach(l -> System.out.println(r.phase() + " " + l));
            for (String figure : mustCompare) {
                assertTrue(report.stream().anyMatch(l -> l.startsWith(figure + ": probe")), figure + ": " + report);
            }
            out.add(new Checked(r, report));
        }
        return out;
    }

    /** Reads the counters just before the phase is run. */
    public void before() {
        outerStart = procs.read();
    }

    @Override
    public void windowStarted(Phase phase, int loop) {
        startBefore = procs.read();
        probe.windowStarted(phase, loop);
        startAfter = procs.read();
    }

    @Override
    public Map<String, Double> intervalRates() {
        return probe.intervalRates();
    }

    @Override
    public void interval(Phase phase, int loop, String[] names, IntervalPoint point, IntervalSample sample) {
        probe.interval(phase, loop, names, point, sample);
    }

    @Override
    public void segmentEnded(String name, Map<String, Long> storeCounters) {
        segmentBefore = procs.read();
        probe.segmentEnded(name, storeCounters);
        segmentAfter = procs.read();
    }

    @Override
    public PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
        endBefore = procs.read();
        PhaseCost cost = probe.windowEnded(operations, storeCounters, sizeBytes);
        endAfter = procs.read();
        if (segmentBefore != null) { // the probe's window ended with its last segment
            endBefore = segmentBefore;
            endAfter = segmentAfter;
            segmentBefore = null;
            segmentAfter = null;
        }
        return cost;
    }

    /**
     * Reads the counters after the phase and checks {@code result}'s cost against the test's readings.
     *
     * @return one line per figure: the probe's value and the test's readings, or why it was not compared
     */
    public List<String> check(PhaseResult result) {
        Reading outerEnd = procs.read();
        PhaseCost cost = result.cost();
        long ops = result.operations();
        assertTrue(ops > 0, "the phase completed operations");
        List<String> report = new ArrayList<>();
        for (Column c : columns) {
            double probed = cost.get(c.total());
            double perOp = cost.get(c.perOp());
            OptionalLong longest = delta(c.reading(), startBefore, endAfter);
            if (c.total().equals(PhaseCost.SERVER_CPU_S) && cost.unavailable().contains(PhaseCost.EMBEDDED_SERVER)) {
                assertTrue(Double.isNaN(probed) && Double.isNaN(perOp), "an embedded store's CPU is counted once");
                report.add(c.total() + ": the store is embedded: its CPU is " + PhaseCost.CLIENT_CPU_S + ", counted once");
                continue;
            }
            if (Double.isNaN(probed)) {
                assertTrue(Double.isNaN(perOp), c.perOp() + " without its total " + c.total());
                String why = cost.unavailable().stream().filter(l -> c.reasons().stream().anyMatch(l::startsWith))
                        .findFirst().orElse(null);
                assertTrue(why != null, c.total() + " unavailable without a reason: " + cost.unavailable());
                assertTrue(longest.isEmpty(), () -> c.total() + " unavailable (" + why + ") but the test read "
                        + longest.getAsLong() * c.unit());
                report.add(c.total() + ": unavailable, " + why);
                continue;
            }
            assertEquals(probed * c.perOpScale() / ops, perOp, Math.abs(perOp) * 1e-9 + 1e-12,
                    c.perOp() + " is " + c.total() + " per operation");
            if (longest.isEmpty()) {
                report.add(String.format(Locale.ROOT, "%s: %.3f, not compared: the test cannot read it here", c.total(),
                        probed));
                continue;
            }
            double low = delta(c.reading(), startAfter, endBefore).orElseThrow() * c.unit() - c.slack();
            double high = longest.getAsLong() * c.unit() + c.slack();
            assertTrue(probed >= low && probed <= high, String.format(Locale.ROOT,
                    "%s: probe %.4f, the test read %.4f to %.4f over the same window", c.total(), probed, low, high));
            double outer = delta(c.reading(), outerStart, outerEnd).orElseThrow() * c.unit();
            assertTrue(probed <= outer + c.slack(), c.total() + " " + probed + " is more than the test read around"
                    + " the whole phase: " + outer);
            if (c.total().equals(PhaseCost.CLIENT_CPU_S) && result.phase() == Phase.REQUEST) {
                // a probe that read one thread's CPU, or missed the store's own threads, would fall far below; the
                // phase's start (requesters, JIT) takes CPU outside the window too, and more of it on a busy machine
                assertTrue(probed >= outer - Math.max(0.25, 0.25 * outer), "client CPU " + probed
                        + " s is much less than the test read around the whole phase: " + outer);
            }
            report.add(String.format(Locale.ROOT, "%s: probe %.3f, test same window %.3f to %.3f, around the phase %.3f",
                    c.total(), probed, low + c.slack(), high - c.slack(), outer));
        }
        checkRssRateAndMcpu(cost, ops, report);
        return report;
    }

    /** The server's RSS at the end, ops/s and Mcpu/op over the window. */
    private void checkRssRateAndMcpu(PhaseCost cost, long ops, List<String> report) {
        double rss = cost.get(PhaseCost.SERVER_RSS);
        if (endAfter.serverRssKb().isPresent()) {
            double kb = endAfter.serverRssKb().getAsLong();
            assertWithin("server RSS (KiB)", kb, rss / 1024, 0.10 * kb);
            report.add(String.format(Locale.ROOT, "server RSS: probe %.0f KiB, test %.0f KiB", rss / 1024, kb));
        } else {
            assertTrue(Double.isNaN(rss), "server RSS without a server the test can read");
        }
        double rate = cost.get(PhaseCost.OPS_PER_S);
        assertFalse(Double.isNaN(rate), "ops/s");
        double shortest = (endBefore.nanos() - startAfter.nanos()) / 1e9;
        double longest = (endAfter.nanos() - startBefore.nanos()) / 1e9;
        double implied = ops / rate;
        assertTrue(implied >= shortest - 1e-6 && implied <= longest + 1e-6, String.format(Locale.ROOT,
                "ops/s %.1f implies a window of %.4f s; the test's was %.4f to %.4f s", rate, implied, shortest, longest));
        report.add(String.format(Locale.ROOT, "ops/s: probe %.1f, test %.1f to %.1f", rate, ops / longest,
                ops / shortest));
        OptionalLong busy = delta(r -> r.host(ProcReadings.Host.BUSY), startBefore, endAfter);
        OptionalLong all = delta(r -> r.host(ProcReadings.Host.TOTAL), startBefore, endAfter);
        double mcpu = cost.get(PhaseCost.MCPU);
        if (busy.isPresent() && all.isPresent() && all.getAsLong() > 0) {
            double pct = 100.0 * busy.getAsLong() / all.getAsLong();
            double probedPct = mcpu * rate / 1e6;
            assertWithin("host busy % in Mcpu/op (busy% x 10^6 / ops/s)", pct, probedPct, Math.max(2, 0.05 * pct));
            report.add(String.format(Locale.ROOT, "Mcpu/op: probe %.1f (busy %.1f%%), test busy %.1f%%", mcpu,
                    probedPct, pct));
        } else {
            assertTrue(Double.isNaN(mcpu), "Mcpu/op without host CPU the test can read");
        }
    }

    private static OptionalLong delta(Function<Reading, OptionalLong> f, Reading a, Reading b) {
        OptionalLong x = f.apply(a);
        OptionalLong y = f.apply(b);
        return x.isPresent() && y.isPresent() ? OptionalLong.of(y.getAsLong() - x.getAsLong()) : OptionalLong.empty();
    }

    private static void assertWithin(String what, double expected, double actual, double tolerance) {
        assertTrue(Math.abs(expected - actual) <= tolerance, String.format(Locale.ROOT,
                "%s: probe %.4f, test %.4f, allowed difference %.4f", what, actual, expected, tolerance));
    }
}
