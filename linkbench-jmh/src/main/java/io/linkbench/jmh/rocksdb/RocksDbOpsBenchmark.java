package io.linkbench.jmh.rocksdb;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.io.IOException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The RocksDB store's main operations on a cached, pre-loaded graph ({@link RocksDbFixture}): average
 * time per call, one session per benchmark thread. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar RocksDbOpsBenchmark -t 2}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RocksDbOpsBenchmark {

    /** The store, shared by every benchmark thread. */
    @State(Scope.Benchmark)
    public static class Store {
        RocksDbFixture fixture;
        final AtomicInteger workers = new AtomicInteger();

        @Setup(Level.Trial)
        public void open() throws IOException, StoreException {
            fixture = new RocksDbFixture(8);
        }

        @TearDown(Level.Trial)
        public void close() throws IOException, StoreException {
            fixture.close();
        }
    }

    /** One session and random stream per benchmark thread. */
    @State(Scope.Thread)
    public static class Worker {
        StoreSession session;
        SplittableRandom random;
        byte[] linkData;
        byte[] nodeData;
        long[] id2s = new long[4];

        @Setup(Level.Trial)
        public void open(Store store) throws StoreException {
            int id = store.workers.getAndIncrement();
            session = store.fixture.store.session(id);
            random = new SplittableRandom(id);
            linkData = RocksDbFixture.payload(random, RocksDbFixture.PAYLOAD);
            nodeData = RocksDbFixture.payload(random, 168);
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
            session.close();
        }

        long id1() {
            return 1 + random.nextInt(RocksDbFixture.NODES);
        }
    }

    @Benchmark
    public Node getNode(Worker w) throws StoreException {
        return w.session.getNode(w.id1(), 1);
    }

    @Benchmark
    public boolean updateNode(Worker w) throws StoreException {
        return w.session.updateNode(new Node(w.id1(), 1, 2, 2_000, w.nodeData));
    }

    @Benchmark
    public long countLinks(Worker w) throws StoreException {
        return w.session.countLinks(w.id1(), RocksDbFixture.LINK_TYPE);
    }

    /** A whole group, newest first (8 links). */
    @Benchmark
    public List<Link> getLinkList(Worker w) throws StoreException {
        return w.session.getLinkList(w.id1(), RocksDbFixture.LINK_TYPE, 0, Long.MAX_VALUE, 0, 10_000);
    }

    /** Four id2s of one group, three of them existing. */
    @Benchmark
    public List<Link> multigetLinks(Worker w) throws StoreException {
        long id1 = w.id1();
        w.id2s[0] = id1 + 1;
        w.id2s[1] = id1 + 3;
        w.id2s[2] = id1 + 5;
        w.id2s[3] = id1 + 100;
        return w.session.multigetLinks(id1, RocksDbFixture.LINK_TYPE, w.id2s);
    }

    /** ADD_LINK of an existing visible link with a new time: moves its link_time entry, bumps the count row. */
    @Benchmark
    public boolean addLinkExisting(Worker w) throws StoreException {
        long id1 = w.id1();
        long id2 = id1 + 1 + w.random.nextInt(RocksDbFixture.LINKS_PER_ID1);
        return w.session.addLink(RocksDbFixture.link(id1, id2, 2_000_000L + w.random.nextInt(1_000), w.linkData));
    }

    /** DELETE_LINK (hide) followed by ADD_LINK (revive) of the same link: two writes with count changes. */
    @Benchmark
    public boolean hideAndRevive(Worker w) throws StoreException {
        long id1 = w.id1();
        long id2 = id1 + 1 + w.random.nextInt(RocksDbFixture.LINKS_PER_ID1);
        w.session.deleteLink(id1, RocksDbFixture.LINK_TYPE, id2, false);
        return w.session.addLink(RocksDbFixture.link(id1, id2, 3_000_000L, w.linkData));
    }
}
