package io.linkbench.store;

import java.util.List;

/**
 * The outcome of {@link CountVerifier#verifyCounts()}.
 *
 * @param groupsChecked (id1, link_type) groups examined, from counts and from links together
 * @param mismatches    number of groups whose count differs from the visible links
 * @param examples      up to a few mismatching groups, for the message
 */
public record VerificationReport(long groupsChecked, long mismatches, List<Mismatch> examples) {

    public VerificationReport {
        examples = List.copyOf(examples);
    }

    /**
     * One group whose stored count differs from its visible links.
     *
     * @param storedCount the count row's value, or -1 when there is no count row
     */
    public record Mismatch(long id1, long linkType, long storedCount, long visibleLinks) {
    }

    /** True when every group's count equals its visible links. */
    public boolean ok() {
        return mismatches == 0;
    }
}
