package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.fail;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;

/**
 * The MySQL server the tests use: found through the environment variables LINKBENCH_MYSQL_HOST,
 * LINKBENCH_MYSQL_PORT, LINKBENCH_MYSQL_USER and LINKBENCH_PASSWORD, with the defaults that
 * scripts/start-mariadb.sh creates. When it cannot be reached the tests are skipped with a message,
 * except under CI=true, where they fail (CI starts the server).
 */
final class MySqlTestServer {
    static final String HOST = env("LINKBENCH_MYSQL_HOST", "127.0.0.1");
    static final String PORT = env("LINKBENCH_MYSQL_PORT", "3306");
    static final String USER = env("LINKBENCH_MYSQL_USER", "linkbench");
    static final String PASSWORD = env("LINKBENCH_PASSWORD", "linkbench");
    /** Why the server cannot be used, or null when it can; found once per test JVM. */
    private static final String UNREACHABLE = probe();
    /** The server's Unix socket here, or ""; found once per test JVM (after UNREACHABLE). */
    private static final String UNIX_SOCKET = findUnixSocket();

    private MySqlTestServer() {
    }

    /** Skips the calling test (or fails it under CI=true) when there is no server. */
    static void assumeAvailable() {
        if (UNREACHABLE == null) {
            return;
        }
        String message = "MySQL store tests need a MySQL or MariaDB server at " + HOST + ":" + PORT + " as "
                + USER + " (run scripts/start-mariadb.sh): " + UNREACHABLE;
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message);
        }
        System.err.println("SKIPPED: " + message);
        Assumptions.abort(message);
    }

    /** The store settings for {@code database} with {@code engine}, plus {@code extra}. */
    static Map<String, String> settings(String engine, String database, Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "mysql");
        m.put("host", HOST);
        m.put("port", PORT);
        m.put("user", USER);
        m.put("password", PASSWORD);
        m.put("dbid", database);
        m.put("engine", engine);
        m.putAll(extra);
        return m;
    }

    /** A store on {@code database} (recreated empty) with {@code engine}. */
    static GraphStore freshStore(String engine, String database, Map<String, String> extra) throws StoreException {
        return freshStore(engine, database, extra, 8);
    }

    /** A store on {@code database} (recreated empty) with {@code engine}, for up to {@code maxSessions}. */
    static GraphStore freshStore(String engine, String database, Map<String, String> extra, int maxSessions)
            throws StoreException {
        assumeAvailable();
        GraphStore store = open(settings(engine, database, extra), maxSessions);
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }

    static GraphStore open(Map<String, String> settings) throws StoreException {
        return open(settings, 8);
    }

    private static GraphStore open(Map<String, String> settings, int maxSessions) throws StoreException {
        return new MySqlStoreProvider().open(new StoreContext(new Settings(settings), maxSessions));
    }

    /** A plain JDBC connection to {@code database} ("" for none), for checks behind the store's back. */
    static Connection jdbc(String database) throws SQLException {
        Properties p = new Properties();
        p.setProperty("user", USER);
        p.setProperty("password", PASSWORD);
        return DriverManager.getConnection("jdbc:mysql://" + HOST + ":" + PORT + "/" + database
                + "?connectTimeout=3000", p);
    }

    /** Row counts and a checksum of every column of the node, link and count tables. */
    static String digest(String database) throws Exception {
        StringBuilder d = new StringBuilder();
        try (Connection c = MySqlTestServer.jdbc(database); Statement s = c.createStatement()) {
            for (String q : List.of(
                    "SELECT COUNT(*), SUM(CRC32(CONCAT_WS(',', id, type, version, time, HEX(data)))) FROM nodetable",
                    "SELECT COUNT(*), SUM(CRC32(CONCAT_WS(',', id1, id2, link_type, visibility, HEX(data),"
                            + " HEX(IFNULL(data_ext, '')), time, version))) FROM linktable",
                    "SELECT COUNT(*), SUM(CRC32(CONCAT_WS(',', id, link_type, count, time, version))) FROM counttable")) {
                try (ResultSet rs = s.executeQuery(q)) {
                    rs.next();
                    d.append(rs.getLong(1)).append('/').append(rs.getLong(2)).append(' ');
                }
            }
        }
        return d.toString();
    }

    private static String probe() {
        try (Connection c = jdbc("")) {
            return null;
        } catch (SQLException e) {
            return SqlErrorMap.oneLine(e);
        }
    }

    /**
     * The server's Unix socket when the tests run on its host: LINKBENCH_MYSQL_SOCKET, or the server's
     * {@code @@socket} when that file exists here; empty when there is none to use.
     */
    static String unixSocket() {
        return UNIX_SOCKET;
    }

    private static String findUnixSocket() {
        String configured = env("LINKBENCH_MYSQL_SOCKET", "");
        if (!configured.isEmpty() || UNREACHABLE != null) {
            return configured;
        }
        try (Connection c = jdbc(""); java.sql.Statement s = c.createStatement();
             java.sql.ResultSet rs = s.executeQuery("SELECT @@socket")) {
            String path = rs.next() ? rs.getString(1) : null;
            return path != null && java.nio.file.Files.exists(java.nio.file.Path.of(path)) ? path : "";
        } catch (SQLException e) {
            return "";
        }
    }

    private static String env(String name, String defaultValue) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? defaultValue : v;
    }
}
