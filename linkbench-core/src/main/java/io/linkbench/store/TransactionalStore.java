package io.linkbench.store;

/**
 * Marks a store that keeps the count invariant under concurrent writers: for every (id1, link_type),
 * the count equals the number of VISIBLE links even when several sessions write links of the same
 * (id1, link_type) at once. The TCK's concurrent-writer tests run only for stores that implement it.
 */
public interface TransactionalStore extends GraphStore {
}
