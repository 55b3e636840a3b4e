package io.linkbench.store;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import java.util.List;

/**
 * The operations of one worker thread against a {@link GraphStore}: the ten operations of the request
 * phase and the bulk writes of the load phase. A session is used by one thread only; it need not be
 * thread-safe. Stores do no timing: the driver measures around each call.
 *
 * <p>The count invariant: for every (id1, linkType), {@link #countLinks} equals the number of
 * VISIBLE links. Every link write below keeps it: the count changes by
 * {@code (visible after ? 1 : 0) - (visible before ? 1 : 0)}, so it goes up when a link is added or
 * revived, down when a visible link is hidden or expunged, and never below 0. A count row, once
 * written, stays (possibly at 0). Stores that keep it under concurrent writers of the same
 * (id1, linkType) declare it ({@link StoreInfo#transactional()}).
 *
 * <p>Payloads ({@code data}) of 0 bytes to at least 64 KiB, with any byte values, are stored and
 * returned exactly. Arrays passed in may be reused by the caller after the call returns.
 *
 * <p>Bulk loads: a batch whose write failed with a retryable {@link StoreException} is given again.
 * A store whose batch write is atomic (one transaction) sees only new rows; one whose batch write is
 * not atomic must accept the rows an earlier attempt already wrote.
 */
public interface StoreSession extends AutoCloseable {

    /**
     * ADD_NODE: inserts a node; the store assigns its id, greater than every id that exists or was
     * loaded or assigned before in this store, and unique across all sessions (and processes, where
     * the store is shared). {@code node.id()} is ignored.
     *
     * @return the assigned id
     */
    long addNode(Node node) throws StoreException;

    /**
     * GET_NODE.
     *
     * @return the node, or null when no node has this id or it has another type
     */
    Node getNode(long id, int type) throws StoreException;

    /**
     * UPDATE_NODE: replaces version, time and data of the node with {@code node.id()} and
     * {@code node.type()}.
     *
     * @return false (and nothing changes) when there is no such node
     */
    boolean updateNode(Node node) throws StoreException;

    /**
     * DELETE_NODE: removes the node. Its links are left as they are (as in the original benchmark).
     *
     * @return false when there was no node with this id and type
     */
    boolean deleteNode(long id, int type) throws StoreException;

    /**
     * ADD_LINK: writes the link as given (normally VISIBLE). An absent link is inserted; an existing
     * one (hidden or visible) gets the given visibility, data, version and time. The count changes as
     * the class comment says: +1 for a new or revived visible link, 0 for an update of a visible one.
     * The count row's time becomes the link's time and its version goes up by one.
     *
     * @return true when the link did not exist before (hidden or visible)
     */
    boolean addLink(Link link) throws StoreException;

    /**
     * UPDATE_LINK: sets visibility, data, version and time of an existing link; the count changes only
     * when visibility changes. Never inserts.
     *
     * @return false (and nothing changes) when the link does not exist
     */
    boolean updateLink(Link link) throws StoreException;

    /**
     * UPDATE_LINK as the original benchmark runs it: when the link exists (hidden or visible) this is
     * {@link #updateLink}; when it does not, the link is inserted as {@link #addLink} would insert it
     * (count +1 when it is visible; the count row is written either way). Both cases keep the count
     * invariant, and for a store that declares {@link StoreInfo#transactional()} also under concurrent writers.
     *
     * <p>The default calls {@link #updateLink} and, when that finds no link, {@link #addLink}: two steps,
     * not atomic (a link added in between is simply written again by {@code addLink}). A
     * transactional store ({@link StoreInfo#transactional()}) must override it to do both in one transaction or atomic step; every
     * store should, to save the second round trip.
     *
     * @return true when the link existed (it was updated), false when it was inserted
     */
    default boolean updateOrAddLink(Link link) throws StoreException {
        return updateLink(link) || !addLink(link);
    }

    /**
     * DELETE_LINK: hides the link, or removes its row when {@code expunge} is true. The count goes
     * down by one only when the link was visible.
     *
     * @return false (and nothing changes) when the link does not exist
     */
    boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException;

    /** COUNT_LINK: the number of visible links of (id1, linkType); 0 when there is no count row. */
    long countLinks(long id1, long linkType) throws StoreException;

    /**
     * MULTIGET_LINK: the links of (id1, linkType) among {@code id2s} that exist, hidden or visible,
     * each once, in ascending id2 order. Missing id2s are left out; an empty array gives an empty list.
     */
    List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException;

    /**
     * GET_LINKS_LIST: the VISIBLE links of (id1, linkType) with {@code minTime <= time <= maxTime},
     * newest first; links of equal time in descending id2 order. The first {@code offset} of them are
     * skipped and at most {@code limit} returned: limit 0, or an offset past the end, gives an empty
     * list.
     *
     * @param offset 0 or more
     * @param limit  0 or more
     */
    List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException;

    /**
     * Bulk load of nodes with the ids given (so several client hosts can load disjoint id ranges).
     * The ids are not in the store yet. Later {@link #addNode} calls assign ids above all of them.
     */
    void loadNodes(List<Node> nodes) throws StoreException;

    /**
     * Bulk load of links, all new to the store, sorted by (id1, linkType, id2). Counts are not
     * touched: the loader writes them with {@link #loadCounts}.
     */
    void loadLinks(List<Link> links) throws StoreException;

    /** Bulk load of count rows for (id1, linkType) groups that have none yet. */
    void loadCounts(List<LinkCount> counts) throws StoreException;

    @Override
    void close() throws StoreException;
}
