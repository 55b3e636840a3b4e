package io.linkbench.workload.dist;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Refits {@link FittedDegrees#PUBLISHED} from the {@code nlinks} section of {@code Distribution.dat} and
 * prints the parameters and a comparison of quantiles. The method is described in
 * {@link FittedDegrees}. Run it with the path of the file as the argument, e.g.
 * {@code mvn -q -pl linkbench-core test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=io.linkbench.workload.dist.PublishedDegreesFit -Dexec.args=../shared/linkbench-data/Distribution.dat},
 * or run {@code PublishedDegreesFitTest}, which prints the same report.
 */
final class PublishedDegreesFit {
    /** Degrees 1..K get explicit probabilities. */
    static final int BODY_DEGREES = 3;
    /**
     * The 2011 file (zero rows kept) gets explicit probabilities for degrees 0..20: its tail is lumpier
     * than the 2017 one, and the rms error falls from 0.12 (0..3) to 0.04 (0..20) in log10.
     */
    static final int BODY_DEGREES_2011 = 20;
    /** The fit covers the tail up to this many decades of 1 - u. */
    static final double FIT_MAX_DECADES = 7.0;
    static final double GRID_STEP = 0.01;

    /** The fitted parameters and the rms error of log10 x over the fitted points. */
    record Result(int first, double[] bodyCdf, double a, double b1, double b2, double breakL, double width, double rms) {
        FittedDegrees model() {
            return new FittedDegrees(first, bodyCdf, a, b1, b2, breakL, width);
        }
    }

    private PublishedDegreesFit() {
    }

    public static void main(String[] args) {
        Path file = args.length > 0 ? Path.of(args[0])
                : TestData.locate().orElseThrow(() -> new IllegalArgumentException("usage: PublishedDegreesFit <Distribution.dat>"));
        EmpiricalDegrees data = EmpiricalDegrees.read(file, "nlinks");
        System.out.print(report(fit(data), data));
    }

    static Result fit(EmpiricalDegrees data) {
        return fit(data, 1);
    }

    /**
     * The fit with explicit probabilities for degrees {@code first} .. 3: first = 1 for the 2017 file,
     * 0 for the 2011 file read with its zero rows (the 2012 rules).
     */
    static Result fit(EmpiricalDegrees data, int first) {
        return fit(data, first, BODY_DEGREES);
    }

    /** The fit with explicit probabilities for degrees {@code first} .. {@code last}. */
    static Result fit(EmpiricalDegrees data, int first, int last) {
        double[] body = new double[last + 1 - first];
        for (int d = first; d <= last; d++) {
            body[d - first] = data.cdf(d);
        }
        double start = -Math.log10(1 - body[body.length - 1]);
        int count = (int) Math.floor((FIT_MAX_DECADES - start) / GRID_STEP);
        double[] decades = new double[count];
        double[] target = new double[count];
        for (int i = 0; i < count; i++) {
            decades[i] = start + (i + 0.5) * GRID_STEP;
            long q = data.quantile(1 - Math.pow(10, -decades[i]));
            target[i] = Math.log10(q - 0.5);
        }
        double[] best = search(decades, target, 1.5, 6.5, 0.05, 0.05, 2.0, 0.05, null);
        best = search(decades, target, best[0] - 0.05, best[0] + 0.05, 0.001,
                Math.max(0.005, best[1] - 0.05), best[1] + 0.05, 0.001, best);
        double[] coefficients = leastSquares(decades, target, best[0], best[1]);
        double rms = Math.sqrt(best[2] / count);
        return new Result(first, body, coefficients[0], coefficients[1], coefficients[1] + coefficients[2],
                best[0], best[1], rms);
    }

    /** Grid search over (break, width); returns {break, width, sum of squared errors}. */
    private static double[] search(double[] decades, double[] target, double breakFrom, double breakTo,
            double breakStep, double widthFrom, double widthTo, double widthStep, double[] initial) {
        double[] best = initial;
        for (double breakL = breakFrom; breakL <= breakTo + 1e-9; breakL += breakStep) {
            for (double width = widthFrom; width <= widthTo + 1e-9; width += widthStep) {
                double[] c = leastSquares(decades, target, breakL, width);
                double sse = 0;
                for (int i = 0; i < decades.length; i++) {
                    double e = c[0] + c[1] * (decades[i] - breakL) + c[2] * bend(decades[i], breakL, width) - target[i];
                    sse += e * e;
                }
                if (best == null || sse < best[2]) {
                    best = new double[] {breakL, width, sse};
                }
            }
        }
        return best;
    }

    private static double bend(double decades, double breakL, double width) {
        double z = (decades - breakL) / width;
        return width * (z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z)));
    }

    /** The least-squares (a, b1, b2 - b1) for a given break and width, from the 3x3 normal equations. */
    private static double[] leastSquares(double[] decades, double[] target, double breakL, double width) {
        double[][] m = new double[3][4];
        for (int i = 0; i < decades.length; i++) {
            double[] row = {1, decades[i] - breakL, bend(decades[i], breakL, width)};
            for (int r = 0; r < 3; r++) {
                for (int c = 0; c < 3; c++) {
                    m[r][c] += row[r] * row[c];
                }
                m[r][3] += row[r] * target[i];
            }
        }
        for (int p = 0; p < 3; p++) {
            int pivot = p;
            for (int r = p + 1; r < 3; r++) {
                if (Math.abs(m[r][p]) > Math.abs(m[pivot][p])) {
                    pivot = r;
                }
            }
            double[] swap = m[p];
            m[p] = m[pivot];
            m[pivot] = swap;
            for (int r = 0; r < 3; r++) {
                if (r != p) {
                    double f = m[r][p] / m[p][p];
                    for (int c = p; c < 4; c++) {
                        m[r][c] -= f * m[p][c];
                    }
                }
            }
        }
        return new double[] {m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2]};
    }

    /** The parameters as Java source, and the model's quantiles against the file's. */
    static String report(Result r, EmpiricalDegrees data) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "body P(d<=%d..%d) = %s%n", r.first(), r.first() + r.bodyCdf().length - 1,
                java.util.Arrays.toString(r.bodyCdf())));
        out.append(String.format(Locale.ROOT, "tail a=%.4f b1=%.4f b2=%.4f break=%.3f width=%.3f (rms %.4f in log10)%n",
                r.a(), r.b1(), r.b2(), r.breakL(), r.width(), r.rms()));
        FittedDegrees model = r.model();
        out.append(String.format(Locale.ROOT, "mean: model %.4f, file %.4f%n", model.mean(), data.mean()));
        out.append(String.format(Locale.ROOT, "%-10s %10s %10s%n", "quantile", "file", "model"));
        double[] probabilities = {0.5, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999, 0.9999, 0.99999, 0.999999, 0.9999999};
        for (double p : probabilities) {
            String label = "p" + BigDecimal.valueOf(100 * p).round(new MathContext(7)).stripTrailingZeros().toPlainString();
            out.append(String.format(Locale.ROOT, "%-10s %10d %10d%n", label, data.quantile(p), model.quantile(p)));
        }
        return out.toString();
    }
}
