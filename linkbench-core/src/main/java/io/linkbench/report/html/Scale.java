package io.linkbench.report.html;

import java.util.List;
import java.util.Locale;

/**
 * A linear axis from 0 to a "nice" maximum: the smallest step of 1, 2, 2.5 or 5 times a power of ten
 * that covers the data in at most seven steps, and tick labels that show no more decimals than the
 * step needs ({@code 20k}, {@code 1.5M} for large values).
 *
 * @param max  the axis maximum, a multiple of {@code step}, &gt; 0
 * @param step distance between ticks, &gt; 0
 */
record Scale(double max, double step) {
    /** At most this many steps between 0 and the maximum. */
    private static final int MAX_STEPS = 7;
    private static final List<Double> NICE = List.of(1.0, 2.0, 2.5, 5.0, 10.0);

    /** The scale for data whose largest value is {@code dataMax}; 0, negative or NaN gives 0..1. */
    static Scale covering(double dataMax) {
        if (!(dataMax > 0) || Double.isInfinite(dataMax)) {
            return new Scale(1, 0.2);
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(dataMax / MAX_STEPS)));
        for (double nice : NICE) {
            double step = nice * magnitude;
            double steps = Math.ceil(dataMax / step - 1e-9);
            if (steps <= MAX_STEPS) {
                return new Scale(Math.max(1, steps) * step, step);
            }
        }
        throw new AssertionError("10 x magnitude always fits: " + dataMax);
    }

    /** Tick values from 0 to {@link #max} inclusive. */
    double[] ticks() {
        int n = (int) Math.round(max / step);
        double[] t = new double[n + 1];
        for (int i = 0; i <= n; i++) {
            t[i] = i * step;
        }
        return t;
    }

    /** {@code v} as a tick label: 0 as {@code 0}, k / M suffix from 10 000 up, decimals as the step needs. */
    String label(double v) {
        if (v == 0) {
            return "0";
        }
        double div = 1;
        String suffix = "";
        if (max >= 1e7) {
            div = 1e6;
            suffix = "M";
        } else if (max >= 1e4) {
            div = 1e3;
            suffix = "k";
        }
        return String.format(Locale.ROOT, "%." + decimals(step / div) + "f", v / div) + suffix;
    }

    /** Decimals needed to print multiples of {@code step} exactly (at most 6). */
    private static int decimals(double step) {
        for (int d = 0; d < 6; d++) {
            double scaled = step * Math.pow(10, d);
            if (Math.abs(scaled - Math.rint(scaled)) < 1e-6 * Math.max(1, scaled)) {
                return d;
            }
        }
        return 6;
    }
}
