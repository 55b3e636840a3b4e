package io.linkbench.jmh.mongo;

import io.linkbench.graph.Node;
import io.linkbench.jmh.store.LinkOpsBenchmark;
import io.linkbench.store.StoreException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;

/**
 * The MongoDB store's main operations over the wire protocol against an in-process server holding a
 * small graph ({@link MongoFixture}): average time per call, one session per benchmark thread (from 1:
 * session 0 loaded the graph). GET_LINKS_LIST reads 4 links; MULTIGET_LINK asks for 4 id2s, three of
 * them existing; ADD_LINK of an existing link is a findOneAndUpdate and the count's $inc; hide and
 * revive are four writes in all. The in-memory server scans collections, so wall time includes its
 * work; the client's share is {@code client.cpu.norm}. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar MongoOpsBenchmark -prof io.linkbench.jmh.core.CpuProfiler}.
 */
public class MongoOpsBenchmark extends LinkOpsBenchmark {

    public MongoOpsBenchmark() {
        super(1, 1, 2, 4, 100);
    }

    @Setup(Level.Trial)
    public void open(MongoFixture fixture) throws StoreException {
        openSession(fixture);
    }

    /** ADD_NODE: an id from the shared allocator (a block of 100 at a time) and one insert. */
    @Benchmark
    public long addNode() throws StoreException {
        return session == null ? 0 : session.addNode(new Node(0, 2, 1, 3_000, nodeData));
    }
}
