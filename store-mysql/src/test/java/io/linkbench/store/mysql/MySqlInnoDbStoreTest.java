package io.linkbench.store.mysql;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;

/** The store TCK against the test server with InnoDB tables, in a database of its own. */
class MySqlInnoDbStoreTest extends GraphStoreContract {

    @Override
    protected GraphStore openFreshStore() throws Exception {
        MySqlTestServer.assumeAvailable();
        Map<String, String> settings = MySqlTestServer.settings("InnoDB", "lbtest_tck_innodb", Map.of());
        GraphStore store = new MySqlStoreProvider().open(new StoreContext(new Settings(settings), maxSessions()));
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }
}
