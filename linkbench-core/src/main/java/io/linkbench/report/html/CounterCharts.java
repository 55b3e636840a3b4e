package io.linkbench.report.html;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The per-interval charts of a phase beyond throughput and latency: the store's counters (one chart per
 * counter, the change over each interval) and, in an open loop, the requesters busy at once (mean and
 * max per interval). Charts at most {@link #MAX_COUNTER_CHARTS} counters that changed: first those
 * engineers look at (buffer-pool and block reads, stalls, compaction, WAL), then the ones that changed
 * most; every counter is in {@code intervals.csv} and {@code result.json}.
 */
final class CounterCharts {
    static final int MAX_COUNTER_CHARTS = 6;
    private static final String X_TITLE = "seconds since phase start";
    /** Name fragments of the counters charted first, in this order. */
    private static final List<String> FIRST = List.of("buffer_pool_reads", "stall", "compact", "blks_read", "wal_bytes",
            "wal.bytes", "pages_read", "block.cache.miss", "data_read", "bytes_written", "bytes.written");

    private final List<IntervalPoint> points;
    private final PhaseResult phase;

    CounterCharts(PhaseResult phase) {
        this.phase = phase;
        this.points = phase.intervals();
    }

    /** The counters' section: a note and one chart each; "" when no counter changed in any interval. */
    String counters(String idPrefix) {
        Map<String, Double> totals = new LinkedHashMap<>();
        for (IntervalPoint p : points) {
            p.rates().forEach((k, v) -> {
                if (k.startsWith(IntervalPoint.STORE_COUNTER_PREFIX) && Double.isFinite(v)) {
                    totals.merge(k, v, Double::sum);
                }
            });
        }
        List<String> changed = new ArrayList<>(totals.keySet().stream().filter(k -> totals.get(k) > 0).toList());
        if (changed.isEmpty()) {
            return "";
        }
        changed.sort(Comparator.comparingInt(CounterCharts::rank).thenComparing(k -> -totals.get(k)));
        StringBuilder out = new StringBuilder("<h3>Store counters per interval</h3>\n<p class=\"note\">The change of each"
                + " counter over each interval; " + Math.min(changed.size(), MAX_COUNTER_CHARTS) + " of the "
                + changed.size() + " counters that changed are drawn, every counter is in intervals.csv.</p>\n"
                + "<div class=\"charts\">\n");
        double[] x = offsets();
        for (int i = 0; i < Math.min(changed.size(), MAX_COUNTER_CHARTS); i++) {
            String key = changed.get(i);
            String name = key.substring(IntervalPoint.STORE_COUNTER_PREFIX.length());
            out.append(new LineChart(idPrefix + "-counter-" + i, name + " (change per interval)", X_TITLE, "per interval",
                    IntervalCharts.NO_DATA).render(List.of(new Series(name, x, values(key), Palette.colour(i), false)),
                    null));
        }
        return out.append("</div>\n").toString();
    }

    /** Open loop: the requesters-busy chart; "" in a closed loop or without data. */
    String busy(String idPrefix) {
        if (!phase.openLoop() || points.stream().noneMatch(p -> p.rates().containsKey(IntervalPoint.BUSY_MEAN))) {
            return "";
        }
        double[] x = offsets();
        double[] mean = values(IntervalPoint.BUSY_MEAN);
        double[] max = values(IntervalPoint.BUSY_MAX);
        double top = 0;
        double weighted = 0;
        double seconds = 0;
        for (int i = 0; i < points.size(); i++) {
            top = Double.isFinite(max[i]) ? Math.max(top, max[i]) : top;
            if (Double.isFinite(mean[i])) {
                weighted += mean[i] * points.get(i).seconds();
                seconds += points.get(i).seconds();
            }
        }
        return "<h3>Requesters busy at once</h3>\n<p class=\"note\">Open loop: requesters inside a store call, mean"
                + " and most at once per interval (the phase: mean " + String.format(Locale.ROOT, "%.2f",
                seconds > 0 ? weighted / seconds : Double.NaN) + ", max " + String.format(Locale.ROOT, "%.0f", top)
                + "). Near the number of requesters, the store cannot keep up with the rate.</p>\n"
                + new LineChart(idPrefix + "-busy", "Requesters busy at once", X_TITLE, "requesters", IntervalCharts.NO_DATA)
                .render(List.of(new Series("mean", x, mean, Palette.colour(0), false),
                        new Series("max", x, max, Palette.colour(1), true)), null);
    }

    private static int rank(String key) {
        for (int i = 0; i < FIRST.size(); i++) {
            if (key.toLowerCase(Locale.ROOT).contains(FIRST.get(i))) {
                return i;
            }
        }
        return FIRST.size();
    }

    private double[] offsets() {
        double[] x = new double[points.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = points.get(i).offsetSeconds();
        }
        return x;
    }

    private double[] values(String key) {
        double[] y = new double[points.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = points.get(i).rates().getOrDefault(key, Double.NaN);
        }
        return y;
    }
}
