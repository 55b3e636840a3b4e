package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.Slo;
import io.linkbench.measure.StepLatency;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The {@code --sweep} and {@code --slo} syntax, and how an SLO and saturation judge a step. */
class SweepAndSloTest {

    @Test
    void aSweepListsItsStepsInOrder() {
        Sweep s = Sweep.parse("requestrate=1000, 2000,4000.5");
        assertEquals("requestrate", s.knob());
        assertEquals(List.of(1000.0, 2000.0, 4000.5), s.values());
        assertEquals(16, Sweep.parse("requesters=1,16,4").maxRequesters(2));
        assertEquals(2, s.maxRequesters(2), "a rate sweep keeps the configured requesters");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "requestrate", "requestrate=", "rate=100", "requestrate=100,,200", "requestrate=-5",
        "requestrate=0", "requesters=1.5", "requesters=0", "requesters=5000", "requestrate=1e3", "requesters=abc"})
    void aBadSweepNamesTheOptionAndWhatIsAllowed(String spec) {
        ConfigException e = assertThrows(ConfigException.class, () -> Sweep.parse(spec));
        assertTrue(e.getMessage().startsWith("--sweep '" + spec + "': expected requestrate=R1,R2,..."), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }

    @Test
    void anSloReadsPercentilesOperationsAndUnits() {
        Slo slo = Slo.parse("p99 < 5ms, p99.9(UPDATE_LINK)<20ms,p50(GET_NODE) < 800us, p100 < 2s");
        assertEquals(4, slo.conditions().size());
        assertEquals(new Slo.Condition(99, null, 5, "p99 < 5ms"), slo.conditions().get(0));
        assertEquals(new Slo.Condition(99.9, "UPDATE_LINK", 20, "p99.9(UPDATE_LINK) < 20ms"), slo.conditions().get(1));
        assertEquals(0.8, slo.conditions().get(2).limitMs(), 1e-12);
        assertEquals(2000, slo.conditions().get(3).limitMs());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "p99", "p99 > 5ms", "p99 < 5", "p99 < 5min", "p0 < 5ms", "p101 < 5ms",
        "p99(NOT_AN_OP) < 5ms", "p99 < 5ms,", "p99 < 0ms", "99 < 5ms"})
    void aBadSloNamesTheOptionAndWhatIsAllowed(String spec) {
        ConfigException e = assertThrows(ConfigException.class, () -> Slo.parse(spec));
        assertTrue(e.getMessage().startsWith("--slo '" + spec + "': expected conditions like 'p99 < 5ms'"), e.getMessage());
    }

    @Test
    void anSloJudgesResponseTimeOverallAndPerOperation() {
        // GET_NODE answers in 1 ms, UPDATE_LINK in 10 ms: overall p99 is 10 ms, p50 is 1 ms
        PhaseResult p = step(1000, 990);
        assertEquals(10.0, StepLatency.ms(p, null, 99), 0.01);
        assertEquals(1.0, StepLatency.ms(p, null, 50), 0.01);
        assertEquals(List.of(), Slo.parse("p50 < 2ms, p99(GET_NODE) < 2ms, p99 < 11ms").violations(p));
        assertEquals(List.of("p99 = 10.00 ms, not < 5ms", "p99(UPDATE_LINK) = 10.00 ms, not < 9ms"),
                Slo.parse("p99 < 5ms, p99(UPDATE_LINK) < 9ms").violations(p));
        assertEquals(List.of("p99(ADD_NODE) = nothing measured, not < 9ms"), Slo.parse("p99(ADD_NODE) < 9ms").violations(p),
                "an operation that never ran cannot prove anything");
    }

    @Test
    void aStepMoreThanFivePercentUnderItsTargetIsSaturated() {
        assertFalse(StepLatency.saturated(step(1000, 951)));
        assertTrue(StepLatency.saturated(step(1000, 949)));
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        CapacitySearch search = new CapacitySearch(Slo.parse("p99 < 50ms"), 100, 0.05, 10, out);
        assertEquals(List.of("saturated (achieved 949 ops/s, more than 5% under the target)"), search.failures(step(1000, 949)));
    }

    /** An open-loop step of one second at {@code target} that achieved {@code achieved} ops/s, 90% of them at 1 ms. */
    private static PhaseResult step(double target, long achieved) {
        Histogram get = new Histogram(3);
        get.recordValueWithCount(1_000_000, achieved * 9 / 10);
        Histogram update = new Histogram(3);
        update.recordValueWithCount(10_000_000, achieved - get.getTotalCount());
        List<OpStats> ops = List.of(new OpStats("GET_NODE", get, get, 0, Map.of(), 0, 0),
                new OpStats("UPDATE_LINK", update, update, 0, Map.of(), 0, 0),
                new OpStats("ADD_NODE", new Histogram(3), new Histogram(3), 0, Map.of(), 0, 0));
        return new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(0, 1000, 1.0),
                new PhaseResult.Latency(true, target, ops, new Histogram(3)), PhaseEnd.legacy(false), List.of(),
                null, Map.of(), null, List.of(), null);
    }
}
