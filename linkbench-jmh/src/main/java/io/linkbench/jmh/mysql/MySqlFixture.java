package io.linkbench.jmh.mysql;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The MySQL store on the local test server (the one scripts/start-mariadb.sh starts; found through
 * LINKBENCH_MYSQL_HOST, LINKBENCH_MYSQL_PORT, LINKBENCH_MYSQL_USER and LINKBENCH_PASSWORD as the tests
 * do), in a database of its own per engine, recreated and loaded through the store's bulk load with
 * {@code NODES} nodes and {@code LINKS_PER_ID1} links of type 1 per node: small enough to stay in the
 * server's caches, so the figures are the round trip, the driver's and the server's CPU per call.
 *
 * <p>When no server can be reached the fixture says so once on stderr and {@link #available()} is
 * false: the benchmarks then return at once instead of failing the run.
 */
final class MySqlFixture implements AutoCloseable {
    static final int NODES = 20_000;
    static final int LINKS_PER_ID1 = 4;
    static final long LINK_TYPE = 1;
    static final int PAYLOAD = 8;
    private static final int BATCH = 1024;

    private final GraphStore store;

    private MySqlFixture(GraphStore store) {
        this.store = store;
    }

    /** Connects, recreates and loads the database for {@code engine}, or returns an unavailable fixture. */
    static MySqlFixture open(String engine, int sessions) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "mysql");
        m.put("host", env("LINKBENCH_MYSQL_HOST", "127.0.0.1"));
        m.put("port", env("LINKBENCH_MYSQL_PORT", "3306"));
        m.put("user", env("LINKBENCH_MYSQL_USER", "linkbench"));
        m.put("password", env("LINKBENCH_PASSWORD", "linkbench"));
        m.put("dbid", "lbjmh_" + engine.toLowerCase(java.util.Locale.ROOT));
        m.put("engine", engine);
        m.put("connect_timeout", "3");
        GraphStore store = null;
        try {
            store = StoreProviders.discover().byName("mysql").open(new StoreContext(new Settings(m), sessions));
            store.prepareForLoad(SchemaMode.RECREATE);
            load(store);
            if (store instanceof LoadHooks hooks) {
                hooks.finishLoad();
            }
            store.prepareForRequests();
            return new MySqlFixture(store);
        } catch (StoreException | RuntimeException e) {
            if (store != null) {
                try {
                    store.close();
                } catch (StoreException ignored) {
                    // already failing
                }
            }
            System.err.println("SKIPPED: MySQL store benchmarks (engine " + engine + "): no usable server at "
                    + m.get("host") + ":" + m.get("port") + " (" + e.getMessage()
                    + "); run scripts/start-mariadb.sh. These benchmarks measure nothing in this run.");
            return new MySqlFixture(null);
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
                nodes.add(new Node(id, 1, 1, 1_000, payload(r, 128)));
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

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }

    @Override
    public void close() throws StoreException {
        if (store != null) {
            store.close();
        }
    }
}
