package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/** The store TCK against the Citus cluster (read committed, distributed tables), in a schema of its own. */
@Tag("citus")
class CitusStoreTest extends GraphStoreContract {
    private static final String SCHEMA = "lbtest_citus_tck";

    @Override
    protected GraphStore openFreshStore() throws Exception {
        return CitusTestCluster.freshStore(SCHEMA, Map.of(), maxSessions());
    }

    @Override
    protected GraphStore reopenStore() throws Exception {
        return CitusTestCluster.open(CitusTestCluster.settings(SCHEMA, Map.of()), maxSessions());
    }

    @Override
    protected StoreProvider provider() {
        return new PgStoreProvider();
    }
}
