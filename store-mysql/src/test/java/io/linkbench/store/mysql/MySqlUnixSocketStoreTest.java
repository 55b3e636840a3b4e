package io.linkbench.store.mysql;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK with InnoDB tables through the server's Unix socket ({@code socket}, read by
 * {@link UnixSocket}), its concurrent cases included; skipped when the server has no socket on this host.
 */
@Tag("mysql")
class MySqlUnixSocketStoreTest extends GraphStoreContract {

    @Override
    protected GraphStore openFreshStore() throws Exception {
        String socket = MySqlTestServer.unixSocket();
        Assumptions.assumeFalse(socket.isEmpty(), "the MySQL server has no Unix socket on this host");
        return MySqlTestServer.freshStore("InnoDB", "lbtest_tck_socket", Map.of("socket", socket), maxSessions());
    }
}
