package io.linkbench.report.html;

import io.linkbench.report.Formats;
import java.time.Instant;
import java.util.Locale;

/**
 * Number formatting of the HTML report: the console's rules ({@link Formats}) plus the few the page
 * adds (one-decimal header figures, ISO times).
 */
final class Figures {
    /** What a cell holds when there is no value. */
    static final String NONE = Formats.NONE;

    private Figures() {
    }

    /** Nanoseconds as ms with 3 decimals, half-up. */
    static String ms(double nanos) {
        return Formats.ms(nanos);
    }

    /** One decimal, e.g. seconds and rates in headers. */
    static String oneDecimal(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.1f", v) : NONE;
    }

    /** A cost figure or summary column, as {@link Formats#figure}. */
    static String figure(String name, double v) {
        return Formats.figure(name, v);
    }

    /** Bytes in binary units, as {@link Formats#bytes}. */
    static String bytes(long bytes) {
        return Formats.bytes(bytes);
    }

    /** Epoch milliseconds as ISO-8601 UTC, as in result.json. */
    static String time(long epochMs) {
        return Instant.ofEpochMilli(epochMs).toString();
    }
}
