package io.linkbench.workload;

import io.linkbench.workload.dist.IdPermutation;
import io.linkbench.workload.dist.ZipfRanks;
import java.util.random.RandomGenerator;

/**
 * Picks node ids for one kind of operation: uniform, or Zipf-shaped popularity ranks mapped to ids
 * through a permutation (so hot ids are spread over the id range), where a configured share of the
 * picks use the out-degree order instead (the most linked nodes are the hottest). Immutable.
 */
final class IdChooser {
    private final long start;
    private final long n;
    private final ZipfRanks zipf;
    private final double correlatedFraction;
    private final IdPermutation popularity;
    private final GraphShape shape;

    IdChooser(AccessSpec spec, GraphShape shape, IdPermutation popularity) {
        this.start = shape.startId();
        this.n = shape.nodeCount();
        this.shape = shape;
        this.popularity = popularity;
        this.zipf = spec.function() == AccessSpec.Function.ZIPF ? new ZipfRanks(n, spec.shape()) : null;
        this.correlatedFraction = (100 - spec.uncorrelatedPct()) / 100;
    }

    long next(RandomGenerator r) {
        if (zipf == null) {
            return start + r.nextLong(n);
        }
        long rank = zipf.sample(r);
        if (correlatedFraction > 0 && r.nextDouble() < correlatedFraction) {
            return shape.idOfDegreeRank(rank);
        }
        return start + popularity.apply(rank);
    }
}
