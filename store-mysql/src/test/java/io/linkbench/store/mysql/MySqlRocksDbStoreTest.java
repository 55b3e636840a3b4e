package io.linkbench.store.mysql;

import io.linkbench.store.GraphStore;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against the test server with ROCKSDB tables, in a database of its own;
 * the fault contracts kill the session's connections ({@link KillsSessionConnections}).
 */
@Tag("mysql")
class MySqlRocksDbStoreTest extends GraphStoreContract implements KillsSessionConnections {

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return MySqlTestServer.freshStore("ROCKSDB", "lbtest_tck_rocksdb", Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return MySqlTestServer.open(MySqlTestServer.settings("ROCKSDB", "lbtest_tck_rocksdb", Map.of()));
    }
}
