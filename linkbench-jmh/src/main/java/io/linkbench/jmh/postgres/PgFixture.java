package io.linkbench.jmh.postgres;

import io.linkbench.config.Settings;
import io.linkbench.jmh.store.SmallGraph;
import io.linkbench.jmh.store.StoreFixture;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreProviders;
import java.util.Map;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * The PostgreSQL store on the local cluster of scripts/start-postgres.sh (LINKBENCH_PG_HOST,
 * LINKBENCH_PG_PORT, LINKBENCH_PG_USER and LINKBENCH_PASSWORD, as the tests read them), in the schema
 * {@code lbjmh}, recreated and loaded with the MySQL benchmarks' graph (20,000 nodes, 4 links each:
 * cached, so the figures are the round trip and the CPU per call). Skipped without a reachable server.
 */
@State(Scope.Benchmark)
public class PgFixture extends StoreFixture {
    /** Transaction isolation of the store. */
    @Param({"read_committed"})
    public String isolation;

    private final String host = env("LINKBENCH_PG_HOST", "127.0.0.1");
    private final String port = env("LINKBENCH_PG_PORT", "5433");

    public PgFixture() {
        super(new SmallGraph(20_000, 4, 8, 128), true);
    }

    @Override
    protected GraphStore openStore(int sessions) throws StoreException {
        Settings s = new Settings(Map.of("store", "postgres", "host", host, "port", port,
                "user", env("LINKBENCH_PG_USER", "linkbench"), "password", env("LINKBENCH_PASSWORD", "linkbench"),
                "dbid", "linkbench", "pg_schema", "lbjmh", "isolation", isolation, "connect_timeout", "3"));
        return StoreProviders.discover().byName("postgres").open(new StoreContext(s, sessions));
    }

    @Override
    protected String skipMessage(Exception cause) {
        return "PostgreSQL store benchmarks: no usable server at " + host + ":" + port + " (" + cause.getMessage()
                + "); run scripts/start-postgres.sh. These benchmarks measure nothing in this run.";
    }

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }
}
