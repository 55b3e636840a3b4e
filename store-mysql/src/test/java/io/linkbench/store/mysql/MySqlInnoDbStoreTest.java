package io.linkbench.store.mysql;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against the test server with InnoDB tables, in a database of its own;
 * the fault contracts kill the session's connections ({@link KillsSessionConnections}).
 */
@Tag("mysql")
class MySqlInnoDbStoreTest extends GraphStoreContract implements KillsSessionConnections {

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return MySqlTestServer.freshStore("InnoDB", "lbtest_tck_innodb", Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return MySqlTestServer.open(MySqlTestServer.settings("InnoDB", "lbtest_tck_innodb", Map.of()));
    }

    @Override
    protected StoreProvider provider() {
        return new MySqlStoreProvider();
    }
}
