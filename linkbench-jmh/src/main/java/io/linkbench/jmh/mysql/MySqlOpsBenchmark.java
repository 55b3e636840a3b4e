package io.linkbench.jmh.mysql;

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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The MySQL store's main operations (GET_NODE, GET_LINKS_LIST, ADD_LINK, UPDATE_NODE) against the
 * local server, on each engine: average time per call, one session per benchmark thread. The wall time
 * is mostly the server and the round trip; the client's share is what {@link ServerCpuProfiler} puts
 * next to the server's:
 * {@code java -jar linkbench-jmh/target/benchmarks.jar MySqlOpsBenchmark -prof io.linkbench.jmh.mysql.ServerCpuProfiler}.
 * Without a reachable server every benchmark returns at once (see {@link MySqlFixture}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class MySqlOpsBenchmark {

    /** The store, shared by every benchmark thread. */
    @State(Scope.Benchmark)
    public static class Store {
        @Param({"ROCKSDB", "InnoDB"})
        public String engine;

        MySqlFixture fixture;
        final AtomicInteger workers = new AtomicInteger();

        @Setup(Level.Trial)
        public void open() {
            fixture = MySqlFixture.open(engine, 8);
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
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
        long nextTime = 2_000_000L;

        @Setup(Level.Trial)
        public void open(Store store) throws StoreException {
            int id = store.workers.getAndIncrement();
            random = new SplittableRandom(id);
            linkData = MySqlFixture.payload(random, MySqlFixture.PAYLOAD);
            nodeData = MySqlFixture.payload(random, 128);
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
            return 1 + random.nextInt(MySqlFixture.NODES);
        }
    }

    @Benchmark
    public Node getNode(Worker w) throws StoreException {
        return w.session == null ? null : w.session.getNode(w.id1(), 1);
    }

    /** A whole group, newest first (4 links, from the covering index). */
    @Benchmark
    public List<Link> getLinkList(Worker w) throws StoreException {
        return w.session == null ? null
                : w.session.getLinkList(w.id1(), MySqlFixture.LINK_TYPE, 0, Long.MAX_VALUE, 0, 10_000);
    }

    /** ADD_LINK of a new link: insert, count upsert, commit (three round trips). */
    @Benchmark
    public boolean addLink(Worker w) throws StoreException {
        if (w.session == null) {
            return false;
        }
        long id1 = w.id1();
        long id2 = 1_000_000_000L + w.random.nextLong(1_000_000_000L); // practically always new
        return w.session.addLink(MySqlFixture.link(id1, id2, w.nextTime++, w.linkData));
    }

    @Benchmark
    public boolean updateNode(Worker w) throws StoreException {
        return w.session != null && w.session.updateNode(new Node(w.id1(), 1, 2, 2_000, w.nodeData));
    }
}
