package io.linkbench.tck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** TCK: GET_LINKS_LIST order, time range, offset and limit, and isolation of groups. */
public abstract class LinkListContract extends TckSupport {
    private static final long ID1 = 77;
    private static final long TYPE = 2;

    protected LinkListContract(GraphStoreContract contract) {
        super(contract);
    }

    /** Adds links at times 100, 200 ... 800 (id2 = 1 ... 8) and returns them newest first. */
    private static List<Link> addEight(StoreSession s) throws Exception {
        List<Link> added = new ArrayList<>();
        for (long id2 : new long[] {3, 1, 8, 5, 2, 7, 4, 6}) { // not in time order
            Link l = link(ID1, TYPE, id2, id2 * 100);
            s.addLink(l);
            added.add(l);
        }
        return newestFirst(added);
    }

    @Test
    void onlyVisibleLinksNewestFirst() throws Exception {
        StoreSession s = session(store());
        List<Link> all = addEight(s);
        s.deleteLink(ID1, TYPE, 4, false);
        s.addLink(link(ID1, TYPE, 9, Visibility.HIDDEN, bytes("hidden"), 1, 900));
        List<Link> expected = new ArrayList<>(all);
        expected.removeIf(l -> l.id2() == 4);
        assertEquals(expected, allVisible(s, ID1, TYPE));
        assertEquals(8, expected.get(0).id2());
    }

    @Test
    void equalTimesAreOrderedByDescendingId2() throws Exception {
        StoreSession s = session(store());
        for (long id2 : new long[] {20, 5, 31, 7, 12}) {
            s.addLink(link(ID1, TYPE, id2, 500));
        }
        s.addLink(link(ID1, TYPE, 1, 600));
        s.addLink(link(ID1, TYPE, 99, 400));
        List<Long> order = allVisible(s, ID1, TYPE).stream().map(Link::id2).toList();
        assertEquals(List.of(1L, 31L, 20L, 12L, 7L, 5L, 99L), order);
    }

    @Test
    void timeRangeIsInclusiveAtBothEnds() throws Exception {
        StoreSession s = session(store());
        List<Link> all = addEight(s); // times 800, 700 ... 100
        assertEquals(all.subList(2, 6), s.getLinkList(ID1, TYPE, 300, 600, 0, NO_LIMIT));
        assertEquals(all.subList(2, 6), s.getLinkList(ID1, TYPE, 201, 699, 0, NO_LIMIT));
        assertEquals(all.subList(3, 4), s.getLinkList(ID1, TYPE, 500, 500, 0, NO_LIMIT));
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, 501, 599, 0, NO_LIMIT));
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, 600, 500, 0, NO_LIMIT), "minTime above maxTime");
        assertEquals(all.subList(0, 1), s.getLinkList(ID1, TYPE, 800, MAX_TIME, 0, NO_LIMIT));
        assertEquals(all.subList(7, 8), s.getLinkList(ID1, TYPE, MIN_TIME, 100, 0, NO_LIMIT));
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, 900, MAX_TIME, 0, NO_LIMIT));
    }

    @Test
    void offsetAndLimitPage() throws Exception {
        StoreSession s = session(store());
        List<Link> all = addEight(s);
        assertEquals(all.subList(0, 3), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 0, 3));
        assertEquals(all.subList(3, 6), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 3, 3));
        assertEquals(all.subList(6, 8), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 6, 3));
        assertEquals(all.subList(7, 8), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 7, 1));
        assertEquals(all.subList(1, 8), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 1, 8));
        // offset and limit apply within the time range
        assertEquals(all.subList(3, 5), s.getLinkList(ID1, TYPE, 200, 600, 1, 2));
        assertEquals(all.subList(5, 7), s.getLinkList(ID1, TYPE, 200, 600, 3, 5));
    }

    @Test
    void limitZeroAndOffsetPastTheEndGiveEmptyLists() throws Exception {
        StoreSession s = session(store());
        addEight(s);
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 0, 0), "limit 0");
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 8, 10), "offset at the end");
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, MIN_TIME, MAX_TIME, 100, 10), "offset past the end");
        assertEquals(List.of(), s.getLinkList(ID1, TYPE, 200, 600, 5, 10), "offset past the range");
        assertEquals(List.of(), s.getLinkList(ID1 + 1, TYPE, MIN_TIME, MAX_TIME, 0, 10), "unknown group");
    }

    @Test
    void otherGroupsNeverLeakIn() throws Exception {
        StoreSession s = session(store());
        List<Link> all = addEight(s);
        for (long id1 : new long[] {ID1 - 1, ID1 + 1}) {
            s.addLink(link(id1, TYPE, 4, 450));
        }
        for (long type : new long[] {TYPE - 1, TYPE + 1}) {
            s.addLink(link(ID1, type, 4, 450));
            s.addLink(link(ID1, type, 10, 50));
        }
        s.addLink(link(4, TYPE, ID1, 450)); // the reverse direction
        assertEquals(all, allVisible(s, ID1, TYPE));
        assertEquals(List.of(link(ID1, TYPE + 1, 4, 450), link(ID1, TYPE + 1, 10, 50)),
                allVisible(s, ID1, TYPE + 1));
        assertEquals(List.of(link(ID1 + 1, TYPE, 4, 450)), allVisible(s, ID1 + 1, TYPE));
    }

    @Test
    void listFollowsUpdatesOfTimeAndVisibility() throws Exception {
        StoreSession s = session(store());
        List<Link> all = new ArrayList<>(addEight(s));
        Link moved = link(ID1, TYPE, 1, Visibility.VISIBLE, bytes("moved"), 2, 750);
        s.updateLink(moved);
        Link readded = link(ID1, TYPE, 8, Visibility.VISIBLE, bytes("again"), 3, 50);
        s.addLink(readded);
        s.updateLink(link(ID1, TYPE, 5, Visibility.HIDDEN, bytes("x"), 2, 500));
        s.deleteLink(ID1, TYPE, 3, true);
        all.removeIf(l -> l.id2() == 1 || l.id2() == 8 || l.id2() == 5 || l.id2() == 3);
        all.add(moved);
        all.add(readded);
        assertEquals(newestFirst(all), allVisible(s, ID1, TYPE));
        assertEquals(6, s.countLinks(ID1, TYPE));
    }
}
