package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.linkbench.store.GraphStore;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against a sharded cluster named by LINKBENCH_MONGO_CLUSTER_URL (a mongos, or the
 * DocumentDB cluster of {@code scripts/start-documentdb-cluster.sh}, which the test command starts), with
 * transactions and sharding on: every contract runs on collections the store sharded, links and counts by
 * hashed id1, spread over every worker.
 */
@Tag("mongo")
class MongoClusterStoreTest extends RealServerContract {
    @BeforeAll
    static void needsACluster() throws Exception {
        useServer(RealMongo.clusterUrlOrSkip(), RealMongo.CLUSTER_ENV);
    }

    @Override
    protected String databasePrefix() {
        return "lbtest_ctck";
    }

    @Override
    protected Map<String, String> keys() {
        return Map.of("sharding", "on");
    }

    @Override
    protected GraphStore openFreshStore() throws Exception {
        GraphStore store = super.openFreshStore();
        assertEquals("on (sharding = on)", store.info().facts().get("sharding"));
        return store;
    }
}
