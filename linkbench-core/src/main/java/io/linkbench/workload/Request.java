package io.linkbench.workload;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;

/**
 * The arguments of the next operation, filled in by a {@link RequestGenerator} and read by the
 * driver that calls the store. One mutable instance per requester thread, reused for every operation,
 * so generating a request allocates only its payload. Only the fields of the current {@link #op}
 * are meaningful.
 */
public final class Request {
    public Op op;
    /** id1 of link ops; the node id of GET_NODE and DELETE_NODE. */
    public long id1;
    public long linkType;
    /** id2 of ADD/UPDATE/DELETE_LINK. */
    public long id2;
    /** id2s of MULTIGET_LINK: the first {@link #id2Count} entries. */
    public long[] id2s;
    public int id2Count;
    /** The node of ADD_NODE and UPDATE_NODE. */
    public Node node;
    /** The link of ADD_LINK and UPDATE_LINK. */
    public Link link;
    public boolean expunge;
    public long minTime;
    public long maxTime;
    public int offset;
    public int limit;
    /** True when this GET_LINKS_LIST continues an earlier list (history). */
    public boolean fromHistory;
    /**
     * Set by the driver after the call: whether it found an existing row (for ADD_LINK and UPDATE_LINK:
     * whether the link existed before).
     */
    public boolean found;
    /** Set by the driver after a GET_LINKS_LIST: the time of the last link returned (0 when none). */
    public long lastTime;

    /** A request whose MULTIGET_LINK asks for up to {@code maxMultiget} id2s. */
    public Request(int maxMultiget) {
        id2s = new long[maxMultiget];
    }

    /** The id2s of MULTIGET_LINK as a new array of exactly {@link #id2Count} entries. */
    public long[] id2Array() {
        return java.util.Arrays.copyOf(id2s, id2Count);
    }
}
