package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.store.noop.NoopStore;
import io.linkbench.workload.Op;
import io.linkbench.workload.RequestGenerator;
import org.junit.jupiter.api.Test;

/** The requester's public step, the one the JMH benchmark times and {@code Requester.run} loops over. */
class RequesterTest {

    @Test
    void everyStepIsOneRecordedCall() {
        RunSpec d = RunSpec.withDefaults("maxid1", "1001");
        PhaseRecorder recorder = new PhaseRecorder(names(), false);
        Requester r = Requester.closedLoop(new NoopStore().session(0), new RequestGenerator(d.workload(), d.shape(),
                d.run().seed(), 0), recorder.newWorker(), new OpCalls(d.workload().rules().updateMissing()), d.run(),
                new RunControl(), 0);
        for (int i = 0; i < 1000; i++) {
            assertTrue(r.step(), "step " + i);
        }
        assertEquals(1000, r.done());
        recorder.sample();
        assertEquals(1000, recorder.results().stream().mapToLong(OpStats::count).sum());
    }

    @Test
    void runCallsStepUntilItsQuotaAndPastTheDeadlineCallsNothing() {
        RunSpec d = RunSpec.withDefaults("maxid1", "1001");
        PhaseRecorder recorder = new PhaseRecorder(names(), false);
        RunControl control = new RunControl();
        WarmupGate open = new WarmupGate();
        open.open();
        Retrier noRetries = new Retrier(0, 0, 0, control, 1);
        Requester quota = new Requester(new NoopStore().session(0), new RequestGenerator(d.workload(), d.shape(),
                d.run().seed(), 0), recorder.newWorker(), new OpCalls(d.workload().rules().updateMissing()), noRetries,
                250, Long.MIN_VALUE, open, Long.MAX_VALUE, null, control);
        quota.run();
        assertEquals(250, quota.done());
        Requester late = new Requester(new NoopStore().session(1), new RequestGenerator(d.workload(), d.shape(),
                d.run().seed(), 1), recorder.newWorker(), new OpCalls(d.workload().rules().updateMissing()), noRetries,
                250, Long.MIN_VALUE, open, System.nanoTime(), null, control);
        assertFalse(late.step(), "the deadline has passed");
        assertEquals(0, late.done());
        recorder.sample();
        assertEquals(250, recorder.results().stream().mapToLong(OpStats::count).sum());
    }

    private static String[] names() {
        String[] names = new String[Op.count()];
        for (Op o : Op.values()) {
            names[o.ordinal()] = o.name();
        }
        return names;
    }
}
