package io.linkbench.workload;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.workload.WorkloadRules.ListContinue;
import io.linkbench.workload.WorkloadRules.MultigetMiss;
import io.linkbench.workload.WorkloadRules.MultigetSize;
import io.linkbench.workload.WorkloadRules.TypeChoice;
import io.linkbench.workload.dist.GeometricSizes;
import io.linkbench.workload.dist.IdPermutation;
import io.linkbench.workload.dist.PayloadGenerator;
import java.util.SplittableRandom;

/**
 * Generates the operations of one requester: its own random stream derived from the seed and the
 * requester's index, so the same seed gives the same sequence. Not thread-safe: one per requester.
 *
 * <p>How ids are aimed (defaults: the original's effective behaviour, {@link WorkloadRules}): link
 * writes and reads pick id1 with their access distribution and the link type uniformly; a link that
 * exists is the j-th link of that type for a uniform j below the type's loaded count, a link that does
 * not exist one at or past it. MULTIGET_LINK takes each id2 from the group's loaded ones or uniformly
 * from the id range. Node operations pick ids on a permutation of their own. With
 * {@code workload_rules = 2012} an operation that should hit an existing link with probability p aims at
 * the position j uniform in [0, max(1, ceil(nlinks / p))), nlinks the group's loaded count: a hit when
 * j &lt; nlinks, as the 2012 code does ({@link #range2012}).
 */
public final class RequestGenerator {
    /** The widest 2012 aiming range (p = 0, or a huge group at a small p). */
    static final long MAX_RANGE_2012 = 1L << 62;
    /** How many times a 2012 MULTIGET_LINK redraws an id it already asked for. */
    static final int MULTIGET_REDRAWS_2012 = 100;
    private final WorkloadConfig config;
    private final WorkloadRules rules;
    private final GraphShape shape;
    private final SplittableRandom random;
    private final IdChooser linkRead;
    private final IdChooser linkWrite;
    private final IdChooser nodeRead;
    private final IdChooser nodeUpdate;
    private final IdChooser nodeDelete;
    private final PayloadGenerator nodeAddPayload;
    private final PayloadGenerator nodeUpdatePayload;
    private final PayloadGenerator linkAddPayload;
    private final PayloadGenerator linkUpdatePayload;
    private final GeometricSizes truncatedSizes;
    private final double multigetLogQ;
    private final Request request;
    private final double addExisting;
    private final double linkExisting;
    private final double multigetExisting;
    private final double expunge;
    private final double history;
    private final ListHistory lists;
    private int historySlot = -1;
    private long historyHits;

    /** A generator for requester {@code index}. */
    public RequestGenerator(WorkloadConfig config, GraphShape shape, long seed, int index) {
        this.config = config;
        this.rules = config.rules();
        this.shape = shape;
        this.random = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.REQUESTS, index));
        IdPermutation linkHot = new IdPermutation(shape.nodeCount(), Seeds.derive(seed, Seeds.Stream.POPULARITY, 0));
        IdPermutation nodeHot = rules.separateNodeHotIds()
                ? new IdPermutation(shape.nodeCount(), Seeds.derive(seed, Seeds.Stream.NODE_POPULARITY, 0)) : linkHot;
        this.linkRead = new IdChooser(config.linkRead(), shape, linkHot);
        this.linkWrite = new IdChooser(config.linkWrite(), shape, linkHot);
        this.nodeRead = new IdChooser(config.nodeRead(), shape, nodeHot);
        this.nodeUpdate = new IdChooser(config.nodeUpdate(), shape, nodeHot);
        this.nodeDelete = new IdChooser(config.nodeDelete(), shape, nodeHot);
        this.nodeAddPayload = new PayloadGenerator(config.nodePayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 0));
        this.linkAddPayload = new PayloadGenerator(config.linkPayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 1));
        this.nodeUpdatePayload = new PayloadGenerator(config.nodePayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 2));
        this.linkUpdatePayload = new PayloadGenerator(config.linkPayload(), Seeds.derive(seed, Seeds.Stream.PAYLOAD_MOTIFS, 3));
        this.truncatedSizes = new GeometricSizes(config.multigetMin(), config.multigetMax(), config.multigetP());
        this.multigetLogQ = Math.log1p(-config.multigetP());
        this.request = new Request(config.multigetMax());
        this.addExisting = config.addLinkExistingPct() / 100;
        this.linkExisting = config.linkExistingPct() / 100;
        this.multigetExisting = rules.multigetExistingPct() / 100;
        this.expunge = config.expungePct() / 100;
        this.history = config.historyPct() / 100;
        this.lists = new ListHistory(rules.historyIndex());
    }

    /** Fills the shared {@link Request} with the next operation and returns it. */
    public Request next() {
        Request r = request;
        Op op = config.mix().next(random);
        r.op = op;
        switch (op) {
            case ADD_NODE -> r.node = newNode(0, 1, nodeAddPayload);
            case UPDATE_NODE -> r.node = newNode(nodeUpdate.next(random), 2, nodeUpdatePayload);
            case DELETE_NODE -> r.id1 = nodeDelete.next(random);
            case GET_NODE -> r.id1 = nodeRead.next(random);
            case ADD_LINK -> r.link = newLink(linkWrite.next(random), addExisting, linkAddPayload);
            case UPDATE_LINK -> r.link = newLink(linkWrite.next(random), linkExisting, linkUpdatePayload);
            case DELETE_LINK -> {
                aimLink(linkWrite.next(random), linkExisting);
                r.expunge = expunge > 0 && random.nextDouble() < expunge;
            }
            case COUNT_LINK -> aimGroup(linkRead.next(random));
            case MULTIGET_LINK -> aimMultiget(linkRead.next(random));
            case GET_LINKS_LIST -> aimList();
            default -> throw new IllegalStateException(op.name());
        }
        return r;
    }

    /**
     * Tells the generator what a GET_LINKS_LIST returned: {@code returned} rows, the last of time
     * {@link Request#lastTime}. A full page is remembered so a later call can continue it (the history share).
     */
    public void listReturned(Request r, int returned) {
        long lastTime = r.lastTime;
        boolean full = r.limit > 0 && returned >= r.limit;
        if (r.fromHistory) {
            lists.continued(historySlot, full, lastTime, r.offset, r.limit);
        } else if (full) {
            lists.remember(r.id1, r.linkType, lastTime, r.offset, r.limit, random);
        }
    }

    /** GET_LINKS_LIST calls that continued an earlier list. */
    public long historyHits() {
        return historyHits;
    }

    private Node newNode(long id, long originalVersion, PayloadGenerator payload) {
        long version = rules.originalVersions() ? originalVersion : random.nextLong(1, Long.MAX_VALUE);
        return new Node(id, GraphShape.NODE_TYPE, version, (int) (System.currentTimeMillis() / 1000),
                payload.next(random));
    }

    private Link newLink(long id1, double existing, PayloadGenerator payload) {
        aimLink(id1, existing);
        Request r = request;
        int version = rules.originalVersions() ? 0 : random.nextInt(1, Integer.MAX_VALUE);
        return new Link(id1, r.linkType, r.id2, Visibility.VISIBLE, payload.next(random), version,
                System.currentTimeMillis());
    }

    /** Sets id1, a link type, and an id2 that exists with probability {@code existing}. */
    private void aimLink(long id1, double existing) {
        long degree = aimGroup(id1);
        Request r = request;
        int t = (int) (r.linkType - 1);
        long have = shape.linksOfType(degree, t);
        long j;
        if (rules.is2012()) {
            j = random.nextLong(range2012(have, existing));
        } else if (have > 0 && random.nextDouble() < existing) {
            j = random.nextLong(have);
        } else {
            j = absentJ(have, t);
        }
        r.id2 = shape.id2(id1, t, j);
    }

    /**
     * The 2012 code's aiming range for a group of {@code nlinks} loaded links and a target hit
     * probability p: max(1, ceil(nlinks / p)), so an empty group always aims at position 0 (id1 itself
     * with the offset rule) and a 1-link group at p = 0.9 hits half the time.
     */
    static long range2012(long nlinks, double p) {
        if (!(p > 0)) {
            return MAX_RANGE_2012;
        }
        double range = Math.ceil(nlinks / p);
        return range >= MAX_RANGE_2012 ? MAX_RANGE_2012 : Math.max(1, (long) range);
    }

    /** A j of type index t at or past the {@code have} loaded ones; one of them when the type is full. */
    private long absentJ(long have, int t) {
        long max = shape.maxOfType(t);
        if (have >= max && rules.id2Rule() == WorkloadRules.Id2Rule.OFFSET) {
            // a group larger than the id range (nlinks_tail = original): id2s may pass maxid1, so aim past it
            return have + random.nextLong(Math.max(1, shape.nodeCount() - 1));
        }
        if (have >= max) {
            return random.nextLong(Math.max(have, 1));
        }
        return random.nextLong(have, max);
    }

    /**
     * Sets id1 and a link type: uniform, or weighted by how many links of each type id1 holds.
     *
     * @return the out-degree of id1
     */
    private long aimGroup(long id1) {
        Request r = request;
        r.id1 = id1;
        long degree = shape.degree(id1);
        int types = shape.linkTypeCount();
        int t = random.nextInt(types);
        if (rules.typeChoice() == TypeChoice.BY_DEGREE) {
            long total = shape.linksOfDegree(degree);
            if (total > 0) {
                long k = random.nextLong(total);
                t = 0;
                for (long c; k >= (c = shape.linksOfType(degree, t)); t++) {
                    k -= c;
                }
            }
        }
        r.linkType = t + 1L;
        return degree;
    }

    private void aimMultiget(long id1) {
        long degree = aimGroup(id1);
        Request r = request;
        int t = (int) (r.linkType - 1);
        long have = shape.linksOfType(degree, t);
        int size = multigetSize();
        if (rules.is2012()) {
            aimMultiget2012(id1, t, have, size);
            return;
        }
        int count = 0;
        for (int i = 0; i < size; i++) {
            long id2;
            if (have > 0 && random.nextDouble() < multigetExisting) {
                id2 = shape.id2(id1, t, random.nextLong(have));
            } else if (rules.multigetMiss() == MultigetMiss.UNIFORM) {
                id2 = random.nextLong(config.maxId1());
            } else {
                id2 = shape.id2(id1, t, absentJ(have, t));
            }
            if (!rules.multigetDistinct() || !contains(r.id2s, count, id2)) {
                r.id2s[count++] = id2;
            }
        }
        r.id2Count = count;
    }

    /**
     * The 2012 code's MULTIGET_LINK: {@code size} ids, the first {@code size} positions when the aiming
     * range is no wider, else each drawn in the range and redrawn (up to 100 times) while already chosen.
     */
    private void aimMultiget2012(long id1, int t, long have, int size) {
        Request r = request;
        long range = range2012(have, multigetExisting);
        for (int i = 0; i < size; i++) {
            long id2;
            if (range <= size) {
                id2 = shape.id2(id1, t, i);
            } else {
                id2 = shape.id2(id1, t, random.nextLong(range));
                for (int tries = 0; tries < MULTIGET_REDRAWS_2012 && contains(r.id2s, i, id2); tries++) {
                    id2 = shape.id2(id1, t, random.nextLong(range));
                }
            }
            r.id2s[i] = id2;
        }
        r.id2Count = size;
    }

    private static boolean contains(long[] values, int count, long value) {
        for (int i = 0; i < count; i++) {
            if (values[i] == value) {
                return true;
            }
        }
        return false;
    }

    /** The number of id2s of a MULTIGET_LINK, in [min, max]. */
    private int multigetSize() {
        if (rules.multigetSize() == MultigetSize.TRUNCATED) {
            return truncatedSizes.sample(random);
        }
        int min = config.multigetMin();
        int max = config.multigetMax();
        double steps = multigetLogQ == 0 ? 0 : Math.ceil(Math.log1p(-random.nextDouble()) / multigetLogQ);
        long size = min + (long) Math.max(1, steps);
        return (int) Math.max(min, Math.min(size, max - 1L));
    }

    private void aimList() {
        Request r = request;
        r.limit = config.listLimit();
        r.minTime = 0;
        if (lists.size() > 0 && history > 0 && random.nextDouble() < history) {
            int slot = lists.pick(random);
            historySlot = slot;
            r.id1 = lists.id1(slot);
            r.linkType = lists.type(slot);
            if (rules.listContinue() == ListContinue.TIME) {
                r.maxTime = lists.lastTime(slot);
                r.offset = 1;
            } else {
                r.maxTime = Long.MAX_VALUE;
                r.offset = lists.nextOffset(slot);
            }
            r.fromHistory = true;
            historyHits++;
            return;
        }
        aimGroup(linkRead.next(random));
        r.maxTime = Long.MAX_VALUE;
        r.offset = 0;
        r.fromHistory = false;
    }
}
