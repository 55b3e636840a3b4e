package io.linkbench.workload;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.workload.dist.GeometricSizes;
import io.linkbench.workload.dist.IdPermutation;
import io.linkbench.workload.dist.PayloadGenerator;
import io.linkbench.workload.dist.PayloadSpec;
import java.util.SplittableRandom;

/**
 * Generates the operations of one requester: its own random stream derived from the seed and the
 * requester's index, so the same seed gives the same sequence. Not thread-safe: one per requester.
 *
 * <p>How ids are aimed: link writes and reads pick id1 with their access distribution; a link that
 * exists is the k-th link of id1 for a uniform k below its out-degree (so nodes with one link are hit
 * as reliably as hubs), a link that does not exist is one of the same type with k at or past the
 * out-degree, which points at a random other node.
 */
public final class RequestGenerator {
    private static final int HISTORY_SIZE = 64;

    private final WorkloadConfig config;
    private final GraphShape shape;
    private final SplittableRandom random;
    private final IdChooser linkRead;
    private final IdChooser linkWrite;
    private final IdChooser nodeRead;
    private final IdChooser nodeUpdate;
    private final IdChooser nodeDelete;
    private final PayloadGenerator nodePayload;
    private final PayloadGenerator linkPayload;
    private final GeometricSizes multigetSizes;
    private final Request request;
    private final double addExisting;
    private final double linkExisting;
    private final double expunge;
    private final double history;
    // a bag of lists that filled their page (id1, type, next offset); when full, a new one replaces a random one
    private final long[] historyId1 = new long[HISTORY_SIZE];
    private final long[] historyType = new long[HISTORY_SIZE];
    private final int[] historyOffset = new int[HISTORY_SIZE];
    private int historyCount;
    private long historyHits;

    /** A generator for requester {@code index}. */
    public RequestGenerator(WorkloadConfig config, GraphShape shape, long seed, int index) {
        this.config = config;
        this.shape = shape;
        this.random = new SplittableRandom(Seeds.derive(seed, Seeds.Stream.REQUESTS, index));
        IdPermutation popularity = new IdPermutation(shape.nodeCount(), Seeds.derive(seed, Seeds.Stream.POPULARITY, 0));
        this.linkRead = new IdChooser(config.linkRead(), shape, popularity);
        this.linkWrite = new IdChooser(config.linkWrite(), shape, popularity);
        this.nodeRead = new IdChooser(config.nodeRead(), shape, popularity);
        this.nodeUpdate = new IdChooser(config.nodeUpdate(), shape, popularity);
        this.nodeDelete = new IdChooser(config.nodeDelete(), shape, popularity);
        this.nodePayload = new PayloadGenerator(PayloadSpec.repeat(config.nodeDataSize(), config.nodeUniqueness()), 0);
        this.linkPayload = new PayloadGenerator(PayloadSpec.repeat(config.linkDataSize(), config.linkUniqueness()), 0);
        this.multigetSizes = new GeometricSizes(config.multigetMin(), config.multigetMax(), config.multigetP());
        this.request = new Request(config.multigetMax());
        this.addExisting = config.addLinkExistingPct() / 100;
        this.linkExisting = config.linkExistingPct() / 100;
        this.expunge = config.expungePct() / 100;
        this.history = config.historyPct() / 100;
    }

    /** Fills the shared {@link Request} with the next operation and returns it. */
    public Request next() {
        Request r = request;
        Op op = config.mix().next(random);
        r.op = op;
        switch (op) {
            case ADD_NODE -> r.node = newNode(0);
            case UPDATE_NODE -> r.node = newNode(nodeUpdate.next(random));
            case DELETE_NODE -> r.id1 = nodeDelete.next(random);
            case GET_NODE -> r.id1 = nodeRead.next(random);
            case ADD_LINK -> r.link = newLink(linkWrite.next(random), addExisting);
            case UPDATE_LINK -> r.link = newLink(linkWrite.next(random), linkExisting);
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
     * Tells the generator how many links a GET_LINKS_LIST returned, so a full page can be continued
     * later (the history share of GET_LINKS_LIST).
     */
    public void listReturned(Request r, int returned) {
        if (r.limit > 0 && returned >= r.limit && r.offset <= Integer.MAX_VALUE - r.limit) {
            int slot = historyCount < HISTORY_SIZE ? historyCount++ : random.nextInt(HISTORY_SIZE);
            historyId1[slot] = r.id1;
            historyType[slot] = r.linkType;
            historyOffset[slot] = r.offset + r.limit;
        }
    }

    /** GET_LINKS_LIST calls that continued an earlier list. */
    public long historyHits() {
        return historyHits;
    }

    private Node newNode(long id) {
        return new Node(id, GraphShape.NODE_TYPE, random.nextLong(1, Long.MAX_VALUE),
                (int) (System.currentTimeMillis() / 1000), nodePayload.next(random));
    }

    private Link newLink(long id1, double existing) {
        aimLink(id1, existing);
        Request r = request;
        return new Link(id1, r.linkType, r.id2, Visibility.VISIBLE, linkPayload.next(random),
                random.nextInt(1, Integer.MAX_VALUE), System.currentTimeMillis());
    }

    /** Sets id1, linkType and id2 to an existing link with probability {@code existing}. */
    private void aimLink(long id1, double existing) {
        Request r = request;
        r.id1 = id1;
        long degree = shape.degree(id1);
        long k;
        if (degree > 0 && random.nextDouble() < existing) {
            k = random.nextLong(degree);
        } else {
            k = absentK(degree, random.nextInt(shape.linkTypeCount()));
            if (k < 0) {
                k = random.nextLong(degree);
            }
        }
        r.linkType = shape.linkType(k);
        r.id2 = shape.id2(id1, k);
    }

    /** A k of type index t at or past the degree, or -1 when the node links to every node of that type. */
    private long absentK(long degree, int t) {
        long have = shape.countOfType(degree, t);
        long max = shape.maxOfType(t);
        if (have >= max) {
            return -1;
        }
        long j = random.nextLong(have, max);
        return t + j * shape.linkTypeCount();
    }

    /**
     * Sets id1 and a link type weighted by how many links of each type id1 has.
     *
     * @return the out-degree of id1
     */
    private long aimGroup(long id1) {
        Request r = request;
        r.id1 = id1;
        long degree = shape.degree(id1);
        r.linkType = shape.linkType(degree > 0 ? random.nextLong(degree) : random.nextInt(shape.linkTypeCount()));
        return degree;
    }

    private void aimMultiget(long id1) {
        long degree = aimGroup(id1);
        Request r = request;
        int t = (int) (r.linkType - 1);
        long have = shape.countOfType(degree, t);
        int size = multigetSizes.sample(random);
        for (int i = 0; i < size; i++) {
            long k;
            if (have > 0 && random.nextDouble() < linkExisting) {
                k = t + random.nextLong(have) * shape.linkTypeCount();
            } else {
                k = absentK(degree, t);
                if (k < 0) {
                    k = t + random.nextLong(Math.max(have, 1)) * shape.linkTypeCount();
                }
            }
            r.id2s[i] = shape.id2(id1, k);
        }
        r.id2Count = size;
    }

    private void aimList() {
        Request r = request;
        r.minTime = 0;
        r.maxTime = Long.MAX_VALUE;
        r.limit = config.listLimit();
        if (historyCount > 0 && history > 0 && random.nextDouble() < history) {
            int slot = random.nextInt(historyCount);
            r.id1 = historyId1[slot];
            r.linkType = historyType[slot];
            r.offset = historyOffset[slot];
            r.fromHistory = true;
            // each page is continued once: the last entry takes the slot
            int last = --historyCount;
            historyId1[slot] = historyId1[last];
            historyType[slot] = historyType[last];
            historyOffset[slot] = historyOffset[last];
            historyHits++;
            return;
        }
        aimGroup(linkRead.next(random));
        r.offset = 0;
        r.fromHistory = false;
    }
}
