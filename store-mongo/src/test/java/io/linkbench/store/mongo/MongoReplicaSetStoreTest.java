package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against a real MongoDB replica set named by LINKBENCH_MONGO_URL, with transactions
 * on: the store declares itself transactional ({@link io.linkbench.store.StoreInfo#transactional()}), so the concurrent count-invariant test runs too.
 * Skipped as a whole, with a message, when the variable is not set.
 */
@Tag("mongo")
class MongoReplicaSetStoreTest extends GraphStoreContract {
    private int stores;

    @BeforeAll
    static void needsAReplicaSet() {
        RealMongo.urlOrSkip();
    }

    @Override
    protected GraphStore openFreshStore() throws Exception {
        Map<String, String> settings = Map.of("store", "mongo", "url", RealMongo.urlOrSkip(),
                "dbid", "lbtest_tck" + ++stores, "transactions", "on");
        GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), maxSessions()));
        assertTrue(store.info().transactional(), "transactions = on gives a transactional store");
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }
}
