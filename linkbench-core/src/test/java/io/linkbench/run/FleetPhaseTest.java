package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStore;
import io.linkbench.workload.GraphShape;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Three fleet clients loading one store concurrently write exactly the graph one host writes. */
class FleetPhaseTest {
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    @Test
    void threeClientsLoadTheSameGraphAsOneHost() throws Exception {
        String startAt = Instant.now().plusMillis(500).toString();
        MemoryStore single = new MemoryStore();
        PhaseResult whole = load(single, RunSpec.withDefaults("maxid1", "3001", "seed", "7", "start_at", startAt));
        MemoryStore shared = new MemoryStore();
        ExecutorService pool = Executors.newFixedThreadPool(3);
        List<Future<PhaseResult>> parts = new ArrayList<>();
        for (int i = 2; i >= 0; i--) { // client 0 last: the others wait for it to prepare the store
            RunSpec d = RunSpec.withDefaults("maxid1", "3001", "seed", "7", "start_at", startAt, "client_count", "3",
                    "client_index", Integer.toString(i));
            parts.add(pool.submit(() -> load(shared, d)));
        }
        GraphStats sum = null;
        for (Future<PhaseResult> f : parts) {
            PhaseResult p = f.get();
            assertEquals(io.linkbench.measure.PhaseEnd.LOADED, p.end(), p.end().describe());
            assertTrue(p.graph().loaded().id1s() < 1200, "a slice: " + p.graph().loaded().id1s());
            sum = sum == null ? p.graph().loaded() : sum.plus(p.graph().loaded());
        }
        pool.shutdown();
        assertEquals(whole.graph().loaded().linkRows(), sum.linkRows());
        assertEquals(whole.graph().loaded().countRows(), sum.countRows());
        assertArrayEquals(whole.graph().loaded().buckets(), sum.buckets());
        RunSpec d = RunSpec.withDefaults("maxid1", "3001");
        assertEquals(fingerprint(single, d.shape()), fingerprint(shared, d.shape()), "the same nodes, links and counts");
        assertTrue(shared.verifyCounts().ok());
        LoadState state = shared.loadState().orElseThrow();
        assertTrue(state.complete(), "every client recorded its slice, finishing together: " + state.describe());
        assertTrue(state.describe().endsWith(", 3 of 3 fleet clients' slices complete)"), state.describe());
        RunSpec fleetRequests = RunSpec.withDefaults("maxid1", "3001", "seed", "7", "client_count", "3");
        LoadRecord.Verdict v = LoadRecord.check(shared, fleetRequests.settings());
        assertTrue(v.refusal().isEmpty(), "a fleet's -r accepts the fleet's complete load");
        assertEquals(List.of(), v.warnings());
        assertTrue(LoadRecord.check(new MemoryStore(), fleetRequests.settings()).refusal().isPresent(),
                "a fleet is still refused a store with no load at all");
    }

    @Test
    void aFleetLoadMissingAClientsSliceIsRefusedLikeAHalfLoadedStore() throws Exception {
        String startAt = Instant.now().plusMillis(300).toString();
        MemoryStore shared = new MemoryStore();
        for (int i = 0; i < 2; i++) { // client 2 of 3 was killed before it loaded anything
            PhaseResult p = load(shared, RunSpec.withDefaults("maxid1", "3001", "seed", "7", "start_at", startAt,
                    "client_count", "3", "client_index", Integer.toString(i)));
            assertEquals(io.linkbench.measure.PhaseEnd.LOADED, p.end(), p.end().describe());
        }
        LoadState state = shared.loadState().orElseThrow();
        assertFalse(state.complete(), state.describe());
        assertTrue(state.sliceDone(0) && state.sliceDone(1) && !state.sliceDone(2), state.describe());
        LoadRecord.Verdict v = LoadRecord.check(shared,
                RunSpec.withDefaults("maxid1", "3001", "seed", "7", "client_count", "3", "client_index", "1").settings());
        assertTrue(v.refusal().orElseThrow().startsWith("the last load into this store did not complete: incomplete ("),
                v.toString());
        assertTrue(v.refusal().get().contains("2 of 3 fleet clients' slices complete"), v.refusal().get());
        assertTrue(LoadRecord.check(shared, RunSpec.withDefaults("maxid1", "3001", "seed", "7", "client_count", "3",
                "allow_incomplete_load", "true").settings()).refusal().isEmpty(), "unless allowed");
    }

    private static void assertArrayEquals(long[] a, long[] b) {
        assertEquals(Arrays.toString(a), Arrays.toString(b));
    }

    private PhaseResult load(GraphStore store, RunSpec d) throws Exception {
        Instant base = d.run().fleet().startAt().orElseThrow();
        return TestPhases.context(d, new RunControl(), out, PhaseObserver.NONE).load(base)
                .execute(store, LoadRecord.starting(d.settings(), base));
    }

    /** A digest of every node, link and count of the graph's id range. */
    static String fingerprint(GraphStore store, GraphShape shape) throws Exception {
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        try (StoreSession s = store.session(0)) {
            for (long id = shape.startId(); id < shape.endId(); id++) {
                Node n = s.getNode(id, GraphShape.NODE_TYPE);
                md.update((n.id() + "," + n.version() + "," + n.time() + "," + Arrays.hashCode(n.data()) + ";")
                        .getBytes(StandardCharsets.UTF_8));
                for (long t = 1; t <= shape.linkTypeCount(); t++) {
                    md.update(("c" + s.countLinks(id, t) + ";").getBytes(StandardCharsets.UTF_8));
                    for (Link l : s.getLinkList(id, t, 0, Long.MAX_VALUE, 0, 1_000_000)) {
                        md.update((l.id2() + "," + l.time() + "," + l.visibility() + "," + Arrays.hashCode(l.data()) + ";")
                                .getBytes(StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return HexFormat.of().formatHex(md.digest());
    }
}
