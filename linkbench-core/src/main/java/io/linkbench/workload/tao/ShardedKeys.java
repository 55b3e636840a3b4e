package io.linkbench.workload.tao;

import java.util.random.RandomGenerator;

/**
 * Spreads the node ids start .. start+n-1 over S virtual shards, shard s holding the ids at positions
 * s, s+S, s+2S ... (so every shard spans the whole id range and holds n/S ids, give or take one), and
 * draws a key of a given shard uniformly among its ids. The skew of TAOBench lives in which shard is
 * drawn, not inside a shard. Immutable.
 */
public final class ShardedKeys {
    private final long start;
    private final long n;
    private final int shards;

    /**
     * @throws IllegalArgumentException when there are fewer ids than shards (a shard would be empty)
     */
    public ShardedKeys(long start, long n, int shards) {
        if (shards < 1 || n < shards) {
            throw new IllegalArgumentException(n + " node ids cannot fill " + shards
                    + " virtual shards: the graph needs at least one node per shard");
        }
        this.start = start;
        this.n = n;
        this.shards = shards;
    }

    /** A node id of {@code shard} drawn uniformly. */
    public long key(int shard, RandomGenerator random) {
        long size = (n - shard + shards - 1) / shards;
        return start + shard + shards * random.nextLong(size);
    }

    /** The virtual shard of node id {@code id}. */
    public int shardOf(long id) {
        return (int) ((id - start) % shards);
    }
}
