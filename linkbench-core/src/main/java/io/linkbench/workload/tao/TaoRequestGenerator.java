package io.linkbench.workload.tao;

import io.linkbench.workload.Seeds;
import java.util.SplittableRandom;

/**
 * Draws the TAOBench requests of one requester from its own random stream (the root seed and the
 * requester's index), so the same seed and index give the same sequence whatever the thread count. Not
 * thread-safe: one per requester.
 *
 * <p>A request is drawn as: its kind from {@code operations}; its size (1, or from the transaction size
 * distribution of its kind); each operation from the sub-mix of its kind; each operation's key in a
 * virtual shard drawn from {@code primary_shards}; for an edge operation its id2 in a shard drawn from
 * {@code remote_shards} and its edge type from {@code edge_types}. Draws are independent of each other.
 */
public final class TaoRequestGenerator {
    private final TaoWorkload workload;
    private final ShardedKeys keys;
    private final SplittableRandom random;
    private final TaoRequest request;

    /**
     * A generator for requester {@code index} over node ids start .. start+nodeCount-1.
     *
     * @throws IllegalArgumentException when the graph has fewer nodes than the workload has virtual shards
     */
    public TaoRequestGenerator(TaoWorkload workload, long start, long nodeCount, long seed, int index) {
        this.workload = workload;
        this.keys = new ShardedKeys(start, nodeCount, workload.shardCount());
        this.random = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.TAO_REQUESTS, index));
        this.request = new TaoRequest(Math.max(1, workload.maxTxnSize()));
    }

    /** Fills the shared {@link TaoRequest} with the next request and returns it. */
    public TaoRequest next() {
        TaoRequest r = request;
        TaoWorkload w = workload;
        RequestKind kind = w.kinds().sample(random);
        r.kind = kind;
        Choice<TaoOp> ops = switch (kind) {
            case READ -> w.readOps();
            case WRITE -> w.writeOps();
            case READ_TRANSACTION -> w.readTxnOps();
            case WRITE_TRANSACTION -> w.writeTxnOps();
        };
        r.size = switch (kind) {
            case READ, WRITE -> 1;
            case READ_TRANSACTION -> w.readTxnSizes().sample(random);
            case WRITE_TRANSACTION -> w.writeTxnSizes().sample(random);
        };
        for (int i = 0; i < r.size; i++) {
            TaoOp op = ops.sample(random);
            r.ops[i] = op;
            int shard = w.primaryShards().sample(random);
            r.shard[i] = shard;
            long key = keys.key(shard, random);
            r.id1[i] = op == TaoOp.OBJ_ADD ? 0 : key;
            if (op.isEdge()) {
                int remote = w.remoteShards().sample(random);
                r.remoteShard[i] = remote;
                r.id2[i] = keys.key(remote, random);
                r.edgeType[i] = w.edgeTypes().sample(random);
            } else {
                r.remoteShard[i] = -1;
                r.id2[i] = 0;
                r.edgeType[i] = null;
            }
        }
        return r;
    }

    /** The key layout, so a driver or a check can tell the shard of an id. */
    public ShardedKeys keys() {
        return keys;
    }
}
