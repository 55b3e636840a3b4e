package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.PhaseRecorder;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The request phase's own thread while the requesters run: status lines every {@code displayfreq}
 * seconds (which say when the server looks stalled, and when its counters could not be read), the start
 * of the measured window once the warm-up is over, the backlog warning of an open loop, and the limits
 * after which requesters that do not stop are left behind: {@code stall_limit} past the phase's end (the
 * phase then fails: the server stalled), or after a stop request once the server does not answer
 * ({@link StopWait}).
 */
final class RequestMonitor {
    private final PhaseContext ctx;
    private final PhaseRunner runner;
    private final PhaseRecorder recorder;
    private final String[] names;
    private final long startNanos;
    private final long warmupEnd;
    private final WarmupGate warmup;
    private final BusyRequesters busy;
    private final List<String> warnings = new ArrayList<>();
    private final List<IntervalPoint> points = new ArrayList<>();
    private long measuredStartNanos = -1;
    private IntervalPoint lastPoint; // of the last interval, for the status line
    private int lagGrowth;
    private double lastLagMs;
    private boolean backlogWarned;

    /** @param busy the open loop's busy requesters, or null for a closed loop */
    RequestMonitor(PhaseContext ctx, PhaseRunner runner, PhaseRecorder recorder, String[] names, long startNanos,
                   long warmupEnd, WarmupGate warmup, BusyRequesters busy) {
        this.ctx = ctx;
        this.runner = runner;
        this.recorder = recorder;
        this.names = names;
        this.startNanos = startNanos;
        this.warmupEnd = warmupEnd;
        this.warmup = warmup;
        this.busy = busy;
        if (warmupEnd <= startNanos) {
            startWindow(startNanos);
        }
    }

    /** Warnings raised while watching (a growing backlog). */
    List<String> warnings() {
        return warnings;
    }

    /** The measured window's interval points. */
    List<IntervalPoint> points() {
        return points;
    }

    /** When the measured window started (after the warm-up). */
    long measuredStartNanos() {
        return measuredStartNanos;
    }

    /** The measured window starts: store counters and the cost probe take their first reading. */
    private void startWindow(long now) {
        measuredStartNanos = now;
        runner.calls().measureGapsFrom(now);
        runner.windowStarted();
        warmup.open();
    }

    /** Ends an interval: a point for the charts and files, and the sample for the status line. */
    IntervalSample interval(long now) {
        IntervalSample s = recorder.sample();
        boolean warm = measuredStartNanos < 0;
        Map<String, Double> rates = new LinkedHashMap<>(ctx.observer().intervalRates());
        if (busy != null) {
            rates.putAll(busy.sample(now));
        }
        IntervalPoint p = runner.interval(s, names, (now - startNanos) / 1e9, warm, rates);
        lastPoint = p;
        boolean emptyTail = s.totalCount() == 0 && p.errors() == 0
                && s.seconds() < ctx.run().displaySeconds() / 2 && !points.isEmpty();
        if (!warm && !emptyTail) { // the last, partial interval is kept unless nothing happened in it
            points.add(p);
        }
        return s;
    }

    /**
     * Watches the workers until they all ended, {@code stall_limit} after {@code deadline} (the run then fails:
     * the server stalled), or after a stop request once {@code stop} gives up on them.
     */
    void watch(List<Thread> workers, long deadline, StopWait stop) throws InterruptedException {
        PrintStream out = ctx.out();
        RunControl control = ctx.control();
        long displayNanos = (long) (ctx.run().displaySeconds() * 1e9);
        long nextDisplay = startNanos + displayNanos;
        while (true) {
            long now = System.nanoTime();
            if (measuredStartNanos < 0 && now >= warmupEnd) {
                recorder.reset();
                startWindow(now);
                out.println("warm-up done: measuring from now");
            }
            if (now >= nextDisplay) {
                IntervalSample s = interval(now);
                out.println(StatusLine.format(measuredStartNanos < 0 ? " warm-up" : "",
                        (now - startNanos) / 1e9, s, names) + StatusLine.listFigures(lastPoint)
                        + runner.intervalNotes(s, "requesters"));
                checkBacklog(s);
                nextDisplay += displayNanos * Math.max(1, (now - nextDisplay) / displayNanos + 1);
            }
            if (!runner.anyAlive()) {
                break;
            }
            if (now > deadline + ctx.run().stallNanos() && !control.interrupted()) {
                control.fail(stalled());
                break;
            }
            if (stop.giveUp(now)) {
                break;
            }
            long until = Math.min(nextDisplay, measuredStartNanos < 0 ? warmupEnd : Long.MAX_VALUE);
            long wait = Math.max(1_000_000L, Math.min(until - System.nanoTime(), 100_000_000L));
            for (Thread t : workers) { // the first one still at work: a join on an ended one would not wait
                if (t.isAlive()) {
                    t.join(Math.max(1, wait / 1_000_000L));
                    break;
                }
            }
        }
        if (measuredStartNanos < 0) { // stopped during warm-up: nothing was measured
            recorder.reset();
            startWindow(System.nanoTime());
        }
    }

    /** Why the phase fails when requesters are still inside store calls {@code stall_limit} after its end. */
    private String stalled() {
        StoreCalls.Waiting w = runner.calls().waiting(System.nanoTime());
        return String.format(Locale.ROOT, "the server stalled: %d of %d requesters were still inside a store call %s s"
                        + " after the phase's end (stall_limit), for up to %.0f s; their calls are not counted",
                w.inCall(), runner.workers().size(), RequestPhase.plain(ctx.run().stallSeconds()),
                w.longestSeconds());
    }

    /** Open loop: warns once when the schedule lag grew over three intervals in a row and exceeds 1 s. */
    private void checkBacklog(IntervalSample s) {
        if (s.lag() == null || s.lag().getTotalCount() == 0 || backlogWarned) {
            return;
        }
        double lagMs = s.lag().getValueAtPercentile(50) / 1e6;
        lagGrowth = lagMs > lastLagMs ? lagGrowth + 1 : 0;
        lastLagMs = lagMs;
        if (lagGrowth >= 3 && lagMs > 1000) {
            backlogWarned = true;
            String w = String.format(Locale.ROOT,
                    "backlog growing: the requesters cannot keep up with requestrate=%.0f (median lag %.1f s and rising);"
                            + " response times include the wait", ctx.run().requestRate(), lagMs / 1000);
            warnings.add(w);
            ctx.out().println("WARNING: " + w);
        }
    }
}
