package io.linkbench.jmh.mongo;

import io.linkbench.jmh.store.StoreLoadBenchmark;
import io.linkbench.store.StoreException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk load of links ({@code loadLinks}: one unordered insertMany of 1024 documents) into an empty
 * in-process server: throughput in links per second. The in-memory server's own cost per inserted
 * document is small, so this mostly measures building, encoding and sending the documents. Iterations
 * are short: the server keeps everything in memory. Run with
 * {@code java -jar linkbench-jmh/target/benchmarks.jar MongoLoadBenchmark -prof io.linkbench.jmh.core.CpuProfiler}.
 */
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class MongoLoadBenchmark extends StoreLoadBenchmark {

    /** The server with an empty store. */
    @State(Scope.Benchmark)
    public static class Empty extends MongoFixture {
        public Empty() {
            super(false);
        }
    }

    @Setup(Level.Trial)
    public void open(Empty fixture) throws StoreException {
        openLoader(fixture, MongoFixture.GRAPH.linkPayload());
    }
}
