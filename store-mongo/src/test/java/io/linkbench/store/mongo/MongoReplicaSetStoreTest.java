package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against a real transactional server named by LINKBENCH_MONGO_URL (a replica set, a
 * mongos, or DocumentDB), with transactions on: the store declares itself transactional
 * ({@link io.linkbench.store.StoreInfo#transactional()}), so the concurrent count-invariant tests run
 * too. A one-host server is reached through a {@link FaultProxy}, which gives the TCK's fault hook; a
 * URL of several hosts is used as given and the fault contracts skip. Skipped as a whole, with a
 * message, when the variable is not set.
 */
@Tag("mongo")
class MongoReplicaSetStoreTest extends GraphStoreContract implements FaultInjection {
    private static FaultProxy proxy;
    private static String url;
    private int stores;

    @BeforeAll
    static synchronized void needsARealServer() throws Exception {
        if (url != null) {
            return;
        }
        String given = RealMongo.urlOrSkip();
        if (new com.mongodb.ConnectionString(given).getHosts().size() == 1 && given.startsWith("mongodb://")) {
            String hp = RealMongo.hostPort(given);
            if (hp.startsWith("127.0.0.1") || hp.startsWith("localhost")) {
                proxy = new FaultProxy(RealMongo.port(given));
            }
        }
        url = proxy == null ? given : RealMongo.through(given, proxy.port()).orElse(given);
    }

    @AfterAll
    static void closeProxy() throws Exception {
        if (proxy != null) {
            proxy.close();
            proxy = null;
        }
        url = null;
    }

    @Override
    protected GraphStore openFreshStore() throws Exception {
        Map<String, String> settings = Map.of("store", "mongo", "url", url,
                "dbid", "lbtest_tck" + ++stores, "transactions", "on");
        GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), maxSessions()));
        assertTrue(store.info().transactional(), "transactions = on gives a transactional store");
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }

    /** The last store's database, opened again without recreating it. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        Map<String, String> settings = Map.of("store", "mongo", "url", url,
                "dbid", "lbtest_tck" + stores, "transactions", "on");
        return new MongoStoreProvider().open(new StoreContext(new Settings(settings), maxSessions()));
    }

    @Override
    protected StoreProvider provider() {
        return new MongoStoreProvider();
    }

    /** The session's next command resets its connection before the server sees it. */
    @Override
    public void failNextCall(GraphStore store, StoreSession session) {
        Assumptions.assumeTrue(proxy != null, "the fault hook needs a one-host server on this machine: "
                + RealMongo.ENV + " names several hosts or a remote one");
        proxy.failNextCommand();
    }
}
