package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.tck.harness.PendingServer;
import io.linkbench.tck.harness.ServerScripts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;

/**
 * The Citus cluster the tests use: the one {@code scripts/start-citus.sh} runs (coordinator on
 * 127.0.0.1:LINKBENCH_CITUS_PORT, default 5460, workers on the next ports; the password in
 * LINKBENCH_CITUS_DIR/password, default /var/tmp/linkbench-citus/run). Each test class works in a
 * PostgreSQL schema of its own in the database {@value #DATABASE}. When the cluster is not there
 * (no Citus sources beside the checkout, or the script was not run) the tests are skipped with a message.
 */
final class CitusTestCluster {
    static final String HOST = "127.0.0.1";
    static final int PORT = Integer.parseInt(env("LINKBENCH_CITUS_PORT", "5460"));
    static final int WORKERS = Integer.parseInt(env("LINKBENCH_CITUS_WORKERS", "2"));
    static final String USER = env("LINKBENCH_CITUS_USER", "linkbench");
    static final String DATABASE = "linkbench";
    static final Path RUN = Path.of(env("LINKBENCH_CITUS_DIR", "/var/tmp/linkbench-citus/run"));
    static final Path PASSWORD_FILE = RUN.resolve("password");
    /** Why the cluster cannot be used, or null when it can; found once per test JVM. */
    private static final String UNREACHABLE = probe();

    private CitusTestCluster() {
    }

    /** Skips the calling test when there is no cluster, saying why. */
    static void assumeAvailable() {
        if (UNREACHABLE == null) {
            return;
        }
        String message = "Citus tests need the cluster of scripts/start-citus.sh (coordinator " + HOST + ":" + PORT
                + ", which needs the Citus sources in ../shared/citus): " + UNREACHABLE;
        System.err.println("SKIPPED: " + message);
        Assumptions.abort(message);
    }

    /** "host:port" of the coordinator (0) and the workers (1..). */
    static String node(int i) {
        return HOST + ":" + (PORT + i);
    }

    /** The store settings for the PostgreSQL schema {@code schema} with citus on, plus {@code extra}. */
    static Map<String, String> settings(String schema, Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "postgres");
        m.put("host", HOST);
        m.put("port", Integer.toString(PORT));
        m.put("user", USER);
        m.put("password", password());
        m.put("dbid", DATABASE);
        m.put("pg_schema", schema);
        m.put("citus", "on");
        m.put("citus_shard_count", "4");
        m.putAll(extra);
        return m;
    }

    /** A store on {@code schema} (recreated empty), for up to {@code maxSessions}. */
    static GraphStore freshStore(String schema, Map<String, String> extra, int maxSessions) throws StoreException {
        assumeAvailable();
        GraphStore store = open(settings(schema, extra), maxSessions);
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }

    static GraphStore open(Map<String, String> settings, int maxSessions) throws StoreException {
        return PgTestServer.open(settings, maxSessions);
    }

    /** A plain JDBC connection to node {@code i} (0: the coordinator), for checks behind the store's back. */
    static Connection jdbc(int i) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", password());
        // shards are hidden from catalog queries on the workers unless this is off
        p.setProperty("options", "-c citus.override_table_visibility=off");
        return DriverManager.getConnection("jdbc:postgresql://" + node(i) + "/" + DATABASE + "?connectTimeout=3", p);
    }

    /**
     * Another id1 whose links and count live on the worker of {@code id1}'s in {@code schema}, read from
     * Citus's placements of the link table (counts are co-located with it), for the TCK's test of one
     * snapshot: a read-only transaction reads one snapshot per worker.
     */
    static long id1OnTheWorkerOf(String schema, long id1) throws SQLException {
        try (Connection c = jdbc(0);
             PreparedStatement ps = c.prepareStatement("WITH placed AS (SELECT g AS id1, (SELECT min(p.groupid) FROM"
                     + " pg_dist_placement p WHERE p.shardid = get_shard_id_for_distribution_column(?::regclass, g)) AS node"
                     + " FROM generate_series(?::bigint, ?::bigint + 256) g) SELECT id1 FROM placed WHERE id1 > ?"
                     + " AND node = (SELECT node FROM placed WHERE id1 = ?) ORDER BY id1 LIMIT 1")) {
            ps.setString(1, schema + ".linktable");
            for (int i = 2; i <= 5; i++) {
                ps.setLong(i, id1);
            }
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    throw new SQLException("no id1 of " + id1 + ".." + (id1 + 256) + " on the worker of " + id1 + " in " + schema);
                }
                return rs.getLong(1);
            }
        }
    }

    /** Runs scripts/start-citus.sh with {@code args} (a fault helper) and waits for it, failing on a non-zero exit. */
    static void control(String... args) throws IOException, InterruptedException {
        ServerScripts.run("start-citus.sh", args);
    }

    static String password() {
        try {
            return Files.readString(PASSWORD_FILE, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return "";
        }
    }

    private static String probe() {
        try {
            String pending = PendingServer.await("citus"); // the test command may still be building it
            if (pending != null) {
                return pending;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted while waiting for the cluster's start";
        }
        if (!Files.isReadable(PASSWORD_FILE)) {
            return "no password file " + PASSWORD_FILE + " (run bash scripts/start-citus.sh)";
        }
        for (int i = 0; i <= WORKERS; i++) {
            try (Connection c = jdbc(i)) {
                // reachable
            } catch (SQLException e) {
                return node(i) + ": " + SqlErrorMap.oneLine(e);
            }
        }
        return null;
    }

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }
}
