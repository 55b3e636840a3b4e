package io.linkbench.store;

/** A store that can check the count invariant over all its data ({@code linkbench verify}). */
public interface CountVerifier extends GraphStore {

    /**
     * Compares every count row with the number of VISIBLE links of its (id1, link_type), in both
     * directions: count rows without links, and visible links without a count row.
     */
    VerificationReport verifyCounts() throws StoreException;
}
