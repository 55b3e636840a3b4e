package io.linkbench.jmh.store;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The operations every store benchmark times (GET_NODE, UPDATE_NODE, GET_LINKS_LIST of a whole group)
 * on a pre-loaded {@link StoreFixture}: average time per call. Each benchmark thread is an instance (a
 * JMH {@link Scope#Thread} state) with its own session, random stream and payloads, set up by the
 * subclass's {@code @Setup(Level.Trial)} method through {@link #openSession}. Without a session (the
 * fixture skipped its store) every operation returns at once.
 *
 * <p>JMH generates the benchmarks for the concrete subclasses only, under their names; their own
 * annotations win over these.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public abstract class StoreOpsBenchmark {
    protected StoreSession session;
    protected SplittableRandom random;
    protected byte[] linkData;
    protected byte[] nodeData;
    private final int firstSession;
    private SmallGraph graph;
    private int nodes;

    /** Sessions numbered from {@code firstSession} up, one per benchmark thread. */
    protected StoreOpsBenchmark(int firstSession) {
        this.firstSession = firstSession;
    }

    /** Opens this thread's session of {@code fixture} (none when it was skipped) and its payloads. */
    protected final void openSession(StoreFixture fixture) throws StoreException {
        int id = firstSession + fixture.nextWorker();
        graph = fixture.graph();
        nodes = graph.nodes();
        random = new SplittableRandom(id);
        linkData = SmallGraph.payload(random, graph.linkPayload());
        nodeData = SmallGraph.payload(random, graph.nodePayload());
        if (fixture.available()) {
            session = fixture.session(id);
        }
    }

    @TearDown(Level.Trial)
    public void closeSession() throws StoreException {
        if (session != null) {
            session.close();
        }
    }

    /** The graph the store holds. */
    protected final SmallGraph graph() {
        return graph;
    }

    /** A random node of the graph. */
    protected final long id1() {
        return 1 + random.nextInt(nodes);
    }

    @Benchmark
    public Node getNode() throws StoreException {
        return session == null ? null : session.getNode(id1(), 1);
    }

    @Benchmark
    public boolean updateNode() throws StoreException {
        return session != null && session.updateNode(new Node(id1(), 1, 2, 2_000, nodeData));
    }

    /** A whole group, newest first. */
    @Benchmark
    public List<Link> getLinkList() throws StoreException {
        return session == null ? null
                : session.getLinkList(id1(), SmallGraph.LINK_TYPE, 0, Long.MAX_VALUE, 0, 10_000);
    }
}
