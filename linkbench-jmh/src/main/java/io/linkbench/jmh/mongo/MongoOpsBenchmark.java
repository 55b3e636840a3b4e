package io.linkbench.jmh.mongo;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
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
 * The MongoDB store's main operations over the wire protocol against an in-process server holding a
 * small graph ({@link MongoFixture}): average time per call, one session per benchmark thread. The
 * in-memory server scans collections, so wall time includes its work; the client's share is
 * {@code client.cpu.norm}. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar MongoOpsBenchmark -prof io.linkbench.jmh.mongo.ClientCpuProfiler}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class MongoOpsBenchmark {

    /** The server and store, shared by every benchmark thread. */
    @State(Scope.Benchmark)
    public static class Store {
        MongoFixture fixture;
        final AtomicInteger workers = new AtomicInteger(1);

        @Setup(Level.Trial)
        public void open() {
            fixture = MongoFixture.start(8, true);
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
            fixture.close();
        }
    }

    /** One session and random stream per benchmark thread; no session when the server did not start. */
    @State(Scope.Thread)
    public static class Worker {
        StoreSession session;
        SplittableRandom random;
        byte[] linkData;
        byte[] nodeData;
        final long[] id2s = new long[4];

        @Setup(Level.Trial)
        public void open(Store store) throws StoreException {
            int id = store.workers.getAndIncrement();
            random = new SplittableRandom(id);
            linkData = MongoFixture.payload(random, MongoFixture.PAYLOAD);
            nodeData = MongoFixture.payload(random, 168);
            if (store.fixture.available()) {
                session = store.fixture.session(id);
            }
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
            if (session != null) {
                session.close();
            }
        }

        long id1() {
            return 1 + random.nextInt(MongoFixture.NODES);
        }
    }

    @Benchmark
    public Node getNode(Worker w) throws StoreException {
        return w.session == null ? null : w.session.getNode(w.id1(), 1);
    }

    @Benchmark
    public boolean updateNode(Worker w) throws StoreException {
        return w.session != null && w.session.updateNode(new Node(w.id1(), 1, 2, 2_000, w.nodeData));
    }

    /** ADD_NODE: an id from the shared allocator (a block of 100 at a time) and one insert. */
    @Benchmark
    public long addNode(Worker w) throws StoreException {
        return w.session == null ? 0 : w.session.addNode(new Node(0, 2, 1, 3_000, w.nodeData));
    }

    @Benchmark
    public long countLinks(Worker w) throws StoreException {
        return w.session == null ? 0 : w.session.countLinks(w.id1(), MongoFixture.LINK_TYPE);
    }

    /** A whole group, newest first (4 links). */
    @Benchmark
    public List<Link> getLinkList(Worker w) throws StoreException {
        return w.session == null ? null
                : w.session.getLinkList(w.id1(), MongoFixture.LINK_TYPE, 0, Long.MAX_VALUE, 0, 10_000);
    }

    /** Four id2s of one group in one query, three of them existing. */
    @Benchmark
    public List<Link> multigetLinks(Worker w) throws StoreException {
        if (w.session == null) {
            return null;
        }
        long id1 = w.id1();
        w.id2s[0] = id1 + 1;
        w.id2s[1] = id1 + 2;
        w.id2s[2] = id1 + 4;
        w.id2s[3] = id1 + 100;
        return w.session.multigetLinks(id1, MongoFixture.LINK_TYPE, w.id2s);
    }

    /** ADD_LINK of an existing visible link with a new time: findOneAndUpdate, then the count's $inc. */
    @Benchmark
    public boolean addLinkExisting(Worker w) throws StoreException {
        if (w.session == null) {
            return false;
        }
        long id1 = w.id1();
        long id2 = id1 + 1 + w.random.nextInt(MongoFixture.LINKS_PER_ID1);
        return w.session.addLink(MongoFixture.link(id1, id2, 2_000_000L + w.random.nextInt(1_000), w.linkData));
    }

    /** DELETE_LINK (hide) followed by ADD_LINK (revive) of the same link: four writes in all. */
    @Benchmark
    public boolean hideAndRevive(Worker w) throws StoreException {
        if (w.session == null) {
            return false;
        }
        long id1 = w.id1();
        long id2 = id1 + 1 + w.random.nextInt(MongoFixture.LINKS_PER_ID1);
        w.session.deleteLink(id1, MongoFixture.LINK_TYPE, id2, false);
        return w.session.addLink(MongoFixture.link(id1, id2, 3_000_000L, w.linkData));
    }
}
