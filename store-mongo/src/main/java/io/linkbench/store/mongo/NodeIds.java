package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * The node-id allocator of ADD_NODE, shared by every client process through one counter document in
 * the meta collection: {@code { _id: "node_ids", next: N }}, where every id below N is taken. A
 * process reserves a block of ids at a time with an atomic {@code $inc} (findOneAndUpdate), so
 * processes never collide; its sessions draw from the block under a lock, so the ids one process
 * assigns increase. Bulk loads and the request phase's start raise N above the highest node id with
 * {@code $max}, so assigned ids stay above loaded ones. (Ids of different processes interleave by
 * block: with {@code node_id_block = 1} they increase across processes too.)
 */
final class NodeIds {
    private static final BsonDocument KEY = new BsonDocument(Docs.ID, new BsonString("node_ids"));
    private static final String NEXT = "next";

    private final MongoCollection<BsonDocument> meta;
    private final MongoCollection<BsonDocument> nodes;
    private final int block;
    private long next; // the next id of the reserved block [next, end)
    private long end;

    NodeIds(MongoCollection<BsonDocument> meta, MongoCollection<BsonDocument> nodes, int block) {
        this.meta = meta;
        this.nodes = nodes;
        this.block = block;
    }

    /** The next id: from the reserved block, or from a new block reserved now. */
    synchronized long next() {
        if (next >= end) {
            BsonDocument after = upsertRetrying(() -> meta.findOneAndUpdate(KEY,
                    new BsonDocument("$inc", new BsonDocument(NEXT, new BsonInt64(block))),
                    new FindOneAndUpdateOptions().upsert(true).returnDocument(ReturnDocument.AFTER)
                            .projection(new BsonDocument(NEXT, new BsonInt32(1)))));
            end = Docs.longOf(after, NEXT);
            next = Math.max(1, end - block); // ids start at 1
        }
        return next++;
    }

    /**
     * Makes every id this allocator (and every other process's) hands out from now on greater than
     * {@code id}; drops the local block if it lies below.
     */
    void raiseAbove(long id) {
        upsertRetrying(() -> meta.updateOne(KEY,
                new BsonDocument("$max", new BsonDocument(NEXT, new BsonInt64(id + 1))),
                new UpdateOptions().upsert(true)));
        synchronized (this) {
            if (next <= id) {
                next = 0;
                end = 0;
            }
        }
    }

    /**
     * Raises the allocator above the highest stored node id (one query on the {@code _id} index):
     * for data loaded without it, or a block that went stale while another process loaded nodes.
     */
    void raiseAboveStored() {
        BsonDocument highest = nodes.find().projection(new BsonDocument(Docs.ID, new BsonInt32(1)))
                .sort(new BsonDocument(Docs.ID, new BsonInt32(-1))).first();
        if (highest != null) {
            raiseAbove(Docs.longOf(highest, Docs.ID));
        }
    }

    /** Forgets the reserved block (the meta collection was emptied). */
    synchronized void reset() {
        next = 0;
        end = 0;
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
