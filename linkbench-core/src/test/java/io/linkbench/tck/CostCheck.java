package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.tck.ProcReadings.Reading;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Checks every figure of a phase's cost row against the test's own reading of the same counters
 * ({@link ProcReadings}). Wrapped around the cost probe, it reads the counters just before the probe's
 * first reading and just after its last one ("inner" window: edges microseconds apart from the probe's),
 * and {@link #before()} and {@link #check} read them around the whole phase ("outer" window: the
 * phase's set-up, opening sessions and starting threads, and its end, closing them, a load's post-load
 * steps too, are outside the probe's window but inside this one).
 *
 * <p>Tolerances, and why:
 * <ul>
 *   <li>inner window, CPU: 5% or 30 ms. The kernel counts utime+stime in ticks (10 ms), and the client's
 *       CPU comes from the JVM in ns on the probe's side, so each edge can differ by a tick or so.</li>
 *   <li>inner window, IO: 10% or 64 KiB (16 device reads); context switches 5% or 500. Only the
 *       microseconds between the two readings at each edge differ.</li>
 *   <li>outer window: counters only grow, so the probe's figure is at most the outer one (plus two ticks for
 *       CPU). For a request phase the client's CPU, which no other process shares, is also at least the outer
 *       one less 15% or 50 ms: the set-up outside the probe's window (sessions, threads, the end-of-phase
 *       store counters and size) costs little CPU next to the phase itself.</li>
 * </ul>
 * A figure the probe reports as unavailable (NaN) must have a reason among {@code PhaseCost#unavailable()}
 * and must be one the test could not read either.
 */
public final class CostCheck implements PhaseObserver {
    private final PhaseObserver probe;
    private final ProcReadings procs;
    private final double tick = 1.0 / ProcReadings.ticksPerSecond();
    private Reading outerStart;
    private Reading innerStart;
    private Reading innerEnd;

    /** One checked figure: its total and per-op names, its independent reading, and its unit and tolerances. */
    private record Column(String total, String perOp, double perOpScale, Function<Reading, OptionalLong> reading,
                          double unit, double absTolerance, double relTolerance, List<String> reasons) {
    }

    private final List<Column> columns;

    public CostCheck(PhaseObserver probe, ProcReadings procs) {
        this.probe = probe;
        this.procs = procs;
        List<String> server = List.of("server process", "server CPU");
        List<String> serverIo = List.of("server process", "server IO");
        List<String> disk = List.of("disk IO");
        columns = List.of(
                new Column(PhaseCost.CLIENT_CPU_S, PhaseCost.CLIENT_CPU_US, 1e6, Reading::selfCpuTicks, tick, 0.03, 0.05,
                        List.of("client")),
                new Column(PhaseCost.SERVER_CPU_S, PhaseCost.SERVER_CPU_US, 1e6, Reading::serverCpuTicks, tick, 0.03, 0.05,
                        server),
                new Column(PhaseCost.HOST_CPU_S, PhaseCost.HOST_CPU_US, 1e6, r -> r.host(ProcReadings.Host.BUSY), tick, 0.03,
                        0.05, List.of("host CPU")),
                new Column(PhaseCost.TOTAL_CONTEXT_SWITCHES, PhaseCost.CONTEXT_SWITCHES, 1, r -> r.host(ProcReadings.Host.CTXT),
                        1, 500, 0.05, List.of("host CPU and context switches", "context switches")),
                new Column(PhaseCost.SERVER_READ_KB, PhaseCost.SERVER_READ_KB_PER_OP, 1, Reading::serverReadBytes,
                        1 / 1024.0, 64, 0.10, serverIo),
                new Column(PhaseCost.SERVER_WRITE_KB, PhaseCost.SERVER_WRITE_KB_PER_OP, 1, Reading::serverWriteBytes,
                        1 / 1024.0, 64, 0.10, serverIo),
                new Column(PhaseCost.TOTAL_READS, PhaseCost.READS, 1, r -> r.disk(ProcReadings.Disk.READS), 1, 16, 0.10, disk),
                new Column(PhaseCost.TOTAL_READ_KB, PhaseCost.READ_KB, 1, r -> r.disk(ProcReadings.Disk.SECTORS_READ), 0.5, 64,
                        0.10, disk),
                new Column(PhaseCost.TOTAL_WRITE_KB, PhaseCost.WRITE_KB, 1, r -> r.disk(ProcReadings.Disk.SECTORS_WRITTEN), 0.5,
                        64, 0.10, disk));
    }

    /** Reads the counters just before the phase is run. */
    public void before() {
        outerStart = procs.read();
    }

    @Override
    public void windowStarted(String phase, int loop) {
        innerStart = procs.read();
        probe.windowStarted(phase, loop);
    }

    @Override
    public Map<String, Double> intervalRates() {
        return probe.intervalRates();
    }

    @Override
    public void interval(String phase, int loop, String[] names, IntervalPoint point, IntervalSample sample) {
        probe.interval(phase, loop, names, point, sample);
    }

    @Override
    public PhaseCost windowEnded(long operations, Map<String, Long> storeCounters, long sizeBytes) {
        PhaseCost cost = probe.windowEnded(operations, storeCounters, sizeBytes);
        innerEnd = procs.read();
        return cost;
    }

    /**
     * Reads the counters after the phase and checks {@code result}'s cost against both windows.
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
            OptionalLong inner = delta(c.reading(), innerStart, innerEnd);
            if (Double.isNaN(probed)) {
                assertTrue(Double.isNaN(perOp), c.perOp() + " without its total " + c.total());
                String why = cost.unavailable().stream().filter(l -> c.reasons().stream().anyMatch(l::startsWith))
                        .findFirst().orElse(null);
                assertTrue(why != null, c.total() + " unavailable without a reason: " + cost.unavailable());
                assertTrue(inner.isEmpty(), c.total() + " unavailable (" + why + ") but the test read "
                        + inner.getAsLong() * c.unit());
                report.add(c.total() + ": unavailable, " + why);
                continue;
            }
            assertEquals(probed * c.perOpScale() / ops, perOp, Math.abs(perOp) * 1e-9 + 1e-12,
                    c.perOp() + " is " + c.total() + " per operation");
            if (inner.isEmpty()) {
                report.add(String.format(Locale.ROOT, "%s: %.3f, not compared: the test cannot read it here", c.total(),
                        probed));
                continue;
            }
            double same = inner.getAsLong() * c.unit();
            assertWithin(c.total() + " against the test's reading of the same window", same, probed,
                    Math.max(c.absTolerance(), c.relTolerance() * same));
            double outer = delta(c.reading(), outerStart, outerEnd).orElseThrow() * c.unit();
            double slack = c.unit() == tick ? 2 * tick : 0;
            assertTrue(probed <= outer + slack, c.total() + " " + probed + " is more than the test read around the"
                    + " whole phase: " + outer);
            if (c.total().equals(PhaseCost.CLIENT_CPU_S) && "request".equals(result.phase())) {
                assertTrue(probed >= outer - Math.max(0.05, 0.15 * outer), "client CPU " + probed
                        + " s is much less than the test read around the whole phase: " + outer);
            }
            report.add(String.format(Locale.ROOT, "%s: probe %.3f, test same window %.3f, around the phase %.3f",
                    c.total(), probed, same, outer));
        }
        checkRssAndRate(cost, ops, report);
        return report;
    }

    /** The server's RSS at the end, ops/s and Mcpu/op over the window. */
    private void checkRssAndRate(PhaseCost cost, long ops, List<String> report) {
        double rss = cost.get(PhaseCost.SERVER_RSS);
        if (innerEnd.serverRssKb().isPresent()) {
            double kb = innerEnd.serverRssKb().getAsLong();
            assertWithin("server RSS (KiB)", kb, rss / 1024, 0.10 * kb);
            report.add(String.format(Locale.ROOT, "server RSS: probe %.0f KiB, test %.0f KiB", rss / 1024, kb));
        } else {
            assertTrue(Double.isNaN(rss), "server RSS without a server the test can read");
        }
        // ops/s: the window's length it implies, against the test's; the readings at each edge take a few ms
        double seconds = (innerEnd.nanos() - innerStart.nanos()) / 1e9;
        double rate = cost.get(PhaseCost.OPS_PER_S);
        assertFalse(Double.isNaN(rate), "ops/s");
        assertWithin("seconds of the window (operations / ops/s)", seconds, ops / rate, 0.02 + 0.01 * seconds);
        report.add(String.format(Locale.ROOT, "ops/s: probe %.1f, test %.1f", rate, ops / seconds));
        // Mcpu/op: host busy percent x 10^6 / ops/s, from the test's /proc/stat readings
        OptionalLong busy = delta(r -> r.host(ProcReadings.Host.BUSY), innerStart, innerEnd);
        OptionalLong all = delta(r -> r.host(ProcReadings.Host.TOTAL), innerStart, innerEnd);
        double mcpu = cost.get(PhaseCost.MCPU);
        if (busy.isPresent() && all.isPresent() && all.getAsLong() > 0) {
            double expected = 100.0 * busy.getAsLong() / all.getAsLong() * 1e6 / (ops / seconds);
            assertWithin(PhaseCost.MCPU, expected, mcpu, 0.05 * expected);
            report.add(String.format(Locale.ROOT, "Mcpu/op: probe %.1f, test %.1f", mcpu, expected));
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
