package io.linkbench.measure;

import java.util.Arrays;
import java.util.List;

/**
 * The shape of the graph a load wrote: id1s, link and count rows, and how many id1s got 0, 1, 2,
 * 3-10, 11-100 and more than 100 links. Two loads of the same workload give the same figures; a
 * loader keeps a {@code long[BUCKETS]} per thread, adds one to {@code [bucket(links)]} per id1, and
 * builds the record with {@link #of} at the end; {@link #plus} adds threads or client hosts' slices.
 *
 * @param id1s             id1s whose links were loaded; the sum of the buckets
 * @param linkRows         link rows loaded
 * @param countRows        count rows loaded
 * @param buckets          id1s per out-degree bucket, see {@link #BUCKET_LABELS}
 * @param maxLinks         the most links of one id1
 * @param expectedLinkRows link rows the workload model predicts for these id1s, -1 when unknown
 */
public record GraphStats(long id1s, long linkRows, long countRows, long[] buckets, long maxLinks,
                         double expectedLinkRows) {
    /** The out-degree buckets, in index order. */
    public static final List<String> BUCKET_LABELS = List.of("0", "1", "2", "3-10", "11-100", ">100");
    /** The number of buckets. */
    public static final int BUCKETS = 6;

    public GraphStats {
        if (buckets.length != BUCKETS) {
            throw new IllegalArgumentException(BUCKETS + " buckets expected, got " + buckets.length);
        }
        buckets = buckets.clone();
        if (Arrays.stream(buckets).sum() != id1s) {
            throw new IllegalArgumentException("the buckets hold " + Arrays.stream(buckets).sum() + " id1s, not " + id1s);
        }
        if (!(expectedLinkRows >= 0)) {
            expectedLinkRows = -1;
        }
    }

    /** The record of per-id1 bucket counts; id1s is their sum. */
    public static GraphStats of(long[] buckets, long linkRows, long countRows, long maxLinks, double expectedLinkRows) {
        return new GraphStats(Arrays.stream(buckets).sum(), linkRows, countRows, buckets, maxLinks, expectedLinkRows);
    }

    /** The bucket index of an id1 with {@code links} links: 0, 1, 2, 3-10, 11-100, over 100. */
    public static int bucket(long links) {
        if (links <= 2) {
            return (int) Math.max(links, 0);
        }
        return links <= 10 ? 3 : links <= 100 ? 4 : 5;
    }

    /** The id1s per bucket (a copy). */
    @Override
    public long[] buckets() {
        return buckets.clone();
    }

    /** The id1s in bucket {@code i}. */
    public long id1sIn(int i) {
        return buckets[i];
    }

    /** Mean links per id1; NaN without id1s. */
    public double linksPerId1() {
        return id1s == 0 ? Double.NaN : (double) linkRows / id1s;
    }

    /** The model's mean links per id1; NaN when unknown or without id1s. */
    public double expectedLinksPerId1() {
        return id1s == 0 || expectedLinkRows < 0 ? Double.NaN : expectedLinkRows / id1s;
    }

    /** Share of the id1s in bucket {@code i}, 0..1; NaN without id1s. */
    public double share(int i) {
        return id1s == 0 ? Double.NaN : (double) buckets[i] / id1s;
    }

    /** Both slices together: counts added, the larger maximum; the model's figure only when both have one. */
    public GraphStats plus(GraphStats o) {
        long[] sum = new long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            sum[i] = buckets[i] + o.buckets[i];
        }
        double expected = expectedLinkRows < 0 || o.expectedLinkRows < 0 ? -1 : expectedLinkRows + o.expectedLinkRows;
        return new GraphStats(id1s + o.id1s, linkRows + o.linkRows, countRows + o.countRows, sum,
                Math.max(maxLinks, o.maxLinks), expected);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GraphStats g && id1s == g.id1s && linkRows == g.linkRows && countRows == g.countRows
                && Arrays.equals(buckets, g.buckets) && maxLinks == g.maxLinks
                && Double.compare(expectedLinkRows, g.expectedLinkRows) == 0;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(linkRows) * 31 + Arrays.hashCode(buckets);
    }

    @Override
    public String toString() {
        return "GraphStats[id1s=" + id1s + ", linkRows=" + linkRows + ", countRows=" + countRows + ", buckets="
                + Arrays.toString(buckets) + ", maxLinks=" + maxLinks + ", expectedLinkRows=" + expectedLinkRows + "]";
    }
}
