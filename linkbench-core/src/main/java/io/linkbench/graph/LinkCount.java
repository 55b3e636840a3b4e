package io.linkbench.graph;

/**
 * The number of VISIBLE links of (id1, linkType).
 *
 * @param id1      source node id
 * @param linkType link type
 * @param count    number of visible links, never negative
 * @param time     milliseconds since the epoch of the last change
 * @param version  incremented on every change
 */
public record LinkCount(long id1, long linkType, long count, long time, long version) {
    public LinkCount {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative: " + count);
        }
    }
}
