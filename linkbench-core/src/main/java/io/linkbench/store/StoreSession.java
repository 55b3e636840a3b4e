package io.linkbench.store;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import java.util.List;

/**
 * The operations of one worker thread against a {@link GraphStore}: the ten operations of the request
 * phase and the bulk writes of the load phase. Stores do no timing: the driver measures around each
 * call.
 *
 * <p><b>Threads.</b> A session is confined to the worker thread that asked for it with
 * {@link GraphStore#session(int)}: every method, {@link #close()} included, is called by that thread
 * only, one call at a time, so a session need not be thread-safe. Concurrency is between sessions of
 * one store, each on its own thread.
 *
 * <p><b>The count invariant.</b> For every (id1, linkType), {@link #countLinks} equals the number of
 * VISIBLE links. Every link write below keeps it: the count changes by
 * {@code (visible after ? 1 : 0) - (visible before ? 1 : 0)}, so it goes up when a link is added or
 * revived, down when a visible link is hidden or expunged, and never below 0. A count row, once
 * written, stays (possibly at 0). Stores that keep it under concurrent writers of the same
 * (id1, linkType) declare it ({@link StoreInfo#transactional()}).
 *
 * <p><b>Payloads.</b> {@code data} of 0 bytes to at least 64 KiB, with any byte values, is stored and
 * returned exactly. Arrays passed in may be reused by the caller after the call returns.
 *
 * <p><b>Failures.</b> Every method reports a failure as a {@link StoreException} whose
 * {@link StoreException.Kind} tells the driver what to do: CONFLICT (deadlock, lock wait, write
 * conflict) and CONNECTION (lost or refused connection) are retryable, and the driver repeats the
 * whole call; TIMEOUT, REJECTED, FATAL and OTHER are not. Reads fail with CONNECTION, TIMEOUT or
 * OTHER (and CONFLICT where the store's isolation level can fail a read); writes also with
 * CONFLICT, REJECTED (a constraint or bad data) and FATAL (disk or memory exhausted: the run
 * stops). After any failure the session stays usable: a failed request-phase write changed nothing
 * (its transaction is rolled back; bulk loads: below), and a lost connection is re-opened on the next
 * call. A missing node or link is never a failure: it is a null, false, 0 or empty result.
 *
 * <p><b>Bulk loads.</b> A batch whose write failed with a retryable {@link StoreException} is given
 * again. A store whose batch write is atomic (one transaction) sees only new rows; one whose batch
 * write is not atomic must accept the rows an earlier attempt already wrote.
 *
 * <pre>{@code
 * try (StoreSession s = store.session(workerId)) {
 *     long id = s.addNode(new Node(0, 1, 1, nowSeconds, data));
 *     s.addLink(new Link(id, 1, 42, Visibility.VISIBLE, data, 1, nowMillis));
 *     long visible = s.countLinks(id, 1);                                   // 1
 *     List<Link> newest = s.getLinkList(id, 1, 0, Long.MAX_VALUE, 0, 10);   // the link
 * } catch (StoreException e) {
 *     if (e.isRetryable()) {
 *         // CONFLICT or CONNECTION: the driver repeats the call, within its bounded policy
 *     }
 * }
 * }</pre>
 */
public interface StoreSession extends AutoCloseable {

    /**
     * ADD_NODE: inserts a node; the store assigns its id, greater than every id that exists or was
     * loaded or assigned before in this store, and unique across all sessions (and processes, where
     * the store is shared). {@code node.id()} is ignored. Called by a requester on the session's
     * thread.
     *
     * <pre>{@code
     * long id = s.addNode(new Node(0, type, 1, nowSeconds, data));   // id > every id before it
     * }</pre>
     *
     * @param node the node to insert; its id is ignored
     * @return the assigned id
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    long addNode(Node node) throws StoreException;

    /**
     * GET_NODE: reads the node with this id and type. Called by a requester on the session's thread.
     *
     * <pre>{@code
     * Node n = s.getNode(id, type);
     * if (n == null) {
     *     // no such node, or it has another type
     * }
     * }</pre>
     *
     * @param id   any id; one that was never assigned gives null
     * @param type the node's type; another type than the stored one gives null
     * @return the node, or null when no node has this id or it has another type
     * @throws StoreException CONNECTION (retryable), or TIMEOUT, OTHER
     */
    Node getNode(long id, int type) throws StoreException;

    /**
     * UPDATE_NODE: replaces version, time and data of the node with {@code node.id()} and
     * {@code node.type()}. Called by a requester on the session's thread.
     *
     * <pre>{@code
     * boolean found = s.updateNode(new Node(id, type, version + 1, nowSeconds, data));
     * }</pre>
     *
     * @param node the node's id and type, and its new version, time and data
     * @return true when the node was updated; false (and nothing changes) when there is no node with
     *         this id and type
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    boolean updateNode(Node node) throws StoreException;

    /**
     * DELETE_NODE: removes the node. Its links are left as they are (as in the original benchmark),
     * and its id is never assigned again. Called by a requester on the session's thread.
     *
     * <pre>{@code
     * s.deleteNode(id, type);   // true
     * s.deleteNode(id, type);   // false: gone already
     * }</pre>
     *
     * @param id   the node's id
     * @param type the node's type; another type deletes nothing
     * @return true when the node was removed; false when there was no node with this id and type
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, FATAL,
     *                        OTHER
     */
    boolean deleteNode(long id, int type) throws StoreException;

    /**
     * ADD_LINK: writes the link as given (normally VISIBLE). An absent link is inserted; an existing
     * one (hidden or visible) gets the given visibility, data, version and time. The count changes as
     * the class comment says: +1 for a new or revived visible link, 0 for an update of a visible one.
     * The count row is written in every case: its time becomes the link's time and its version goes
     * up by one. Called by a requester on the session's thread.
     *
     * <pre>{@code
     * Link l = new Link(id1, type, id2, Visibility.VISIBLE, data, 1, nowMillis);
     * s.addLink(l);            // true: new, count +1
     * s.addLink(l);            // false: existed, count unchanged
     * }</pre>
     *
     * @param link the link to write, with its key (id1, linkType, id2)
     * @return true when the link did not exist before (hidden or visible)
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    boolean addLink(Link link) throws StoreException;

    /**
     * UPDATE_LINK: sets visibility, data, version and time of an existing link; the count changes only
     * when visibility changes. Never inserts. Called by a requester on the session's thread.
     *
     * <pre>{@code
     * boolean found = s.updateLink(l.withVisibility(Visibility.HIDDEN));   // count -1 if l was visible
     * }</pre>
     *
     * @param link the link's key and its new visibility, data, version and time
     * @return true when the link was updated; false (and nothing changes) when it does not exist
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    boolean updateLink(Link link) throws StoreException;

    /**
     * UPDATE_LINK as the original benchmark runs it: when the link exists (hidden or visible) this is
     * {@link #updateLink}; when it does not, the link is inserted as {@link #addLink} would insert it
     * (count +1 when it is visible; the count row is written either way). Both cases keep the count
     * invariant, and for a store that declares {@link StoreInfo#transactional()} also under concurrent
     * writers. Called by a requester on the session's thread.
     *
     * <p>The default calls {@link #updateLink} and, when that finds no link, {@link #addLink}: two
     * steps, not atomic (a link added in between is simply written again by {@code addLink}). A
     * transactional store ({@link StoreInfo#transactional()}) must override it to do both in one
     * transaction or atomic step; every store should, to save the second round trip.
     *
     * <pre>{@code
     * boolean existed = s.updateOrAddLink(l);   // false the first time (inserted), then true
     * }</pre>
     *
     * @param link the link to update, or to insert when it does not exist
     * @return true when the link existed (it was updated), false when it was inserted
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    default boolean updateOrAddLink(Link link) throws StoreException {
        return updateLink(link) || !addLink(link);
    }

    /**
     * DELETE_LINK: hides the link, or removes its row when {@code expunge} is true. The count goes
     * down by one only when the link was visible; hiding a hidden link changes nothing. Called by a
     * requester on the session's thread.
     *
     * <pre>{@code
     * s.deleteLink(id1, type, id2, false);   // true: hidden, count -1 if it was visible
     * s.deleteLink(id1, type, id2, true);    // true: row removed, count unchanged (it was hidden)
     * s.deleteLink(id1, type, id2, true);    // false: no such link
     * }</pre>
     *
     * @param id1      the link's source node id
     * @param linkType the link's type
     * @param id2      the link's destination node id
     * @param expunge  true to remove the row, false to keep it as HIDDEN (so ADD_LINK can revive it)
     * @return true when the link existed (hidden or visible); false (and nothing changes) when it
     *         does not
     * @throws StoreException CONFLICT or CONNECTION (retryable), or TIMEOUT, FATAL, OTHER
     */
    boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException;

    /**
     * COUNT_LINK: the number of visible links of (id1, linkType), read from the count row. Called by
     * a requester on the session's thread.
     *
     * <pre>{@code
     * long n = s.countLinks(id1, type);   // 0 for a group never written
     * }</pre>
     *
     * @param id1      the group's source node id
     * @param linkType the group's link type
     * @return the count, 0 or more; 0 when there is no count row
     * @throws StoreException CONNECTION (retryable), or TIMEOUT, OTHER
     */
    long countLinks(long id1, long linkType) throws StoreException;

    /**
     * MULTIGET_LINK: the links of (id1, linkType) among {@code id2s} that exist, hidden or visible.
     * Called by a requester on the session's thread.
     *
     * <pre>{@code
     * List<Link> found = s.multigetLinks(id1, type, new long[] {7, 3, 7, 99});   // 3 and 7, if they exist
     * }</pre>
     *
     * @param id1      the link's source node id
     * @param linkType the link's type
     * @param id2s     the id2s to read, in any order, repeats allowed; the store does not keep or
     *                 change the array
     * @return each existing link once, in ascending id2 order; missing id2s are left out; an empty
     *         array gives an empty list
     * @throws StoreException CONNECTION (retryable), or TIMEOUT, OTHER
     */
    List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException;

    /**
     * GET_LINKS_LIST: the VISIBLE links of (id1, linkType) with {@code minTime <= time <= maxTime},
     * newest first; links of equal time in descending id2 order. The first {@code offset} of them are
     * skipped and at most {@code limit} returned. Called by a requester on the session's thread.
     *
     * <pre>{@code
     * List<Link> page1 = s.getLinkList(id1, type, 0, Long.MAX_VALUE, 0, 10);
     * List<Link> page2 = s.getLinkList(id1, type, 0, Long.MAX_VALUE, 10, 10);
     * }</pre>
     *
     * @param id1      the link's source node id
     * @param linkType the link's type
     * @param minTime  lowest time included (ms); above {@code maxTime} gives an empty list
     * @param maxTime  highest time included (ms)
     * @param offset   links to skip, 0 or more; past the end gives an empty list
     * @param limit    most links to return, 0 or more; 0 gives an empty list
     * @return the links, never null
     * @throws StoreException CONNECTION (retryable), or TIMEOUT, OTHER
     */
    List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException;

    /**
     * Bulk load of nodes with the ids given (so several client hosts can load disjoint id ranges).
     * The ids are not in the store yet. Later {@link #addNode} calls assign ids above all of them.
     * Called by a loader of the load phase on the session's thread; several loaders load nodes at
     * once, each its own ids, rising from batch to batch.
     *
     * <pre>{@code
     * s.loadNodes(List.of(new Node(1, type, 1, t, data), new Node(2, type, 1, t, data)));
     * }</pre>
     *
     * @param nodes a batch of one or more nodes with distinct ids
     * @throws StoreException CONFLICT or CONNECTION (retryable: the batch is given again, see
     *                        the class comment), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    void loadNodes(List<Node> nodes) throws StoreException;

    /**
     * Bulk load of links, all new to the store, sorted by (id1, linkType, id2). Counts are not
     * touched: the loader writes them with {@link #loadCounts}. Called by a link loader of the load
     * phase on the session's thread.
     *
     * <pre>{@code
     * s.loadLinks(linksOfSomeId1s);              // sorted by (id1, linkType, id2)
     * s.loadCounts(visibleCountsOfThoseGroups);  // then their counts
     * }</pre>
     *
     * @param links a batch of one or more links
     * @throws StoreException CONFLICT or CONNECTION (retryable: the batch is given again, see
     *                        the class comment), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    void loadLinks(List<Link> links) throws StoreException;

    /**
     * Bulk load of count rows for (id1, linkType) groups that have none yet. Called by a link loader
     * of the load phase on the session's thread, after the links of those groups.
     *
     * <pre>{@code
     * s.loadCounts(List.of(new LinkCount(id1, type, 3, nowMillis, 0)));
     * }</pre>
     *
     * @param counts a batch of one or more count rows, one per group
     * @throws StoreException CONFLICT or CONNECTION (retryable: the batch is given again, see
     *                        the class comment), or TIMEOUT, REJECTED, FATAL, OTHER
     */
    void loadCounts(List<LinkCount> counts) throws StoreException;

    /**
     * Releases the session's connections or handles; called once, by the session's thread, when its
     * worker is done. An open transaction is rolled back. The store stays open for other sessions.
     *
     * @throws StoreException when releasing fails
     */
    @Override
    void close() throws StoreException;
}
