package io.linkbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How a request phase's throughput moved from its first to its last measured interval: the last against
 * the first, a least-squares line through every interval (its slope, and the change it predicts over the
 * phase), and the run's own noise (the spread of the intervals around that line). A graph that the phase
 * grows, a cache that warms or a compaction that falls behind all show here.
 *
 * <p>Intervals shorter than half the longest one (a partial last interval) are left out; fewer than two
 * full intervals give no drift, and fewer than three give no noise (NaN), so no verdict.
 *
 * @param intervals      the full intervals used
 * @param firstOps       ops/s of the first of them
 * @param lastOps        ops/s of the last of them
 * @param lastVsFirstPct the last against the first, in % (-46.5 is a fall by 46.5%)
 * @param slopePctPerMin the fitted line's slope, in % of the mean ops/s per minute
 * @param trendPct       the change the fitted line predicts from the first interval to the last, in % of the mean
 * @param noisePct       the standard deviation of the intervals around the line, in % of the mean; NaN below 3 intervals
 */
public record ThroughputDrift(int intervals, double firstOps, double lastOps, double lastVsFirstPct,
                              double slopePctPerMin, double trendPct, double noisePct) {
    /** A trend smaller than this (in %) is never called a drift, however quiet the run. */
    public static final double FLOOR_PCT = 10;
    /** A trend is beyond the noise when it exceeds this many standard deviations of the intervals around it. */
    public static final double NOISE_FACTOR = 3;

    /** The drift of the measured intervals (warm-up ones skipped), or null with fewer than two full intervals. */
    public static ThroughputDrift of(List<IntervalPoint> points) {
        List<IntervalPoint> full = full(points);
        List<double[]> xy = new ArrayList<>(); // x: middle of the interval in s, y: ops/s
        for (IntervalPoint p : full) {
            xy.add(new double[] {p.offsetSeconds() - p.seconds() / 2, p.opsPerSecond()});
        }
        int n = xy.size();
        if (n < 2) {
            return null;
        }
        double[] line = fit(xy);
        double mx = line[0];
        double my = line[1];
        double slope = line[2];
        if (!(my > 0)) {
            return null;
        }
        double noise = Double.NaN;
        if (n >= 3) {
            double ss = 0;
            for (double[] v : xy) {
                double r = v[1] - (my + slope * (v[0] - mx));
                ss += r * r;
            }
            noise = 100 * Math.sqrt(ss / (n - 2)) / my;
        }
        double first = xy.get(0)[1];
        double last = xy.get(n - 1)[1];
        double span = xy.get(n - 1)[0] - xy.get(0)[0];
        return new ThroughputDrift(n, first, last, first > 0 ? 100 * (last - first) / first : Double.NaN,
                100 * slope * 60 / my, 100 * slope * span / my, noise);
    }

    /** The measured intervals the drift is computed from: not warm-up, and at least half the longest one. */
    public static List<IntervalPoint> full(List<IntervalPoint> points) {
        double longest = 0;
        for (IntervalPoint p : points) {
            longest = p.warmup() ? longest : Math.max(longest, p.seconds());
        }
        List<IntervalPoint> out = new ArrayList<>();
        for (IntervalPoint p : points) {
            if (!p.warmup() && p.seconds() >= longest / 2 && p.seconds() > 0) {
                out.add(p);
            }
        }
        return out;
    }

    /** The least-squares line through (x, y) points: {mean x, mean y, slope}; slope 0 when every x is the same. */
    static double[] fit(List<double[]> xy) {
        int n = xy.size();
        double mx = 0;
        double my = 0;
        for (double[] v : xy) {
            mx += v[0] / n;
            my += v[1] / n;
        }
        double sxx = 0;
        double sxy = 0;
        for (double[] v : xy) {
            sxx += (v[0] - mx) * (v[0] - mx);
            sxy += (v[0] - mx) * (v[1] - my);
        }
        return new double[] {mx, my, sxx > 0 ? sxy / sxx : 0};
    }

    /**
     * True when the trend is at least {@link #FLOOR_PCT} and more than {@link #NOISE_FACTOR} times the noise;
     * false without a noise figure (fewer than three intervals).
     */
    public boolean beyondNoise() {
        return Double.isFinite(noisePct) && Math.abs(trendPct) >= FLOOR_PCT && Math.abs(trendPct) > NOISE_FACTOR * noisePct;
    }

    /** "128,085 -> 68,514 ops/s from the first interval to the last (-46.5%), trend -93.0%/min (-45.1% over the phase), noise 2.1%". */
    public String describe() {
        return String.format(Locale.ROOT,
                "%,.0f -> %,.0f ops/s from the first interval to the last (%+.1f%%), trend %+.1f%%/min (%+.1f%% over the phase), noise %s",
                firstOps, lastOps, lastVsFirstPct, slopePctPerMin, trendPct,
                Double.isFinite(noisePct) ? String.format(Locale.ROOT, "%.1f%%", noisePct) : "unknown (fewer than 3 intervals)");
    }
}
