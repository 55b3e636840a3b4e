package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.Slo;
import io.linkbench.measure.StepLatency;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The SLO search against a store with a known capacity: the memory store paced to {@value #CAPACITY} calls/s.
 * Uniform arrivals, 3 s steps: a step is saturated 5% under its rate, which a requester scheduled 150 ms late at
 * the step's end already costs on a busy host (1.5 s steps failed beside four CPU hogs: 186 of 200 ops/s). The capacity is low enough
 * for any host to drive past it (at 1,000 calls/s a new machine at load average 40, a CI build beside other
 * work, achieved 750 and the search stopped there), and two requesters keep the step's count within a call
 * each of the schedule (with 8 requesters at 200 calls/s a step achieved 189: 8 calls of 300 short).
 */
class CapacitySearchTest {
    private static final double CAPACITY = 400;
    private static final double START = 200;

    @Test
    void theSearchFindsTheCapacityOfAPacedStoreWithinTenPercent() throws Exception {
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "requesters", "2", "warmup_time", "0.5",
                "maxtime", "3", "displayfreq", "0.5", "requests", "100000000", "arrival", "uniform");
        try (GraphStore memory = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()))) {
            TestPhases.load(d, memory, PhaseObserver.NONE);
            GraphStore paced = PacedStore.wrap(memory, CAPACITY);
            RunControl control = new RunControl();
            CapacitySearch search = new CapacitySearch(Slo.parse("p99 < 1s"), START, 0.05, 16, out);
            Sweep rates = new Sweep(Sweep.REQUESTRATE, java.util.List.of());
            int[] step = {0};
            CapacitySearch.Outcome o = search.search(rate -> TestPhases.context(d.with(rates.configure(d.run(), rate)), control,
                    out, PhaseObserver.NONE).requests(step[0]++).execute(paced).with(rates.target(rate)), control);

            String log = console.toString(StandardCharsets.UTF_8);
            assertTrue(o.complete(), log);
            assertTrue(o.capacity() >= 0.9 * CAPACITY && o.capacity() <= 1.1 * CAPACITY,
                    "capacity " + o.capacity() + " within 10% of " + CAPACITY + "\n" + log);
            assertEquals(o.capacity(), o.proof().target().value(), "the proof ran at the capacity");
            assertTrue(search.failures(o.proof()).isEmpty(), "the proof passed");
            assertTrue(o.steps().stream().anyMatch(StepLatency::saturated), "some step went past the capacity: " + log);
            assertEquals(START, o.steps().get(0).latency().targetRate(), "it starts at the start rate");
            PhaseResult last = o.steps().get(o.steps().size() - 1);
            assertFalse(last.interrupted());
            double low = o.capacity();
            double high = o.steps().stream().filter(p -> !search.failures(p).isEmpty())
                    .mapToDouble(p -> p.latency().targetRate()).filter(r -> r > low).min().orElseThrow();
            assertTrue(high - low <= 0.05 * high, "the bracket " + low + ".." + high + " is within 5%");
        }
    }
}
