package io.linkbench.jmh.core;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStore;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.Op;
import io.linkbench.workload.Request;
import io.linkbench.workload.RequestGenerator;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The memory store's operations, one benchmark per operation, on the graph the real load phase writes
 * (default maxid1=100001: 100,000 nodes, 250,094 links). The arguments are drawn in advance by the real
 * {@link RequestGenerator} with a mix of 100% of that operation (so ids follow the configured Zipf
 * access, link ids hit existing links as often as in a run), 65,536 per thread, and cycled; the
 * timed call is the store call alone. The {@code T2} variants run two threads on one store, each with
 * its own session and its own arguments.
 *
 * <p>ADD_LINK and ADD_NODE grow the store, so their graph is reloaded before every iteration; ADD_LINK
 * shifts id2 by maxid1 on every pass over its arguments, so each call inserts a new link (one small
 * {@link Link} allocation per call is part of the figure). UPDATE_LINK rewrites links in place.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx4g"})
public class MemoryStoreBenchmark {
    static final int POOL = 1 << 16;
    static final int MASK = POOL - 1;

    /** A new {@link MemoryStore} holding the graph of {@code c}, written by the real load phase. */
    static MemoryStore loadedMemoryStore(BenchSetup.Config c) throws StoreException, InterruptedException {
        MemoryStore store = new MemoryStore();
        BenchSetup.load(c, store);
        return store;
    }

    /** The loaded memory store, shared by the benchmark's threads. */
    @State(Scope.Benchmark)
    public static class Graph {
        /** One past the last node id of the loaded graph. */
        @Param("100001")
        public long maxid1;

        BenchSetup.Config config;
        volatile MemoryStore store;

        @Setup(Level.Trial)
        public void load() throws Exception {
            config = BenchSetup.config("store", "memory", "maxid1", Long.toString(maxid1));
            store = loadedMemoryStore(config);
        }

        @TearDown(Level.Trial)
        public void close() {
            store.close();
        }
    }

    /** As {@link Graph}, loaded afresh before every iteration (for the operations that grow it). */
    @State(Scope.Benchmark)
    public static class GrowingGraph extends Graph {
        private boolean fresh = true;

        @Setup(Level.Iteration)
        public void reload() throws Exception {
            if (fresh) { // just loaded by the trial set-up
                fresh = false;
                return;
            }
            CpuProfiler.excluding(() -> {
                store.close();
                store = null;
                System.gc(); // the dropped graph's collection
                store = loadedMemoryStore(config);
                System.gc(); // and the load's garbage: neither may land in the measured iteration
            });
        }
    }

    /** One thread's arguments: pre-drawn requests of each operation, and a cursor. */
    public abstract static class Args {
        long[] nodeIds;
        long[] countId1;
        long[] countType;
        long[] multigetId1;
        long[] multigetType;
        long[][] multigetId2s;
        long[] listId1;
        long[] listType;
        int listLimit;
        Link[] updates;
        Link[] adds;
        Node[] nodes;
        long nodeCount;
        StoreSession session;
        long cursor;

        void draw(BenchSetup.Config base, int thread) {
            nodeCount = base.shape().nodeCount();
            listLimit = base.workload().listLimit();
            nodeIds = new long[POOL];
            RequestGenerator g = generator(base, Op.GET_NODE, thread);
            for (int i = 0; i < POOL; i++) {
                nodeIds[i] = g.next().id1;
            }
            countId1 = new long[POOL];
            countType = new long[POOL];
            g = generator(base, Op.COUNT_LINK, thread);
            for (int i = 0; i < POOL; i++) {
                Request r = g.next();
                countId1[i] = r.id1;
                countType[i] = r.linkType;
            }
            multigetId1 = new long[POOL];
            multigetType = new long[POOL];
            multigetId2s = new long[POOL][];
            g = generator(base, Op.MULTIGET_LINK, thread);
            for (int i = 0; i < POOL; i++) {
                Request r = g.next();
                multigetId1[i] = r.id1;
                multigetType[i] = r.linkType;
                multigetId2s[i] = r.id2Array();
            }
            listId1 = new long[POOL];
            listType = new long[POOL];
            g = generator(base, Op.GET_LINKS_LIST, thread);
            for (int i = 0; i < POOL; i++) {
                Request r = g.next(); // no list history: every list starts at offset 0
                listId1[i] = r.id1;
                listType[i] = r.linkType;
            }
            updates = new Link[POOL];
            g = generator(base, Op.UPDATE_LINK, thread);
            for (int i = 0; i < POOL; i++) {
                updates[i] = g.next().link;
            }
            adds = new Link[POOL];
            g = generator(base, Op.ADD_LINK, thread);
            for (int i = 0; i < POOL; i++) {
                adds[i] = g.next().link;
            }
            nodes = new Node[POOL];
            g = generator(base, Op.ADD_NODE, thread);
            for (int i = 0; i < POOL; i++) {
                nodes[i] = g.next().node;
            }
        }

        private static RequestGenerator generator(BenchSetup.Config base, Op op, int thread) {
            BenchSetup.Config c = BenchSetup.singleOp(base, op);
            return new RequestGenerator(c.workload(), c.shape(), c.run().seed(), thread);
        }

        /** The next argument slot. */
        final int next() {
            return (int) (cursor++ & MASK);
        }
    }

    /** Arguments and a session on the {@link Graph}. */
    @State(Scope.Thread)
    public static class Reads extends Args {
        @Setup(Level.Trial)
        public void setup(Graph graph, ThreadParams thread) throws StoreException {
            draw(graph.config, thread.getThreadIndex());
            session = graph.store.session(thread.getThreadIndex());
        }

        @TearDown(Level.Trial)
        public void close() throws StoreException {
            session.close();
        }
    }

    /** Arguments, and per iteration a session on the freshly loaded {@link GrowingGraph}. */
    @State(Scope.Thread)
    public static class Writes extends Args {
        private int thread;

        @Setup(Level.Trial)
        public void setup(GrowingGraph graph, ThreadParams params) {
            thread = params.getThreadIndex();
            draw(graph.config, thread);
        }

        @Setup(Level.Iteration)
        public void open(GrowingGraph graph) throws StoreException {
            session = graph.store.session(thread);
            cursor = 0;
        }

        @TearDown(Level.Iteration)
        public void close() throws StoreException {
            session.close();
        }
    }

    @Benchmark
    @Threads(1)
    public Node getNode(Reads a) throws StoreException {
        return a.session.getNode(a.nodeIds[a.next()], GraphShape.NODE_TYPE);
    }

    @Benchmark
    @Threads(2)
    public Node getNodeT2(Reads a) throws StoreException {
        return getNode(a);
    }

    @Benchmark
    @Threads(1)
    public long countLink(Reads a) throws StoreException {
        int i = a.next();
        return a.session.countLinks(a.countId1[i], a.countType[i]);
    }

    @Benchmark
    @Threads(2)
    public long countLinkT2(Reads a) throws StoreException {
        return countLink(a);
    }

    @Benchmark
    @Threads(1)
    public List<Link> multigetLink(Reads a) throws StoreException {
        int i = a.next();
        return a.session.multigetLinks(a.multigetId1[i], a.multigetType[i], a.multigetId2s[i]);
    }

    @Benchmark
    @Threads(2)
    public List<Link> multigetLinkT2(Reads a) throws StoreException {
        return multigetLink(a);
    }

    @Benchmark
    @Threads(1)
    public List<Link> getLinksList(Reads a) throws StoreException {
        int i = a.next();
        return a.session.getLinkList(a.listId1[i], a.listType[i], 0, Long.MAX_VALUE, 0, a.listLimit);
    }

    @Benchmark
    @Threads(2)
    public List<Link> getLinksListT2(Reads a) throws StoreException {
        return getLinksList(a);
    }

    @Benchmark
    @Threads(1)
    public boolean updateLink(Reads a) throws StoreException {
        return a.session.updateLink(a.updates[a.next()]);
    }

    @Benchmark
    @Threads(2)
    public boolean updateLinkT2(Reads a) throws StoreException {
        return updateLink(a);
    }

    @Benchmark
    @Threads(1)
    public boolean addLink(Writes a) throws StoreException {
        long pass = a.cursor >>> 16;
        Link t = a.adds[a.next()];
        return a.session.addLink(new Link(t.id1(), t.linkType(), t.id2() + pass * a.nodeCount, t.visibility(),
                t.data(), t.version(), t.time()));
    }

    @Benchmark
    @Threads(2)
    public boolean addLinkT2(Writes a) throws StoreException {
        return addLink(a);
    }

    @Benchmark
    @Threads(1)
    public long addNode(Writes a) throws StoreException {
        return a.session.addNode(a.nodes[a.next()]);
    }

    @Benchmark
    @Threads(2)
    public long addNodeT2(Writes a) throws StoreException {
        return addNode(a);
    }
}
