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
 * The store TCK against a sharded cluster named by LINKBENCH_MONGO_CLUSTER_URL (a mongos, or the
 * DocumentDB cluster of {@code scripts/start-documentdb-cluster.sh}, which the test command starts), with
 * transactions and sharding on: every contract runs on collections sharded by the store, links and counts
 * by hashed id1. A one-host URL on this machine is reached through a {@link FaultProxy} for the fault
 * hook. The random and concurrent contracts run fewer operations than against one server (a sharded
 * write costs several times as much on this machine's two cores); they still cross every shard.
 */
@Tag("mongo")
class MongoClusterStoreTest extends GraphStoreContract implements FaultInjection {
    private static FaultProxy proxy;
    private static String url;
    private int stores;

    @BeforeAll
    static synchronized void needsACluster() throws Exception {
        if (url != null) {
            return;
        }
        String given = RealMongo.clusterUrlOrSkip();
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

    private Map<String, String> settings() {
        return Map.of("store", "mongo", "url", url, "dbid", "lbtest_ctck" + stores, "transactions", "on",
                "sharding", "on");
    }

    @Override
    protected GraphStore openFreshStore() throws Exception {
        stores++;
        GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings()), maxSessions()));
        assertTrue(store.info().transactional(), "transactions = on gives a transactional store");
        store.prepareForLoad(SchemaMode.RECREATE);
        return store;
    }

    /** The last store's database, opened again without recreating it. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        return new MongoStoreProvider().open(new StoreContext(new Settings(settings()), maxSessions()));
    }

    @Override
    protected StoreProvider provider() {
        return new MongoStoreProvider();
    }

    @Override
    protected int concurrentOpsPerWriter() {
        return 100;
    }

    @Override
    protected int randomOps() {
        return 600;
    }

    /** The session's next command resets its connection before the server sees it. */
    @Override
    public void failNextCall(GraphStore store, StoreSession session) {
        Assumptions.assumeTrue(proxy != null, "the fault hook needs a one-host server on this machine: "
                + RealMongo.CLUSTER_ENV + " names several hosts or a remote one");
        proxy.failNextCommand();
    }
}
