package io.linkbench.workload.tao;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Pearson's chi-square goodness-of-fit test of observed counts against expected probabilities, for the
 * fidelity tests. Bins of probability 0 must be empty (checked exactly); neighbouring bins are pooled
 * until each pool expects at least 5 draws; the bound is the chi-square quantile at p = 1e-6
 * (Wilson-Hilferty), so a correct generator at a fixed seed is far inside it and a wrong share of a few
 * tenths of a percent at a million draws is far outside.
 */
final class ChiSquare {
    /** The standard normal quantile of 1 - 1e-6. */
    static final double Z = 4.753;

    private ChiSquare() {
    }

    /** The result, with a message saying what was compared. */
    record Result(String what, double statistic, int degreesOfFreedom, double bound, String emptyBinViolation) {
        boolean passes() {
            return emptyBinViolation == null && statistic <= bound;
        }

        String describe() {
            return emptyBinViolation != null ? what + ": " + emptyBinViolation
                    : String.format(Locale.ROOT, "%s: chi-square %.1f on %d degrees of freedom, bound %.1f", what,
                    statistic, degreesOfFreedom, bound);
        }
    }

    static Result test(String what, long[] observed, double[] weights) {
        if (observed.length != weights.length) {
            throw new IllegalArgumentException(what + ": " + observed.length + " bins observed, " + weights.length + " expected");
        }
        long n = 0;
        double sum = 0;
        for (int i = 0; i < observed.length; i++) {
            n += observed[i];
            sum += weights[i];
        }
        for (int i = 0; i < observed.length; i++) {
            if (weights[i] == 0 && observed[i] != 0) {
                return new Result(what, Double.NaN, 0, Double.NaN, "bin " + (i + 1) + " has weight 0 but was drawn "
                        + observed[i] + " times");
            }
        }
        // pools of neighbouring bins, each expecting >= 5 draws; a short last pool joins the one before
        List<double[]> pools = new ArrayList<>(); // {expected, observed}
        double[] pool = {0, 0};
        for (int i = 0; i < observed.length; i++) {
            pool[0] += n * weights[i] / sum;
            pool[1] += observed[i];
            if (pool[0] >= 5) {
                pools.add(pool);
                pool = new double[] {0, 0};
            }
        }
        if (pool[0] > 0 || pool[1] > 0) {
            if (pools.isEmpty()) {
                pools.add(pool);
            } else {
                double[] previous = pools.get(pools.size() - 1);
                previous[0] += pool[0];
                previous[1] += pool[1];
            }
        }
        double statistic = 0;
        for (double[] p : pools) {
            statistic += square(p[1] - p[0]) / p[0];
        }
        int df = Math.max(1, pools.size() - 1);
        return new Result(what, statistic, df, bound(df), null);
    }

    /** The chi-square quantile of 1 - 1e-6 at {@code df} degrees of freedom (Wilson-Hilferty). */
    static double bound(int df) {
        double a = 2.0 / (9.0 * df);
        double c = 1 - a + Z * Math.sqrt(a);
        return df * c * c * c;
    }

    private static double square(double x) {
        return x * x;
    }
}
