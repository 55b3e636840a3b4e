package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.VerificationReport.Mismatch;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * TCK: the count invariant under a random mix of link writes on one session, checked against
 * {@link LinkModel} after every operation; and {@link CountVerifier} finding exactly the groups whose
 * count is wrong.
 */
public abstract class CountInvariantContract extends TckSupport {
    private static final int ID1S = 3;
    private static final int TYPES = 2;
    private static final int ID2S = 12;
    private static final int FULL_CHECK_EVERY = 250;

    protected CountInvariantContract(GraphStoreContract contract) {
        super(contract);
    }

    private static Link randomLink(Random r, long id1, long type, long id2, Visibility v) {
        byte[] data = new byte[r.nextInt(17)];
        r.nextBytes(data);
        return link(id1, type, id2, v, data, r.nextInt(1_000), 1_000 + r.nextInt(8)); // few times: many ties
    }

    /** Every group of the model: count, full list and every row agree with the store. */
    private static void assertSameAsModel(StoreSession s, LinkModel model, String when) throws StoreException {
        long[] allId2s = new long[ID2S + 2];
        for (int i = 0; i < allId2s.length; i++) {
            allId2s[i] = i; // 0 and ID2S + 1 are never written
        }
        for (LinkModel.Group g : model.groups()) {
            String where = "group " + g.id1() + "/" + g.linkType() + " " + when;
            List<Link> links = model.links(g.id1(), g.linkType());
            assertEquals(model.count(g.id1(), g.linkType()), s.countLinks(g.id1(), g.linkType()), where);
            assertEquals(newestFirst(links), allVisible(s, g.id1(), g.linkType()), where);
            assertEquals(links, s.multigetLinks(g.id1(), g.linkType(), allId2s), where);
        }
    }

    @Test
    void randomLinkWritesKeepCountsAndListsExact() throws Exception {
        GraphStore store = store();
        StoreSession s = session(store);
        LinkModel model = new LinkModel();
        Random r = new Random(contract().seed());
        int ops = contract().randomOps();
        for (int i = 1; i <= ops; i++) {
            long id1 = 10 + r.nextInt(ID1S);
            long type = 1 + r.nextInt(TYPES);
            long id2 = 1 + r.nextInt(ID2S);
            int dice = r.nextInt(100);
            String what;
            boolean expected;
            boolean actual;
            if (dice < 30) {
                Link l = randomLink(r, id1, type, id2, r.nextInt(10) == 0 ? Visibility.HIDDEN : Visibility.VISIBLE);
                what = "addLink " + l;
                expected = model.addLink(l);
                actual = s.addLink(l);
            } else if (dice < 45) {
                Link l = randomLink(r, id1, type, id2, r.nextBoolean() ? Visibility.HIDDEN : Visibility.VISIBLE);
                what = "updateLink " + l;
                expected = model.updateLink(l);
                actual = s.updateLink(l);
            } else if (dice < 60) {
                Link l = randomLink(r, id1, type, id2, r.nextInt(4) == 0 ? Visibility.HIDDEN : Visibility.VISIBLE);
                what = "updateOrAddLink " + l;
                expected = model.updateOrAddLink(l);
                actual = s.updateOrAddLink(l);
            } else {
                boolean expunge = dice >= 80;
                what = "deleteLink " + id1 + "/" + type + "/" + id2 + " expunge=" + expunge;
                expected = model.deleteLink(id1, type, id2, expunge);
                actual = s.deleteLink(id1, type, id2, expunge);
            }
            assertEquals(expected, actual, "result of op " + i + ": " + what);
            assertEquals(model.count(id1, type), s.countLinks(id1, type), "count after op " + i + ": " + what);
            if (i % FULL_CHECK_EVERY == 0) {
                assertSameAsModel(s, model, "after op " + i);
            }
        }
        assertSameAsModel(s, model, "at the end");
        assertEquals(ID1S * TYPES, model.groups().size(), "every group was written");
        if (store instanceof CountVerifier verifier) {
            VerificationReport report = verifier.verifyCounts();
            assertEquals(0, report.mismatches(), "verifyCounts: " + report.examples());
            assertTrue(report.ok());
            assertTrue(report.groupsChecked() >= ID1S * TYPES, "groups checked: " + report.groupsChecked());
        }
    }

    @Test
    void verifierFindsExactlyTheWrongCounts() throws Exception {
        GraphStore store = storeForLoad();
        assumeTrue(store instanceof CountVerifier, "the store does not implement CountVerifier");
        StoreSession s = session(store);
        s.loadLinks(List.of(link(2, 1, 1, 10), link(3, 1, 1, 10), link(3, 1, 2, 10), link(4, 1, 1, 10),
                link(4, 1, 2, 10).withVisibility(Visibility.HIDDEN)));
        s.loadCounts(List.of(new LinkCount(1, 1, 3, 10, 1), // a count without links
                new LinkCount(3, 1, 1, 10, 1), // one short of its visible links
                new LinkCount(4, 1, 1, 10, 1))); // right: the hidden link is not counted
        // group 2/1: a visible link without a count row
        finishLoad(store);
        VerificationReport report = ((CountVerifier) store).verifyCounts();
        assertEquals(4, report.groupsChecked(), "groups from counts and links together");
        assertEquals(3, report.mismatches(), "mismatches: " + report.examples());
        assertFalse(report.ok());
        Set<Mismatch> wrong = Set.of(new Mismatch(1, 1, 3, 0), new Mismatch(2, 1, -1, 1), new Mismatch(3, 1, 1, 2));
        assertFalse(report.examples().isEmpty(), "examples of the mismatches");
        for (Mismatch m : report.examples()) {
            assertTrue(wrong.contains(m), "not a mismatch: " + m);
        }
    }

    @Test
    void verifierIsCleanAfterConsistentWrites() throws Exception {
        GraphStore store = store();
        assumeTrue(store instanceof CountVerifier, "the store does not implement CountVerifier");
        StoreSession s = session(store);
        s.addLink(link(1, 1, 1, 10));
        s.addLink(link(1, 1, 2, 10));
        s.deleteLink(1, 1, 1, false);
        s.addLink(link(2, 1, 1, 10));
        s.deleteLink(2, 1, 1, true);
        VerificationReport report = ((CountVerifier) store).verifyCounts();
        assertTrue(report.ok(), "verifyCounts: " + report.examples());
        assertEquals(0, report.mismatches());
        assertEquals(2, report.groupsChecked());
    }
}
