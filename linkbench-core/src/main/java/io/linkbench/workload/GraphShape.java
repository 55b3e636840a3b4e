package io.linkbench.workload;

import io.linkbench.workload.WorkloadRules.Id2Rule;
import io.linkbench.workload.WorkloadRules.TypeSplit;
import io.linkbench.workload.dist.DegreeDistribution;
import io.linkbench.workload.dist.IdPermutation;
import io.linkbench.workload.dist.ScaledDegrees;

/**
 * The structure of the generated graph, computed on demand in O(1) memory for any number of nodes:
 * the out-degree of every id1, how many links of each type it holds, and their id2s. Loaders use it to
 * write the graph; requesters use it to aim operations at links that exist (or do not).
 *
 * <p>Out-degrees follow the configured distribution deterministically: the nodes are ordered by a
 * seeded permutation ("degree rank" 0 is the most linked node) and the node of degree rank h gets the
 * degree of quantile (n - h - 0.5) / n, with the tail scaled to the graph ({@link ScaledDegrees}).
 *
 * <p>The out-degree d becomes links per type as {@code link_type_split} says
 * ({@link WorkloadRules.TypeSplit}); by default, as in the original, every type gets
 * floor(max(d, types) / types) links, so no loaded (id1, type) group is empty. The j-th link of a type
 * (j from 0) points at {@link #id2}: the same id2s for every type. With {@code round_robin} the k-th
 * link of id1 has type index k mod types instead, and its id2 is the one of position k.
 */
public final class GraphShape {
    /** The type of every node the benchmark writes. */
    public static final int NODE_TYPE = 1;

    private final long start;
    private final long n;
    private final int types;
    private final TypeSplit split;
    private final Id2Rule id2Rule;
    private final IdPermutation degreeOrder;
    private final ScaledDegrees degrees;
    private final long degreeLimit; // n - 1 with the capped tail; none with the original's rule
    private final long expectedLinks;

    public GraphShape(WorkloadConfig c, long seed) {
        this.start = c.startId1();
        this.n = c.nodeCount();
        this.types = c.linkTypeCount();
        this.split = c.rules().typeSplit();
        this.id2Rule = c.rules().id2Rule();
        this.degreeOrder = new IdPermutation(n, Seeds.derive(seed, Seeds.Stream.DEGREE_ORDER, 0));
        this.degrees = degrees(c);
        this.degreeLimit = degrees.isOriginalRule() ? Long.MAX_VALUE : n - 1;
        this.expectedLinks = degrees.sumOf(this::linksOfDegree);
    }

    /**
     * The degree sequence: the file's rows (its zero rows kept under the 2012 rules and the original's
     * rule) or the built-in fit (of the 2011 data under the 2012 rules), capped or by the original's rule.
     */
    private static ScaledDegrees degrees(WorkloadConfig c) {
        boolean original = c.nlinksTail() == WorkloadConfig.NlinksTail.ORIGINAL;
        boolean keepZeros = original || c.rules().is2012();
        DegreeDistribution d;
        if (c.nlinksFile().isPresent()) {
            d = DegreeDistribution.fromCdfFile(c.nlinksFile().get(), c.nlinksSection(), keepZeros);
        } else {
            d = c.rules().is2012() ? DegreeDistribution.published2011() : DegreeDistribution.published();
        }
        return original ? ScaledDegrees.originalRule(d, c.nodeCount()) : d.scaledTo(c.nodeCount(), c.nlinksMaxShare());
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

    /** Out-degree drawn for {@code id1} (before the type split), at most n - 1 unless {@code nlinks_tail = original}. */
    public long degree(long id1) {
        long h = degreeOrder.apply(id1 - start);
        return Math.min(degrees.degree(n - 1 - h), degreeLimit);
    }

    /** The node of degree rank {@code h} (0 is the most linked). */
    public long idOfDegreeRank(long h) {
        return start + degreeOrder.inverse(h);
    }

    /** How many links of type index {@code t} (0-based: link type t + 1) an id1 of out-degree {@code degree} holds. */
    public long linksOfType(long degree, int t) {
        return switch (split) {
            case RAISED -> Math.max(degree, types) / types;
            case EXTRA_FIRST -> degree / types + (t < degree - degree / types ? 1 : 0);
            case ROUND_ROBIN -> degree > t ? (degree - t + types - 1) / types : 0;
        };
    }

    /** All links of an id1 of out-degree {@code degree}, over every type. */
    public long linksOfDegree(long degree) {
        return switch (split) {
            case RAISED -> Math.max(degree, types) / types * types;
            case EXTRA_FIRST -> degree / types * types + Math.min(types, degree - degree / types);
            case ROUND_ROBIN -> degree;
        };
    }

    /**
     * The most links of type index {@code t} any id1 could have (positions whose id2s are distinct
     * nodes other than id1): j below this is a valid position.
     */
    public long maxOfType(int t) {
        if (split != TypeSplit.ROUND_ROBIN) {
            return n - 1;
        }
        return n - 1 > t ? (n - 1 - t + types - 1) / types : 0;
    }

    /** The position (the k of {@link #id2}) of the j-th link of type index {@code t}. */
    public long position(int t, long j) {
        return split == TypeSplit.ROUND_ROBIN ? t + j * types : j;
    }

    /** The id2 of {@code id1}'s j-th link of type index {@code t}. */
    public long id2(long id1, int t, long j) {
        return id2(id1, position(t, j));
    }

    /**
     * The id2 at position k of {@code id1}, k in [0, n - 1): {@code next} gives id1 + 1 + k, wrapping
     * around the id range; {@code offset} gives the original's id1 + k.
     */
    public long id2(long id1, long k) {
        if (id2Rule == Id2Rule.OFFSET) {
            return id1 + k;
        }
        long off = id1 - start + 1 + k;
        return start + (off >= n ? off - n : off);
    }

    /**
     * The first position k whose id2 wraps below id1 ({@code next} rule; they have the smallest id2s),
     * or {@code Long.MAX_VALUE} when id2s never wrap.
     */
    public long firstWrappedPosition(long id1) {
        return id2Rule == Id2Rule.OFFSET ? Long.MAX_VALUE : n - 1 - (id1 - start);
    }

    /** The link rows the whole graph is expected to hold (the type split applied to every degree). */
    public long expectedLinks() {
        return expectedLinks;
    }

    /** The largest out-degree. */
    public long maxDegree() {
        return Math.min(degrees.maxDegree(), degreeLimit);
    }
}
