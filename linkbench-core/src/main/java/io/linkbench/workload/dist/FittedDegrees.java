package io.linkbench.workload.dist;

/**
 * A parametric degree distribution: explicit probabilities for the smallest degrees 1..K and a
 * smoothly broken power-law tail. {@link #PUBLISHED} is its fit to the published LinkBench
 * measurements ({@code nlinks} of {@code Distribution.dat}, 2017), the default out-degree model.
 *
 * <p>Body: {@code P(degree <= d)} for d = 1..K is given explicitly.
 *
 * <p>Tail: for {@code u > P(degree <= K)}, let {@code L = -log10(1 - u)} (the number of decades into
 * the tail) and
 * <pre>
 *   log10 x(L) = a + b1 (L - Lb) + (b2 - b1) w ln(1 + e^((L - Lb) / w))
 *   quantile(u) = max(K + 1, ceil(x(L)))
 * </pre>
 * i.e. x grows as {@code (1 - u)^-b1} below the break Lb and as {@code (1 - u)^-b2} above it, with a
 * bend of width w. In survival-function terms, P(degree &gt; x) falls as {@code x^(-1/b1)} in the body
 * of the tail and as {@code x^(-1/b2)} in the far tail; b2 &lt; 1 keeps the mean finite.
 *
 * <p>How {@link #PUBLISHED} was fitted (reproduce with {@code PublishedDegreesFit} in the test
 * sources): K = 3 with the file's own cumulative percents; the tail parameters by least squares of
 * {@code log10(d - 1/2)} (the midpoint of the x values whose ceiling is the file's quantile d) on a
 * grid of L from the end of the body to L = 7 (one id1 in 10^7; above that the file holds only a
 * handful of id1s) in steps of 0.01, i.e. equal weight per tenth of a decade of probability; a, b1 and
 * b2 - b1 are linear given (Lb, w), which are found by a coarse-then-fine grid search. Result: rms
 * error 0.016 in log10 (about 4%) over that range; p50, p80, p90, p95, p97, p98 and p99 equal the
 * file's (1, 2, 2, 4, 7, 10, 22); p99.5 48 (file 49), p99.9 300 (300), p99.99 3017 (2940), p99.999
 * 16095 (15997), p99.9999 77465 (76220); mean 3.848 (3.853). Beyond the fitted range the b2 power law
 * is extrapolated; {@link ScaledDegrees} caps it for any real graph.
 *
 * <p>Immutable and thread-safe; {@link #quantile} allocates nothing.
 */
final class FittedDegrees implements DegreeDistribution {
    private static final double LN10 = Math.log(10);
    /** Degrees up to this are integrated exactly for the mean; above it, the continuous tail. */
    private static final int EXACT_MEAN_DEGREES = 1000;
    private static final long MAX_DEGREE = 1L << 62;

    /** The model of the published measurements (see the class description). Declared after LN10. */
    static final FittedDegrees PUBLISHED = new FittedDegrees(
            new double[] {0.797470, 0.905132, 0.944355},
            3.3721, 1.1497, 0.6809, 3.772, 0.279);

    /** The model of the 2011 file, zero degrees included (see {@link DegreeDistribution#published2011}). */
    static final FittedDegrees PUBLISHED_2011 = new FittedDegrees(0,
            new double[] {0.453316, 0.774626, 0.869581, 0.919931, 0.944508, 0.958281, 0.967225, 0.973201, 0.977614, 0.980777, 0.983280, 0.985370, 0.987003, 0.988254, 0.989336, 0.990269, 0.991080, 0.991799, 0.992367, 0.992833, 0.993270},
            3.8325, 1.5977, 0.4624, 3.857, 0.196);

    private final int first;        // the smallest degree: 1, or 0 for the 2011 model
    private final double[] bodyCdf; // never modified after construction
    private final double a;
    private final double b1;
    private final double b2;
    private final double breakL;
    private final double width;
    private final double tailStartL;
    private final double mean;

    /**
     * @param bodyCdf P(degree &lt;= d) for d = 1..K, strictly increasing, below 1
     * @param a       the tail's level, log10 of x
     * @param b1      the slope of log10 x per decade of 1 - u below the break, &gt; 0
     * @param b2      the slope above the break, in (0, 1)
     * @param breakL  the break, in decades of 1 - u
     * @param width   the width of the bend, in decades, &gt; 0
     */
    FittedDegrees(double[] bodyCdf, double a, double b1, double b2, double breakL, double width) {
        this(1, bodyCdf, a, b1, b2, breakL, width);
    }

    /** A model whose body starts at degree {@code first} (0 or 1): bodyCdf[i] is P(degree &lt;= first + i). */
    FittedDegrees(int first, double[] bodyCdf, double a, double b1, double b2, double breakL, double width) {
        if (first != 0 && first != 1) {
            throw new IllegalArgumentException("the body starts at degree 0 or 1");
        }
        this.first = first;
        if (bodyCdf.length == 0) {
            throw new IllegalArgumentException("the body needs at least P(degree <= 1)");
        }
        for (int i = 0; i < bodyCdf.length; i++) {
            double previous = i == 0 ? 0 : bodyCdf[i - 1];
            if (!(bodyCdf[i] > previous && bodyCdf[i] < 1)) {
                throw new IllegalArgumentException("body probabilities must increase within (0, 1)");
            }
        }
        if (!(b1 > 0 && b2 > 0 && b2 < 1 && width > 0)) {
            throw new IllegalArgumentException("need b1 > 0, 0 < b2 < 1 and width > 0");
        }
        this.bodyCdf = bodyCdf.clone();
        this.a = a;
        this.b1 = b1;
        this.b2 = b2;
        this.breakL = breakL;
        this.width = width;
        this.tailStartL = -Math.log10(1 - bodyCdf[bodyCdf.length - 1]);
        this.mean = computeMean();
    }

    @Override
    public long quantile(double u) {
        if (!(u >= 0 && u < 1)) {
            throw new IllegalArgumentException("quantile needs u in [0, 1), got " + u);
        }
        int k = bodyCdf.length;
        for (int d = 0; d < k; d++) {
            if (u <= bodyCdf[d]) {
                return first + d;
            }
        }
        double x = Math.ceil(x(-Math.log1p(-u) / LN10));
        return x >= MAX_DEGREE ? MAX_DEGREE : Math.max(first + k, (long) x);
    }

    @Override
    public double mean() {
        return mean;
    }

    /** P(degree &lt;= d) for a body degree d in 1..K. */
    double bodyCdf(int d) {
        return bodyCdf[d - first];
    }

    /** log10 of the continuous tail x at L decades. */
    double log10X(double decades) {
        double z = (decades - breakL) / width;
        double softplus = z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
        return a + b1 * (decades - breakL) + (b2 - b1) * width * softplus;
    }

    private double x(double decades) {
        return Math.exp(log10X(decades) * LN10);
    }

    /** The L at which log10 x(L) equals y (x is strictly increasing in L). */
    private double decadesAt(double y) {
        double lo = tailStartL - 10;
        double hi = tailStartL + 100;
        for (int i = 0; i < 100; i++) {
            double mid = (lo + hi) / 2;
            if (log10X(mid) < y) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    /**
     * The mean: the body exactly; the tail degree by degree up to {@value #EXACT_MEAN_DEGREES} (the
     * decades where ceil(x) steps to each degree), above it the integral of x + 1/2 over 1 - u by
     * Simpson's rule up to 20 decades and the power law b2 beyond.
     */
    private double computeMean() {
        int k = bodyCdf.length;
        double sum = 0;
        double previous = 0;
        for (int i = 0; i < k; i++) {
            sum += (first + i) * (bodyCdf[i] - previous);
            previous = bodyCdf[i];
        }
        double lower = tailStartL;
        for (int d = first + k; d <= EXACT_MEAN_DEGREES; d++) {
            double upper = Math.max(lower, decadesAt(Math.log10(d)));
            sum += d * (Math.pow(10, -lower) - Math.pow(10, -upper));
            lower = upper;
        }
        double end = Math.max(lower + 1, 20);
        int steps = 4000;
        double h = (end - lower) / steps;
        double integral = 0;
        for (int i = 0; i <= steps; i++) {
            double l = lower + i * h;
            double weight = i == 0 || i == steps ? 1 : (i % 2 == 1 ? 4 : 2);
            integral += weight * x(l) * Math.pow(10, -l) * LN10;
        }
        integral *= h / 3;
        integral += x(end) * Math.pow(10, -end) / (1 - b2);
        return sum + integral + 0.5 * Math.pow(10, -lower);
    }

    @Override
    public String toString() {
        return String.format("FittedDegrees[first=%d, K=%d, a=%.4f, b1=%.4f, b2=%.4f, break=%.3f, width=%.3f, mean=%.4f]",
                first, bodyCdf.length, a, b1, b2, breakL, width, mean);
    }
}
