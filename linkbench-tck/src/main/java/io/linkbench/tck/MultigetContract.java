package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreSession;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TCK: MULTIGET_LINK returns the existing links asked for, hidden or visible, once each, by id2. */
public abstract class MultigetContract extends TckSupport {
    private static final long ID1 = 300;
    private static final long TYPE = 1;

    protected MultigetContract(GraphStoreContract contract) {
        super(contract);
    }

    @Test
    void existingLinksAmongTheAskedInAscendingId2() throws Exception {
        StoreSession s = session(store());
        Link l1 = link(ID1, TYPE, 1, 100);
        Link l3 = link(ID1, TYPE, 3, Visibility.HIDDEN, bytes("hidden"), 4, 300);
        Link l5 = link(ID1, TYPE, 5, 50);
        Link l9 = link(ID1, TYPE, 9, 900);
        for (Link l : List.of(l5, l9, l3, l1)) {
            s.addLink(l);
        }
        assertEquals(List.of(l1, l3, l5), s.multigetLinks(ID1, TYPE, new long[] {5, 1, 99, 3, 2}));
        assertEquals(List.of(l1, l3, l5, l9), s.multigetLinks(ID1, TYPE, new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9}));
        assertEquals(List.of(l9), s.multigetLinks(ID1, TYPE, new long[] {9}));
        assertEquals(List.of(), s.multigetLinks(ID1, TYPE, new long[] {0, 2, 10}));
    }

    @Test
    void duplicatesInTheRequestAreReturnedOnce() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 1, 100));
        s.addLink(link(ID1, TYPE, 3, 100));
        assertEquals(List.of(link(ID1, TYPE, 1, 100), link(ID1, TYPE, 3, 100)),
                s.multigetLinks(ID1, TYPE, new long[] {3, 3, 1, 3, 1}));
        assertEquals(List.of(link(ID1, TYPE, 3, 100)), s.multigetLinks(ID1, TYPE, new long[] {3, 3}));
    }

    @Test
    void emptyRequestGivesEmptyList() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 1, 100));
        assertEquals(List.of(), s.multigetLinks(ID1, TYPE, new long[0]));
        assertEquals(List.of(), s.multigetLinks(ID1 + 1, TYPE, new long[0]));
    }

    @Test
    void otherGroupsNeverLeakIn() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE + 1, 1, 100));
        s.addLink(link(ID1 + 1, TYPE, 2, 100));
        s.addLink(link(1, TYPE, ID1, 100));
        s.addLink(link(ID1, TYPE, 3, 100));
        assertEquals(List.of(link(ID1, TYPE, 3, 100)), s.multigetLinks(ID1, TYPE, new long[] {1, 2, 3, ID1}));
        assertEquals(List.of(), s.multigetLinks(ID1 + 2, TYPE, new long[] {1, 2, 3}));
    }

    @Test
    void readsFollowWrites() throws Exception {
        StoreSession s = session(store());
        s.addLink(link(ID1, TYPE, 1, 100));
        s.addLink(link(ID1, TYPE, 2, 100));
        s.deleteLink(ID1, TYPE, 1, false);
        Link updated = link(ID1, TYPE, 2, Visibility.VISIBLE, bytes("updated"), 5, 200);
        s.updateLink(updated);
        assertEquals(List.of(link(ID1, TYPE, 1, 100).withVisibility(Visibility.HIDDEN), updated),
                s.multigetLinks(ID1, TYPE, new long[] {2, 1}));
        s.deleteLink(ID1, TYPE, 1, true);
        assertEquals(List.of(updated), s.multigetLinks(ID1, TYPE, new long[] {2, 1}));
    }
}
