package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.linkbench.store.GraphStore;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * An ordinary role, without {@code pg_read_all_settings} (scripts/start-postgres.sh makes
 * {@code <user>_plain} with its login alone): the default {@code citus = auto} finds that a plain server has
 * no Citus, though the role may not read {@code shared_preload_libraries}.
 */
@Tag("postgres")
class PgPlainRoleTest {
    private static final String ROLE = PgTestServer.USER + "_plain";

    /** A connection as the plain role, or the test skipped (failed under CI=true) when the role is missing. */
    private static Connection plain() {
        PgTestServer.assumeAvailable();
        Properties p = new Properties();
        p.setProperty("user", ROLE);
        p.setProperty("password", PgTestServer.PASSWORD);
        try {
            return DriverManager.getConnection("jdbc:postgresql://" + PgTestServer.HOST + ":" + PgTestServer.PORT + "/"
                    + PgTestServer.DATABASE + "?connectTimeout=3", p);
        } catch (SQLException e) {
            String why = "no role " + ROLE + " on the test server (run scripts/start-postgres.sh again): " + e.getMessage();
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why);
            }
            Assumptions.abort(why);
            return null;
        }
    }

    @Test
    void citusAutoOpensAPlainServerForARoleThatMayNotReadSharedPreloadLibraries() throws Exception {
        try (Connection c = plain(); Statement s = c.createStatement()) {
            SQLException refused = assertThrows(SQLException.class, () -> s.execute("SHOW shared_preload_libraries"),
                    "the role must lack pg_read_all_settings for this test to mean anything");
            assertTrue(refused.getMessage().contains("pg_read_all_settings"), refused.getMessage());
        }
        Map<String, String> settings = PgTestServer.settings("lbtest_plain_role", Map.of("user", ROLE));
        assertEquals("auto", settings.getOrDefault("citus", "auto"));
        try (GraphStore store = PgTestServer.open(settings, 1)) {
            assertTrue(((PgGraphStore) store).citus().isEmpty(), "a plain server: plain tables");
        }
    }
}
