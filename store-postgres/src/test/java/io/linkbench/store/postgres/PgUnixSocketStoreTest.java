package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The store TCK through the server's Unix socket ({@code socket} = the socket directory, as libpq's
 * host=/dir), read by core's {@code UnixSocket} without a native library; skipped when the test
 * server has no socket on this host (LINKBENCH_PG_SOCKET_DIR, default scripts/start-postgres.sh's).
 */
@Tag("postgres")
class PgUnixSocketStoreTest extends GraphStoreContract implements TerminatesSessionBackends {
    private static final String SCHEMA = "lbtest_tck_socket";
    private static final String DIR = System.getenv().getOrDefault("LINKBENCH_PG_SOCKET_DIR",
            "/var/tmp/linkbench-postgres/socket");

    private static Map<String, String> socket() {
        Assumptions.assumeTrue(Files.exists(Path.of(DIR, ".s.PGSQL." + PgTestServer.PORT)),
                "no PostgreSQL socket in " + DIR);
        return Map.of("socket", DIR);
    }

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return PgTestServer.freshStore(SCHEMA, socket(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return PgTestServer.open(PgTestServer.settings(SCHEMA, socket()), maxSessions());
    }

    @Test
    void theFactsSayTheSocket() throws Exception {
        try (GraphStore store = openFreshStore()) {
            assertEquals("unix socket", store.info().facts().get("transport"));
            assertTrue(store.info().facts().get("round_trips").startsWith("GET_NODE"), "round trips per operation");
            assertEquals(Path.of(DIR, ".s.PGSQL." + PgTestServer.PORT).toString(), store.info().facts().get("server"));
        }
    }
}
