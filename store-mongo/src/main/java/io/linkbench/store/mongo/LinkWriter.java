package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndDeleteOptions;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOptions;
import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.mongo.ClientCounters.Op;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;

/**
 * The link writes that change a count. Each one first writes the link with one atomic
 * findOneAndUpdate (or findOneAndDelete) that returns the link's visibility before the write, then
 * changes the count row by the difference with one atomic {@code $inc}. Because both writes are
 * atomic on their document and the before-image comes from the write itself, concurrent writers of
 * one group never lose an update.
 *
 * <p>With transactions ({@link TxnRunner}) the two writes commit together. Without, they are two
 * separate writes, the link first: a failure between them leaves exactly one count off by one (and
 * the operation's retry cannot repair it, since the link is already written), which {@code verify}
 * reports; no other failure leaves drift.
 */
final class LinkWriter {
    private static final BsonDocument VISIBILITY_ONLY = new BsonDocument(Docs.VISIBILITY, new BsonInt32(1))
            .append(Docs.ID, new BsonInt32(0));
    private static final FindOneAndUpdateOptions UPSERT_BEFORE = new FindOneAndUpdateOptions().upsert(true)
            .returnDocument(ReturnDocument.BEFORE).projection(VISIBILITY_ONLY);
    private static final FindOneAndUpdateOptions UPDATE_BEFORE = new FindOneAndUpdateOptions()
            .returnDocument(ReturnDocument.BEFORE).projection(VISIBILITY_ONLY);
    private static final FindOneAndDeleteOptions DELETE_BEFORE = new FindOneAndDeleteOptions()
            .projection(VISIBILITY_ONLY);
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);

    private final MongoCollection<BsonDocument> links;
    private final MongoCollection<BsonDocument> counts;
    /** Null when transactions are off. */
    private final TxnRunner txn;

    LinkWriter(Schema schema, TxnRunner txn) {
        this.links = schema.links;
        this.counts = schema.counts;
        this.txn = txn;
    }

    /** The body of one write; its ClientSession is null without transactions. */
    @FunctionalInterface
    private interface Write<T> {
        T run(ClientSession s);
    }

    private <T> T run(Op op, Write<T> write) throws StoreException {
        if (txn != null) {
            return txn.run(op, write::run);
        }
        try {
            return write.run(null);
        } catch (MongoException e) {
            throw Errors.toStore(op.name(), e);
        }
    }

    /** ADD_LINK: upserts the link; the count row always changes (time, version), by the visibility difference. */
    boolean addLink(Link l) throws StoreException {
        return upsertLink(Op.ADD_LINK, l, true);
    }

    /**
     * UPDATE_LINK of the original benchmark, as one upsert: an existing link is rewritten as by
     * {@link #updateLink} (the count changes only when its visibility does); a missing one is inserted
     * as by {@link #addLink}. Returns true when the link existed.
     */
    boolean updateOrAddLink(Link l) throws StoreException {
        return !upsertLink(Op.UPDATE_LINK, l, false);
    }

    /**
     * Upserts the link with one findOneAndUpdate and changes the count row by the visibility difference;
     * the row is written without a difference too for a new link, or with {@code touchCount}. Returns
     * true when the link is new.
     */
    private boolean upsertLink(Op op, Link l, boolean touchCount) throws StoreException {
        BsonDocument update = new BsonDocument("$set", Docs.linkFields(l))
                .append("$setOnInsert", Docs.linkKeyFields(l));
        return run(op, s -> {
            BsonDocument before = findOneAndUpdate(s, Docs.linkKey(l.id1(), l.linkType(), l.id2()), update,
                    UPSERT_BEFORE);
            int was = before == null ? 0 : visibility(before);
            changeCount(s, l.id1(), l.linkType(), l.visibility().code() - was, l.time(), touchCount || before == null);
            return before == null;
        });
    }

    /** UPDATE_LINK: rewrites an existing link; the count changes only when its visibility does. */
    boolean updateLink(Link l) throws StoreException {
        BsonDocument update = new BsonDocument("$set", Docs.linkFields(l));
        return run(Op.UPDATE_LINK, s -> {
            BsonDocument before = findOneAndUpdate(s, Docs.linkKey(l.id1(), l.linkType(), l.id2()), update,
                    UPDATE_BEFORE);
            if (before == null) {
                return false;
            }
            int delta = l.visibility().code() - visibility(before);
            if (delta != 0) {
                changeCount(s, l.id1(), l.linkType(), delta, l.time(), false);
            }
            return true;
        });
    }

    /** DELETE_LINK: hides or removes the link; one off the count when it was visible. */
    boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        BsonDocument key = Docs.linkKey(id1, linkType, id2);
        BsonDocument hide = new BsonDocument("$set", new BsonDocument(Docs.VISIBILITY, new BsonInt32(0)));
        return run(Op.DELETE_LINK, s -> {
            BsonDocument before;
            if (expunge) {
                before = s == null ? links.findOneAndDelete(key, DELETE_BEFORE)
                        : links.findOneAndDelete(s, key, DELETE_BEFORE);
            } else {
                before = findOneAndUpdate(s, key, hide, UPDATE_BEFORE);
            }
            if (before == null) {
                return false;
            }
            if (visibility(before) == 1) {
                changeCount(s, id1, linkType, -1, System.currentTimeMillis(), false);
            }
            return true;
        });
    }

    /**
     * Adds {@code delta} to the count of the group, sets its time and bumps its version. A count row
     * is created when missing (with {@code always}, or for a positive delta); a decrement applies only
     * to a positive count, so a count never goes below 0.
     */
    private void changeCount(ClientSession s, long id1, long linkType, int delta, long time, boolean always) {
        BsonDocument update = new BsonDocument("$inc", new BsonDocument(Docs.COUNT, new BsonInt64(delta))
                .append(Docs.VERSION, new BsonInt64(1)))
                .append("$set", new BsonDocument(Docs.TIME, new BsonInt64(time)));
        BsonDocument filter = new BsonDocument(Docs.ID, Docs.countId(id1, linkType));
        if (delta < 0) {
            filter.append(Docs.COUNT, new BsonDocument("$gt", new BsonInt64(0)));
            if (s == null) {
                counts.updateOne(filter, update);
            } else {
                counts.updateOne(s, filter, update);
            }
        } else if (delta > 0 || always) {
            if (s == null) {
                counts.updateOne(filter, update, UPSERT);
            } else {
                counts.updateOne(s, filter, update, UPSERT);
            }
        }
    }

    private BsonDocument findOneAndUpdate(ClientSession s, BsonDocument filter, BsonDocument update,
                                          FindOneAndUpdateOptions options) {
        return s == null ? links.findOneAndUpdate(filter, update, options)
                : links.findOneAndUpdate(s, filter, update, options);
    }

    private static int visibility(BsonDocument before) {
        return (int) Docs.longOf(before, Docs.VISIBILITY);
    }
}
