package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.fail;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;

/**
 * The PostgreSQL server the tests use: found through LINKBENCH_PG_HOST, LINKBENCH_PG_PORT,
 * LINKBENCH_PG_USER and LINKBENCH_PASSWORD, with the defaults of scripts/start-postgres.sh. Each
 * test class works in a PostgreSQL schema of its own in the database {@value #DATABASE}. When the
 * server cannot be reached the tests are skipped with a message, except under CI=true (CI starts it).
 */
final class PgTestServer {
    static final String HOST = env("LINKBENCH_PG_HOST", "127.0.0.1");
    static final String PORT = env("LINKBENCH_PG_PORT", "5433");
    static final String USER = env("LINKBENCH_PG_USER", "linkbench");
    static final String DATABASE = "linkbench";
    static final String PASSWORD = env("LINKBENCH_PASSWORD", "linkbench");
    /** Why the server cannot be used, or null when it can; found once per test JVM. */
    private static final String UNREACHABLE = probe();

    private PgTestServer() {
    }

    /** Skips the calling test (or fails it under CI=true) when there is no server. */
    static void assumeAvailable() {
        if (UNREACHABLE == null) {
            return;
        }
        String message = "PostgreSQL store tests need a server at " + HOST + ":" + PORT + " as " + USER
                + " (run scripts/start-postgres.sh): " + UNREACHABLE;
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message);
        }
        System.err.println("SKIPPED: " + message);
        Assumptions.abort(message);
    }

    /** The store settings for the PostgreSQL schema {@code schema}, plus {@code extra}. */
    static Map<String, String> settings(String schema, Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "postgres");
        m.put("host", HOST);
        m.put("port", PORT);
        m.put("user", USER);
        m.put("password", PASSWORD);
        m.put("dbid", DATABASE);
        m.put("pg_schema", schema);
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
        return new PgStoreProvider().open(new StoreContext(new Settings(settings), maxSessions));
    }

    /** A plain JDBC connection to the test database, for checks behind the store's back. */
    static Connection jdbc() throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD);
        return DriverManager.getConnection("jdbc:postgresql://" + HOST + ":" + PORT + "/" + DATABASE
                + "?connectTimeout=3", p);
    }

    private static String probe() {
        try (Connection c = jdbc()) {
            return null;
        } catch (SQLException e) {
            return SqlErrorMap.oneLine(e);
        }
    }

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }
}
