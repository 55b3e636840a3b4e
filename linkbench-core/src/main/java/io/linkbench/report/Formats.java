package io.linkbench.report;

import io.linkbench.config.ByteSize;
import java.util.Locale;

/**
 * How every report (console, summary.txt, HTML, compare) prints numbers, so one figure reads the
 * same everywhere: latencies in ms with 3 decimals rounded half-up on the exact nanosecond value,
 * sizes in binary units, throughput whole with thousands separators, other figures with 0, 1, 3 or 5
 * decimals by magnitude, shares as percent with 1 decimal, means per call or per id1 with 2 decimals,
 * and {@code -} for a value that is unavailable.
 */
public final class Formats {
    /** What is printed for an unavailable value. */
    public static final String NONE = "-";

    private Formats() {
    }

    /** Nanoseconds as milliseconds with 3 decimals, half-up. */
    public static String ms(double nanos) {
        return Millis.of(nanos).toPlainString();
    }

    /**
     * A cost figure or summary column by its name: {@code size}, {@code rss} and {@code *_bytes} in
     * binary units; {@code un gn ul gl} (p99 in ms) with 3 decimals; {@code cpu} and {@code share} (percent) with 1; {@code ips}, {@code tps} and {@code ops/s}
     * whole; others by magnitude.
     */
    public static String figure(String name, double v) {
        if (!Double.isFinite(v)) {
            return NONE;
        }
        if (name.equals("size") || name.equals("rss") || name.endsWith("_bytes")) {
            return bytes((long) v);
        }
        if (name.equals("un") || name.equals("gn") || name.equals("ul") || name.equals("gl")) {
            return String.format(Locale.ROOT, "%.3f", v); // p99 in ms, as the latency tables print it
        }
        if (name.equals("cpu") || name.equals("share")) {
            return String.format(Locale.ROOT, "%.1f", v); // a percentage, as vmstat's
        }
        if (name.equals("ips") || name.equals("tps") || name.equals("ops/s")) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        double a = Math.abs(v);
        return String.format(Locale.ROOT, a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 0.01 || a == 0 ? "%.3f" : "%.5f", v);
    }

    /** A share (0..1) as percent with 1 decimal, without the sign: {@code 0.8123} is {@code 81.2}. */
    public static String percent(double share) {
        return Double.isFinite(share) ? String.format(Locale.ROOT, "%.1f", share * 100) : NONE;
    }

    /** A mean count (rows per call, links per id1) with 2 decimals. */
    public static String mean(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.2f", v) : NONE;
    }

    /** A count with thousands separators, e.g. {@code 520,312}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Bytes in binary units with one decimal, e.g. {@code 1.5 GiB}; negative means unknown ({@link ByteSize}). */
    public static String bytes(long bytes) {
        return ByteSize.of(bytes);
    }
}
