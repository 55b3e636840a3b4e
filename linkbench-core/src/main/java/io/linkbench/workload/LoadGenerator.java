package io.linkbench.workload;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.workload.dist.PayloadGenerator;
import io.linkbench.workload.dist.PayloadSpec;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates the rows of the load phase. The rows of a chunk of ids depend only on the seed and the
 * chunk's index, so the loaded graph is the same whatever the number of loader threads. Immutable and
 * thread-safe; callers pass the random stream of the chunk they work on ({@link #chunkRandom}).
 */
public final class LoadGenerator {
    /** Loaded links get times spread over the 30 days before the load. */
    private static final long TIME_SPREAD_MS = 30L * 24 * 3600 * 1000;

    private final GraphShape shape;
    private final long seed;
    private final PayloadGenerator nodePayload;
    private final PayloadGenerator linkPayload;
    private final long baseTimeMs;

    public LoadGenerator(WorkloadConfig config, GraphShape shape, long seed, long baseTimeMs) {
        this.shape = shape;
        this.seed = seed;
        this.nodePayload = new PayloadGenerator(PayloadSpec.repeat(config.nodeDataSize(), config.nodeUniqueness()), 0);
        this.linkPayload = new PayloadGenerator(PayloadSpec.repeat(config.linkDataSize(), config.linkUniqueness()), 0);
        this.baseTimeMs = baseTimeMs;
    }

    public GraphShape shape() {
        return shape;
    }

    /** The random stream of chunk {@code index} of the node or link loader. */
    public SplittableRandom chunkRandom(Seeds.Stream stream, long index) {
        return new SplittableRandom(Seeds.derive(seed, stream, index));
    }

    /** The node with id {@code id}. */
    public Node node(long id, SplittableRandom r) {
        return new Node(id, GraphShape.NODE_TYPE, 0, (int) (baseTimeMs / 1000), nodePayload.next(r));
    }

    /**
     * Appends the links of {@code id1} to {@code links}, sorted by (linkType, id2), and one count row
     * per link type it has to {@code counts}.
     *
     * @return the number of links appended
     */
    public long linksOf(long id1, SplittableRandom r, List<Link> links, List<LinkCount> counts) {
        long degree = shape.degree(id1);
        int types = shape.linkTypeCount();
        long n = shape.nodeCount();
        long wrapAt = n - 1 - (id1 - shape.startId()); // k >= wrapAt points below id1
        for (int t = 0; t < types; t++) {
            long c = shape.countOfType(degree, t);
            if (c == 0) {
                continue;
            }
            long type = t + 1L;
            // j0: the first of the c links of this type whose id2 wraps (it has the smallest id2s)
            long j0 = wrapAt <= t ? 0 : Math.min(c, (wrapAt - t + types - 1) / types);
            long newest = 0;
            for (long j = j0; j < c; j++) {
                newest = Math.max(newest, addLink(links, id1, type, t + j * types, r));
            }
            for (long j = 0; j < j0; j++) {
                newest = Math.max(newest, addLink(links, id1, type, t + j * types, r));
            }
            counts.add(new LinkCount(id1, type, c, newest, 0));
        }
        return degree;
    }

    private long addLink(List<Link> links, long id1, long type, long k, SplittableRandom r) {
        long time = baseTimeMs - r.nextLong(TIME_SPREAD_MS);
        links.add(new Link(id1, type, shape.id2(id1, k), Visibility.VISIBLE, linkPayload.next(r), 0, time));
        return time;
    }
}
