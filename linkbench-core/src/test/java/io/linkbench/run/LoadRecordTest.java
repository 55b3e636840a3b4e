package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseObserver;
import io.linkbench.store.LoadState;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.memory.MemoryStore;
import io.linkbench.store.noop.NoopStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a load records in a LoadStateStore, and what -r alone makes of it. */
class LoadRecordTest {
    private static final Instant T0 = Instant.ofEpochMilli(1_700_000_000_000L);
    private final PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);

    private LoadState load(MemoryStore store, RunSpec d, RunControl control) throws Exception {
        TestPhases.context(d, control, out, PhaseObserver.NONE).load(T0)
                .execute(store, LoadRecord.starting(d.settings(), T0));
        return store.loadState().orElseThrow();
    }

    @Test
    void aFinishedLoadIsRecordedCompleteWithItsParameters() throws Exception {
        RunSpec d = RunSpec.withDefaults("maxid1", "1001", "seed", "7");
        try (MemoryStore store = new MemoryStore()) {
            LoadState state = load(store, d, new RunControl());
            assertTrue(state.complete(), state.toString());
            assertEquals(List.of(1L, 1001L, 7L, T0), List.of(state.startId1(), state.maxId1(), state.seed(), state.started()));
            assertEquals(LoadRecord.graphHash(d.settings()), state.graph());
            LoadRecord.Verdict v = LoadRecord.check(store, d.settings());
            assertEquals(Optional.empty(), v.refusal());
            assertEquals(List.of(), v.warnings());
            assertTrue(v.fact().orElseThrow().startsWith("complete (startid1=1, maxid1=1001, seed=7, started "),
                    v.fact().toString());
        }
    }

    @Test
    void anInterruptedLoadStaysIncompleteAndIsRefusedUnlessAllowed() throws Exception {
        RunSpec d = RunSpec.withDefaults("maxid1", "1001");
        try (MemoryStore store = new MemoryStore()) {
            RunControl control = new RunControl();
            control.interrupt("test");
            assertFalse(load(store, d, control).complete());
            String refusal = LoadRecord.check(store, d.settings()).refusal().orElseThrow();
            assertTrue(refusal.startsWith("the last load into this store did not complete: incomplete (startid1=1,"
                    + " maxid1=1001, seed=20111, started "), refusal);
            assertTrue(refusal.endsWith(": load it with -l, or set allow_incomplete_load = true to run the request"
                    + " phase on it anyway"), refusal);

            LoadRecord.Verdict allowed = LoadRecord.check(store, RunSpec.withDefaults("maxid1", "1001",
                    "allow_incomplete_load", "true").settings());
            assertEquals(Optional.empty(), allowed.refusal());
            assertTrue(allowed.warnings().get(0).contains("allow_incomplete_load = true: running anyway"),
                    allowed.warnings().toString());
        }
    }

    @Test
    void aStoreWithoutARecordIsRefused() throws Exception {
        try (MemoryStore store = new MemoryStore()) {
            String refusal = LoadRecord.check(store, RunSpec.withDefaults().settings()).refusal().orElseThrow();
            assertTrue(refusal.startsWith("no load is recorded in this store"), refusal);
            assertTrue(refusal.contains("allow_incomplete_load = true"), refusal);
        }
    }

    @Test
    void aStoreThatRecordsNothingRunsWithAWarning() throws Exception {
        RunSpec d = RunSpec.withDefaults();
        try (var store = new NoopStoreProvider().open(new StoreContext(d.settings(), 1))) {
            LoadRecord.Verdict v = LoadRecord.check(store, d.settings());
            assertEquals(Optional.empty(), v.refusal());
            assertEquals(1, v.warnings().size());
            assertTrue(v.warnings().get(0).startsWith("this store does not record its loads"), v.warnings().toString());
        }
    }

    @Test
    void anotherGraphThanTheConfiguredOneIsAWarning() throws Exception {
        try (MemoryStore store = new MemoryStore()) {
            RunSpec loaded = RunSpec.withDefaults("maxid1", "1001");
            store.saveLoadState(LoadRecord.starting(loaded.settings(), T0).completedAt(T0));
            List<String> w = LoadRecord.check(store, RunSpec.withDefaults("maxid1", "2001", "seed", "5").settings()).warnings();
            assertEquals(1, w.size(), w.toString());
            assertTrue(w.get(0).startsWith("the store holds a graph loaded with maxid1=1001 (this configuration: 2001),"
                    + " seed=20111 (this configuration: 5):"), w.get(0));
            List<String> shape = LoadRecord.check(store, RunSpec.withDefaults("maxid1", "1001", "link_type_count", "3").settings())
                    .warnings();
            assertTrue(shape.get(0).contains("other values of the keys that shape the graph"), shape.toString());
            assertEquals(List.of(), LoadRecord.check(store, RunSpec.withDefaults("maxid1", "1001", "requesters", "9").settings())
                    .warnings(), "request-phase keys do not change the graph");
        }
    }

    @Test
    void theTextRoundTripsAndGarbageIsAnError() throws Exception {
        LoadState s = LoadState.started(5, 99, -3, "00ff", T0);
        assertEquals(s, LoadState.parse(s.toText()));
        assertEquals(s.completedAt(T0.plusSeconds(9)), LoadState.parse(s.completedAt(T0.plusSeconds(9)).toText()));
        LoadState fleet = s.byFleet(512).withSliceDone(0, T0).withSliceDone(511, T0);
        assertEquals(fleet, LoadState.parse(fleet.toText()));
        assertTrue(fleet.toText().length() <= LoadState.MAX_TEXT, fleet.toText());
        assertEquals(2, fleet.slicesDone());
        LoadState twoDone = s.byFleet(2).withSliceDone(1, T0).withSliceDone(0, T0.plusSeconds(5));
        assertEquals(s.byFleet(2).withSliceDone(1, T0).withSliceDone(0, T0).completed().isPresent(), true);
        assertEquals(twoDone, LoadState.parse(twoDone.toText()));
        assertTrue(twoDone.complete() && twoDone.sameLoad(s.byFleet(2)), twoDone.describe());
        assertNotEquals(s.graph(), LoadRecord.graphHash(RunSpec.withDefaults().settings()));
        StoreException e = assertThrows(StoreException.class, () -> LoadState.parse("state=complete maxid1=x"));
        assertTrue(e.getMessage().startsWith("unreadable load state"), e.getMessage());
    }
}
