package io.linkbench.report;

import org.HdrHistogram.Histogram;

/** Test helper: histograms holding known values. */
final class Histograms {
    private Histograms() {
    }

    /** Values {@code offsetNs + i * stepNs} for i = 1..n. */
    static Histogram series(int n, long stepNs, long offsetNs) {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= n; i++) {
            h.recordValue(offsetNs + i * stepNs);
        }
        return h;
    }

    /** {@code n} copies of one value. */
    static Histogram constant(int n, long valueNs) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(valueNs, n);
        return h;
    }
}
