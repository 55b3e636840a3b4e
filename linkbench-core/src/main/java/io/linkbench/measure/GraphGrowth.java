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
 * @param loadedLinks     the link rows the load wrote (the workload model's figure), the base of the growth's share;
 *                        -1 when unknown
 * @param loadedLongestList the longest (id1, link_type) list the load wrote; -1 when unknown
 */
public record GraphGrowth(long linksInserted, long linksDeleted, long nodesAdded, long nodesDeleted,
                          long largestListSeen, long loadedLinks, long loadedLongestList) {
    /** Growth without what was loaded (older result files). */
    public GraphGrowth(long linksInserted, long linksDeleted, long nodesAdded, long nodesDeleted, long largestListSeen) {
        this(linksInserted, linksDeleted, nodesAdded, nodesDeleted, largestListSeen, -1, -1);
    }

    /** The net new links as a share of the loaded ones, in % (49.0 is +49%); NaN when the load is unknown. */
    public double linksGrowthPct() {
        return loadedLinks > 0 ? 100.0 * netLinks() / loadedLinks : Double.NaN;
    }

    /** The longest list COUNT_LINK met against the longest loaded one (1.2 is 20% longer); NaN when unknown. */
    public double longestListRatio() {
        return loadedLongestList > 0 ? (double) largestListSeen / loadedLongestList : Double.NaN;
    }

    /** New links less deleted ones (revived links, which ADD_LINK may also make visible, not counted). */
    public long netLinks() {
        return linksInserted - linksDeleted;
    }

    /**
     * "+1,200 links, -300 links, +50 nodes, -4 nodes; longest (id1, link_type) list COUNT_LINK saw: 812 links",
     * then, when the load is known, "; links +0.3% of the 323,520 loaded, longest list 1.16x the 700 links of
     * the longest loaded one".
     */
    public String describe() {
        String s = String.format(java.util.Locale.ROOT,
                "+%,d links, -%,d links, +%,d nodes, -%,d nodes; longest (id1, link_type) list COUNT_LINK saw: %,d links",
                linksInserted, linksDeleted, nodesAdded, nodesDeleted, largestListSeen);
        if (loadedLinks > 0) {
            s += String.format(java.util.Locale.ROOT, "; links %+.1f%% of the %,d loaded", linksGrowthPct(), loadedLinks);
        }
        if (loadedLongestList > 0) {
            s += String.format(java.util.Locale.ROOT, ", longest list %.2fx the %,d links of the longest loaded one",
                    longestListRatio(), loadedLongestList);
        }
        return s;
    }

    /**
     * The growth of two client hosts or workers together: sums, and the larger list; they ran on one graph, so
     * what was loaded is the larger of their figures.
     */
    public GraphGrowth plus(GraphGrowth o) {
        return new GraphGrowth(linksInserted + o.linksInserted, linksDeleted + o.linksDeleted,
                nodesAdded + o.nodesAdded, nodesDeleted + o.nodesDeleted, Math.max(largestListSeen, o.largestListSeen),
                Math.max(loadedLinks, o.loadedLinks), Math.max(loadedLongestList, o.loadedLongestList));
    }
}
