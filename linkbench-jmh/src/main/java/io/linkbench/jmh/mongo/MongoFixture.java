package io.linkbench.jmh.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.linkbench.config.Settings;
import io.linkbench.jmh.store.SmallGraph;
import io.linkbench.jmh.store.StoreFixture;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProviders;
import java.util.Map;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The MongoDB store on an in-process, in-memory MongoDB-compatible server (mongo-java-server) on a
 * loopback port, loaded with {@link #GRAPH}: 1,000 nodes with 4 links each. The server scans a
 * collection for most queries, so the graph is kept small and the figure to read is the client's CPU
 * per operation ({@link io.linkbench.jmh.core.CpuProfiler}, client.cpu.norm): the store's and the driver's work, encoding, the wire
 * protocol. When the server cannot start (no loopback networking, say) the benchmarks are skipped.
 */
@State(Scope.Benchmark)
public class MongoFixture extends StoreFixture {
    static final SmallGraph GRAPH = new SmallGraph(1_000, 4, 23, 168);
    private static final String SERVER_LOG_LEVEL = "org.slf4j.simpleLogger.log.de.bwaldvogel";

    private MongoServer server;

    /** The server with the graph loaded. */
    public MongoFixture() {
        this(true);
    }

    /** The server with the graph loaded only when {@code load}. */
    protected MongoFixture(boolean load) {
        super(GRAPH, load);
    }

    @Override
    protected GraphStore openStore(int sessions) throws StoreException {
        if (System.getProperty(SERVER_LOG_LEVEL) == null) {
            System.setProperty(SERVER_LOG_LEVEL, "warn"); // it logs every connection at INFO
        }
        server = new MongoServer(new MemoryBackend());
        server.bind("127.0.0.1", 0);
        int port = server.getLocalAddress().getPort();
        Settings settings = new Settings(Map.of("store", "mongo", "url", "mongodb://127.0.0.1:" + port,
                "dbid", "jmh", "transactions", "off", "server_selection_timeout", "5"));
        return StoreProviders.discover().byName("mongo").open(new StoreContext(settings, sessions));
    }

    @Override
    protected void release() {
        if (server != null) {
            server.shutdownNow();
            server = null;
        }
    }

    @Override
    protected String skipMessage(Exception cause) {
        return "MongoDB store benchmarks: the in-process server cannot start or load (" + cause.getMessage()
                + "); these benchmarks measure nothing in this run";
    }
}
