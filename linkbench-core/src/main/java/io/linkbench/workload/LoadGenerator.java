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
 * the batch size and the chunk size. Immutable and thread-safe; a {@link LinkStream} is one thread's.
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

    /** The links of {@code id1} as a stream of batches: O(1) state whatever its degree. */
    public LinkStream linksOf(long id1) {
        return new LinkStream(id1);
    }

    /**
     * The links of one id1 in (linkType, id2) order, handed out a batch at a time, with one count row
     * per link type it has, given as soon as that type's last link is. Not thread-safe.
     */
    public final class LinkStream {
        private final long id1;
        private final SplittableRandom r;
        private final long degree;
        private final long wrapAt; // positions from here point below id1
        private int t = -1;        // the current type index; linkTypeCount() when done
        private long c;            // links of type t
        private long j0;           // the first of them whose id2 wraps (it has the smallest id2s)
        private long emitted;      // links of type t given so far
        private long newest;       // their latest time
        private long links;
        private int countRows;

        private LinkStream(long id1) {
            this.id1 = id1;
            this.r = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.LINKS, id1));
            this.degree = shape.degree(id1);
            this.wrapAt = shape.firstWrappedPosition(id1);
            nextType();
        }

        /**
         * Appends up to {@code max} of the next links to {@code into}, and to {@code counts} the count
         * row of every type whose last link this appends.
         *
         * @return the number of links appended, 0 once {@link #done()}
         */
        public int next(List<Link> into, int max, List<LinkCount> counts) {
            int n = 0;
            while (n < max && !done()) {
                long j = j0 + emitted; // j0..c-1 first, then the wrapped 0..j0-1
                long time = baseTimeMs - r.nextLong(timeSpreadMs);
                into.add(new Link(id1, t + 1L, shape.id2(id1, t, j < c ? j : j - c), Visibility.VISIBLE,
                        linkPayload.next(r), 0, time));
                newest = Math.max(newest, time);
                n++;
                if (++emitted == c) {
                    counts.add(new LinkCount(id1, t + 1L, c, newest, 0));
                    countRows++;
                    nextType();
                }
            }
            links += n;
            return n;
        }

        /** All links and count rows have been given. */
        public boolean done() {
            return t >= shape.linkTypeCount();
        }

        /** Links given so far. */
        public long links() {
            return links;
        }

        /** Count rows given so far. */
        public int countRows() {
            return countRows;
        }

        /** Moves to the next type that has links (or past the last one). */
        private void nextType() {
            while (++t < shape.linkTypeCount() && (c = shape.linksOfType(degree, t)) == 0) {
                // no row for an empty (id1, type) group
            }
            if (!done()) {
                j0 = firstWrapped(t, c, wrapAt);
                emitted = 0;
                newest = 0;
            }
        }
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
}
