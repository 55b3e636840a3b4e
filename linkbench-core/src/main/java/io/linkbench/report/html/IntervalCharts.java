package io.linkbench.report.html;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalPoint.OpInterval;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The two charts of a phase drawn from its {@code displayfreq} intervals: throughput over time per
 * operation (rows/s per load step for a load) with the total, and p99 latency over time per operation
 * (response time when open loop). Each point sits at the end of its interval; an interval in which an
 * operation had no successful call is a gap in its p99 line; intervals in the warm-up are shaded.
 * An operation keeps its colour in both charts.
 *
 * <p>A last interval without any call, row or error that is shorter than half the one before is the
 * moment between the workers stopping and the phase closing, not a measurement: it is left out, as
 * its rate of 0 would look like a stall. A full-length empty interval (a real stall) is drawn.
 */
final class IntervalCharts {
    static final String NO_DATA = "no interval data";
    private static final String X_TITLE = "seconds since phase start";

    private final PhaseResult phase;
    private final boolean load;
    private final List<String> names;
    private final List<IntervalPoint> points;

    IntervalCharts(PhaseResult phase) {
        this.phase = phase;
        this.load = phase.isLoad();
        this.points = withoutCloseOut(phase.intervals());
        this.names = opNames(phase.ops(), points);
    }

    /** Throughput chart with the svg id {@code idPrefix + "-throughput"}. */
    String throughput(String idPrefix) {
        String unit = load ? "rows/s" : "ops/s";
        double[] x = offsets(points);
        List<Series> series = perOperation(x, (o, p) -> o == null ? 0 : rate(load ? o.rows() : o.count(), p.seconds()));
        if (names.size() > 1) {
            double[] total = new double[points.size()];
            for (int i = 0; i < points.size(); i++) {
                long n = 0;
                for (OpInterval o : points.get(i).ops()) {
                    n += load ? o.rows() : o.count();
                }
                total[i] = rate(n, points.get(i).seconds());
            }
            series.add(new Series("TOTAL", x, total, Palette.TOTAL, true));
        }
        String title = "Throughput per " + (load ? "load step" : "operation") + " (" + unit + ")";
        return new LineChart(idPrefix + "-throughput", title, X_TITLE, unit, NO_DATA).render(series, warmup(points));
    }

    /** p99 chart with the svg id {@code idPrefix + "-p99"}. */
    String p99(String idPrefix) {
        List<Series> series = perOperation(offsets(points),
                (o, p) -> o == null || o.count() == 0 ? Double.NaN : o.p99Ms());
        String kind = phase.openLoop() ? "response time, intended start to end" : "service time";
        String title = "p99 latency per " + (load ? "load step" : "operation") + " (ms, " + kind + ")";
        return new LineChart(idPrefix + "-p99", title, X_TITLE, "p99 (ms)", NO_DATA).render(series, warmup(points));
    }

    /** The value of one operation's interval at one point; the interval is null when the point lacks it. */
    private interface PointValue {
        double of(OpInterval interval, IntervalPoint point);
    }

    /** One series per operation drawn, in its palette colour, with {@code value} at each point. */
    private List<Series> perOperation(double[] x, PointValue value) {
        List<Series> series = new ArrayList<>();
        for (int k = 0; k < names.size(); k++) {
            double[] y = new double[points.size()];
            for (int i = 0; i < points.size(); i++) {
                y[i] = value.of(find(points.get(i), names.get(k)), points.get(i));
            }
            series.add(new Series(names.get(k), x, y, Palette.colour(k), false));
        }
        return series;
    }

    /**
     * The operations to draw, in the phase's order: those with calls (or rows) in some interval; names
     * that only the intervals know come last.
     */
    private static List<String> opNames(List<OpStats> ops, List<IntervalPoint> points) {
        Set<String> active = new LinkedHashSet<>();
        for (IntervalPoint p : points) {
            for (OpInterval o : p.ops()) {
                if (o.count() > 0 || o.rows() > 0) {
                    active.add(o.name());
                }
            }
        }
        List<String> ordered = new ArrayList<>();
        for (OpStats s : ops) {
            if (active.remove(s.name())) {
                ordered.add(s.name());
            }
        }
        ordered.addAll(active);
        return ordered;
    }

    private static List<IntervalPoint> withoutCloseOut(List<IntervalPoint> all) {
        int n = all.size();
        if (n < 2) {
            return all;
        }
        IntervalPoint last = all.get(n - 1);
        boolean empty = last.errors() == 0 && last.ops().stream().allMatch(o -> o.count() == 0 && o.rows() == 0);
        return empty && last.seconds() < all.get(n - 2).seconds() / 2 ? all.subList(0, n - 1) : all;
    }

    private static double[] offsets(List<IntervalPoint> points) {
        double[] x = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i).offsetSeconds();
        }
        return x;
    }

    private static LineChart.Band warmup(List<IntervalPoint> points) {
        double end = 0;
        for (IntervalPoint p : points) {
            if (p.warmup()) {
                end = Math.max(end, p.offsetSeconds());
            }
        }
        return end > 0 ? new LineChart.Band(0, end, "warm-up") : null;
    }

    private static OpInterval find(IntervalPoint p, String name) {
        for (OpInterval o : p.ops()) {
            if (o.name().equals(name)) {
                return o;
            }
        }
        return null;
    }

    private static double rate(long n, double seconds) {
        return seconds > 0 ? n / seconds : Double.NaN;
    }
}
