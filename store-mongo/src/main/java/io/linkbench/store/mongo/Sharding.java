package io.linkbench.store.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.connection.ClusterType;
import io.linkbench.store.StoreException;
import io.linkbench.store.mongo.MongoConfig.ShardingMode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The sharding of the store's collections ({@code sharding}, {@code shard_count}). When on, the load
 * shards what it creates before the first insert: links and counts by a hashed {@code id1}, so that a
 * link, its count and its list live on one shard, and nodes by a hashed {@code _id}; the meta collection
 * stays unsharded. A request phase checks that the collections are sharded so and refuses them in one
 * line otherwise.
 *
 * <p>On a mongos the database gets {@code enableSharding} first and each collection
 * {@code shardCollection}. On DocumentDB with its distributed extension {@code shardCollection} turns a
 * collection's table into a Citus table distributed by the hash of the key; collections sharded with the
 * same shard count fall into one Citus co-location group (a link and its count on one worker, written
 * without two-phase commit) only when the server's {@code documentdb.enableNativeColocation} is off, as
 * {@code scripts/start-documentdb-cluster.sh} sets it; with the server's default each collection is a group
 * of its own.
 */
final class Sharding {
    static final BsonDocument BY_ID1 = new BsonDocument(Docs.ID1, new BsonString("hashed"));
    static final BsonDocument BY_ID = new BsonDocument(Docs.ID, new BsonString("hashed"));
    /** enableSharding on a database that has it already (older servers answer so). */
    private static final int ALREADY_INITIALIZED = 23;

    private final MongoClient client;
    private final MongoDatabase db;
    private final MongoConfig config;
    private final boolean documentDb;
    private final boolean mongos;
    private final boolean enabled;
    private final String why;
    /** Collection name to the shard key it should have, nodes first. */
    private final Map<String, BsonDocument> keys = new LinkedHashMap<>();

    Sharding(MongoClient client, MongoConfig config, Connection.Server server) {
        this.client = client;
        this.db = client.getDatabase(config.database());
        this.config = config;
        this.documentDb = server.documentDb();
        this.mongos = client.getClusterDescription().getType() == ClusterType.SHARDED && !documentDb;
        keys.put(config.nodeCollection(), BY_ID);
        keys.put(config.linkCollection(), BY_ID1);
        keys.put(config.countCollection(), BY_ID1);
        ShardingMode mode = config.sharding();
        if (mode == ShardingMode.OFF) {
            enabled = false;
            why = "off (sharding = off: the collections are left as they are)";
        } else if (mode == ShardingMode.ON) {
            enabled = true;
            why = "on (sharding = on)";
        } else if (mongos) {
            enabled = true;
            why = "on (sharding = auto: the server is a mongos)";
        } else {
            enabled = false;
            why = "off (sharding = auto: " + (documentDb ? "DocumentDB does not say whether it is distributed;"
                    + " sharding = on shards on a DocumentDB cluster" : "the server is not a mongos") + ")";
        }
    }

    /** Whether the store shards its collections. */
    boolean enabled() {
        return enabled;
    }

    /**
     * Shards each collection that is not sharded yet (they exist and are empty: called after the load
     * created them, before any insert). A collection sharded on another key is refused.
     *
     * @throws StoreException a refusal when the server cannot shard, or a collection has another key
     */
    void shardForLoad() throws StoreException {
        if (!enabled) {
            return;
        }
        refuseWithoutSharding();
        if (mongos) {
            try {
                client.getDatabase("admin").runCommand(new BsonDocument("enableSharding", new BsonString(config.database())));
            } catch (MongoCommandException e) {
                if (e.getErrorCode() != ALREADY_INITIALIZED) {
                    throw refusal("enableSharding on database " + config.database(), e);
                }
            }
        }
        for (Map.Entry<String, BsonDocument> e : keys.entrySet()) {
            BsonDocument now = shardKey(e.getKey());
            if (now == null) {
                shard(e.getKey(), e.getValue());
            } else if (!now.equals(e.getValue())) {
                throw StoreException.refusal(wrongKey(e.getKey(), now));
            }
        }
    }

    /**
     * Refuses collections that are not sharded as the store shards them (a request phase on a graph
     * loaded unsharded, or sharded by hand on another key).
     */
    void check() throws StoreException {
        if (!enabled) {
            return;
        }
        refuseWithoutSharding();
        for (Map.Entry<String, BsonDocument> e : keys.entrySet()) {
            BsonDocument now = shardKey(e.getKey());
            if (now == null || !now.equals(e.getValue())) {
                throw StoreException.refusal(wrongKey(e.getKey(), now));
            }
        }
    }

    /** The facts of the report: sharding, each collection's shard key as the server says it, shard count, co-location. */
    Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("sharding", why);
        StringBuilder keysNow = new StringBuilder();
        for (String name : keys.keySet()) {
            BsonDocument now;
            try {
                now = shardKey(name);
            } catch (RuntimeException e) {
                now = null;
            }
            keysNow.append(keysNow.length() == 0 ? "" : ", ").append(name).append(' ')
                    .append(now == null ? "unsharded" : now.toJson());
        }
        facts.put("shard_keys", keysNow.toString());
        if (enabled) {
            facts.put("shard_count", config.shardCount() > 0 ? config.shardCount() + " per collection (shard_count)"
                    : "the server's default" + (documentDb ? " (citus.shard_count)" : ""));
            facts.put("co_location", documentDb
                    ? "links and counts by the same hashed id1 and shard count: one Citus co-location group when the"
                    + " server's documentdb.enableNativeColocation is off (scripts/start-documentdb-cluster.sh sets it),"
                    + " else a group per collection and two-phase commit for a link write"
                    : "links and counts by the same hashed id1: the balancer places their chunks independently");
        }
        return facts;
    }

    private void shard(String name, BsonDocument key) throws StoreException {
        BsonDocument command = new BsonDocument("shardCollection", new BsonString(config.database() + "." + name))
                .append("key", key);
        if (config.shardCount() > 0) {
            command.append("numInitialChunks", new BsonInt32(config.shardCount()));
        }
        try {
            client.getDatabase("admin").runCommand(command);
        } catch (MongoCommandException e) {
            throw refusal("shardCollection " + config.database() + "." + name + " by " + key.toJson(), e);
        }
    }

    /**
     * The collection's shard key as the server says it: DocumentDB's listCollections gives it in
     * {@code info.shardKey}; a mongos keeps it in {@code config.collections}. Null when unsharded.
     */
    BsonDocument shardKey(String name) {
        for (BsonDocument c : db.listCollections(BsonDocument.class).filter(new BsonDocument("name", new BsonString(name)))) {
            BsonValue info = c.get("info");
            if (info != null && info.isDocument() && info.asDocument().isDocument("shardKey")) {
                return info.asDocument().getDocument("shardKey");
            }
        }
        if (!mongos) {
            return null;
        }
        BsonDocument entry = client.getDatabase("config").getCollection("collections", BsonDocument.class)
                .find(new BsonDocument(Docs.ID, new BsonString(config.database() + "." + name))).first();
        if (entry == null || !entry.isDocument("key") || entry.getBoolean("dropped", BsonBoolean.FALSE).getValue()) {
            return null;
        }
        return entry.getDocument("key");
    }

    private void refuseWithoutSharding() throws StoreException {
        ClusterType type = client.getClusterDescription().getType();
        if (!documentDb && type != ClusterType.SHARDED) {
            throw StoreException.refusal("sharding = on: the server at " + config.hosts() + " is "
                    + (type == ClusterType.REPLICA_SET ? "a replica set" : "a single mongod")
                    + ", which cannot shard: connect to a mongos, or set sharding = off");
        }
    }

    private String wrongKey(String name, BsonDocument now) {
        return "collection " + name + " in database " + config.database() + " on " + config.hosts() + " is "
                + (now == null ? "not sharded" : "sharded by " + now.toJson()) + ", and sharding is on with "
                + keys.get(name).toJson() + ": load it again with schema = recreate to shard it, or set sharding = off"
                + " to measure it as it is";
    }

    private StoreException refusal(String what, MongoCommandException e) {
        return StoreException.refusal(what + " failed on " + config.hosts() + ": " + Errors.oneLine(e)
                + (documentDb ? " (DocumentDB shards only with its distributed extension and Citus:"
                + " scripts/start-documentdb-cluster.sh; else set sharding = off)" : " (set sharding = off to load unsharded)"));
    }

}
