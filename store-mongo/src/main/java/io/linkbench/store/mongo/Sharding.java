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
import org.bson.BsonArray;
import org.bson.BsonBoolean;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * The sharding of the store's collections ({@code sharding}, {@code shard_count}). When on (by default on a
 * mongos, or on a DocumentDB distributed over Citus), the load
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
    private static final String SHARD_COUNT = "shardCount";
    private static final String COLOCATION_ID = "colocationId";

    private final MongoClient client;
    private final MongoDatabase db;
    private final MongoConfig config;
    private final boolean documentDb;
    private final boolean mongos;
    private final ShardingMode mode;
    /**
     * Decided on first use, once the collections exist: DocumentDB says only then whether it is distributed.
     * Guarded by this (the facts may be read on another thread than the phases').
     */
    private Boolean enabled;
    private String why;
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
        this.mode = config.sharding();
    }

    /**
     * Whether the store shards its collections: {@code sharding = on}, or auto on a mongos or on a DocumentDB
     * whose collections carry Citus's metadata (its distributed extension). DocumentDB says so only of a
     * collection that exists: before the load creates them, auto answers false without deciding, and the
     * load asks again once they exist ({@link #shardForLoad}).
     */
    synchronized boolean enabled() {
        if (enabled != null) {
            return enabled;
        }
        if (mode == ShardingMode.OFF) {
            decide(false, "off (sharding = off: the collections are left as they are)");
        } else if (mode == ShardingMode.ON) {
            decide(true, "on (sharding = on)");
        } else if (mongos) {
            decide(true, "on (sharding = auto: the server is a mongos)");
        } else if (!documentDb) {
            decide(false, "off (sharding = auto: the server is not a mongos)");
        } else {
            Map<String, BsonDocument> layout = layout();
            if (layout.isEmpty()) {
                why = "off for now (sharding = auto: DocumentDB says whether it is distributed once the load creates"
                        + " the collections)";
                return false;
            }
            boolean distributed = layout.values().stream().anyMatch(c -> c.containsKey(SHARD_COUNT));
            decide(distributed, distributed ? "on (sharding = auto: DocumentDB distributed over Citus)"
                    : "off (sharding = auto: one DocumentDB server, not distributed)");
        }
        return enabled;
    }

    private void decide(boolean on, String reason) {
        enabled = on;
        why = reason;
    }

    /**
     * Shards each collection that is not sharded yet (they exist and are empty: called after the load
     * created them, before any insert). A collection sharded on another key is refused.
     *
     * @throws StoreException a refusal when the server cannot shard, or a collection has another key
     */
    void shardForLoad() throws StoreException {
        if (!enabled()) {
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
        Map<String, BsonDocument> now = keysNow(layout());
        for (Map.Entry<String, BsonDocument> e : keys.entrySet()) {
            BsonDocument key = now.get(e.getKey());
            if (key == null) {
                shard(e.getKey(), e.getValue());
            } else if (!key.equals(e.getValue())) {
                throw StoreException.refusal(wrongKey(e.getKey(), key));
            }
        }
    }

    /**
     * Refuses collections that are not sharded as the store shards them (a request phase on a graph
     * loaded unsharded, or sharded by hand on another key).
     */
    void check() throws StoreException {
        if (!enabled()) {
            return;
        }
        refuseWithoutSharding();
        Map<String, BsonDocument> now = keysNow(layout());
        for (Map.Entry<String, BsonDocument> e : keys.entrySet()) {
            if (!e.getValue().equals(now.get(e.getKey()))) {
                throw StoreException.refusal(wrongKey(e.getKey(), now.get(e.getKey())));
            }
        }
    }

    /**
     * The facts of the report: sharding, each collection's shard key as the server says it, and on a sharded
     * store the shard count and the co-location of links and counts (on DocumentDB both from Citus's metadata).
     */
    synchronized Map<String, String> facts() {
        Map<String, String> facts = new LinkedHashMap<>();
        boolean on = enabled();
        facts.put("sharding", why);
        Map<String, BsonDocument> layout = layout();
        Map<String, BsonDocument> now = keysNow(layout);
        StringBuilder keysNow = new StringBuilder();
        StringBuilder counts = new StringBuilder();
        for (String name : keys.keySet()) {
            BsonDocument c = layout.get(name);
            BsonDocument key = now.get(name);
            keysNow.append(keysNow.length() == 0 ? "" : ", ").append(name).append(' ')
                    .append(key == null ? "unsharded" : key.toJson());
            if (c != null && c.isNumber(SHARD_COUNT)) {
                counts.append(counts.length() == 0 ? "" : ", ").append(name).append(' ')
                        .append(c.getNumber(SHARD_COUNT).intValue());
            }
        }
        facts.put("shard_keys", keysNow.toString());
        if (!on) {
            return facts;
        }
        facts.put("shard_count", counts.length() > 0 ? counts.toString()
                : config.shardCount() > 0 ? config.shardCount() + " per collection (shard_count)" : "the server's default");
        if (documentDb) {
            facts.put("co_location", coLocation(layout.get(config.linkCollection()), layout.get(config.countCollection())));
        } else {
            facts.put("co_location", "links and counts by the same hashed id1; the balancer places their chunks apart");
        }
        return facts;
    }

    /** Whether links and counts are in one Citus co-location group, as DocumentDB's metadata says. */
    private static String coLocation(BsonDocument links, BsonDocument counts) {
        if (links == null || counts == null || !links.isNumber(COLOCATION_ID) || !counts.isNumber(COLOCATION_ID)) {
            return "not said by the server (one DocumentDB server: every collection on it)";
        }
        long l = links.getNumber(COLOCATION_ID).longValue();
        long c = counts.getNumber(COLOCATION_ID).longValue();
        return l == c ? "links and counts in one Citus co-location group (" + l + "): a link and its count on one"
                + " worker, a link write without two-phase commit"
                : "links and counts in two Citus co-location groups (" + l + ", " + c + "): a link write commits on two"
                + " workers with two-phase commit; set documentdb.enableNativeColocation = off on the server and load"
                + " again with schema = recreate";
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
     * The store's collections as listCollections gives them, by name, with DocumentDB's Citus metadata
     * ({@code shardCount}, {@code colocationId}) when it has them (other servers ignore the option).
     */
    private Map<String, BsonDocument> layout() {
        BsonArray names = new BsonArray();
        keys.keySet().forEach(n -> names.add(new BsonString(n)));
        BsonDocument command = new BsonDocument("listCollections", new BsonInt32(1))
                .append("filter", new BsonDocument("name", new BsonDocument("$in", names)));
        if (documentDb) {
            command.append("addDistributedMetadata", BsonBoolean.TRUE);
        }
        Map<String, BsonDocument> out = new LinkedHashMap<>();
        for (BsonValue c : db.runCommand(command, BsonDocument.class).getDocument("cursor").getArray("firstBatch")) {
            out.put(c.asDocument().getString("name").getValue(), c.asDocument());
        }
        return out;
    }

    /**
     * True on a DocumentDB distributed over Citus: its collections carry Citus's metadata ({@code shardCount}),
     * unsharded ones too, so the store's data may live on several workers; null when DocumentDB cannot say yet
     * (none of the store's collections exists).
     */
    Boolean citus() {
        if (!documentDb) {
            return false;
        }
        Map<String, BsonDocument> layout = layout();
        return layout.isEmpty() ? null : layout.values().stream().anyMatch(c -> c.containsKey(SHARD_COUNT));
    }

    /** True when one of the store's collections is sharded, whatever its key (by hand, or by an earlier load). */
    boolean anySharded() {
        return !keysNow(layout()).isEmpty();
    }

    /** The store's collections that are sharded, by name, with their shard keys as the server says them. */
    private Map<String, BsonDocument> keysNow(Map<String, BsonDocument> layout) {
        Map<String, BsonDocument> out = new LinkedHashMap<>();
        layout.forEach((name, listed) -> {
            BsonDocument key = shardKey(name, listed);
            if (key != null) {
                out.put(name, key);
            }
        });
        return out;
    }

    /**
     * DocumentDB gives the shard key in listCollections' {@code info.shardKey}; a mongos keeps it in
     * {@code config.collections}.
     */
    private BsonDocument shardKey(String name, BsonDocument listed) {
        BsonValue info = listed.get("info");
        if (info != null && info.isDocument() && info.asDocument().isDocument("shardKey")) {
            return info.asDocument().getDocument("shardKey");
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
