package io.linkbench.store;

/**
 * A store that can check the count invariant over all its data ({@code linkbench verify}, and the
 * TCK after its concurrent writers). Called from one thread while no session writes; it may read
 * everything, so it takes time in proportion to the data.
 *
 * <pre>{@code
 * VerificationReport r = ((CountVerifier) store).verifyCounts();
 * if (!r.ok()) {
 *     System.out.println(r.mismatches() + " of " + r.groupsChecked() + " groups, e.g. " + r.examples());
 * }
 * }</pre>
 */
public interface CountVerifier extends GraphStore {

    /**
     * Compares every count row with the number of VISIBLE links of its (id1, link_type), in both
     * directions: count rows without links, and visible links without a count row.
     *
     * @return the groups checked and the mismatches found, never null
     * @throws StoreException CONNECTION, TIMEOUT or OTHER when the data cannot be read; a mismatch is
     *                        a result, not an exception
     */
    VerificationReport verifyCounts() throws StoreException;
}
