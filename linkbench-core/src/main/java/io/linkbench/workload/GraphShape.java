package io.linkbench.workload;

import io.linkbench.workload.dist.DegreeDistribution;
import io.linkbench.workload.dist.IdPermutation;
import io.linkbench.workload.dist.ScaledDegrees;

/**
 * The structure of the generated graph, computed on demand in O(1) memory for any number of nodes:
 * the out-degree of every id1 and the id2 and link type of its k-th link. Loaders use it to write the
 * graph; requesters use it to aim operations at links that exist (or do not).
 *
 * <p>Out-degrees follow the configured distribution deterministically: the nodes are ordered by a
 * seeded permutation ("degree rank" 0 is the most linked node) and the node of degree rank h gets the
 * degree of quantile (n - h - 0.5) / n, with the tail scaled to the graph ({@link ScaledDegrees}).
 * Link k of id1 has type {@code 1 + k mod link_type_count} and points to the node
 * {@code k + 1} places after id1, wrapping around the id range.
 */
public final class GraphShape {
    /** The type of every node the benchmark writes. */
    public static final int NODE_TYPE = 1;

    private final long start;
    private final long n;
    private final int types;
    private final IdPermutation degreeOrder;
    private final ScaledDegrees degrees;

    public GraphShape(WorkloadConfig c, long seed) {
        this.start = c.startId1();
        this.n = c.nodeCount();
        this.types = c.linkTypeCount();
        this.degreeOrder = new IdPermutation(n, Seeds.derive(seed, Seeds.Stream.DEGREE_ORDER, 0));
        DegreeDistribution d = c.nlinksFile().isPresent()
                ? DegreeDistribution.fromCdfFile(c.nlinksFile().get(), c.nlinksSection())
                : DegreeDistribution.published();
        this.degrees = d.scaledTo(n, c.nlinksMaxShare());
    }

    public long startId() {
        return start;
    }

    /** One past the last loaded id. */
    public long endId() {
        return start + n;
    }

    public long nodeCount() {
        return n;
    }

    public int linkTypeCount() {
        return types;
    }

    /** Out-degree of {@code id1} (all link types), at most n - 1. */
    public long degree(long id1) {
        long h = degreeOrder.apply(id1 - start);
        return Math.min(degrees.degree(n - 1 - h), n - 1);
    }

    /** The node of degree rank {@code h} (0 is the most linked). */
    public long idOfDegreeRank(long h) {
        return start + degreeOrder.inverse(h);
    }

    /** Link type of the k-th link of any node. */
    public long linkType(long k) {
        return 1 + k % types;
    }

    /** The 0-based type index (linkType - 1) of the k-th link. */
    public int typeIndex(long k) {
        return (int) (k % types);
    }

    /** Destination of the k-th link of {@code id1}, for k in [0, n - 1). */
    public long id2(long id1, long k) {
        long off = id1 - start + 1 + k;
        return start + (off >= n ? off - n : off);
    }

    /** How many of the first {@code degree} links have type index {@code t}. */
    public long countOfType(long degree, int t) {
        return degree > t ? (degree - t + types - 1) / types : 0;
    }

    /** How many links of type index {@code t} a node could have at most (k in [0, n - 1)). */
    public long maxOfType(int t) {
        return countOfType(n - 1, t);
    }

    /** An estimate of the links of the whole graph, for progress reports. */
    public long expectedLinks() {
        return degrees.totalLinks();
    }

    /** The largest out-degree. */
    public long maxDegree() {
        return Math.min(degrees.maxDegree(), n - 1);
    }
}
