package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.linkbench.store.GraphStore;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK against a sharded cluster named by LINKBENCH_MONGO_CLUSTER_URL (a mongos, or the
 * DocumentDB cluster of {@code scripts/start-documentdb-cluster.sh}, which the test command starts), with
 * transactions and sharding on: every contract runs on collections the store sharded, links and counts by
 * hashed id1, spread over every worker.
 *
 * <p>Over Citus a read-only transaction reads one snapshot per worker, as the store's {@code transactions()}
 * says: the kit's test of one snapshot over two groups reads two groups on one worker there
 * ({@link #id1InOneSnapshotWith}).
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

    /**
     * On DocumentDB over Citus, an id1 on the worker of {@code id1}, read from the coordinator: a read-only
     * transaction reads one snapshot per worker there (as the store's {@code transactions()} says; 71 and 72
     * hash to different workers, and the test failed so with them). A mongos reads one snapshot across
     * shards: any other id1.
     */
    @Override
    protected long id1InOneSnapshotWith(GraphStore store, long id1) throws Exception {
        try (MongoClient client = MongoClients.create(RealMongo.clusterUrlOrSkip())) {
            if (!ServerFacts.isDocumentDb(client.getDatabase("admin"))) {
                return super.id1InOneSnapshotWith(store, id1);
            }
        }
        try (Connection c = RealMongo.clusterCoordinatorOrSkip();
             PreparedStatement ps = c.prepareStatement(ON_THE_WORKER_OF)) {
            ps.setString(1, database());
            for (int i = 2; i <= 5; i++) {
                ps.setLong(i, id1);
            }
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next(), "an id1 of " + id1 + ".." + (id1 + 256) + " on the worker of " + id1 + " in " + database());
                return rs.getLong(1);
            }
        }
    }

    /**
     * The first id1 after the given one whose links live on its worker: DocumentDB computes a document's
     * shard_key_value from the collection's shard key (hashed id1), and Citus places that value in a shard.
     */
    private static final String ON_THE_WORKER_OF = "WITH coll AS (SELECT collection_id, shard_key FROM"
            + " documentdb_api_catalog.collections WHERE database_name = ? AND collection_name = 'links'),"
            + " placed AS (SELECT g AS id1, (SELECT min(p.groupid) FROM pg_dist_placement p WHERE p.shardid ="
            + " get_shard_id_for_distribution_column(('documentdb_data.documents_' || coll.collection_id)::regclass,"
            + " documentdb_api_internal.get_shard_key_value(coll.shard_key, coll.collection_id,"
            + " ('{\"id1\": {\"$numberLong\": \"' || g || '\"}}')::documentdb_core.bson))) AS node"
            + " FROM coll, generate_series(?::bigint, ?::bigint + 256) g)"
            + " SELECT id1 FROM placed WHERE id1 > ? AND node = (SELECT node FROM placed WHERE id1 = ?) ORDER BY id1 LIMIT 1";
}
