package io.linkbench.jmh.mongo;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk load of links ({@code loadLinks}: one unordered insertMany of {@code BATCH} documents) into an
 * empty in-process server, each thread on its own id1 range as the load phase's loaders are:
 * throughput in links per second. The in-memory server's own cost per inserted document is small, so
 * this mostly measures building, encoding and sending the documents. Iterations are short: the
 * server keeps everything in memory. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar MongoLoadBenchmark -prof io.linkbench.jmh.mongo.ClientCpuProfiler}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class MongoLoadBenchmark {
    private static final int BATCH = 1024;

    /** The server and the empty store, shared by every benchmark thread. */
    @State(Scope.Benchmark)
    public static class Store {
        MongoFixture fixture;
        final AtomicLong nextRange = new AtomicLong(1);

        @Setup(Level.Trial)
        public void open() {
            fixture = MongoFixture.start(8, false);
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
            fixture.close();
        }
    }

    /** One loader: a session, its own id1 range, one reusable batch. */
    @State(Scope.Thread)
    public static class Loader {
        StoreSession session;
        long nextId1;
        final List<Link> batch = new ArrayList<>(BATCH);
        byte[][] payloads;

        @Setup(Level.Trial)
        public void open(Store store) throws StoreException {
            long range = store.nextRange.getAndIncrement();
            nextId1 = range * 1_000_000_000L;
            SplittableRandom r = new SplittableRandom(range);
            payloads = new byte[64][];
            for (int i = 0; i < payloads.length; i++) {
                payloads[i] = MongoFixture.payload(r, MongoFixture.PAYLOAD);
            }
            if (store.fixture.available()) {
                session = store.fixture.session((int) range);
            }
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
            if (session != null) {
                session.close();
            }
        }
    }

    /** One batch of 1024 new links (256 id1s with 4 links each), sorted as the loader writes them. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void loadLinks(Loader l) throws StoreException {
        if (l.session == null) {
            return;
        }
        l.batch.clear();
        while (l.batch.size() < BATCH) {
            long id1 = l.nextId1++;
            for (int j = 0; j < 4; j++) {
                l.batch.add(MongoFixture.link(id1, id1 + j, 1_000_000L + j, l.payloads[(int) (id1 + j) & 63]));
            }
        }
        l.session.loadLinks(l.batch);
    }
}
