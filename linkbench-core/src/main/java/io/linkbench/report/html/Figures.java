package io.linkbench.report.html;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Locale;

/**
 * Number formatting of the HTML report, matching the console's: latencies in ms with 3 decimals
 * rounded half-up on the exact nanosecond value ({@code io.linkbench.report.Millis}), cost figures as
 * {@code io.linkbench.report.CostTable} prints them, sizes in binary units. Those helpers are
 * package-private in {@code io.linkbench.report}, hence these few lines of the same rules here.
 */
final class Figures {
    /** What a cell holds when there is no value. */
    static final String NONE = "-";

    private Figures() {
    }

    /** Nanoseconds as ms with 3 decimals, half-up. */
    static String ms(double nanos) {
        return new BigDecimal(nanos).movePointLeft(6).setScale(3, RoundingMode.HALF_UP).toPlainString();
    }

    /** One decimal, e.g. seconds and rates in headers. */
    static String oneDecimal(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : NONE;
    }

    /**
     * A cost figure or summary column: sizes human-readable, rates whole with thousands separators,
     * other figures with 0, 1, 3 or 5 decimals by magnitude; NaN or infinite as {@value #NONE}.
     */
    static String figure(String name, double v) {
        if (!Double.isFinite(v)) {
            return NONE;
        }
        if (name.equals("size") || name.equals("rss") || name.endsWith("_bytes")) {
            return bytes((long) v);
        }
        if (name.equals("ips") || name.equals("tps") || name.equals("ops/s")) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        double a = Math.abs(v);
        String format = a >= 100 ? "%.0f" : a >= 10 ? "%.1f" : a >= 0.01 || a == 0 ? "%.3f" : "%.5f";
        return String.format(Locale.ROOT, format, v);
    }

    /** Bytes in binary units with one decimal, e.g. {@code 1.5 GiB}; negative means unknown. */
    static String bytes(long bytes) {
        if (bytes < 0) {
            return "unknown";
        }
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** Epoch milliseconds as ISO-8601 UTC, as in result.json. */
    static String time(long epochMs) {
        return Instant.ofEpochMilli(epochMs).toString();
    }
}
