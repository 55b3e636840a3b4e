package io.linkbench.store.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;

/**
 * The store's collections and its one secondary index. Links and counts are keyed by {@code _id}
 * (see {@link Docs}); the index {@value #LINK_INDEX} on (id1, link_type, visibility, time desc,
 * id2 desc, version, data) serves GET_LINKS_LIST as an ordered range scan that never reads the
 * documents. Collections are created explicitly so that transactions never have to create them.
 */
final class Schema {
    static final String LINK_INDEX = "link_list";
    /** The keys of {@value #LINK_INDEX}, in order. */
    static final BsonDocument LINK_INDEX_KEYS = new BsonDocument(Docs.ID1, new BsonInt32(1))
            .append(Docs.LINK_TYPE, new BsonInt32(1))
            .append(Docs.VISIBILITY, new BsonInt32(1))
            .append(Docs.TIME, new BsonInt32(-1))
            .append(Docs.ID2, new BsonInt32(-1))
            .append(Docs.VERSION, new BsonInt32(1))
            .append(Docs.DATA, new BsonInt32(1));
    private static final int NAMESPACE_EXISTS = 48;

    final MongoDatabase db;
    final MongoCollection<BsonDocument> nodes;
    final MongoCollection<BsonDocument> links;
    final MongoCollection<BsonDocument> counts;
    final MongoCollection<BsonDocument> meta;
    private final MongoConfig config;

    Schema(MongoDatabase db, MongoConfig config) {
        this.db = db;
        this.config = config;
        this.nodes = db.getCollection(config.nodeCollection(), BsonDocument.class);
        this.links = db.getCollection(config.linkCollection(), BsonDocument.class);
        this.counts = db.getCollection(config.countCollection(), BsonDocument.class);
        this.meta = db.getCollection(config.metaCollection(), BsonDocument.class);
    }

    /**
     * CREATE: refuses a database whose node, link or count collection holds documents. RECREATE:
     * empties the four collections first: dropped, or, when some of them are sharded and the store does not
     * shard them itself ({@code sharding = off}), emptied document by document so that the sharding made by
     * hand and the indexes stay. Then creates what is missing, shards it ({@link Sharding#shardForLoad}) and creates
     * the link index unless it is to be built after the load.
     */
    void prepareForLoad(SchemaMode mode, Sharding sharding) throws StoreException {
        boolean keepByHand = mode == SchemaMode.RECREATE && !sharding.enabled() && sharding.anySharded();
        List<MongoCollection<BsonDocument>> all = List.of(nodes, links, counts, meta);
        if (mode == SchemaMode.RECREATE) {
            Set<String> existing = collectionNames();
            for (MongoCollection<BsonDocument> c : all) {
                if (!existing.contains(c.getNamespace().getCollectionName())) {
                    continue;
                }
                if (keepByHand) {
                    c.deleteMany(new BsonDocument());
                } else {
                    c.drop();
                }
            }
        } else {
            List<String> holding = new ArrayList<>();
            for (MongoCollection<BsonDocument> c : List.of(nodes, links, counts)) {
                if (c.find().projection(new BsonDocument(Docs.ID, new BsonInt32(1))).first() != null) {
                    holding.add(c.getNamespace().getCollectionName());
                }
            }
            if (!holding.isEmpty()) {
                throw StoreException.refusal("database " + config.database() + " on " + config.hosts()
                        + " is not empty (documents in " + String.join(", ", holding) + "): load into an empty"
                        + " database (dbid) or set schema = recreate to drop the data first");
            }
        }
        createMissingCollections();
        sharding.shardForLoad();
        if (!config.indexAfterLoad()) {
            createLinkIndex();
        }
    }

    /** Creates whatever is missing (a request phase on a database loaded elsewhere, or never loaded). */
    void prepareForRequests() {
        createMissingCollections();
        if (!hasLinkIndex()) {
            createLinkIndex();
        }
    }

    /** True when the link or the count collection exists (something to verify). */
    boolean hasLinksOrCounts() {
        Set<String> existing = collectionNames();
        return existing.contains(links.getNamespace().getCollectionName())
                || existing.contains(counts.getNamespace().getCollectionName());
    }

    void createLinkIndex() {
        links.createIndex(LINK_INDEX_KEYS, new IndexOptions().name(LINK_INDEX));
    }

    boolean hasLinkIndex() {
        for (BsonDocument index : links.listIndexes(BsonDocument.class)) {
            if (index.containsKey("name") && LINK_INDEX.equals(index.getString("name").getValue())) {
                return true;
            }
        }
        return false;
    }

    private Set<String> collectionNames() {
        Set<String> names = new HashSet<>();
        for (String name : db.listCollectionNames()) {
            names.add(name);
        }
        return names;
    }

    private void createMissingCollections() {
        Set<String> existing = collectionNames();
        for (MongoCollection<BsonDocument> c : List.of(nodes, links, counts, meta)) {
            String name = c.getNamespace().getCollectionName();
            if (!existing.contains(name)) {
                try {
                    db.createCollection(name);
                } catch (MongoCommandException e) {
                    if (e.getErrorCode() != NAMESPACE_EXISTS) { // another client created it meanwhile
                        throw e;
                    }
                }
            }
        }
    }
}
