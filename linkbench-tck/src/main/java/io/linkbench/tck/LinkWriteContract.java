package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * TCK: ADD_LINK, UPDATE_LINK (both {@code updateLink} and {@code updateOrAddLink}), DELETE_LINK and
 * COUNT_LINK, checked through every read.
 */
public abstract class LinkWriteContract extends TckSupport {
    private static final long ID1 = 1_000;
    private static final long TYPE = 1;

    protected LinkWriteContract(GraphStoreContract contract) {
        super(contract);
    }

    /** The row of (ID1, TYPE, id2) as MULTIGET_LINK returns it, or null. */
    private static Link row(StoreSession s, long id2) throws StoreException {
        List<Link> found = s.multigetLinks(ID1, TYPE, new long[] {id2});
        return found.isEmpty() ? null : found.get(0);
    }

    @Test
    void addLinkInsertsAndCounts() throws Exception {
        StoreSession s = session(store());
        Link a = link(ID1, TYPE, 5, 100);
        assertTrue(s.addLink(a), "a new link");
        assertEquals(1, s.countLinks(ID1, TYPE));
        assertEquals(a, row(s, 5));
        assertEquals(List.of(a), allVisible(s, ID1, TYPE));
        assertTrue(s.addLink(link(ID1, TYPE, 6, 100)));
        assertEquals(2, s.countLinks(ID1, TYPE));
    }

    @Test
    void addLinkOnVisibleLinkUpdatesItWithoutCounting() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        Link newer = link(ID1, TYPE, 5, Visibility.VISIBLE, bytes("new data"), 2, 200);
        assertFalse(s.addLink(newer), "the link existed");
        assertEquals(1, s.countLinks(ID1, TYPE));
        assertEquals(newer, row(s, 5));
        assertEquals(List.of(newer), allVisible(s, ID1, TYPE));
    }

    @Test
    void addLinkRevivesAHiddenLink() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        assertTrue(s.deleteLink(ID1, TYPE, 5, false));
        assertEquals(0, s.countLinks(ID1, TYPE));
        Link revived = link(ID1, TYPE, 5, Visibility.VISIBLE, bytes("revived"), 3, 300);
        assertFalse(s.addLink(revived), "a hidden link exists: not new");
        assertEquals(1, s.countLinks(ID1, TYPE));
        assertEquals(revived, row(s, 5));
        assertEquals(List.of(revived), allVisible(s, ID1, TYPE));
    }

    @Test
    void addLinkWritesTheVisibilityGiven() throws Exception {
        StoreSession s = session(store());
        Link hidden = link(ID1, TYPE, 5, Visibility.HIDDEN, bytes("h"), 1, 100);
        assertTrue(s.addLink(hidden));
        assertEquals(0, s.countLinks(ID1, TYPE), "a new hidden link is not counted");
        assertEquals(hidden, row(s, 5));
        assertEquals(List.of(), allVisible(s, ID1, TYPE));
        s.addLink(link(ID1, TYPE, 6, 100));
        Link hiddenAgain = link(ID1, TYPE, 6, Visibility.HIDDEN, bytes("h2"), 2, 200);
        assertFalse(s.addLink(hiddenAgain));
        assertEquals(0, s.countLinks(ID1, TYPE), "adding a visible link as hidden uncounts it");
        assertEquals(hiddenAgain, row(s, 6));
    }

    @Test
    void deleteLinkHidesAndUncounts() throws Exception {
        StoreSession s = session(store());
        Link a = link(ID1, TYPE, 5, 100);
        s.addLink(a);
        s.addLink(link(ID1, TYPE, 6, 100));
        assertTrue(s.deleteLink(ID1, TYPE, 5, false));
        assertEquals(1, s.countLinks(ID1, TYPE));
        assertEquals(a.withVisibility(Visibility.HIDDEN), row(s, 5), "hiding keeps data, version and time");
        assertEquals(List.of(link(ID1, TYPE, 6, 100)), allVisible(s, ID1, TYPE));
    }

    @Test
    void deleteLinkOfHiddenLinkChangesNothing() throws Exception {
        StoreSession s = session(store());
        Link a = link(ID1, TYPE, 5, 100);
        s.addLink(a);
        s.addLink(link(ID1, TYPE, 6, 100));
        s.deleteLink(ID1, TYPE, 5, false);
        assertTrue(s.deleteLink(ID1, TYPE, 5, false), "the link exists (hidden)");
        assertEquals(1, s.countLinks(ID1, TYPE));
        assertEquals(a.withVisibility(Visibility.HIDDEN), row(s, 5));
    }

    @Test
    void expungeRemovesTheRow() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        s.addLink(link(ID1, TYPE, 6, 100));
        s.addLink(link(ID1, TYPE, 7, 100));
        assertTrue(s.deleteLink(ID1, TYPE, 5, true), "expunge a visible link");
        assertEquals(2, s.countLinks(ID1, TYPE));
        assertEquals(List.of(), s.multigetLinks(ID1, TYPE, new long[] {5}));
        s.deleteLink(ID1, TYPE, 6, false);
        assertTrue(s.deleteLink(ID1, TYPE, 6, true), "expunge a hidden link");
        assertEquals(1, s.countLinks(ID1, TYPE), "expunging a hidden link does not count");
        assertEquals(List.of(link(ID1, TYPE, 7, 100)), s.multigetLinks(ID1, TYPE, new long[] {5, 6, 7}));
        assertEquals(List.of(link(ID1, TYPE, 7, 100)), allVisible(s, ID1, TYPE));
        assertFalse(s.deleteLink(ID1, TYPE, 5, true), "already expunged");
        assertFalse(s.updateLink(link(ID1, TYPE, 5, 100)), "already expunged");
        assertTrue(s.addLink(link(ID1, TYPE, 5, 500)), "an expunged link is new again");
        assertEquals(2, s.countLinks(ID1, TYPE));
    }

    @Test
    void writesOfMissingLinksReturnFalseAndInsertNothing() throws Exception {
        StoreSession s = session(store());
        for (boolean expunge : new boolean[] {false, true}) {
            assertFalse(s.deleteLink(ID1, TYPE, 5, expunge), "unknown group, expunge=" + expunge);
        }
        assertFalse(s.updateLink(link(ID1, TYPE, 5, 100)), "unknown group");
        s.addLink(link(ID1, TYPE, 6, 100));
        for (boolean expunge : new boolean[] {false, true}) {
            assertFalse(s.deleteLink(ID1, TYPE, 5, expunge), "known group, missing id2, expunge=" + expunge);
        }
        assertFalse(s.updateLink(link(ID1, TYPE, 5, 100)), "known group, missing id2");
        assertEquals(1, s.countLinks(ID1, TYPE));
        assertEquals(List.of(link(ID1, TYPE, 6, 100)), s.multigetLinks(ID1, TYPE, new long[] {5, 6}));
        assertEquals(0, s.countLinks(ID1 + 1, TYPE));
        assertEquals(List.of(), s.multigetLinks(ID1 + 1, TYPE, new long[] {5}));
    }

    @Test
    void updateLinkReplacesDataVersionAndTime() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        s.addLink(link(ID1, TYPE, 6, 150));
        Link changed = link(ID1, TYPE, 5, Visibility.VISIBLE, bytes("changed"), 7, 200);
        assertTrue(s.updateLink(changed));
        assertEquals(2, s.countLinks(ID1, TYPE));
        assertEquals(changed, row(s, 5));
        assertEquals(List.of(changed, link(ID1, TYPE, 6, 150)), allVisible(s, ID1, TYPE), "reordered by time");
    }

    @Test
    void updateLinkChangingVisibilityAdjustsTheCount() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        s.addLink(link(ID1, TYPE, 6, 100));
        Link hidden = link(ID1, TYPE, 5, Visibility.HIDDEN, bytes("h"), 2, 110);
        assertTrue(s.updateLink(hidden));
        assertEquals(1, s.countLinks(ID1, TYPE), "visible -> hidden");
        assertEquals(hidden, row(s, 5));
        assertTrue(s.updateLink(hidden.withVisibility(Visibility.HIDDEN)));
        assertEquals(1, s.countLinks(ID1, TYPE), "hidden -> hidden");
        Link shown = link(ID1, TYPE, 5, Visibility.VISIBLE, bytes("v"), 3, 120);
        assertTrue(s.updateLink(shown));
        assertEquals(2, s.countLinks(ID1, TYPE), "hidden -> visible");
        assertTrue(s.updateLink(link(ID1, TYPE, 5, Visibility.VISIBLE, bytes("v2"), 4, 130)));
        assertEquals(2, s.countLinks(ID1, TYPE), "visible -> visible");
        assertEquals(List.of(link(ID1, TYPE, 5, Visibility.VISIBLE, bytes("v2"), 4, 130), link(ID1, TYPE, 6, 100)),
                allVisible(s, ID1, TYPE));
    }

    /**
     * Runs {@code updateOrAddLink(l)} on (ID1, TYPE) and checks its result, the count after it, the row
     * as written, and that GET_LINKS_LIST shows the link exactly when it is visible.
     */
    private static void assertUpdateOrAdd(StoreSession s, Link l, boolean existed, long count, String what)
            throws StoreException {
        assertEquals(existed, s.updateOrAddLink(l), what + ": true when the link existed");
        assertEquals(count, s.countLinks(ID1, TYPE), what + ": count");
        assertEquals(l, row(s, l.id2()), what + ": row");
        List<Link> visible = allVisible(s, ID1, TYPE);
        assertEquals(l.isVisible(), visible.contains(l), what + ": listed " + visible);
        assertEquals(count, visible.size(), what + ": count against visible links");
    }

    private static Link link5(Visibility v, String data, int version, long time) {
        return link(ID1, TYPE, 5, v, bytes(data), version, time);
    }

    @Test
    void updateOrAddLinkUpdatesAnExistingLink() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        s.addLink(link(ID1, TYPE, 6, 150));
        Link changed = link5(Visibility.VISIBLE, "changed", 7, 200);
        assertUpdateOrAdd(s, changed, true, 2, "visible -> visible");
        assertEquals(List.of(changed, link(ID1, TYPE, 6, 150)), allVisible(s, ID1, TYPE), "reordered by time");
        assertUpdateOrAdd(s, link5(Visibility.HIDDEN, "hidden", 8, 210), true, 1, "visible -> hidden");
    }

    @Test
    void updateOrAddLinkShowingAHiddenLinkCountsIt() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        s.deleteLink(ID1, TYPE, 5, false);
        assertUpdateOrAdd(s, link5(Visibility.HIDDEN, "h", 2, 110), true, 0, "hidden -> hidden");
        assertUpdateOrAdd(s, link5(Visibility.VISIBLE, "shown", 3, 120), true, 1, "hidden -> visible");
    }

    @Test
    void updateOrAddLinkInsertsAMissingLink() throws Exception {
        StoreSession s = session(store());
        Link first = link5(Visibility.VISIBLE, "first", 1, 100);
        assertUpdateOrAdd(s, first, false, 1, "unknown group");
        Link second = link(ID1, TYPE, 6, Visibility.VISIBLE, bytes("second"), 1, 200);
        assertUpdateOrAdd(s, second, false, 2, "known group, missing id2");
        assertEquals(List.of(first, second), s.multigetLinks(ID1, TYPE, new long[] {4, 5, 6, 7}));
        assertEquals(List.of(second, first), allVisible(s, ID1, TYPE));
        assertTrue(s.deleteLink(ID1, TYPE, 5, true));
        assertUpdateOrAdd(s, first, false, 2, "an expunged link");
        assertEquals(0, s.countLinks(ID1, TYPE + 1), "other groups are untouched");
    }

    @Test
    void updateOrAddLinkInsertsAHiddenLinkWithoutCounting() throws Exception {
        StoreSession s = session(store());
        assertUpdateOrAdd(s, link5(Visibility.HIDDEN, "h", 1, 100), false, 0, "a new hidden link");
        assertUpdateOrAdd(s, link5(Visibility.VISIBLE, "v", 2, 110), true, 1, "hidden -> visible");
    }

    @Test
    void countOfUnknownGroupIsZero() throws Exception {
        StoreSession s = session(store());
        assertEquals(0, s.countLinks(ID1, TYPE));
        s.addLink(link(ID1, TYPE, 5, 100));
        assertEquals(0, s.countLinks(ID1, TYPE + 1));
        assertEquals(0, s.countLinks(ID1 + 1, TYPE));
        assertEquals(0, s.countLinks(5, TYPE));
    }

    @Test
    void countNeverGoesBelowZero() throws Exception {
        GraphStore store = storeForLoad();
        StoreSession s = session(store);
        s.loadLinks(List.of(link(ID1, TYPE, 5, 100), link(ID1, TYPE, 6, 100)));
        s.loadCounts(List.of(new LinkCount(ID1, TYPE, 1, 100, 1))); // one less than the visible links
        finishLoad(store);
        assertTrue(s.deleteLink(ID1, TYPE, 5, false));
        assertEquals(0, s.countLinks(ID1, TYPE));
        assertTrue(s.deleteLink(ID1, TYPE, 6, true));
        assertEquals(0, s.countLinks(ID1, TYPE), "a count must never go below 0");
        assertTrue(s.addLink(link(ID1, TYPE, 7, 100)));
        assertEquals(1, s.countLinks(ID1, TYPE));
    }

    @Test
    void groupsAreIndependent() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 5, 100));
        s.addLink(link(ID1, TYPE + 1, 5, 100));
        s.addLink(link(ID1 + 1, TYPE, 5, 100));
        assertTrue(s.deleteLink(ID1, TYPE, 5, true));
        assertEquals(0, s.countLinks(ID1, TYPE));
        assertEquals(1, s.countLinks(ID1, TYPE + 1));
        assertEquals(1, s.countLinks(ID1 + 1, TYPE));
        assertTrue(s.updateLink(link(ID1, TYPE + 1, 5, Visibility.HIDDEN, bytes(""), 2, 200)));
        assertEquals(1, s.countLinks(ID1 + 1, TYPE));
        assertEquals(List.of(link(ID1 + 1, TYPE, 5, 100)), allVisible(s, ID1 + 1, TYPE));
    }
}
