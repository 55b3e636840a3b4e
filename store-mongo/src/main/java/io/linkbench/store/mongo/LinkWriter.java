package io.linkbench.store.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.UpdateOptions;
import com.mongodb.client.result.UpdateResult;
import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.mongo.ClientCounters.Op;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;

/**
 * The link writes that change a count. Every count change is derived from the result of a write
 * that is atomic on its document, never from an earlier read: a link's visibility changes only
 * through a conditional update ({@code visibility != v}) whose matched count says whether it did,
 * and a link is new only when an upsert filtered on the visibility reports an upserted id. The count
 * row then changes by that difference with one atomic {@code $inc}.
 *
 * <p>This keeps the count exact on servers that give only per-document atomicity inside a
 * transaction (DocumentDB runs transactions at PostgreSQL's READ COMMITTED, where a before-image
 * read and the write it guides may see different versions of the link), and on replica sets alike.
 * An upsert that meets a link whose visibility another writer changed in between fails with a
 * duplicate key (it tries to insert), and an update of a link that changed between its two
 * conditional writes is reported as a write conflict: both run the write again.
 *
 * <p>With transactions ({@link TxnRunner}) the link and count writes commit together and the whole
 * transaction runs again after a conflict. Without, they are separate writes, the link first; a
 * conflict of one write (a lock timeout, a racing upsert of a count row) repeats that write alone,
 * so a delta is never applied twice. A failure between the two writes leaves exactly one count off
 * by one, which {@code verify} reports.
 */
final class LinkWriter {
    private static final UpdateOptions UPSERT = new UpdateOptions().upsert(true);
    /** Never changed after this (the driver only reads options), so every plain update shares it. */
    private static final UpdateOptions NO_UPSERT = new UpdateOptions();
    /** Whether a link exists: its key alone, from the {@code _id} index. */
    private static final BsonDocument ID_ONLY = new BsonDocument(Docs.ID, new BsonInt32(1));
    private static final int VISIBLE = 1;

    private final MongoCollection<BsonDocument> links;
    private final MongoCollection<BsonDocument> counts;
    /** Null when transactions are off. */
    private final TxnRunner txn;
    private final int retries;
    private final ClientCounters counters;

    LinkWriter(Schema schema, TxnRunner txn, int retries, ClientCounters counters) {
        this.links = schema.links;
        this.counts = schema.counts;
        this.txn = txn;
        this.retries = retries;
        this.counters = counters;
    }

    /** The body of one write; its ClientSession is null without transactions. */
    @FunctionalInterface
    private interface Write<T> {
        T run(ClientSession s);
    }

    /**
     * Runs the write in a transaction, or without: then a conflict before the first change (a racing
     * upsert, a link that changed between two conditional writes) runs the body again, up to
     * {@code retries} times.
     */
    private <T> T run(Op op, Write<T> write) throws StoreException {
        if (txn != null) {
            return txn.run(op, write::run);
        }
        for (int attempt = 0; ; attempt++) {
            try {
                return write.run(null);
            } catch (MongoException e) {
                if (attempt >= retries || !Errors.isConflict(e) || Errors.isConnectionLoss(e)) {
                    throw Errors.toStore(op.name(), e);
                }
                counters.txnRetry(op);
            }
        }
    }

    /** ADD_LINK: upserts the link; the count row always changes (time, version), by the visibility difference. */
    boolean addLink(Link l) throws StoreException {
        return upsertLink(Op.ADD_LINK, l, true);
    }

    /**
     * UPDATE_LINK of the original benchmark, as an upsert: an existing link is rewritten as by
     * {@link #updateLink} (the count changes only when its visibility does); a missing one is inserted
     * as by {@link #addLink}. Returns true when the link existed.
     */
    boolean updateOrAddLink(Link l) throws StoreException {
        return !upsertLink(Op.UPDATE_LINK, l, false);
    }

    /**
     * Rewrites the link when its visibility differs (count by the difference), else upserts it with
     * its visibility in the filter: matched means it was there with that visibility (no difference),
     * upserted means it is new. The count row is written without a difference too for a new link, or
     * with {@code touchCount}. Returns true when the link is new.
     */
    private boolean upsertLink(Op op, Link l, boolean touchCount) throws StoreException {
        int v = l.visibility().code();
        BsonDocument set = new BsonDocument("$set", Docs.linkFields(l));
        BsonDocument upsert = set.clone().append("$setOnInsert", Docs.linkKeyFields(l));
        return run(op, s -> {
            if (update(s, linkWith(l.id1(), l.linkType(), l.id2(), "$ne", v), set, null).getMatchedCount() > 0) {
                changeCount(s, op, l.id1(), l.linkType(), v == VISIBLE ? 1 : -1, l.time(), true);
                return false;
            }
            // a duplicate key here: another writer changed the visibility since the update above
            UpdateResult r = update(s, linkWith(l.id1(), l.linkType(), l.id2(), "$eq", v), upsert, UPSERT);
            boolean inserted = r.getUpsertedId() != null;
            changeCount(s, op, l.id1(), l.linkType(), inserted ? v : 0, l.time(), touchCount || inserted);
            return inserted;
        });
    }

    /** UPDATE_LINK: rewrites an existing link; the count changes only when its visibility does. */
    boolean updateLink(Link l) throws StoreException {
        int v = l.visibility().code();
        BsonDocument set = new BsonDocument("$set", Docs.linkFields(l));
        return run(Op.UPDATE_LINK, s -> {
            if (update(s, linkWith(l.id1(), l.linkType(), l.id2(), "$ne", v), set, null).getMatchedCount() > 0) {
                changeCount(s, Op.UPDATE_LINK, l.id1(), l.linkType(), v == VISIBLE ? 1 : -1, l.time(), false);
                return true;
            }
            if (update(s, linkWith(l.id1(), l.linkType(), l.id2(), "$eq", v), set, null).getMatchedCount() > 0) {
                return true;
            }
            return missingOrChanged(s, l.id1(), l.linkType(), l.id2());
        });
    }

    /** DELETE_LINK: hides or removes the link; one off the count when a visible one was hidden or removed. */
    boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        BsonDocument hide = new BsonDocument("$set", new BsonDocument(Docs.VISIBILITY, new BsonInt32(0)));
        return run(Op.DELETE_LINK, s -> {
            BsonDocument visible = linkWith(id1, linkType, id2, "$eq", VISIBLE);
            long changed = expunge ? delete(s, visible) : update(s, visible, hide, null).getMatchedCount();
            if (changed > 0) {
                changeCount(s, Op.DELETE_LINK, id1, linkType, -1, System.currentTimeMillis(), false);
                return true;
            }
            if (expunge && delete(s, linkWith(id1, linkType, id2, "$ne", VISIBLE)) > 0) {
                return true; // a hidden link: not counted
            }
            return expunge ? missingOrChanged(s, id1, linkType, id2) : exists(s, id1, linkType, id2);
        });
    }

    /**
     * After conditional writes that matched nothing: false when the link is missing; when it exists,
     * another writer changed its visibility between them, and the write runs again (a conflict).
     */
    private boolean missingOrChanged(ClientSession s, long id1, long linkType, long id2) {
        if (!exists(s, id1, linkType, id2)) {
            return false;
        }
        throw new MongoException(Errors.WRITE_CONFLICT,
                "link " + id1 + "/" + linkType + "/" + id2 + " changed visibility during the write");
    }

    /** A find of one key (countDocuments would run an aggregation, more work on both sides). */
    private boolean exists(ClientSession s, long id1, long linkType, long id2) {
        BsonDocument key = Docs.linkKey(id1, linkType, id2);
        return (s == null ? links.find(key) : links.find(s, key)).projection(ID_ONLY).first() != null;
    }

    /** The filter of one link whose visibility is ({@code $eq}) or is not ({@code $ne}) {@code v}. */
    static BsonDocument linkWith(long id1, long linkType, long id2, String op, int v) {
        return Docs.linkKey(id1, linkType, id2)
                .append(Docs.VISIBILITY, new BsonDocument(op, new BsonInt32(v)));
    }

    /**
     * Adds {@code delta} to the count of the group, sets its time and bumps its version. A count row
     * is created when missing (with {@code always}, or for a positive delta); a decrement applies only
     * to a positive count, so a count never goes below 0. Without transactions a conflict of this
     * write (a lock timeout, two upserts creating the row at once) repeats this write alone: it did
     * not apply, and the link write before it must not run again.
     */
    private void changeCount(ClientSession s, Op op, long id1, long linkType, int delta, long time, boolean always) {
        if (delta == 0 && !always) {
            return;
        }
        BsonDocument update = new BsonDocument("$inc", new BsonDocument(Docs.COUNT, new BsonInt64(delta))
                .append(Docs.VERSION, new BsonInt64(1)))
                .append("$set", new BsonDocument(Docs.TIME, new BsonInt64(time)));
        BsonDocument filter = Docs.countKey(id1, linkType);
        if (delta < 0) {
            filter.append(Docs.COUNT, new BsonDocument("$gt", new BsonInt64(0)));
        }
        UpdateOptions options = delta < 0 ? null : UPSERT;
        for (int attempt = 0; ; attempt++) {
            try {
                update(counts, s, filter, update, options);
                return;
            } catch (MongoException e) {
                if (s != null || attempt >= retries || !Errors.isConflict(e) || Errors.isConnectionLoss(e)) {
                    throw e;
                }
                counters.txnRetry(op);
            }
        }
    }

    private UpdateResult update(ClientSession s, BsonDocument filter, BsonDocument update, UpdateOptions options) {
        return update(links, s, filter, update, options);
    }

    private static UpdateResult update(MongoCollection<BsonDocument> c, ClientSession s, BsonDocument filter,
                                       BsonDocument update, UpdateOptions options) {
        UpdateOptions o = options == null ? NO_UPSERT : options;
        return s == null ? c.updateOne(filter, update, o) : c.updateOne(s, filter, update, o);
    }

    private long delete(ClientSession s, BsonDocument filter) {
        return (s == null ? links.deleteOne(filter) : links.deleteOne(s, filter)).getDeletedCount();
    }
}
