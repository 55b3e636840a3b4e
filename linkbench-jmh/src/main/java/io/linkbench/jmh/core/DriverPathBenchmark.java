package io.linkbench.jmh.core;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.measure.PhaseRecorder;
import io.linkbench.measure.WorkerRecorder;
import io.linkbench.run.OpCalls;
import io.linkbench.run.Requester;
import io.linkbench.run.RunControl;
import io.linkbench.store.StoreSession;
import io.linkbench.store.noop.NoopStore;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.Op;
import io.linkbench.workload.Request;
import io.linkbench.workload.RequestGenerator;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The pieces of the driver's measured path, each alone, and the whole per-operation step of a
 * requester against the no-op store: {@link #step} calls the core's own {@link Requester#step} (draw
 * the next request, read the clock, dispatch it through {@link OpCalls}, retry a retryable failure,
 * read the clock, record the service time and outcome), as {@code Requester.run} does in its loop; its
 * figure should match {@code NoopPhaseBenchmark.requestPhase} closely.
 *
 * <p>Graph: maxid1=1000001 by default, the 2017 mix (or one operation, parameter {@code op}), all
 * other keys at their defaults.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class DriverPathBenchmark {

    /** The configuration shared by the threads. */
    @State(Scope.Benchmark)
    public static class Shape {
        /** One past the last node id of the graph requests are aimed at. */
        @Param("1000001")
        public long maxid1;

        /**
         * The operation mix: {@code MIX} for the configured (2017) mix, or an operation name for a mix
         * of 100% of it ({@code -p op=GET_NODE,ADD_LINK} gives a per-operation breakdown).
         */
        @Param("MIX")
        public String op;

        BenchSetup.Config config;

        @Setup(Level.Trial)
        public void setup() {
            BenchSetup.Config base = BenchSetup.config("maxid1", Long.toString(maxid1));
            config = "MIX".equals(op) ? base : BenchSetup.singleOp(base, Op.valueOf(op));
        }
    }

    /** One requester's state: its generator, no-op session, recorder, and the core's requester on them. */
    @State(Scope.Thread)
    public static class Worker {
        RequestGenerator generator;
        StoreSession session;
        WorkerRecorder recorder;
        RunControl control;
        Requester requester;
        long[] latencies;
        int latencyCursor;

        @Setup(Level.Trial)
        public void setup(Shape shape, ThreadParams thread) {
            BenchSetup.Config c = shape.config;
            generator = new RequestGenerator(c.workload(), c.shape(), c.run().seed(), thread.getThreadIndex());
            session = new NoopStore().session(thread.getThreadIndex());
            String[] names = new String[Op.count()];
            for (Op o : Op.values()) {
                names[o.ordinal()] = o.name();
            }
            recorder = new PhaseRecorder(names, false).newWorker();
            control = new RunControl();
            requester = Requester.closedLoop(session, generator, recorder,
                    new OpCalls(c.workload().rules().updateMissing()), c.run(), control, thread.getThreadIndex());
            // service times like the no-op store's: mostly tens of ns, a tail into microseconds
            SplittableRandom r = new SplittableRandom(thread.getThreadIndex());
            latencies = new long[1024];
            for (int i = 0; i < latencies.length; i++) {
                latencies[i] = (long) (20 * Math.exp(2 * Math.abs(r.nextGaussian())));
            }
        }
    }

    /** The load generator and one link loader's buffers; counts the links generated. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Loader {
        /** Links generated (reported as links/s). */
        public long links;
        LoadGenerator generator;
        List<Link> linkBuffer;
        List<LinkCount> countBuffer;
        long start;
        long end;
        long id1;

        @Setup(Level.Trial)
        public void setup(Shape shape) {
            BenchSetup.Config c = shape.config;
            generator = c.spec().loadGenerator(Instant.now());
            linkBuffer = new ArrayList<>(1024 + 64);
            countBuffer = new ArrayList<>(1024 + 64);
            start = c.shape().startId();
            end = c.shape().endId();
            id1 = start;
        }

        @Setup(Level.Iteration)
        public void reset() {
            links = 0;
        }
    }

    /** RequestGenerator.next() alone (the 2017 mix; the generator allocates write payloads). */
    @Benchmark
    @Threads(1)
    public Request requestGeneratorNext(Worker q) {
        return q.generator.next();
    }

    /**
     * LoadGenerator.linksOf for one id1 (ids in order, as a loader walks them), streamed in batches of
     * 1024 links into buffers cleared after each; the auxiliary counter {@code links} gives links/s.
     */
    @Benchmark
    @Threads(1)
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public long loadGeneratorLinksOf(Loader l) {
        long id1 = l.id1;
        l.id1 = id1 + 1 < l.end ? id1 + 1 : l.start;
        LoadGenerator.LinkStream stream = l.generator.linksOf(id1);
        while (!stream.done()) {
            l.linkBuffer.clear();
            l.countBuffer.clear();
            stream.next(l.linkBuffer, 1024, l.countBuffer);
        }
        long n = stream.links();
        l.links += n;
        return n;
    }

    /** WorkerRecorder.recordService with a spread of service times. */
    @Benchmark
    @Threads(1)
    public void recordService(Worker q) {
        int i = q.latencyCursor++;
        q.recorder.recordService(i % 10, q.latencies[i & 1023]);
    }

    /** Two System.nanoTime() calls, as around every store call. */
    @Benchmark
    @Threads(1)
    public long nanoTimePair() {
        long start = System.nanoTime();
        return System.nanoTime() - start;
    }

    /**
     * One requester step against the no-op store, as {@code Requester.run} loops over it: the stop
     * flag's poll, then {@link Requester#step} (generate, clock, dispatch, clock, record).
     */
    @Benchmark
    @Threads(1)
    public boolean step(Worker q) {
        return !q.control.interrupted() && q.requester.step();
    }

    /** {@link #step} on two threads at once (the target's two requesters). */
    @Benchmark
    @Threads(2)
    public boolean stepT2(Worker q) {
        return step(q);
    }
}
