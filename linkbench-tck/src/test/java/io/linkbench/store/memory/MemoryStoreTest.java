package io.linkbench.store.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The memory store passes the whole TCK; plus what only the memory store promises. */
class MemoryStoreTest extends GraphStoreContract implements FaultInjection {

    @Override
    protected GraphStore openFreshStore() {
        return new MemoryStoreProvider().open(new StoreContext(new Settings(Map.of()), maxSessions()));
    }

    @Override
    protected StoreProvider provider() {
        return new MemoryStoreProvider();
    }

    /** Through the session's own seam: a bulk load writes half its batch, then fails. */
    @Override
    public void failNextCall(GraphStore store, StoreSession session) {
        ((MemorySession) session).failNextCall();
    }

    /** Far more operations than a server store could afford: races in memory have tiny windows. */
    @Override
    protected int concurrentOpsPerWriter() {
        return 50_000;
    }

    @Test
    void providerIsFoundByName() {
        StoreProvider p = StoreProviders.discover().byName("memory");
        assertInstanceOf(MemoryStoreProvider.class, p);
        assertEquals(List.of(), p.settings());
        assertFalse(p.description().isBlank());
    }

    @Test
    void eachOpenGivesANewEmptyStore() throws Exception {
        try (GraphStore a = openFreshStore(); GraphStore b = openFreshStore();
                StoreSession sa = a.session(0); StoreSession sb = b.session(0)) {
            long id = sa.addNode(new Node(0, 1, 1, 1, new byte[] {1}));
            assertNull(sb.getNode(id, 1));
        }
    }

    @Test
    void countersGrowWithWorkAndSizeFollowsTheData() throws Exception {
        try (MemoryStore store = new MemoryStore(); StoreSession s = store.session(0)) {
            long empty = store.sizeBytes().orElseThrow();
            Map<String, Long> before = store.counters();
            long id = s.addNode(new Node(0, 1, 1, 1, new byte[1_000]));
            s.addLink(new Link(id, 1, 2, Visibility.VISIBLE, new byte[500], 1, 10));
            s.getNode(id, 1);
            s.getLinkList(id, 1, 0, Long.MAX_VALUE, 0, 10);
            s.countLinks(id, 1);
            Map<String, Long> after = store.counters();
            assertEquals(before.keySet(), after.keySet());
            for (String name : List.of("node_rows_read", "node_rows_written", "link_rows_read",
                    "link_rows_written", "count_rows_read", "count_rows_written")) {
                assertEquals(before.get(name) + 1, after.get(name), name);
            }
            assertEquals(before.get("payload_bytes_written") + 1_500, after.get("payload_bytes_written"));
            long full = store.sizeBytes().orElseThrow();
            assertTrue(full >= empty + 1_500, "size " + full + " after 1500 payload bytes");
            s.deleteLink(id, 1, 2, true);
            s.deleteNode(id, 1);
            assertTrue(store.sizeBytes().orElseThrow() < full - 1_500, "payloads released");
            store.prepareForLoad(SchemaMode.RECREATE);
            assertEquals(0, store.sizeBytes().orElseThrow());
            assertTrue(store.counters().get("node_rows_written") >= after.get("node_rows_written"), "monotonic");
        }
    }

    @Test
    void closedSessionsAndStoresRefuseWork() throws Exception {
        MemoryStore store = new MemoryStore();
        StoreSession s = store.session(0);
        StoreSession other = store.session(1);
        s.close();
        assertThrows(StoreException.class, () -> s.countLinks(1, 1));
        store.close();
        assertThrows(StoreException.class, () -> other.getNode(1, 1));
        assertThrows(StoreException.class, () -> store.session(2));
    }

    @Test
    void negativeOffsetOrLimitIsRejected() throws Exception {
        try (MemoryStore store = new MemoryStore(); StoreSession s = store.session(0)) {
            StoreException e = assertThrows(StoreException.class, () -> s.getLinkList(1, 1, 0, 1, -1, 1));
            assertEquals(StoreException.Kind.REJECTED, e.kind());
            assertThrows(StoreException.class, () -> s.getLinkList(1, 1, 0, 1, 0, -1));
        }
    }

    /** A group far larger than the TCK's: the sorted indexes under random inserts, moves and removals. */
    @Test
    void largeGroupStaysOrdered() throws Exception {
        try (MemoryStore store = new MemoryStore(); StoreSession s = store.session(0)) {
            Random r = new Random(seed());
            Map<Long, Link> model = new HashMap<>();
            List<Link> loaded = new ArrayList<>();
            for (long id2 = 0; id2 < 5_000; id2 += 2) {
                loaded.add(new Link(1, 1, id2, Visibility.VISIBLE, new byte[0], 0, r.nextInt(1_000)));
            }
            Collections.shuffle(loaded, r); // loadLinks need not rely on the order it is given
            for (int from = 0; from < loaded.size(); from += 700) {
                List<Link> batch = loaded.subList(from, Math.min(loaded.size(), from + 700));
                s.loadLinks(batch);
                batch.forEach(l -> model.put(l.id2(), l));
            }
            s.loadCounts(List.of(new LinkCount(1, 1, loaded.size(), 0, 1)));
            for (int i = 0; i < 20_000; i++) {
                long id2 = r.nextInt(6_000);
                int dice = r.nextInt(4);
                if (dice < 2) {
                    Visibility v = dice == 0 ? Visibility.VISIBLE : Visibility.HIDDEN;
                    Link l = new Link(1, 1, id2, v, new byte[] {(byte) i}, i, r.nextInt(1_000));
                    s.addLink(l);
                    model.put(id2, l);
                } else if (dice == 2) {
                    Link old = model.get(id2);
                    assertEquals(old != null, s.deleteLink(1, 1, id2, false));
                    if (old != null) {
                        model.put(id2, old.withVisibility(Visibility.HIDDEN));
                    }
                } else if (model.remove(id2) != null) {
                    assertTrue(s.deleteLink(1, 1, id2, true));
                }
            }
            Comparator<Link> newestFirst =
                    Comparator.comparingLong(Link::time).thenComparingLong(Link::id2).reversed();
            List<Link> expected = model.values().stream().filter(Link::isVisible).sorted(newestFirst).toList();
            List<Link> pages = new ArrayList<>();
            for (int offset = 0; offset < expected.size() + 100; offset += 100) {
                pages.addAll(s.getLinkList(1, 1, 0, Long.MAX_VALUE, offset, 100));
            }
            assertEquals(expected, pages);
            assertEquals(expected.stream().filter(l -> l.time() >= 200 && l.time() <= 300).toList(),
                    s.getLinkList(1, 1, 200, 300, 0, 10_000));
            assertEquals(expected.size(), s.countLinks(1, 1));
            assertEquals(0, store.verifyCounts().mismatches());
        }
    }
}
