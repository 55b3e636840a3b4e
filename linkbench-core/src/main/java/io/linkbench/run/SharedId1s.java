package io.linkbench.run;

import io.linkbench.graph.LinkCount;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.LoadGenerator;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The id1s of a load slice too large for one loader to carry alone: each holds more than
 * {@value #SHARE_DIVISOR}th of a link loader's fair share of the slice's links. Every link loader
 * takes parts of them (ranges of their links, in id2 order, about {@value #PARTS_PER_LOADER} per
 * loader) from one cursor before it takes chunks of the other id1s, so one giant id1 does not leave a
 * single loader working while the others have finished. A count row is one per (id1, type) and must
 * hold the whole group: the loader that finishes an id1's last part makes its rows, with the latest
 * time over all parts. Thread-safe.
 */
final class SharedId1s {
    /** An id1 is shared when it holds more than the fair share divided by this. */
    static final int SHARE_DIVISOR = 32;
    /** Parts per link loader of a shared id1 (at least one {@link LoadGenerator#BLOCK} each). */
    static final int PARTS_PER_LOADER = 4;

    private final Id1[] id1s;        // by ascending id1
    private final long[] ids;        // their ids, for the chunk loaders to skip
    private final long[] firstPart;  // the index of each one's first part over all parts
    private final long parts;
    private final AtomicLong cursor = new AtomicLong();

    private SharedId1s(List<Id1> shared) {
        this.id1s = shared.toArray(new Id1[0]);
        Arrays.sort(id1s, (a, b) -> Long.compare(a.id1, b.id1));
        this.ids = new long[id1s.length];
        this.firstPart = new long[id1s.length];
        long p = 0;
        for (int i = 0; i < id1s.length; i++) {
            ids[i] = id1s[i].id1;
            firstPart[i] = p;
            p += id1s[i].parts;
        }
        this.parts = p;
    }

    /**
     * The shared id1s of [start, end) for {@code loaders} loaders expecting {@code expectedLinks}
     * links: none with one loader. Found in degree rank order, so the search stops at the first id1
     * (of any slice) below the threshold.
     */
    static SharedId1s of(GraphShape shape, long start, long end, int loaders, long expectedLinks) {
        List<Id1> shared = new ArrayList<>();
        if (loaders > 1) {
            long threshold = Math.max(LoadGenerator.BLOCK, expectedLinks / loaders / SHARE_DIVISOR);
            for (long h = 0; h < shape.nodeCount(); h++) {
                long id1 = shape.idOfDegreeRank(h);
                long degree = shape.degree(id1);
                long links = shape.linksOfDegree(degree);
                if (links <= threshold) {
                    break;
                }
                if (id1 >= start && id1 < end) {
                    long blocks = (links + LoadGenerator.BLOCK - 1) / LoadGenerator.BLOCK;
                    long blocksPerPart = Math.max(1, blocks / ((long) loaders * PARTS_PER_LOADER));
                    shared.add(new Id1(id1, degree, links, blocksPerPart * LoadGenerator.BLOCK,
                            shape.linkTypeCount()));
                }
            }
        }
        return new SharedId1s(shared);
    }

    /** True when {@code id1} is loaded in parts (the chunk loaders skip it). */
    boolean contains(long id1) {
        return ids.length > 0 && Arrays.binarySearch(ids, id1) >= 0;
    }

    int size() {
        return id1s.length;
    }

    /** The next part to load, or null when every part was taken. */
    Part next() {
        long k = cursor.getAndIncrement();
        if (k >= parts) {
            return null;
        }
        int i = Arrays.binarySearch(firstPart, k);
        if (i < 0) {
            i = -i - 2; // the last id1 whose first part is below k
        }
        Id1 s = id1s[i];
        long from = (k - firstPart[i]) * s.partLinks;
        return new Part(s, from, Math.min(s.links, from + s.partLinks));
    }

    /** "1 id1 of 961,964 links in 8 parts", for the load's first line; empty when none is shared. */
    String describe() {
        if (id1s.length == 0) {
            return "";
        }
        long links = 0;
        for (Id1 s : id1s) {
            links += s.links;
        }
        return String.format(Locale.ROOT, "%d id1%s of %,d links in %,d parts", id1s.length, id1s.length == 1 ? "" : "s",
                links, parts);
    }

    /** One shared id1: its parts still being loaded and the latest link time per type so far. */
    static final class Id1 {
        final long id1;
        final long degree;
        final long links;
        final long partLinks;
        final long parts;
        private final AtomicInteger unfinished;
        private final AtomicLongArray newest;

        Id1(long id1, long degree, long links, long partLinks, int types) {
            this.id1 = id1;
            this.degree = degree;
            this.links = links;
            this.partLinks = partLinks;
            this.parts = (links + partLinks - 1) / partLinks;
            this.unfinished = new AtomicInteger(Math.toIntExact(parts));
            this.newest = new AtomicLongArray(types);
        }
    }

    /** Links [from, to) of a shared id1. */
    record Part(Id1 owner, long from, long to) {
        /**
         * Records that this part's links were all generated ({@code stream} is the part's); for the last
         * part of its id1, appends the id1's count rows (one per type with links) to {@code counts}.
         *
         * @return the count rows appended (0 unless this was the id1's last part)
         */
        int finished(LoadGenerator.LinkStream stream, GraphShape shape, List<LinkCount> counts) {
            for (int t = 0; t < shape.linkTypeCount(); t++) {
                long time = stream.newest(t);
                owner.newest.accumulateAndGet(t, time, Math::max);
            }
            if (owner.unfinished.decrementAndGet() != 0) {
                return 0;
            }
            int rows = 0;
            for (int t = 0; t < shape.linkTypeCount(); t++) {
                long c = shape.linksOfType(owner.degree, t);
                if (c > 0) {
                    counts.add(new LinkCount(owner.id1, t + 1L, c, owner.newest.get(t), 0));
                    rows++;
                }
            }
            return rows;
        }
    }
}
