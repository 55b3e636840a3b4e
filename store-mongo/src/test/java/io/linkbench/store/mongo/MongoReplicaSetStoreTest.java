package io.linkbench.store.mongo;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against a real transactional server named by LINKBENCH_MONGO_URL (a replica set, a
 * mongos, or DocumentDB), with transactions on: the store declares itself transactional
 * ({@link io.linkbench.store.StoreInfo#transactional()}), so the concurrent count-invariant tests run
 * too. Skipped as a whole, with a message, when the variable is not set.
 */
@Tag("mongo")
class MongoReplicaSetStoreTest extends RealServerContract {
    @BeforeAll
    static void needsARealServer() throws Exception {
        useServer(RealMongo.urlOrSkip(), RealMongo.ENV);
    }

    @Override
    protected String databasePrefix() {
        return "lbtest_tck";
    }

    @Override
    protected Map<String, String> keys() {
        return Map.of();
    }
}
