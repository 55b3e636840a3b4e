package io.linkbench.jmh.store;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Bulk load of links ({@code loadLinks}) in batches of {@link #BATCH}, each benchmark thread on its own
 * id1 range as the load phase's loaders are: throughput in links per second. Each thread is an instance
 * (a JMH {@link Scope#Thread} state) set up by the subclass's {@code @Setup(Level.Trial)} method through
 * {@link #openLoader}. Without a session (the fixture skipped its store) it returns at once.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
public abstract class StoreLoadBenchmark {
    /** Links per call. */
    public static final int BATCH = 1024;
    private final List<Link> batch = new ArrayList<>(BATCH);
    private StoreSession session;
    private long nextId1;
    private byte[][] payloads;

    /**
     * Opens this thread's session of {@code fixture} on an id1 range of its own (ranges from 1 up: 0 holds the
     * fixture's graph), with 64 link payloads of {@code payloadSize} bytes.
     */
    protected final void openLoader(StoreFixture fixture, int payloadSize) throws StoreException {
        long range = 1 + fixture.nextWorker();
        nextId1 = range * 1_000_000_000L;
        SplittableRandom r = new SplittableRandom(range);
        payloads = new byte[64][];
        for (int i = 0; i < payloads.length; i++) {
            payloads[i] = SmallGraph.payload(r, payloadSize);
        }
        if (fixture.available()) {
            session = fixture.session((int) range);
        }
    }

    @TearDown(Level.Trial)
    public void closeLoader() throws StoreException {
        if (session != null) {
            session.close();
        }
    }

    /** One batch of 1024 new links (256 id1s with 4 links each), sorted as the loader writes them. */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void loadLinks() throws StoreException {
        if (session == null) {
            return;
        }
        batch.clear();
        while (batch.size() < BATCH) {
            long id1 = nextId1++;
            for (int j = 0; j < 4; j++) {
                batch.add(SmallGraph.link(id1, id1 + j, 1_000_000L + j, payloads[(int) (id1 + j) & 63]));
            }
        }
        session.loadLinks(batch);
    }
}
