package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import io.linkbench.store.noop.NoopStore;
import io.linkbench.workload.GraphShape;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The loaders stream each id1's links in batches: memory and the interrupt do not wait for a whole id1. */
class LoadPhaseTest {
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void anInterruptInsideTheLargestId1StopsItsLinksAtTheNextBatch() throws Exception {
        RunSpec d = RunSpec.withDefaults("maxid1", "20001", "loaders", "1", "bulk_insert_count", "10");
        long largest = d.shape().idOfDegreeRank(0);
        long degree = d.shape().linksOfDegree(d.shape().degree(largest));
        assertTrue(degree > 100, "the largest id1 spans many batches: " + degree);
        RunControl control = new RunControl();
        long[] written = new long[2]; // the largest id1's link rows before and after the interrupt
        PhaseResult load = load(d, control, batch -> {
            long mine = batch.stream().filter(l -> l.id1() == largest).count();
            written[control.interrupted() ? 1 : 0] += mine;
            if (mine > 0) {
                control.interrupt("test"); // while its first batch is written
            }
        });
        assertTrue(load.interrupted());
        assertTrue(written[0] > 0 && written[0] <= 10, "the first batch of the largest id1: " + written[0]);
        assertEquals(0, written[1], "no batch is written after the interrupt");
        assertTrue(load.graph().loaded().maxLinks() < degree, "the largest id1 was cut short: " + load.graph().loaded().maxLinks());
    }

    @Test
    void linksGoInFullBatchesAcrossId1sAndEachId1IsTalliedOnce() throws Exception {
        GraphStats whole = null;
        for (String batch : new String[] {"7", "1024"}) {
            RunSpec d = RunSpec.withDefaults("maxid1", "5001", "loaders", "1", "bulk_insert_count", batch);
            List<Integer> sizes = new CopyOnWriteArrayList<>();
            PhaseResult load = load(d, new RunControl(), b -> sizes.add(b.size()));
            int n = Integer.parseInt(batch);
            for (int i = 0; i < sizes.size() - 1; i++) {
                assertEquals(n, sizes.get(i), "batch " + i + " of " + batch);
            }
            assertTrue(sizes.get(sizes.size() - 1) <= n);
            GraphStats g = load.graph().loaded();
            GraphShape s = d.shape();
            assertEquals(s.nodeCount(), g.id1s(), "each id1 once");
            assertEquals(s.expectedLinks(), g.linkRows());
            assertEquals(s.linksOfDegree(s.maxDegree()), g.maxLinks());
            assertEquals(g.linkRows(), sizes.stream().mapToLong(Integer::longValue).sum());
            if (whole != null) {
                assertArrayEquals(whole.buckets(), g.buckets(), "the buckets whatever the batch size");
                assertEquals(whole.countRows(), g.countRows());
            }
            whole = g;
        }
    }

    @Test
    void aStoppedLoadsModelFigureIsThatOfTheId1sItReached() throws Exception {
        RunSpec d = RunSpec.withDefaults("maxid1", "20001", "loaders", "1", "bulk_insert_count", "100");
        RunControl control = new RunControl();
        long[] written = new long[1];
        PhaseResult load = load(d, control, batch -> {
            if ((written[0] += batch.size()) >= 5_000) {
                control.interrupt("test"); // about a tenth of the links
            }
        });
        assertTrue(load.interrupted());
        GraphStats g = load.graph().loaded();
        GraphShape s = d.shape();
        assertTrue(g.id1s() > 0 && g.id1s() < s.nodeCount() / 2, "a part of the id1s: " + g.id1s());
        long model = 0; // the model's links of the id1s the one loader reached, in id order
        for (long id1 = s.startId(); id1 < s.startId() + g.id1s(); id1++) {
            model += s.linksOfDegree(s.degree(id1));
        }
        // once the whole graph's links over the id1s reached: many times the links per id1 any graph has
        assertEquals(model, g.expectedLinkRows(), 0.0, "the model's links of the id1s reached");
        assertTrue(g.expectedLinkRows() - g.linkRows() < s.linksOfDegree(s.maxDegree()),
                "only the id1 in hand when stopped may have fewer: " + g);
    }

    /** Loads into the no-op store, showing every link batch to {@code onLinks} before it is written. */
    private PhaseResult load(RunSpec d, RunControl control, Consumer<List<Link>> onLinks) throws Exception {
        GraphStore noop = new NoopStore();
        GraphStore store = (GraphStore) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {GraphStore.class}, (proxy, m, args) -> {
                    Object r = invoke(noop, m, args);
                    return m.getName().equals("session") ? session((StoreSession) r, onLinks) : r;
                });
        return TestPhases.context(d, control, out, PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
    }

    @SuppressWarnings("unchecked")
    private StoreSession session(StoreSession delegate, Consumer<List<Link>> onLinks) {
        return (StoreSession) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {StoreSession.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("loadLinks")) {
                        onLinks.accept((List<Link>) args[0]);
                    }
                    return invoke(delegate, m, args);
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
