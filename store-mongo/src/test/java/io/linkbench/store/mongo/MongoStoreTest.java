package io.linkbench.store.mongo;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK over the MongoDB wire protocol, with the real driver, against an in-process
 * mongo-java-server (one per test, a database per store) with transactions off: the concurrent
 * count-invariant test is skipped, as the store does not claim it without transactions.
 */
@Tag("mongo")
class MongoStoreTest extends GraphStoreContract {
    private InProcessMongo server;
    private int stores;

    @Override
    protected GraphStore openFreshStore() throws Exception {
        if (server == null) {
            server = new InProcessMongo();
        }
        return server.open("tck" + ++stores, Map.of(), maxSessions());
    }

    /** The last store's database, on the same in-process server. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        return server.open("tck" + stores, Map.of(), maxSessions());
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected StoreProvider provider() {
        return new MongoStoreProvider();
    }
}
