package io.linkbench.workload.dist;

import io.linkbench.config.BoundedFile;
import io.linkbench.config.ConfigException;
import java.nio.file.Path;

/**
 * The distribution of out-degrees: how many links an id1 has (per link type). Implementations are
 * immutable and thread-safe.
 *
 * <p>A graph is not built by sampling from this but by {@link #scaledTo}: a deterministic degree
 * sequence for a graph of a given size, with the tail scaled to that size.
 */
public interface DegreeDistribution {
    /** The largest degree CDF file read ({@code nlinks_file}): the published one is about 550 KiB. */
    long CDF_FILE_MAX = 16 * BoundedFile.MIB;
    /** What a degree CDF file is, for messages. */
    String CDF_FILE = "a degree CDF file (sections of 'value cumulative-percent' rows)";

    /**
     * The inverse CDF: the smallest degree d with {@code P(degree <= d) >= u}; non-decreasing in u.
     *
     * @param u a probability in [0, 1)
     * @return a degree &gt;= 1, or &gt;= 0 for a distribution that keeps id1s with no links (2012 rules)
     */
    long quantile(double u);

    /**
     * The original benchmark's degree rule: the value of the first row whose cumulative probability is
     * at least {@code u}, no interpolation; {@code u = 1} gives the largest value. Only a distribution
     * read from a file has rows.
     *
     * @param u a probability in (0, 1]
     * @throws UnsupportedOperationException for a built-in fit (it has no largest value)
     */
    default long firstRowAtLeast(double u) {
        throw new UnsupportedOperationException("the original's degree rule needs a CDF file");
    }

    /** The mean degree. */
    double mean();

    /** The degree sequence of a graph of {@code n} id1s, with the default largest share of all links. */
    default ScaledDegrees scaledTo(long n) {
        return new ScaledDegrees(this, n, ScaledDegrees.DEFAULT_MAX_SHARE);
    }

    /**
     * The degree sequence of a graph of {@code n} id1s whose largest degree is about
     * {@code maxShare * n * mean()}; see {@link ScaledDegrees}.
     */
    default ScaledDegrees scaledTo(long n, double maxShare) {
        return new ScaledDegrees(this, n, maxShare);
    }

    /**
     * The built-in model of the published LinkBench out-degree measurements ({@code nlinks}): explicit
     * probabilities of degrees 1 to 3 (79.747%, 10.766%, 3.922%) and above them a smoothly broken
     * power-law tail, {@code P(degree > x)} falling as about {@code x^-0.87} up to the p99.98 and
     * {@code x^-1.47} beyond; mean 3.848 (measured 3.853). Eight parameters, fitted by least squares in
     * log-log space; the fit is reproducible from the measured file (see {@code PublishedDegreesFit} in
     * the test sources).
     */
    static DegreeDistribution published() {
        return FittedDegrees.PUBLISHED;
    }

    /**
     * The empirical distribution in one section of a user-supplied file of the LinkBench
     * {@code Distribution.dat} format: a line with the section name, then rows of
     * {@code value cumulative-percent}. The quantile is the step function of the rows.
     *
     * @throws ConfigException naming the file, the line and the problem, when the file cannot be read,
     *                         lacks the section, or has a malformed row
     */
    static DegreeDistribution fromCdfFile(Path file, String section) {
        return EmpiricalDegrees.read(file, section);
    }

    /** As {@link #fromCdfFile(Path, String)}; {@code keepZeros} keeps the rows of value 0 (the 2012 rules). */
    static DegreeDistribution fromCdfFile(Path file, String section, boolean keepZeros) {
        return EmpiricalDegrees.read(file, section, keepZeros);
    }

    /**
     * The built-in model of the 2011 measurements the 2012 code shipped ({@code nlinks} of its
     * {@code Distribution.dat}), zero degrees included: explicit probabilities of degrees 0 to 3
     * (45.332%, 32.131%, 9.495%, 5.035%) and the same smoothly broken power-law tail as
     * {@link #published()}, fitted the same way ({@code PublishedDegreesFit} in the test sources).
     */
    static DegreeDistribution published2011() {
        return FittedDegrees.PUBLISHED_2011;
    }
}
