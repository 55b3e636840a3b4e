package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.fail;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.tck.harness.ServerScripts;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;

/**
 * The Spider cluster the tests use: the one {@code scripts/start-spider.sh} runs (head 127.0.0.1:3340,
 * backends 127.0.0.2:3341 and 127.0.0.3:3342, user linkbench / LINKBENCH_PASSWORD; the script's LINKBENCH_SPIDER_PORT moves
 * them, for the tests and for the script's fault helpers alike). When the head cannot be reached the
 * tests are skipped with a message, except under CI=true, where they fail (CI starts the cluster).
 */
final class SpiderTestCluster {
    static final String HOST = "127.0.0.1";
    static final int HEAD_PORT = Integer.parseInt(System.getenv().getOrDefault("LINKBENCH_SPIDER_PORT", "3340"));
    static final int BACKENDS = 2;
    /** Why the cluster cannot be used, or null when it can; found once per test JVM. */
    private static final String UNREACHABLE = probe();

    private SpiderTestCluster() {
    }

    /** Skips the calling test (or fails it under CI=true) when the cluster does not run. */
    static void assumeAvailable() {
        if (UNREACHABLE == null) {
            return;
        }
        String message = "Spider tests need the cluster of scripts/start-spider.sh (head " + HOST + ":" + HEAD_PORT
                + "): " + UNREACHABLE;
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message);
        }
        System.err.println("SKIPPED: " + message);
        Assumptions.abort(message);
    }

    /** The store settings of the head for {@code database} with the backends' {@code engine}, plus {@code extra}. */
    static Map<String, String> settings(String engine, String database, Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "mysql");
        m.put("spider", "on");
        m.put("host", HOST);
        m.put("port", Integer.toString(HEAD_PORT));
        m.put("user", MySqlTestServer.USER);
        m.put("password", MySqlTestServer.PASSWORD);
        m.put("dbid", database);
        m.put("engine", engine);
        m.putAll(extra);
        return m;
    }

    /** A store on {@code database} (recreated empty), for up to {@code maxSessions}. */
    static GraphStore freshStore(String engine, String database, Map<String, String> extra, int maxSessions)
            throws StoreException {
        assumeAvailable();
        GraphStore store = open(settings(engine, database, extra), maxSessions);
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }

    static GraphStore open(Map<String, String> settings, int maxSessions) throws StoreException {
        return new MySqlStoreProvider().open(new StoreContext(new Settings(settings), maxSessions));
    }

    /** Node {@code i}'s address: the head's {@link #HOST}, backend i's a loopback address of its own, 127.0.0.(1+i). */
    static String host(int i) {
        return "127.0.0." + (1 + i);
    }

    /** A plain JDBC connection to node {@code i} (0 the head, 1.. the backends) and {@code database} ("" for none). */
    static Connection jdbc(int i, String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", MySqlTestServer.USER);
        p.setProperty("password", MySqlTestServer.PASSWORD);
        return DriverManager.getConnection("jdbc:mysql://" + host(i) + ":" + (HEAD_PORT + i) + "/" + database
                + "?connectTimeout=3000&socketTimeout=60000", p);
    }

    /**
     * Another id1 whose links and count live on the backend of {@code id1}'s in {@code database}, for the
     * TCK's test of one snapshot (a read-only transaction reads one snapshot per backend). The head's link
     * table is partitioned by HASH(id1), read here from its partition list, and MariaDB puts a row of HASH
     * partitioning in partition MOD(id1, partitions): id1 + partitions is in the same one.
     */
    static long id1OnTheBackendOf(String database, long id1) throws SQLException {
        try (Connection c = jdbc(0, "");
             PreparedStatement ps = c.prepareStatement("SELECT partition_method, partition_expression, COUNT(*) FROM"
                     + " information_schema.PARTITIONS WHERE table_schema = ? AND table_name = 'linktable'"
                     + " GROUP BY partition_method, partition_expression")) {
            ps.setString(1, database);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next() || !"HASH".equals(rs.getString(1)) || !"`id1`".equals(rs.getString(2))) {
                    throw new SQLException(database + ".linktable on the head is not partitioned by HASH(`id1`)");
                }
                return id1 + rs.getLong(3);
            }
        }
    }

    /** The command-line arguments for config/{@code configFile} on the test cluster's head and {@code database}. */
    static String[] args(String configFile, String database, String... more) {
        List<String> all = new ArrayList<>(List.of("-c",
                CliRunner.repositoryRoot().resolve("config").resolve(configFile).toString(),
                "-D", "host=" + HOST, "-D", "port=" + HEAD_PORT, "-D", "user=" + MySqlTestServer.USER,
                "-D", "password=" + MySqlTestServer.PASSWORD, "-D", "dbid=" + database));
        all.addAll(List.of(more));
        if (all.contains("verify")) { // a subcommand: its options follow it
            all.remove("verify");
            all.add(0, "verify");
        }
        return all.toArray(String[]::new);
    }

    /**
     * Runs scripts/start-spider.sh with {@code args} (a fault helper) and waits for it, failing on a non-zero exit.
     * Its output goes through a file ({@link ServerScripts}): a node it starts must never hold this JVM's
     * standard streams, which surefire waits on until they close.
     */
    static void control(String... args) throws IOException, InterruptedException {
        ServerScripts.run("start-spider.sh", args);
    }

    private static String probe() {
        try (Connection c = jdbc(0, "")) {
            return null;
        } catch (SQLException e) {
            return io.linkbench.store.jdbc.SqlErrorMap.oneLine(e);
        }
    }
}
