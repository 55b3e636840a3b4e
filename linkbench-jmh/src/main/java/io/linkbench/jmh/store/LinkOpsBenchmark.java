package io.linkbench.jmh.store;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * {@link StoreOpsBenchmark} with the link operations on the loaded groups: COUNT_LINK, MULTIGET_LINK,
 * ADD_LINK of an existing link, and DELETE_LINK (hide) followed by ADD_LINK (revive).
 */
public abstract class LinkOpsBenchmark extends StoreOpsBenchmark {
    private final long[] multigetOffsets;
    private final long[] id2s;

    /**
     * Sessions from {@code firstSession}; MULTIGET_LINK asks for the id2s {@code id1 + offset}, one for
     * each of {@code multigetOffsets}.
     */
    protected LinkOpsBenchmark(int firstSession, long... multigetOffsets) {
        super(firstSession);
        this.multigetOffsets = multigetOffsets.clone();
        this.id2s = new long[multigetOffsets.length];
    }

    @Benchmark
    public long countLinks() throws StoreException {
        return session == null ? 0 : session.countLinks(id1(), SmallGraph.LINK_TYPE);
    }

    /** Some id2s of one group in one call. */
    @Benchmark
    public List<Link> multigetLinks() throws StoreException {
        if (session == null) {
            return null;
        }
        long id1 = id1();
        for (int i = 0; i < id2s.length; i++) {
            id2s[i] = id1 + multigetOffsets[i];
        }
        return session.multigetLinks(id1, SmallGraph.LINK_TYPE, id2s);
    }

    /** ADD_LINK of an existing visible link with a new time. */
    @Benchmark
    public boolean addLinkExisting() throws StoreException {
        if (session == null) {
            return false;
        }
        long id1 = id1();
        long id2 = existingId2(id1);
        return session.addLink(SmallGraph.link(id1, id2, 2_000_000L + random.nextInt(1_000), linkData));
    }

    /** DELETE_LINK (hide) followed by ADD_LINK (revive) of the same link. */
    @Benchmark
    public boolean hideAndRevive() throws StoreException {
        if (session == null) {
            return false;
        }
        long id1 = id1();
        long id2 = existingId2(id1);
        session.deleteLink(id1, SmallGraph.LINK_TYPE, id2, false);
        return session.addLink(SmallGraph.link(id1, id2, 3_000_000L, linkData));
    }

    /** The id2 of a random link of the group of {@code id1}. */
    private long existingId2(long id1) {
        return id1 + 1 + random.nextInt(graph().linksPerId1());
    }
}
