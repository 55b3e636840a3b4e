package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.memory.MemoryStoreProvider;
import org.junit.jupiter.api.Test;

/** Figures per interval: the store's counters, and in an open loop the requesters busy at once. */
class IntervalFiguresTest {

    @Test
    void storeCountersPerIntervalAddUpToThePhasesDelta() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "3001", "requesters", "2", "maxtime", "1.5",
                "displayfreq", "0.25");
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            PhaseResult load = TestPhases.load(d, store, io.linkbench.measure.PhaseObserver.NONE); // every phase reads them
            long loadWritten = 0;
            for (IntervalPoint p : load.intervals()) {
                loadWritten += Math.round(p.rates().getOrDefault("store.link_rows_written", 0.0));
            }
            assertEquals(load.storeCounters().get("link_rows_written"), loadWritten, "the load's link rows, interval by interval");
            PhaseResult req = TestPhases.requests(d, store, io.linkbench.measure.PhaseObserver.NONE);
            assertTrue(req.intervals().size() >= 3, req.intervals().size() + " intervals");
            long read = 0;
            for (IntervalPoint p : req.intervals()) {
                assertTrue(p.rates().containsKey("store.node_rows_read"), p.rates().toString());
                read += Math.round(p.rates().get("store.node_rows_read"));
            }
            long phase = req.storeCounters().get("node_rows_read");
            assertTrue(read > 0 && read <= phase, read + " node rows read in the intervals, " + phase + " in the phase");
        }
    }

    @Test
    void anOpenLoopOnAStoreThatCannotKeepUpHasEveryRequesterBusy() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "requesters", "4", "maxtime", "2",
                "requestrate", "2000", "displayfreq", "0.5", "requests", "1000000000");
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            TestPhases.load(d, store, io.linkbench.measure.PhaseObserver.NONE);
            PhaseResult req = TestPhases.requests(d, PacedStore.wrap(store, 200), io.linkbench.measure.PhaseObserver.NONE);
            assertTrue(req.intervals().size() >= 2, req.intervals().toString());
            IntervalPoint mid = req.intervals().get(1);
            assertEquals(4.0, mid.rates().get(IntervalPoint.BUSY_MAX), mid.rates().toString());
            StringBuilder all = new StringBuilder();
            for (IntervalPoint p : req.intervals()) {
                all.append(String.format("%n%.3f+%.3f s: %d calls, busy %s", p.offsetSeconds(), p.seconds(),
                        p.ops().stream().mapToLong(o -> o.count()).sum(), p.rates()));
            }
            assertTrue(mid.rates().get(IntervalPoint.BUSY_MEAN) > 3.0, "a paced store keeps all 4 busy: " + all);
        }
        RunSpec fast = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "requesters", "4", "maxtime", "1",
                "requestrate", "50", "displayfreq", "0.5", "requests", "1000000000");
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(fast.settings(), fast.sessions()))) {
            TestPhases.load(fast, store, io.linkbench.measure.PhaseObserver.NONE);
            PhaseResult req = TestPhases.requests(fast, store, io.linkbench.measure.PhaseObserver.NONE);
            IntervalPoint first = req.intervals().get(0);
            assertTrue(first.rates().get(IntervalPoint.BUSY_MEAN) < 1.0, "a fast store at 50/s is mostly idle (a call may take 20 ms on a busy host): " + first.rates());
        }
    }

    @Test
    void theLoadCountsItsLogicalBytesKeysAndPayloadsAsTheStoreReceivedThem() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "3001", "loaders", "3", "bulk_insert_count", "100",
                "maxtime", "0.3");
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            PhaseResult load = TestPhases.load(d, store, io.linkbench.measure.PhaseObserver.NONE);
            java.util.Map<String, Long> c = load.storeCounters(); // the memory store counts the rows and payload it got
            long expected = c.get("payload_bytes_written") + 8 * c.get("node_rows_written")
                    + 24 * c.get("link_rows_written") + 16 * c.get("count_rows_written");
            assertEquals(expected, load.logicalBytes());
            assertTrue(load.store().spaceAmplification() > 0, "memory store size / logical: " + load.store().spaceAmplification());
            assertEquals(-1, TestPhases.requests(d, store, io.linkbench.measure.PhaseObserver.NONE).logicalBytes(), "requests count none");
        }
    }

    @Test
    void aClosedLoopHasNoBusyFigures() throws Exception {
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "1001", "maxtime", "0.6", "displayfreq", "0.25");
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            TestPhases.load(d, store, io.linkbench.measure.PhaseObserver.NONE);
            PhaseResult req = TestPhases.requests(d, store, io.linkbench.measure.PhaseObserver.NONE);
            assertTrue(req.intervals().stream().noneMatch(p -> p.rates().containsKey(IntervalPoint.BUSY_MEAN)));
        }
    }
}
