package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStoreProvider;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.LoadGenerator;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A giant id1 (the original's degree rule puts the file's largest degree on the first id) is loaded by
 * every loader in parts, and the graph is the same as one loader alone writes: nodes, links with
 * their payloads and times, and count rows (count and time) exactly. Nodes are loaded by every loader,
 * each one's node ids rising.
 */
class SharedLoadTest {
    /** A degree CDF whose largest degree, 20,000, is the first id's: 5 blocks of links. */
    private static final String CDF = "nlinks\n0 40\n1 70\n3 90\n10 99\n30 99.99\n20000 100\n";

    @TempDir
    Path dir;

    /** What one load wrote: every batch of count rows, and which threads wrote the giant id1's links. */
    private static final class Writes {
        final List<LinkCount> counts = new CopyOnWriteArrayList<>();
        final Set<String> giantWriters = ConcurrentHashMap.newKeySet();
        final List<String> unsorted = new CopyOnWriteArrayList<>();
        final Set<String> nodeWriters = ConcurrentHashMap.newKeySet();
        /** The last node id each thread wrote, to check that each one's node ids rise. */
        final Map<String, Long> lastNode = new ConcurrentHashMap<>();
        /**
         * Whether each of the first two threads to write the giant id1's links (and, apart, nodes) waits,
         * within a deadline, until the other has come too: on a busy machine one loader can otherwise take
         * every part before the others start, which is allowed but proves nothing. A design that lets only
         * one loader write them keeps the first waiting until the deadline, and the test fails.
         */
        final boolean meet;
        final CountDownLatch giantMeeting = new CountDownLatch(2);
        final CountDownLatch nodeMeeting = new CountDownLatch(2);

        Writes(boolean meet) {
            this.meet = meet;
        }

        /** Counts {@code thread}'s first arrival at {@code meeting}; waits for the second arrival when meeting. */
        void arrive(Set<String> writers, CountDownLatch meeting, String thread) throws InterruptedException {
            if (writers.add(thread)) {
                meeting.countDown();
                if (meet) {
                    meeting.await(MEETING_DEADLINE_SECONDS, TimeUnit.SECONDS);
                }
            }
        }
    }

    /** Far beyond the milliseconds another loader takes to come; below the load's stall limit (60 s). */
    private static final long MEETING_DEADLINE_SECONDS = 30;

    @Test
    void aGiantId1LoadedByEveryLoaderIsTheGraphOneLoaderWrites() throws Exception {
        Path file = dir.resolve("Distribution.dat");
        Files.writeString(file, CDF);
        RunSpec alone = spec(file, "1");
        RunSpec shared = spec(file, "3");
        GraphShape shape = alone.shape();
        long giant = shape.idOfDegreeRank(0);
        assertEquals(20_000, shape.linksOfDegree(shape.degree(giant)), "the giant id1's links");

        try (GraphStore a = new MemoryStoreProvider().open(new StoreContext(alone.settings(), alone.sessions()));
             GraphStore b = new MemoryStoreProvider().open(new StoreContext(shared.settings(), shared.sessions()))) {
            Writes wa = new Writes(false);
            Writes wb = new Writes(true);
            String consoleA = load(alone, a, wa);
            String consoleB = load(shared, b, wb);
            assertTrue(!consoleA.contains("loaded by every loader"), consoleA);
            assertTrue(consoleA.contains(" 1 loader, "), consoleA);
            assertTrue(consoleB.contains(" 3 loaders, "), consoleB);
            assertTrue(consoleB.contains("1 id1 of 20,000 links in 5 parts loaded by every loader first"), consoleB);
            assertTrue(wb.giantWriters.size() >= 2, "the giant id1's links came from several loaders: " + wb.giantWriters);
            assertEquals(List.of(), wb.unsorted, "every link batch sorted by (id1, type, id2), every loader's node ids rising");
            assertEquals(List.of(), wa.unsorted);
            assertTrue(wb.nodeWriters.size() >= 2, "the nodes came from several loaders: " + wb.nodeWriters);
            for (String line : consoleB.split("\n")) {
                assertTrue(!line.startsWith("load: ") || line.matches(".*loaders [0-3]/3 busy:( [0-9,]+){3} rows/s.*"),
                        "a progress line gives each loader's rows/s: " + line);
            }

            Comparator<LinkCount> byGroup = Comparator.comparingLong(LinkCount::id1).thenComparingLong(LinkCount::linkType);
            List<LinkCount> ca = new ArrayList<>(wa.counts);
            List<LinkCount> cb = new ArrayList<>(wb.counts);
            ca.sort(byGroup);
            cb.sort(byGroup);
            assertEquals(ca.size(), cb.size(), "count rows: one per group");
            for (int i = 0; i < ca.size(); i++) { // each with its count and its latest time
                assertEquals(ca.get(i), cb.get(i), "count row " + i);
            }
            long giantCount = cb.stream().filter(c -> c.id1() == giant).mapToLong(LinkCount::count).sum();
            assertEquals(20_000, giantCount, "the giant id1's count rows hold all its links");

            try (StoreSession sa = a.session(0); StoreSession sb = b.session(0)) {
                for (long id = shape.startId(); id < shape.endId(); id++) {
                    assertEquals(sa.getNode(id, GraphShape.NODE_TYPE), sb.getNode(id, GraphShape.NODE_TYPE));
                    for (long type = 1; type <= 2; type++) {
                        assertEquals(sa.countLinks(id, type), sb.countLinks(id, type), "count of " + id + "/" + type);
                        assertEquals(sa.getLinkList(id, type, 0, Long.MAX_VALUE, 0, 100_000),
                                sb.getLinkList(id, type, 0, Long.MAX_VALUE, 0, 100_000), "links of " + id + "/" + type);
                    }
                }
            }
            assertEquals(0, ((CountVerifier) b).verifyCounts().mismatches());
        }
    }

    /** A part of an id1 is its whole stream's links from that index on: payloads and times included. */
    @Test
    void aPartIsTheSliceOfTheWholeStream() throws Exception {
        Path file = dir.resolve("Distribution.dat");
        Files.writeString(file, CDF);
        RunSpec s = spec(file, "3");
        LoadGenerator g = new LoadGenerator(s.workload(), s.shape(), s.run().seed(), 1_700_000_000_000L);
        long giant = s.shape().idOfDegreeRank(0);
        List<Link> whole = new ArrayList<>();
        List<LinkCount> counts = new ArrayList<>();
        LoadGenerator.LinkStream all = g.linksOf(giant);
        while (!all.done()) {
            all.next(whole, 999, counts);
        }
        List<Link> parts = new ArrayList<>();
        for (long from = 0; from < whole.size(); from += 2 * LoadGenerator.BLOCK) {
            LoadGenerator.LinkStream part = g.linksOf(giant, from, from + 2 * LoadGenerator.BLOCK);
            List<LinkCount> none = new ArrayList<>();
            while (!part.done()) {
                part.next(parts, 777, none);
            }
            assertEquals(List.of(), none, "a part gives no count rows");
        }
        assertEquals(whole, parts);
    }

    private static RunSpec spec(Path file, String loaders) {
        return RunSpec.withDefaults("maxid1", "3001", "nlinks_tail", "original", "nlinks_file", file.toString(),
                "link_id2_rule", "offset", "loaders", loaders, "bulk_insert_count", "500", "load_chunk_size", "64",
                "progressfreq", "0.1", "store", "memory");
    }

    /** Loads {@code spec}'s graph into {@code store}, recording the writes; returns the console. */
    private static String load(RunSpec spec, GraphStore store, Writes writes) throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        long giant = spec.shape().idOfDegreeRank(0);
        GraphStore recorded = (GraphStore) Proxy.newProxyInstance(SharedLoadTest.class.getClassLoader(),
                new Class<?>[] {GraphStore.class, CountVerifier.class}, (proxy, m, args) -> {
                    Object r = invoke(store, m, args);
                    return m.getName().equals("session") ? session((StoreSession) r, writes, giant) : r;
                });
        PhaseResult load = TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).load(TestPhases.BASE)
                .execute(recorded);
        assertEquals(spec.shape().expectedLinks(), load.graph().loaded().linkRows());
        return console.toString(StandardCharsets.UTF_8);
    }

    @SuppressWarnings("unchecked")
    private static StoreSession session(StoreSession delegate, Writes writes, long giant) {
        return (StoreSession) Proxy.newProxyInstance(SharedLoadTest.class.getClassLoader(),
                new Class<?>[] {StoreSession.class}, (proxy, m, args) -> {
                    if (m.getName().equals("loadLinks")) {
                        List<Link> batch = (List<Link>) args[0];
                        for (int i = 1; i < batch.size(); i++) {
                            if (order(batch.get(i - 1), batch.get(i)) >= 0) {
                                writes.unsorted.add(batch.get(i - 1) + " before " + batch.get(i));
                            }
                        }
                        if (batch.stream().anyMatch(l -> l.id1() == giant)) {
                            writes.arrive(writes.giantWriters, writes.giantMeeting, Thread.currentThread().getName());
                        }
                    } else if (m.getName().equals("loadNodes")) {
                        String thread = Thread.currentThread().getName();
                        writes.arrive(writes.nodeWriters, writes.nodeMeeting, thread);
                        long before = writes.lastNode.getOrDefault(thread, Long.MIN_VALUE);
                        for (Node n : (List<Node>) args[0]) {
                            if (n.id() <= before) {
                                writes.unsorted.add(thread + " wrote node " + n.id() + " after " + before);
                            }
                            before = n.id();
                        }
                        writes.lastNode.put(thread, before);
                    } else if (m.getName().equals("loadCounts")) {
                        writes.counts.addAll((List<LinkCount>) args[0]);
                    }
                    return invoke(delegate, m, args);
                });
    }

    private static int order(Link a, Link b) {
        int c = Long.compare(a.id1(), b.id1());
        c = c != 0 ? c : Long.compare(a.linkType(), b.linkType());
        return c != 0 ? c : Long.compare(a.id2(), b.id2());
    }

    private static Object invoke(Object target, Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
