package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.GraphGrowth;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStoreProvider;
import io.linkbench.workload.Op;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a phase ended (completed by which limit, interrupted, failed) and what it did to the graph. */
class PhaseEndTest {
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();
    private final PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);

    /** Keys for a small graph, no warm-up, and a mix of only the operations given (op, percent, ...). */
    private static RunSpec driver(List<String> keys, Object... mix) {
        List<String> kv = new ArrayList<>(List.of("maxid1", "201", "warmup_time", "0", "displayfreq", "100"));
        for (Op op : Op.values()) {
            kv.add(op.mixKey());
            kv.add("0");
        }
        for (int i = 0; i < mix.length; i += 2) {
            kv.set(kv.indexOf(((Op) mix[i]).mixKey()) + 1, mix[i + 1].toString());
        }
        kv.addAll(keys);
        return RunSpec.withDefaults(kv.toArray(String[]::new));
    }

    private static GraphStore memory(RunSpec d) throws StoreException {
        return new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()));
    }

    private PhaseResult load(RunSpec d, GraphStore store, RunControl control) throws Exception {
        return TestPhases.context(d, control, out, PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
    }

    private PhaseResult requests(RunSpec d, GraphStore store) throws Exception {
        return TestPhases.context(d, new RunControl(), out, PhaseObserver.NONE).requests(0).execute(store);
    }

    /** The visible links of the whole graph (every count row) and the longest list. */
    private static long[] linksAndLongest(RunSpec d, GraphStore store) throws StoreException {
        long total = 0;
        long longest = 0;
        try (StoreSession s = store.session(0)) {
            for (long id1 = d.shape().startId(); id1 < d.shape().endId(); id1++) {
                for (int t = 1; t <= d.shape().linkTypeCount(); t++) {
                    long c = s.countLinks(id1, t);
                    total += c;
                    longest = Math.max(longest, c);
                }
            }
        }
        return new long[] {total, longest};
    }

    @Test
    void theRequestsLimitEndingAPhaseIsSaidInTheResultAndOnTheConsole() throws Exception {
        RunSpec d = driver(List.of("requests", "300", "maxtime", "600"), Op.GET_NODE, 100);
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            PhaseResult p = requests(d, store);
            assertEquals(new PhaseEnd(PhaseEnd.Status.COMPLETED, "requests",
                    "ended by requests (300 in total) before maxtime (600 s)"), p.end());
            assertTrue(console.toString(StandardCharsets.UTF_8)
                    .contains("request phase completed: ended by requests (300 in total) before maxtime (600 s)"));
        }
    }

    @Test
    void theTimeLimitEndingAPhaseIsSaid() throws Exception {
        RunSpec d = driver(List.of("maxtime", "0.3"), Op.GET_NODE, 100);
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            PhaseResult p = requests(d, store);
            assertEquals("maxtime", p.end().endedBy());
            assertEquals(PhaseEnd.Status.COMPLETED, p.end().status());
            assertTrue(p.end().reason().startsWith("ended by maxtime (0.3 s) before requests (10,000,000 in total)"),
                    p.end().reason());
        }
    }

    @Test
    void anOpenLoopWhoseLastSlotFallsAfterTheDeadlineIsEndedByMaxtime() throws Exception {
        RunSpec d = driver(List.of("maxtime", "1", "requestrate", "4", "arrival", "uniform"), Op.GET_NODE, 100);
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            PhaseResult p = requests(d, store);
            assertEquals("maxtime", p.end().endedBy(), p.end().reason());
        }
    }

    @Test
    void growthCountsTheLinksTheStoreGainedWarmUpIncluded() throws Exception {
        RunSpec d = driver(List.of("maxtime", "0.3", "warmup_time", "0.3", "addlink_existing_pct", "0"),
                Op.ADD_LINK, 100);
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            long before = linksAndLongest(d, store)[0];
            PhaseResult p = requests(d, store);
            long after = linksAndLongest(d, store)[0];
            GraphGrowth g = p.graph().growth();
            assertEquals(after - before, g.linksInserted(), "every new visible link, no deletes or revivals in this mix");
            long measuredInserts = p.op("ADD_LINK").outcomes().misses();
            assertTrue(g.linksInserted() > measuredInserts,
                    "the warm-up's links are in the growth, not in the measured calls: " + g + " vs " + measuredInserts);
            assertEquals(0, g.linksDeleted());
            assertEquals(0, g.nodesAdded());
        }
    }

    @Test
    void theLongestListSeenIsTheLongestListWhenEveryListIsCounted() throws Exception {
        RunSpec d = driver(List.of("maxid1", "21", "requests", "4000", "maxtime", "600"), Op.COUNT_LINK, 100);
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            PhaseResult p = requests(d, store);
            long longest = linksAndLongest(d, store)[1];
            assertTrue(longest > 1, "a graph with some list longer than one link: " + longest);
            assertEquals(longest, p.graph().growth().largestListSeen());
            assertEquals(0, p.graph().growth().linksInserted());
        }
    }

    @Test
    void nodeWritesAndLinkDeletesAreCounted() throws Exception {
        RunSpec d = driver(List.of("requests", "2000", "maxtime", "600"), Op.ADD_NODE, 25, Op.DELETE_NODE, 25,
                Op.DELETE_LINK, 50);
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            long before = linksAndLongest(d, store)[0];
            PhaseResult p = requests(d, store);
            long after = linksAndLongest(d, store)[0];
            GraphGrowth g = p.graph().growth();
            assertEquals(p.op("ADD_NODE").count(), g.nodesAdded());
            assertEquals(p.op("DELETE_NODE").outcomes().hits(), g.nodesDeleted());
            assertTrue(g.nodesDeleted() > 0 && g.nodesDeleted() < p.op("DELETE_NODE").count(), g.toString());
            assertTrue(g.linksDeleted() >= before - after && before - after > 0,
                    "every link that went is counted (a call on an already hidden link too): " + g + ", "
                            + (before - after));
        }
    }

    @Test
    void aLoadWhoseStoreBreaksIsFailedNotInterrupted() throws Exception {
        RunSpec d = driver(List.of("maxid1", "2001", "max_retries", "0"), Op.GET_NODE, 100);
        RunControl control = new RunControl();
        try (GraphStore store = breaking(memory(d), "loadLinks",
                new StoreException(StoreException.Kind.CONNECTION, "MySQL server has gone away"))) {
            PhaseResult p = load(d, store, control);
            assertEquals(PhaseEnd.Status.FAILED, p.end().status());
            assertEquals("failure", p.end().endedBy());
            assertTrue(p.end().reason().contains("server has gone away"), p.end().reason());
            assertTrue(p.interrupted(), "cut short");
            assertTrue(control.failed());
        }
    }

    @Test
    void aStoppedLoadIsInterrupted() throws Exception {
        RunSpec d = driver(List.of("maxid1", "2001"), Op.GET_NODE, 100);
        RunControl control = new RunControl();
        control.interrupt("stopped by a signal");
        try (GraphStore store = memory(d)) {
            PhaseResult p = load(d, store, control);
            assertEquals(PhaseEnd.interrupted("stopped by a signal"), p.end());
            assertEquals("interrupted: stopped by a signal", p.end().describe());
        }
        try (GraphStore store = memory(d)) {
            assertEquals(PhaseEnd.LOADED, load(d, store, new RunControl()).end());
        }
    }

    @Test
    void aStoreThatCanServeNoMoreEndsTheRequestPhaseAsFailed() throws Exception {
        RunSpec d = driver(List.of("maxtime", "600"), Op.GET_NODE, 50, Op.COUNT_LINK, 50);
        RunControl control = new RunControl();
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            try (GraphStore broken = breaking(store, "getNode",
                    new StoreException(StoreException.Kind.FATAL, "the store ran out of disk"))) {
                PhaseResult p = TestPhases.context(d, control, out, PhaseObserver.NONE).requests(0)
                        .execute(broken);
                assertEquals(PhaseEnd.failed("the store ran out of disk"), p.end());
                assertTrue(control.failed());
                assertTrue(p.seconds() < 60, "stopped at once, not at maxtime: " + p.seconds());
            }
        }
    }

    @Test
    void aLoaderThreadThatDiesFailsTheLoadInsteadOfEndingItAsDone() throws Exception {
        RunSpec d = driver(List.of("maxid1", "2001"), Op.GET_NODE, 100);
        RunControl control = new RunControl();
        try (GraphStore store = breaking(memory(d), "loadCounts", new OutOfMemoryError("Java heap space"))) {
            PhaseResult p = load(d, store, control);
            assertEquals(PhaseEnd.Status.FAILED, p.end().status());
            assertTrue(p.end().reason().matches("load failed: loader-\\d stopped: java.lang.OutOfMemoryError: Java heap space"),
                    p.end().reason());
        }
    }

    @Test
    void aRequesterThatDiesFailsThePhase() throws Exception {
        RunSpec d = driver(List.of("maxtime", "600"), Op.GET_NODE, 100);
        RunControl control = new RunControl();
        try (GraphStore store = memory(d)) {
            load(d, store, new RunControl());
            try (GraphStore broken = breaking(store, "getNode", new OutOfMemoryError("Java heap space"))) {
                PhaseResult p = TestPhases.context(d, control, out, PhaseObserver.NONE).requests(0)
                        .execute(broken);
                assertEquals(PhaseEnd.Status.FAILED, p.end().status());
                assertTrue(p.end().reason().matches("out of memory in requester-\\d \\(the JVM's heap is \\d+ MiB\\): give it"
                        + " more with java -Xmx\\.\\.\\. \\(e\\.g\\. -Xmx4g\\), or lower requesters or maxid1"),
                        p.end().reason()); // whichever requester called first
            }
        }
    }

    /** The store, whose sessions fail every call of {@code method} with {@code failure}. */
    private static GraphStore breaking(GraphStore store, String method, Throwable failure) {
        return (GraphStore) Proxy.newProxyInstance(GraphStore.class.getClassLoader(), new Class<?>[] {GraphStore.class},
                (proxy, m, args) -> {
                    Object r = invoke(store, m, args);
                    return m.getName().equals("session") ? breaking((StoreSession) r, method, failure) : r;
                });
    }

    private static StoreSession breaking(StoreSession s, String method, Throwable failure) {
        return (StoreSession) Proxy.newProxyInstance(StoreSession.class.getClassLoader(),
                new Class<?>[] {StoreSession.class}, (proxy, m, args) -> {
                    if (m.getName().equals(method)) {
                        throw failure;
                    }
                    return invoke(s, m, args);
                });
    }

    private static Object invoke(Object target, java.lang.reflect.Method m, Object[] args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
