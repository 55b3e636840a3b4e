package io.linkbench.jmh.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The MongoDB store on an in-process, in-memory MongoDB-compatible server (mongo-java-server) on a
 * loopback port, loaded with a small graph through the store's own bulk load: {@code NODES} nodes and
 * {@code LINKS_PER_ID1} links of type 1 per node. The server scans a collection for most queries, so
 * the graph is kept small and the figure to read is the client's CPU per operation
 * ({@link ClientCpuProfiler}): the store's and the driver's work, encoding, the wire protocol.
 *
 * <p>When the server cannot start (no loopback networking, say) the fixture says so once on stderr
 * and {@link #available()} is false: the benchmarks then return at once instead of failing the run.
 */
final class MongoFixture implements AutoCloseable {
    static final int NODES = 1_000;
    static final int LINKS_PER_ID1 = 4;
    static final long LINK_TYPE = 1;
    static final int PAYLOAD = 23;
    private static final int BATCH = 1024;
    private static final String SERVER_LOG_LEVEL = "org.slf4j.simpleLogger.log.de.bwaldvogel";

    private final MongoServer server;
    private final GraphStore store;

    private MongoFixture(MongoServer server, GraphStore store) {
        this.server = server;
        this.store = store;
    }

    /** Starts the server and loads the graph, or returns an unavailable fixture saying why. */
    static MongoFixture start(int sessions, boolean load) {
        if (System.getProperty(SERVER_LOG_LEVEL) == null) {
            System.setProperty(SERVER_LOG_LEVEL, "warn"); // it logs every connection at INFO
        }
        MongoServer server = null;
        try {
            server = new MongoServer(new MemoryBackend());
            server.bind("127.0.0.1", 0);
            int port = server.getLocalAddress().getPort();
            Settings settings = new Settings(Map.of("store", "mongo", "url", "mongodb://127.0.0.1:" + port,
                    "dbid", "jmh", "transactions", "off", "server_selection_timeout", "5"));
            GraphStore store = StoreProviders.discover().byName("mongo").open(new StoreContext(settings, sessions));
            store.prepareForLoad(SchemaMode.RECREATE);
            if (load) {
                load(store);
            }
            if (store instanceof LoadHooks hooks) {
                hooks.finishLoad();
            }
            store.prepareForRequests();
            return new MongoFixture(server, store);
        } catch (StoreException | RuntimeException e) {
            if (server != null) {
                server.shutdownNow();
            }
            System.err.println("SKIPPED: MongoDB store benchmarks: the in-process server cannot start or load ("
                    + e.getMessage() + "); these benchmarks measure nothing in this run");
            return new MongoFixture(null, null);
        }
    }

    boolean available() {
        return store != null;
    }

    /** A session of the store (only when {@link #available()}). */
    StoreSession session(int workerId) throws StoreException {
        return store.session(workerId);
    }

    static byte[] payload(SplittableRandom r, int size) {
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) r.nextInt(256);
        }
        return b;
    }

    static Link link(long id1, long id2, long time, byte[] data) {
        return new Link(id1, LINK_TYPE, id2, Visibility.VISIBLE, data, 1, time);
    }

    private static void load(GraphStore store) throws StoreException {
        SplittableRandom r = new SplittableRandom(42);
        try (StoreSession s = store.session(0)) {
            List<Node> nodes = new ArrayList<>(BATCH);
            List<Link> links = new ArrayList<>(BATCH);
            List<LinkCount> counts = new ArrayList<>(BATCH);
            for (long id = 1; id <= NODES; id++) {
                nodes.add(new Node(id, 1, 1, 1_000, payload(r, 168)));
                for (int j = 0; j < LINKS_PER_ID1; j++) {
                    links.add(link(id, id + 1 + j, 1_000_000L + j, payload(r, PAYLOAD)));
                }
                counts.add(new LinkCount(id, LINK_TYPE, LINKS_PER_ID1, 1_000_000L + LINKS_PER_ID1, 1));
                if (links.size() >= BATCH || id == NODES) {
                    s.loadNodes(nodes);
                    s.loadLinks(links);
                    s.loadCounts(counts);
                    nodes.clear();
                    links.clear();
                    counts.clear();
                }
            }
        }
    }

    @Override
    public void close() throws StoreException {
        if (store != null) {
            store.close();
        }
        if (server != null) {
            server.shutdownNow();
        }
    }
}
