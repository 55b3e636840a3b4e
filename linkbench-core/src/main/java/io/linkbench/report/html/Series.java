package io.linkbench.report.html;

import java.util.Objects;

/**
 * One line of a {@link LineChart}: points {@code (x[i], y[i])} in x order; a NaN (or infinite) y is a
 * gap that splits the line.
 *
 * @param name   legend text (escaped when drawn)
 * @param x      x values, ascending
 * @param y      y values, same length as {@code x}
 * @param colour CSS colour, a constant such as {@code #1f77b4} (not escaped)
 * @param dashed true to draw the line dashed (totals)
 */
record Series(String name, double[] x, double[] y, String colour, boolean dashed) {
    Series {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(colour, "colour");
        if (x.length != y.length) {
            throw new IllegalArgumentException(name + ": " + x.length + " x values, " + y.length + " y values");
        }
        x = x.clone();
        y = y.clone();
    }

    /** True when no point has a finite x and y. */
    boolean isEmpty() {
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                return false;
            }
        }
        return true;
    }
}
