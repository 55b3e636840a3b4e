package io.linkbench.jmh.core;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.LoadStep;
import io.linkbench.run.RequestPhase;
import io.linkbench.store.noop.NoopStore;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The real phases against the no-op store, as {@code linkbench -l -r -D store=noop} runs them: the
 * driver's own ceiling. {@link #requestPhase}: one {@link RequestPhase} of {@value #REQUESTS} requests
 * per invocation (threads, recorders and the monitor included), reported in ops/s.
 * {@link #loadPhase}: one load of maxid1 nodes per invocation, the auxiliary counters {@code links} and
 * {@code rows} give links/s and rows/s (nodes + links + counts).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@Threads(1)
public class NoopPhaseBenchmark {
    /** Requests per request phase (per invocation). */
    public static final int REQUESTS = 4_000_000;

    /** The request phase's configuration. */
    @State(Scope.Benchmark)
    public static class Requests {
        /** One past the last node id the requests are aimed at. */
        @Param("1000001")
        public long maxid1;
        /** Requester threads. */
        @Param({"1", "2"})
        public int requesters;

        BenchSetup.Config config;
        final NoopStore store = new NoopStore();

        @Setup(Level.Trial)
        public void setup() {
            config = BenchSetup.config("maxid1", Long.toString(maxid1), "requesters", Integer.toString(requesters),
                    "requests", Integer.toString(REQUESTS), "maxtime", "100000", "displayfreq", "86400");
        }
    }

    /** The load phase's configuration and its row counters. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Load {
        /** Links written (reported as links/s). */
        public long links;
        /** Nodes, links and counts written (reported as rows/s). */
        public long rows;

        BenchSetup.Config config;
        final NoopStore store = new NoopStore();

        @Setup(Level.Trial)
        public void setup() {
            config = BenchSetup.config("maxid1", "1000001", "loaders", "2", "progressfreq", "86400");
        }

        @Setup(Level.Iteration)
        public void reset() {
            links = 0;
            rows = 0;
        }
    }

    /** A closed-loop request phase of {@value #REQUESTS} requests against the no-op store. */
    @Benchmark
    @OperationsPerInvocation(REQUESTS)
    public PhaseResult requestPhase(Requests q) throws Exception {
        PhaseResult p = q.config.context().requests(0).execute(q.store);
        long done = 0;
        for (OpStats s : p.ops()) {
            done += s.count();
        }
        if (done != REQUESTS || p.totalErrors() != 0) {
            throw new IllegalStateException("request phase did " + done + " ops with " + p.totalErrors() + " errors");
        }
        return p;
    }

    /** A load phase of maxid1=1000001 (about 2.8 million links) into the no-op store. */
    @Benchmark
    public PhaseResult loadPhase(Load l) throws Exception {
        PhaseResult p = BenchSetup.load(l.config, l.store);
        for (OpStats s : p.ops()) {
            l.rows += s.rows();
            if (LoadStep.LOAD_LINKS.name().equals(s.name())) {
                l.links += s.rows();
            }
        }
        return p;
    }
}
