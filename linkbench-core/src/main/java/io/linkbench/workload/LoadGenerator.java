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
    /** Links per random stream of an id1 ({@link LinkStream}): a part of an id1 starts at a multiple of it. */
    public static final int BLOCK = 4096;
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

    /** The links of {@code id1} as a stream of batches, with its count rows: O(1) state whatever its degree. */
    public LinkStream linksOf(long id1) {
        return new LinkStream(id1, 0, Long.MAX_VALUE);
    }

    /**
     * The links of {@code id1} at indexes [from, to) of its stream ({@link #linksOf}'s order), without
     * count rows: the part of a large id1 one loader writes while others write the rest. {@link
     * LinkStream#newest} gives the latest time per type of the part, from which the count rows are made
     * once every part is written.
     *
     * @param from a multiple of {@link #BLOCK}
     * @throws IllegalArgumentException when {@code from} is not at a block boundary
     */
    public LinkStream linksOf(long id1, long from, long to) {
        if (from % BLOCK != 0 || from < 0 || to < from) {
            throw new IllegalArgumentException("a part of an id1's links starts at a multiple of " + BLOCK + ": " + from);
        }
        return new LinkStream(id1, from, to);
    }

    /**
     * The links of one id1 in (linkType, id2) order, handed out a batch at a time. Link k (counted from
     * 0 over all types) comes from the random stream of its block k / {@link #BLOCK}: the id1's own for
     * block 0, a derived one for each further block, so any block can be generated without the ones
     * before it. The whole stream gives one count row per link type, as soon as that type's last link
     * is given. Not thread-safe.
     */
    public final class LinkStream {
        private final long id1;
        private final long idSeed;
        private final long degree;
        private final long wrapAt; // positions from here point below id1
        private final long end;    // the index past the last link given
        private final boolean whole;
        private final long[] newest; // the latest time given, per type index
        private SplittableRandom r;
        private int t = -1;        // the current type index; linkTypeCount() when done
        private long c;            // links of type t
        private long j0;           // the first of them whose id2 wraps (it has the smallest id2s)
        private long emitted;      // links of type t passed so far
        private long index;        // the index of the next link over all types
        private long links;
        private int countRows;

        private LinkStream(long id1, long from, long to) {
            this.id1 = id1;
            this.idSeed = Seeds.derive(seed, Seeds.Stream.LINKS, id1);
            this.degree = shape.degree(id1);
            this.wrapAt = shape.firstWrappedPosition(id1);
            this.end = Math.min(to, shape.linksOfDegree(degree));
            this.whole = from == 0 && end == shape.linksOfDegree(degree);
            this.newest = new long[shape.linkTypeCount()];
            this.index = Math.min(from, end);
            this.r = random(index / BLOCK);
            long before = 0; // the links of the types before t
            nextType();
            while (!done() && before + c <= index) {
                before += c;
                nextType();
            }
            emitted = index - before;
        }

        /**
         * Appends up to {@code max} of the next links to {@code into}, and to {@code counts} the count
         * row of every type whose last link this appends (a whole stream only).
         *
         * @return the number of links appended, 0 once {@link #done()}
         */
        public int next(List<Link> into, int max, List<LinkCount> counts) {
            int n = 0;
            while (n < max && !done()) {
                if (index % BLOCK == 0 && index > 0) {
                    r = random(index / BLOCK);
                }
                long j = j0 + emitted; // j0..c-1 first, then the wrapped 0..j0-1
                long time = baseTimeMs - r.nextLong(timeSpreadMs);
                into.add(new Link(id1, t + 1L, shape.id2(id1, t, j < c ? j : j - c), Visibility.VISIBLE,
                        linkPayload.next(r), 0, time));
                newest[t] = Math.max(newest[t], time);
                n++;
                index++;
                if (++emitted == c) {
                    if (whole) {
                        counts.add(new LinkCount(id1, t + 1L, c, newest[t], 0));
                        countRows++;
                    }
                    nextType();
                }
            }
            links += n;
            return n;
        }

        /** All links (and, for a whole stream, count rows) have been given. */
        public boolean done() {
            return t >= shape.linkTypeCount() || index >= end;
        }

        /** Links given so far. */
        public long links() {
            return links;
        }

        /** All links of the id1 in the workload's model, whatever part of them this stream gives. */
        public long modelLinks() {
            return shape.linksOfDegree(degree);
        }

        /** Count rows given so far. */
        public int countRows() {
            return countRows;
        }

        /** The latest time of the links of type index {@code typeIndex} given so far; 0 when none. */
        public long newest(int typeIndex) {
            return newest[typeIndex];
        }

        /** Moves to the next type that has links (or past the last one). */
        private void nextType() {
            while (++t < shape.linkTypeCount() && (c = shape.linksOfType(degree, t)) == 0) {
                // no row for an empty (id1, type) group
            }
            if (t < shape.linkTypeCount()) {
                j0 = firstWrapped(t, c, wrapAt);
                emitted = 0;
            }
        }

        /** The random stream of block {@code b}: the id1's own for block 0. */
        private SplittableRandom random(long b) {
            return new SplittableRandom(b == 0 ? idSeed : Seeds.derive(idSeed, Seeds.Stream.LINKS, b));
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
