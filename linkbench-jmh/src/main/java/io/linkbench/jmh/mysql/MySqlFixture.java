package io.linkbench.jmh.mysql;

import io.linkbench.config.Settings;
import io.linkbench.jmh.store.SmallGraph;
import io.linkbench.jmh.store.StoreFixture;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProviders;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The MySQL store on the local test server (the one scripts/start-mariadb.sh starts; found through
 * LINKBENCH_MYSQL_HOST, LINKBENCH_MYSQL_PORT, LINKBENCH_MYSQL_USER and LINKBENCH_PASSWORD as the tests
 * do), in a database of its own per {@link #engine}, recreated and loaded with {@link #GRAPH}: 20,000
 * nodes with 4 links each, small enough to stay in the server's caches, so the figures are the round
 * trip, the driver's and the server's CPU per call. Without a reachable server the benchmarks are skipped.
 * {@code -p socket=/run/mysqld/mysqld.sock} runs them through the server's Unix socket instead of TCP.
 */
@State(Scope.Benchmark)
public class MySqlFixture extends StoreFixture {
    static final SmallGraph GRAPH = new SmallGraph(20_000, 4, 8, 128);

    @Param({"ROCKSDB", "InnoDB"})
    public String engine;

    /** The server's Unix socket (the store's {@code socket}); empty for TCP. */
    @Param({""})
    public String socket;

    private final String host = env("LINKBENCH_MYSQL_HOST", "127.0.0.1");
    private final String port = env("LINKBENCH_MYSQL_PORT", "3306");

    public MySqlFixture() {
        super(GRAPH, true);
    }

    @Override
    protected GraphStore openStore(int sessions) throws StoreException {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "mysql");
        m.put("host", host);
        m.put("port", port);
        m.put("user", env("LINKBENCH_MYSQL_USER", "linkbench"));
        m.put("password", env("LINKBENCH_PASSWORD", "linkbench"));
        m.put("dbid", "lbjmh_" + engine.toLowerCase(Locale.ROOT));
        m.put("engine", engine);
        m.put("connect_timeout", "3");
        m.put("socket", socket);
        return StoreProviders.discover().byName("mysql").open(new StoreContext(new Settings(m), sessions));
    }

    @Override
    protected String skipMessage(Exception cause) {
        return "MySQL store benchmarks (engine " + engine + "): no usable server at " + host + ":" + port + " ("
                + cause.getMessage() + "); run scripts/start-mariadb.sh. These benchmarks measure nothing in this run.";
    }

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }
}
