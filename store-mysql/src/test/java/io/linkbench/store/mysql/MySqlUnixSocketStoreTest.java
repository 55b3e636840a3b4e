package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The store TCK with InnoDB tables through the server's Unix socket ({@code socket}, read by
 * core's {@code UnixSocket}), its concurrent cases included; skipped when the server has no socket on this host.
 */
@Tag("mysql")
class MySqlUnixSocketStoreTest extends GraphStoreContract implements KillsSessionConnections {

    @Override
    protected GraphStore openFreshStore() throws Exception {
        String socket = MySqlTestServer.unixSocket();
        Assumptions.assumeFalse(socket.isEmpty(), "the MySQL server has no Unix socket on this host");
        return MySqlTestServer.freshStore("InnoDB", "lbtest_tck_socket", Map.of("socket", socket), maxSessions());
    }

    @Test
    void hostLocalhostConnectsThroughTheServersSocketAndTheFactsSaySo() throws Exception {
        String socket = MySqlTestServer.unixSocket();
        Assumptions.assumeTrue(LocalSocket.USUAL_PATHS.stream().anyMatch(p -> p.toString().equals(socket)),
                "the server's socket is not at a usual path on this host");
        Assumptions.assumeTrue(MySqlTestServer.PORT.equals("3306"), "the test server is not on port 3306");
        Map<String, String> settings = new java.util.HashMap<>(MySqlTestServer.settings("InnoDB", "lbtest_localhost", Map.of()));
        settings.put("host", "localhost");
        try (GraphStore store = MySqlTestServer.open(settings)) {
            store.prepareForLoad(SchemaMode.RECREATE);
            assertEquals("unix socket", store.info().facts().get("transport"));
            assertTrue(store.info().facts().get("round_trips").startsWith("GET_NODE"), "round trips per operation");
            assertEquals(socket, store.info().facts().get("server"));
        }
        settings.put("host", "127.0.0.1");
        try (GraphStore store = MySqlTestServer.open(settings)) {
            assertEquals("tcp", store.info().facts().get("transport"));
        }
    }
}
