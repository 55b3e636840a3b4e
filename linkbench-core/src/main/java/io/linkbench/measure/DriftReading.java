package io.linkbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a request phase's throughput drift comes from, read from its intervals: a first interval that ran
 * apart from the rest (JIT compilation and start-up: outside the rest's noise), the drift of the steady
 * intervals after it ({@link ThroughputDrift}), and how GET_LINKS_LIST's rows per call and skipped
 * invisible entries per call moved from the first steady interval to the last
 * ({@link IntervalPoint#LIST_ROWS_PER_CALL}, {@link IntervalPoint#LIST_SKIPPED_PER_CALL}). The lists the
 * workload reads most are the ones ADD_LINK grows most, so on a store that serves them from memory the
 * rows each list call reads set the throughput, and they follow the requests done, not the time.
 *
 * @param all          the drift of every full interval, or null with fewer than two
 * @param steady       the drift without a start-up interval (equal to {@code all} when there is none), or null
 * @param startupPct   the first interval against the steady intervals' line at its time, in %; NaN when not
 *                     measurable (fewer than four full intervals)
 * @param rowsFirst    GET_LINKS_LIST rows per call in the first steady interval; NaN when not recorded
 * @param rowsLast     in the last one
 * @param skippedFirst skipped entries per call in the first steady interval; NaN when the store does not count them
 * @param skippedLast  in the last one
 */
public record DriftReading(ThroughputDrift all, ThroughputDrift steady, double startupPct, double rowsFirst,
                           double rowsLast, double skippedFirst, double skippedLast) {
    /** A change of rows per call smaller than this (in %) is not named as a cause. */
    public static final double ROWS_FLOOR_PCT = 10;

    /** The reading of a request phase's measured intervals. */
    public static DriftReading of(List<IntervalPoint> points) {
        List<IntervalPoint> full = ThroughputDrift.full(points);
        ThroughputDrift all = ThroughputDrift.of(full);
        double startup = Double.NaN;
        List<IntervalPoint> steadyPoints = full;
        if (full.size() >= 4) {
            List<IntervalPoint> rest = full.subList(1, full.size());
            ThroughputDrift restDrift = ThroughputDrift.of(rest);
            List<double[]> xy = new ArrayList<>();
            rest.forEach(p -> xy.add(new double[] {middle(p), p.opsPerSecond()}));
            double[] line = ThroughputDrift.fit(xy);
            double expected = line[1] + line[2] * (middle(full.get(0)) - line[0]);
            if (expected > 0 && restDrift != null) {
                startup = 100 * (full.get(0).opsPerSecond() - expected) / expected;
                if (Math.abs(startup) >= ThroughputDrift.FLOOR_PCT
                        && Math.abs(startup) > ThroughputDrift.NOISE_FACTOR * restDrift.noisePct()) {
                    steadyPoints = rest;
                }
            }
        }
        ThroughputDrift steady = steadyPoints == full ? all : ThroughputDrift.of(steadyPoints);
        IntervalPoint first = steadyPoints.isEmpty() ? null : steadyPoints.get(0);
        IntervalPoint last = steadyPoints.isEmpty() ? null : steadyPoints.get(steadyPoints.size() - 1);
        return new DriftReading(all, steady, startup, rate(first, IntervalPoint.LIST_ROWS_PER_CALL),
                rate(last, IntervalPoint.LIST_ROWS_PER_CALL), rate(first, IntervalPoint.LIST_SKIPPED_PER_CALL),
                rate(last, IntervalPoint.LIST_SKIPPED_PER_CALL));
    }

    private static double middle(IntervalPoint p) {
        return p.offsetSeconds() - p.seconds() / 2;
    }

    private static double rate(IntervalPoint p, String key) {
        return p == null ? Double.NaN : p.rates().getOrDefault(key, Double.NaN);
    }

    /** True when the first interval ran apart from the others, outside their noise: JIT and start-up. */
    public boolean startup() {
        return steady != all;
    }

    /** True when the steady intervals' throughput moved beyond their noise ({@link ThroughputDrift#beyondNoise}). */
    public boolean drifted() {
        return steady != null && steady.beyondNoise();
    }

    /** GET_LINKS_LIST's rows per call from the first steady interval to the last, in %; NaN when not recorded. */
    public double rowsChangePct() {
        return rowsFirst > 0 ? 100 * (rowsLast - rowsFirst) / rowsFirst : Double.NaN;
    }

    /** True when the rows per call moved by at least {@link #ROWS_FLOOR_PCT} the other way from the throughput. */
    public boolean listsMoved() {
        double change = rowsChangePct();
        return Double.isFinite(change) && Math.abs(change) >= ROWS_FLOOR_PCT && steady != null
                && Math.signum(change) == -Math.signum(steady.trendPct());
    }

    /**
     * {@code GET_LINKS_LIST 3.7 -> 17.5 rows per call (+373%), 1.6 -> 49.0 skipped entries per call}; the
     * skipped part only when the store counts them, and "" when no list read was recorded.
     */
    public String describeLists() {
        if (!Double.isFinite(rowsFirst) || !Double.isFinite(rowsLast)) {
            return "";
        }
        String s = String.format(Locale.ROOT, "%s %.1f -> %.1f rows per call (%+.0f%%)", IntervalPoint.LIST_OP,
                rowsFirst, rowsLast, rowsChangePct());
        if (Double.isFinite(skippedFirst) && Double.isFinite(skippedLast)) {
            s += String.format(Locale.ROOT, ", %.1f -> %.1f skipped entries per call", skippedFirst, skippedLast);
        }
        return s;
    }

    /** The console's drift line: the throughput's, then the lists'. */
    public String describe() {
        if (all == null) {
            return "fewer than 2 full intervals";
        }
        String lists = describeLists();
        String s = all.describe() + (lists.isEmpty() ? "" : "; " + lists + " from the first steady interval to the last");
        if (startup()) {
            s += String.format(Locale.ROOT, "; the first interval ran %.0f%% %s the rest (start-up)", Math.abs(startupPct),
                    startupPct < 0 ? "below" : "above");
        }
        return s;
    }
}
