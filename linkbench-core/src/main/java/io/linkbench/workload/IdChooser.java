package io.linkbench.workload;

import io.linkbench.workload.dist.IdPermutation;
import io.linkbench.workload.dist.ZipfRanks;
import java.util.random.RandomGenerator;

/**
 * Picks node ids for one kind of operation. The uncorrelated share draws a popularity rank (Zipf) and
 * maps it through a permutation, so hot ids are spread over the id range independently of out-degree;
 * the correlated share draws a rank from its own distribution and takes the node of that out-degree
 * rank (the most linked nodes are the hottest). Uniform picks any id. Immutable.
 */
final class IdChooser {
    private final long start;
    private final long n;
    private final ZipfRanks uncorrelated;
    private final ZipfRanks correlated;
    private final double correlatedFraction;
    private final IdPermutation popularity;
    private final GraphShape shape;

    IdChooser(AccessSpec spec, GraphShape shape, IdPermutation popularity) {
        this.start = shape.startId();
        this.n = shape.nodeCount();
        this.shape = shape;
        this.popularity = popularity;
        this.uncorrelated = zipf(spec.uncorrelated(), n);
        this.correlatedFraction = (100 - spec.uncorrelatedPct()) / 100;
        this.correlated = correlatedFraction > 0 ? zipf(spec.correlated(), n) : null;
    }

    private static ZipfRanks zipf(AccessSpec.Dist d, long n) {
        return d.function() == AccessSpec.Function.ZIPF ? new ZipfRanks(n, d.shape()) : null;
    }

    long next(RandomGenerator r) {
        if (correlatedFraction > 0 && r.nextDouble() < correlatedFraction) {
            return shape.idOfDegreeRank(correlated == null ? r.nextLong(n) : correlated.sample(r));
        }
        if (uncorrelated == null) {
            return start + r.nextLong(n);
        }
        return start + popularity.apply(uncorrelated.sample(r));
    }
}
