package io.linkbench.workload.dist;

import java.util.function.LongUnaryOperator;

/**
 * The out-degree sequence of a graph of n id1s: {@link #degree}(rank) for rank in [0, n), non-decreasing
 * in rank, deterministic (the same distribution and n give the same graph), in O(1) memory.
 *
 * <p>Body: {@code raw(rank) = quantile((rank + 1/2) / n)}, so the fraction of id1s with each degree
 * follows the distribution. Tail: the measured distributions come from a graph of about 10^9 id1s
 * whose largest node holds about 0.1% of all links; taken as is, a small graph's top ranks would get
 * degrees of that graph (the original benchmark gave one node ~962,000 links whatever the graph size).
 * Here the largest degree is capped at {@code cap = maxShare * n * mean} (at least twice the knee), and
 * raw degrees above the knee (the p99.9 of the distribution) are compressed in log space:
 * <pre>
 *   t = ln(raw / knee),  T = ln(rawMax / knee),  Tc = ln(cap / knee)
 *   degree = round(knee * exp(ln(1 + c t) / c)),  with c &gt; 0 solving ln(1 + c T) / c = Tc
 * </pre>
 * The map is smooth at the knee (slope 1 in log-log), strictly increasing (degrees keep their order)
 * and sends the raw maximum to exactly the cap; its slope shrinks gradually, so the top degrees stay
 * spread instead of piling up at the cap. Degrees at or below the knee are unchanged. No compression
 * happens when the raw maximum is within the cap (large graphs).
 *
 * <p>With the published model and the default maxShare 0.001, a graph of 200,001 id1s gets a largest
 * degree of 769 (0.15% of its 507,654 links; the next are 729, 709, 695, ...) while the fractions of
 * degree 1 and 2 are unchanged. Below about 156,000 id1s the floor of twice the knee keeps the body
 * intact, so the top id1 holds more than maxShare (2.4% at 10,000 id1s). Because the far tail is
 * compressed, and the top rank only reaches {@code u = 1 - 1/(2n)}, the mean degree grows with n
 * (published model: 2.54 at 2*10^5, 2.79 at 10^6, 3.11 at 10^7, 3.59 at 10^9, 3.75 at 10^10, towards
 * 3.85): size a load by {@link #totalLinks}, not by n times the mean.
 *
 * <p>{@link #totalLinks} is computed once, at construction, in O(log n) time: exactly, group by group of
 * equal degree, for the ranks up to the 1024th distinct degree, exactly for the last 4096 ranks, and by
 * Simpson's rule over the ranks in between (when there are more than 65,536 of them; their degrees are
 * then in the hundreds or more, and the error measured against larger limits is below 0.001%). It
 * saturates at {@code Long.MAX_VALUE}.
 *
 * <p>{@link #originalRule} is the original benchmark's graph instead, tail included: the id1 of rank r
 * (of n) gets the value of the first row of a CDF file whose cumulative probability is at least
 * {@code u = 1 - (n - 1 - r) / n}, so the top rank gets the file's largest degree whatever n is. Its
 * {@link #totalLinks} is exact (the degree takes at most as many values as the file has rows).
 *
 * <p>Immutable and thread-safe; {@link #degree} allocates nothing.
 */
public final class ScaledDegrees {
    /** The default largest share of all links held by one id1, as in the measured graph. */
    public static final double DEFAULT_MAX_SHARE = 0.001;
    /** Degrees at or below this quantile of the distribution are never changed. */
    public static final double KNEE_QUANTILE = 0.999;

    private static final int MAX_GROUPS = 1024;
    private static final long EXACT_RANKS = 1 << 16;
    private static final long TOP_RANKS = 4096;
    private static final int SIMPSON_STEPS = 4096;

    private final DegreeDistribution distribution;
    private final long n;
    private final double maxShare;
    private final long knee;
    private final long cap;
    private final double compression; // c; 0 when nothing is compressed
    private final long maxDegree;
    private final long totalLinks;
    private final int maxGroups;
    private final long exactRanks;
    private final long topRanks;
    private final boolean original;

    /**
     * @param distribution the degree distribution of the measured graph
     * @param n            the number of id1s, 1 to 2^62
     * @param maxShare     the largest share of all links one id1 may hold, in (0, 1]
     */
    public ScaledDegrees(DegreeDistribution distribution, long n, double maxShare) {
        this(distribution, n, maxShare, MAX_GROUPS, EXACT_RANKS, TOP_RANKS, false);
    }

    /**
     * The original benchmark's degrees, uncapped ({@code nlinks_tail = original}); see the class description.
     *
     * @param distribution a distribution read from a CDF file ({@link DegreeDistribution#firstRowAtLeast})
     * @param n            the number of id1s, 1 to 2^62
     */
    public static ScaledDegrees originalRule(DegreeDistribution distribution, long n) {
        return new ScaledDegrees(distribution, n, 1, Integer.MAX_VALUE, EXACT_RANKS, TOP_RANKS, true);
    }

    /** With explicit summation limits, so tests can exercise every path of {@link #totalLinks}. */
    ScaledDegrees(DegreeDistribution distribution, long n, double maxShare, int maxGroups, long exactRanks,
            long topRanks) {
        this(distribution, n, maxShare, maxGroups, exactRanks, topRanks, false);
    }

    private ScaledDegrees(DegreeDistribution distribution, long n, double maxShare, int maxGroups, long exactRanks,
            long topRanks, boolean original) {
        if (n < 1 || n > IdPermutation.MAX_N) {
            throw new IllegalArgumentException("the number of id1s must be from 1 to 2^62, got " + n);
        }
        if (!(maxShare > 0 && maxShare <= 1)) {
            throw new IllegalArgumentException("the largest share must be in (0, 1], got " + maxShare);
        }
        this.distribution = distribution;
        this.original = original;
        this.n = n;
        this.maxShare = maxShare;
        this.knee = distribution.quantile(KNEE_QUANTILE);
        long rawMax = original ? distribution.firstRowAtLeast(1.0) : distribution.quantile(u(n - 1));
        double wanted = Math.floor(maxShare * n * distribution.mean());
        this.cap = (long) Math.max(2.0 * knee, Math.min(wanted, (double) rawMax));
        this.compression = rawMax > cap && !original
                ? solveCompression(Math.log((double) rawMax / knee), Math.log((double) cap / knee))
                : 0;
        this.maxDegree = degree(n - 1);
        this.maxGroups = maxGroups;
        this.exactRanks = exactRanks;
        this.topRanks = topRanks;
        this.totalLinks = sumOf(d -> d);
    }

    /** The degree of the id1 of the given rank in [0, n); rank n - 1 has the largest. */
    public long degree(long rank) {
        if (rank < 0 || rank >= n) {
            throw new IllegalArgumentException("rank " + rank + " is outside [0, " + n + ")");
        }
        if (original) {
            return distribution.firstRowAtLeast(1 - (double) (n - 1 - rank) / n);
        }
        return compress(distribution.quantile(u(rank)));
    }

    /** True for {@link #originalRule}: the original's degrees, tail uncapped. */
    public boolean isOriginalRule() {
        return original;
    }

    /** The largest degree, {@code degree(n - 1)}. */
    public long maxDegree() {
        return maxDegree;
    }

    /** The sum of all degrees (exact for the groups and ranks summed exactly; see the class description). */
    public long totalLinks() {
        return totalLinks;
    }

    /** The number of id1s. */
    public long size() {
        return n;
    }

    /** The largest share the cap was computed from. */
    public double maxShare() {
        return maxShare;
    }

    /** Degrees at or below this are never changed (the p99.9 of the distribution). */
    public long knee() {
        return knee;
    }

    private double u(double rank) {
        double u = (rank + 0.5) / n;
        return u < 1 ? u : Math.nextDown(1.0);
    }

    private long compress(long raw) {
        if (compression == 0 || raw <= knee) {
            return raw;
        }
        double t = Math.log((double) raw / knee);
        long y = Math.round(knee * Math.exp(Math.log1p(compression * t) / compression));
        return Math.max(knee, Math.min(cap, y));
    }

    /** The c &gt; 0 with ln(1 + c T) / c = Tc, for T &gt; Tc &gt; 0 (the left side falls from T towards 0). */
    private static double solveCompression(double raw, double capped) {
        double lo = 0;
        double hi = 1;
        while (Math.log1p(hi * raw) / hi > capped) {
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (Math.log1p(mid * raw) / mid > capped) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    /**
     * The sum of {@code f(degree(rank))} over all ranks, computed as {@link #totalLinks} is (exact but for
     * the Simpson part); f must be non-decreasing, e.g. the links an out-degree turns into.
     */
    public long sumOf(LongUnaryOperator f) {
        long sum = 0;
        long rank = 0;
        for (int groups = 0; rank < n && groups < maxGroups; groups++) {
            long d = degree(rank);
            long last = lastRankWithDegree(rank, d);
            sum = saturatedAdd(sum, saturatedMultiply(f.applyAsLong(d), last - rank + 1));
            rank = last + 1;
        }
        long remaining = n - rank;
        if (remaining > exactRanks) {
            long top = n - topRanks;
            sum = saturatedAdd(sum, (long) Math.rint(integrate(rank, top, f)));
            rank = top;
        }
        for (; rank < n; rank++) {
            sum = saturatedAdd(sum, f.applyAsLong(degree(rank)));
        }
        return sum;
    }

    /** The last rank at or after {@code from} whose degree is {@code d}: galloping, then bisection. */
    private long lastRankWithDegree(long from, long d) {
        long good = from;
        long step = 1;
        long bad = n;
        while (true) {
            long probe = good + step;
            if (probe >= n || probe < 0) {
                break;
            }
            if (degree(probe) == d) {
                good = probe;
                step *= 2;
            } else {
                bad = probe;
                break;
            }
        }
        while (bad - good > 1) {
            long mid = good + (bad - good) / 2;
            if (degree(mid) == d) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return good;
    }

    /**
     * The sum of degree(rank) for rank in [from, to), as n times the integral of the degree over
     * 1 - u, by Simpson's rule in ln(1 - u) (the degree varies smoothly on that scale).
     */
    private double integrate(long from, long to, LongUnaryOperator f) {
        double hiLog = Math.log((n - (double) from) / n);
        double loLog = Math.log((n - (double) to) / n);
        double h = (hiLog - loLog) / SIMPSON_STEPS;
        double integral = 0;
        for (int i = 0; i <= SIMPSON_STEPS; i++) {
            double logS = loLog + i * h;
            double s = Math.exp(logS);
            double weight = i == 0 || i == SIMPSON_STEPS ? 1 : (i % 2 == 1 ? 4 : 2);
            double u = Math.min(1 - s, Math.nextDown(1.0));
            integral += weight * f.applyAsLong(compress(distribution.quantile(u))) * s;
        }
        return integral * h / 3 * n;
    }

    private static long saturatedAdd(long a, long b) {
        long r = a + b;
        return ((a ^ r) & (b ^ r)) < 0 ? Long.MAX_VALUE : r;
    }

    private static long saturatedMultiply(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return (hi != 0 || lo < 0) ? Long.MAX_VALUE : lo;
    }

    @Override
    public String toString() {
        return "ScaledDegrees[n=" + n + ", knee=" + knee + ", cap=" + cap + ", maxDegree=" + maxDegree
                + ", totalLinks=" + totalLinks + "]";
    }
}
