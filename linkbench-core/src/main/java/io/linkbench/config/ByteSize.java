package io.linkbench.config;

import java.util.Locale;

/**
 * A size in bytes as people read it: binary units with one decimal, the unit chosen so that the figure is at
 * least 1 ({@code 38.1 MiB}, never {@code 0.0 GB}). The one formatter of sizes for reports and for the lines
 * a run prints while it works.
 */
public final class ByteSize {
    private static final String[] UNITS = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};

    private ByteSize() {
    }

    /** {@code bytes} in binary units with one decimal, e.g. {@code 1.5 GiB}; {@code 1023 B} below 1 KiB; negative means unknown. */
    public static String of(long bytes) {
        if (bytes < 0) {
            return "unknown";
        }
        if (bytes < 1024) {
            return bytes + " B";
        }
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }
}
