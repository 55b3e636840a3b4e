package io.linkbench.store.mysql;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;

/** The store TCK against the test server with ROCKSDB tables, in a database of its own. */
class MySqlRocksDbStoreTest extends GraphStoreContract {

    @Override
    protected GraphStore openFreshStore() throws Exception {
        MySqlTestServer.assumeAvailable();
        Map<String, String> settings = MySqlTestServer.settings("ROCKSDB", "lbtest_tck_rocksdb", Map.of());
        GraphStore store = new MySqlStoreProvider().open(new StoreContext(new Settings(settings), maxSessions()));
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }
}
