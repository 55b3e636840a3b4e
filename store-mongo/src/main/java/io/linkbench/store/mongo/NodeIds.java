package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import io.linkbench.store.StoreException;
import io.linkbench.store.support.NodeIdBlocks;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The node-id allocator of ADD_NODE ({@link NodeIdBlocks}), shared by every client process through
 * one counter document in the meta collection: {@code { _id: "node_ids", next: N }}, where every id
 * below N is taken. A block is reserved with an atomic {@code $inc} (findOneAndUpdate), so processes
 * never collide; bulk loads and the request phase's start raise N above the highest node id with
 * {@code $max}, so assigned ids stay above loaded ones. (Ids of different processes interleave by
 * block: with {@code node_id_block = 1} they increase across processes too.)
 */
final class NodeIds {
    private static final BsonDocument KEY = new BsonDocument(Docs.ID, new BsonString("node_ids"));
    private static final String NEXT = "next";

    private final MongoCollection<BsonDocument> nodes;
    private final NodeIdBlocks blocks;

    NodeIds(MongoCollection<BsonDocument> meta, MongoCollection<BsonDocument> nodes, int block) {
        this.nodes = nodes;
        this.blocks = new NodeIdBlocks(new CounterDocument(meta), block);
    }

    /** The next id: from the reserved block, or from a new block reserved now. */
    long next() throws StoreException {
        return blocks.next();
    }

    /** Makes every id any process hands out from now on greater than {@code id}. */
    void raiseAbove(long id) throws StoreException {
        blocks.raiseAbove(id);
    }

    /**
     * Raises the allocator above the highest stored node id (one query on the {@code _id} index):
     * for data loaded without it, or a block that went stale while another process loaded nodes.
     */
    void raiseAboveStored() throws StoreException {
        BsonDocument highest = nodes.find().projection(new BsonDocument(Docs.ID, new BsonInt32(1)))
                .sort(new BsonDocument(Docs.ID, new BsonInt32(-1))).first();
        if (highest != null) {
            blocks.raiseAbove(Docs.longOf(highest, Docs.ID));
        }
    }

    /** Forgets the reserved block (the meta collection was emptied). */
    void reset() {
        blocks.reset();
    }

    /** The counter document; its operations throw MongoException, which callers translate. */
    private record CounterDocument(MongoCollection<BsonDocument> meta) implements NodeIdBlocks.Counter {
        @Override
        public long reserve(int size) {
            BsonDocument after = upsertRetrying(() -> meta.findOneAndUpdate(KEY,
                    new BsonDocument("$inc", new BsonDocument(NEXT, new BsonInt64(size))),
                    new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)
                            .projection(new BsonDocument(NEXT, new BsonInt32(1)))));
            return Docs.longOf(after, NEXT);
        }

        @Override
        public void raiseTo(long floor) {
            upsertRetrying(() -> meta.updateOne(KEY,
                    new BsonDocument("$max", new BsonDocument(NEXT, new BsonInt64(floor))),
                    new UpdateOptions().upsert(true)));
        }
    }

    /** Two clients upserting the missing counter document at once: one gets a duplicate key; try again. */
    private static <T> T upsertRetrying(java.util.function.Supplier<T> op) {
        try {
            return op.get();
        } catch (MongoException e) {
            if (!Errors.isDuplicateKey(e)) {
                throw e;
            }
            return op.get();
        }
    }
}
