package io.linkbench.workload.dist;

import java.util.random.RandomGenerator;

/**
 * A geometric size truncated to {@code [min, max]}: {@code P(k)} is proportional to
 * {@code (1 - p)^(k - min)} for k in [min, max] (with min 1 this is the number of trials up to and
 * including the first success). Used for the number of id2s in a MULTIGET_LINK. Drawn by inverting
 * the truncated CDF with one uniform, so there is no loop and no clamping bias. Immutable and
 * thread-safe; no allocation per call.
 */
public final class GeometricSizes {
    /** The published MULTIGET size distribution: min 1, max 128, p 0.382. */
    public static final GeometricSizes PUBLISHED_MULTIGET = new GeometricSizes(1, 128, 0.382);

    private final int min;
    private final int max;
    private final double p;
    private final double logQ;      // ln(1 - p)
    private final double truncated; // 1 - (1 - p)^(max - min + 1): the probability mass kept

    /**
     * @param min the smallest size, &gt;= 0
     * @param max the largest size, &gt;= min
     * @param p   the success probability, in (0, 1]
     */
    public GeometricSizes(int min, int max, double p) {
        if (min < 0 || max < min) {
            throw new IllegalArgumentException("need 0 <= min <= max, got min " + min + ", max " + max);
        }
        if (!(p > 0 && p <= 1)) {
            throw new IllegalArgumentException("geometric p must be in (0, 1], got " + p);
        }
        this.min = min;
        this.max = max;
        this.p = p;
        this.logQ = Math.log1p(-p);
        this.truncated = -Math.expm1(((double) max - min + 1) * logQ);
    }

    /** A size in [min, max]. */
    public int sample(RandomGenerator random) {
        if (p == 1.0 || min == max) {
            return min;
        }
        double steps = Math.log1p(-random.nextDouble() * truncated) / logQ;
        long k = min + (long) steps;
        return (int) Math.min(k, max);
    }

    /** The exact mean of the truncated distribution. */
    public double mean() {
        if (p == 1.0) {
            return min;
        }
        // Sum over j = 0..w-1 of j q^j p / (1 - q^w), in closed form.
        double q = 1 - p;
        double w = (double) max - min + 1;
        double qw = Math.exp(w * logQ);
        double meanOffset = q / p - w * qw / truncated;
        return min + meanOffset;
    }

    public int min() {
        return min;
    }

    public int max() {
        return max;
    }

    public double p() {
        return p;
    }
}
