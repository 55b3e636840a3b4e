package io.linkbench.workload;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.workload.dist.PayloadGenerator;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Generates the rows of the load phase. The rows of an id depend only on the seed and the id (each id
 * has its own random stream), so the loaded graph is the same whatever the number of loader threads,
 * the batch size and the chunk size. Immutable and thread-safe.
 */
public final class LoadGenerator {
    private final GraphShape shape;
    private final long seed;
    private final PayloadGenerator nodePayload;
    private final PayloadGenerator linkPayload;
    private final long baseTimeMs;
    private final long timeSpreadMs;
    private final long nodeVersion;

    public LoadGenerator(WorkloadConfig config, GraphShape shape, long seed, long baseTimeMs) {
        this.shape = shape;
        this.seed = seed;
        // the load writes what ADD_NODE and ADD_LINK would: their generators' motifs (RequestGenerator)
        this.nodePayload = new PayloadGenerator(config.nodePayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 0));
        this.linkPayload = new PayloadGenerator(config.linkPayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 1));
        this.baseTimeMs = baseTimeMs;
        this.timeSpreadMs = config.rules().timeSpreadMs();
        this.nodeVersion = config.rules().originalVersions() ? 1 : 0;
    }

    public GraphShape shape() {
        return shape;
    }

    /** The node with id {@code id} (version 1, as the original loads them; 0 with {@code write_versions = random}). */
    public Node node(long id) {
        SplittableRandom r = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.NODES, id));
        return new Node(id, GraphShape.NODE_TYPE, nodeVersion, (int) (baseTimeMs / 1000), nodePayload.next(r));
    }

    /**
     * Appends the links of {@code id1} to {@code links}, sorted by (linkType, id2), and one count row
     * per link type it has to {@code counts}.
     *
     * @return the number of links appended
     */
    public long linksOf(long id1, List<Link> links, List<LinkCount> counts) {
        SplittableRandom r = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.LINKS, id1));
        long degree = shape.degree(id1);
        int types = shape.linkTypeCount();
        long wrapAt = shape.firstWrappedPosition(id1); // positions from here point below id1
        long total = 0;
        for (int t = 0; t < types; t++) {
            long c = shape.linksOfType(degree, t);
            if (c == 0) {
                continue;
            }
            long type = t + 1L;
            // j0: the first of the c links of this type whose id2 wraps (it has the smallest id2s)
            long j0 = firstWrapped(t, c, wrapAt);
            long newest = 0;
            for (long j = j0; j < c; j++) {
                newest = Math.max(newest, addLink(links, id1, t, j, r));
            }
            for (long j = 0; j < j0; j++) {
                newest = Math.max(newest, addLink(links, id1, t, j, r));
            }
            counts.add(new LinkCount(id1, type, c, newest, 0));
            total += c;
        }
        return total;
    }

    /** The first j in [0, c) whose position is at or past {@code wrapAt}, or c when none is. */
    private long firstWrapped(int t, long c, long wrapAt) {
        long lo = 0;
        long hi = c;
        while (lo < hi) { // positions grow with j
            long mid = (lo + hi) >>> 1;
            if (shape.position(t, mid) >= wrapAt) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    private long addLink(List<Link> links, long id1, int t, long j, SplittableRandom r) {
        long time = baseTimeMs - r.nextLong(timeSpreadMs);
        links.add(new Link(id1, t + 1L, shape.id2(id1, t, j), Visibility.VISIBLE, linkPayload.next(r), 0, time));
        return time;
    }
}
