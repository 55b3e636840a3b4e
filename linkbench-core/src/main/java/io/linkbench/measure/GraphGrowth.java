package io.linkbench.measure;

/**
 * What a request phase did to the graph, warm-up included (the store keeps what warm-up wrote): the
 * successful writes that added or removed rows, and the longest link list a COUNT_LINK read. A graph
 * that earlier phases grew serves longer hot lists, so runs on it are not comparable with runs on a
 * freshly loaded graph; this record is how a reader sees it.
 *
 * @param linksInserted   new link rows: ADD_LINK calls that inserted, plus UPDATE_LINK calls that inserted
 *                        a missing link ({@code updatelink_missing = insert | upsert})
 * @param linksDeleted    DELETE_LINK calls that hid or removed an existing link
 * @param nodesAdded      ADD_NODE calls
 * @param nodesDeleted    DELETE_NODE calls that removed an existing node
 * @param largestListSeen the highest count COUNT_LINK returned: the longest (id1, link_type) list it met
 */
public record GraphGrowth(long linksInserted, long linksDeleted, long nodesAdded, long nodesDeleted,
                          long largestListSeen) {
    /** New links less deleted ones (revived links, which ADD_LINK may also make visible, not counted). */
    public long netLinks() {
        return linksInserted - linksDeleted;
    }

    /** "+1,200 links, -300 links, +50 nodes, -4 nodes; longest list COUNT_LINK saw: 812 links". */
    public String describe() {
        return String.format(java.util.Locale.ROOT,
                "+%,d links, -%,d links, +%,d nodes, -%,d nodes; longest list COUNT_LINK saw: %,d links",
                linksInserted, linksDeleted, nodesAdded, nodesDeleted, largestListSeen);
    }

    /** The growth of two client hosts or workers together: sums, and the larger list. */
    public GraphGrowth plus(GraphGrowth o) {
        return new GraphGrowth(linksInserted + o.linksInserted, linksDeleted + o.linksDeleted,
                nodesAdded + o.nodesAdded, nodesDeleted + o.nodesDeleted, Math.max(largestListSeen, o.largestListSeen));
    }
}
