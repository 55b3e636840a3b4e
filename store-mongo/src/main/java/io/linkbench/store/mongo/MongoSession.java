package io.linkbench.store.mongo;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.TransactionalSession;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;

/**
 * One worker's operations. Reads and node writes are single commands on the shared client (its
 * connection pool reconnects by itself after a lost connection); link writes go through
 * {@link LinkWriter}, in a transaction of this session's own when transactions are on. Between
 * {@link #begin} and {@link #commit} every operation runs inside the caller's transaction
 * ({@link SessionTransaction}: its ClientSession, no transaction or commit of its own).
 */
final class MongoSession implements TransactionalSession {
    /** GET_LINKS_LIST reads only fields of the link-list index, so the index covers the query. */
    static final BsonDocument LIST_PROJECTION = new BsonDocument(Docs.ID, new BsonInt32(0))
            .append(Docs.ID2, new BsonInt32(1)).append(Docs.TIME, new BsonInt32(1))
            .append(Docs.VERSION, new BsonInt32(1)).append(Docs.DATA, new BsonInt32(1));
    static final BsonDocument NEWEST_FIRST = new BsonDocument(Docs.TIME, new BsonInt32(-1))
            .append(Docs.ID2, new BsonInt32(-1));
    private static final BsonDocument COUNT_ONLY = new BsonDocument(Docs.COUNT, new BsonInt32(1));
    private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);
    /** The largest first batch of a link list; the rest comes in getMore batches. */
    private static final int MAX_FIRST_BATCH = 1000;

    private final Schema schema;
    private final NodeIds nodeIds;
    private final ClientCounters counters;
    private final LinkWriter links;
    private final SessionTransaction tx;

    /**
     * @param tx      this session's ClientSession and the caller's transaction on it
     * @param txn     this session's transaction runner of link writes, or null when transactions are off
     * @param retries how often a link write runs again after a conflict (without transactions)
     */
    MongoSession(Schema schema, NodeIds nodeIds, ClientCounters counters, SessionTransaction tx, TxnRunner txn,
                 int retries) {
        this.schema = schema;
        this.nodeIds = nodeIds;
        this.counters = counters;
        this.tx = tx;
        this.links = new LinkWriter(schema, txn, retries, counters);
    }

    @Override
    public void begin(boolean readOnly) throws StoreException {
        tx.begin(readOnly);
    }

    @Override
    public void commit() throws StoreException {
        tx.commit();
    }

    @Override
    public void rollback() throws StoreException {
        tx.rollback();
    }

    @Override
    public boolean inTransaction() {
        return tx.inTransaction();
    }

    /**
     * Inserts the node under the next id of the shared allocator. An id that is taken already (nodes
     * loaded meanwhile by a process that did not raise this one's block) raises the allocator above
     * the highest stored id and takes the next.
     */
    @Override
    public long addNode(Node node) throws StoreException {
        try {
            ClientSession s = tx.open();
            for (int attempt = 0; ; attempt++) {
                long id = nodeIds.next();
                try {
                    BsonDocument doc = Docs.node(node.withId(id));
                    if (s == null) {
                        schema.nodes.insertOne(doc);
                    } else {
                        schema.nodes.insertOne(s, doc);
                    }
                    return id;
                } catch (MongoException e) {
                    if (!Errors.isDuplicateKey(e) || attempt >= 2) {
                        throw e;
                    }
                    nodeIds.raiseAboveStored();
                }
            }
        } catch (MongoException e) {
            throw tx.failed("ADD_NODE", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        try {
            ClientSession s = tx.open();
            BsonDocument key = nodeKey(id, type);
            BsonDocument d = (s == null ? schema.nodes.find(key) : schema.nodes.find(s, key)).first();
            return d == null ? null : Docs.toNode(d);
        } catch (MongoException e) {
            throw tx.failed("GET_NODE", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        BsonDocument set = new BsonDocument(Docs.VERSION, new BsonInt64(node.version()))
                .append(Docs.TIME, new BsonInt32(node.time()))
                .append(Docs.DATA, new org.bson.BsonBinary(node.data()));
        BsonDocument key = nodeKey(node.id(), node.type());
        BsonDocument update = new BsonDocument("$set", set);
        try {
            ClientSession s = tx.open();
            return (s == null ? schema.nodes.updateOne(key, update) : schema.nodes.updateOne(s, key, update))
                    .getMatchedCount() > 0;
        } catch (MongoException e) {
            throw tx.failed("UPDATE_NODE", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        BsonDocument key = nodeKey(id, type);
        try {
            ClientSession s = tx.open();
            return (s == null ? schema.nodes.deleteOne(key) : schema.nodes.deleteOne(s, key)).getDeletedCount() > 0;
        } catch (MongoException e) {
            throw tx.failed("DELETE_NODE", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    private static BsonDocument nodeKey(long id, int type) {
        return new BsonDocument(Docs.ID, new BsonInt64(id)).append(Docs.TYPE, new BsonInt32(type));
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        return links.addLink(link);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        return links.updateLink(link);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return links.updateOrAddLink(link);
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return links.deleteLink(id1, linkType, id2, expunge);
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        BsonDocument filter = countFilter(id1, linkType);
        try {
            ClientSession s = tx.open();
            BsonDocument d = (s == null ? schema.counts.find(filter) : schema.counts.find(s, filter))
                    .projection(COUNT_ONLY).first();
            return d == null ? 0 : Docs.longOf(d, Docs.COUNT);
        } catch (MongoException e) {
            throw tx.failed("COUNT_LINK", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    /** One query: {@code _id $in} the wanted keys (plus id1, so a sharded cluster asks one shard). */
    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return List.of();
        }
        BsonDocument filter = multigetFilter(id1, linkType, id2s);
        try {
            ClientSession s = tx.open();
            List<Link> out = new ArrayList<>(id2s.length);
            for (BsonDocument d : s == null ? schema.links.find(filter) : schema.links.find(s, filter)) {
                out.add(Docs.toLink(d, id1, linkType));
            }
            out.sort(Comparator.comparingLong(Link::id2));
            return out;
        } catch (MongoException e) {
            throw tx.failed("MULTIGET_LINK", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        if (limit <= 0 || minTime > maxTime) {
            return List.of(); // a find with limit 0 would mean "no limit"
        }
        BsonDocument filter = listFilter(id1, linkType, minTime, maxTime);
        try {
            ClientSession s = tx.open();
            List<Link> out = new ArrayList<>(Math.min(limit, 64));
            for (BsonDocument d : (s == null ? schema.links.find(filter) : schema.links.find(s, filter))
                    .projection(LIST_PROJECTION).sort(NEWEST_FIRST)
                    .skip(offset).limit(limit).batchSize(Math.min(limit, MAX_FIRST_BATCH))) {
                Link l = Docs.toLink(d, id1, linkType);
                // newest first: links older than minTime (left out of the filter) can only end the list
                if (l.time() >= minTime) {
                    out.add(l);
                }
            }
            return out;
        } catch (MongoException e) {
            throw tx.failed("GET_LINKS_LIST", e);
        } catch (RuntimeException e) {
            throw tx.failed(e);
        }
    }

    /** COUNT_LINK's filter: the count document's {@code _id} and id1 ({@link Docs#countKey}). */
    static BsonDocument countFilter(long id1, long linkType) {
        return Docs.countKey(id1, linkType);
    }

    /** MULTIGET_LINK's filter: {@code _id $in} the distinct wanted keys, in order, plus id1. */
    static BsonDocument multigetFilter(long id1, long linkType, long[] id2s) {
        long[] sorted = id2s.clone();
        Arrays.sort(sorted);
        BsonArray ids = new BsonArray();
        for (int i = 0; i < sorted.length; i++) {
            if (i == 0 || sorted[i] != sorted[i - 1]) {
                ids.add(Docs.linkId(id1, linkType, sorted[i]));
            }
        }
        return new BsonDocument(Docs.ID, new BsonDocument("$in", ids)).append(Docs.ID1, new BsonInt64(id1));
    }

    /**
     * GET_LINKS_LIST's filter: the visible links of the group in the time range. Bounds that exclude
     * nothing are left out ({@code maxTime = Long.MAX_VALUE}; {@code minTime <= 0}, which the session
     * applies to the rows instead): DocumentDB reads most of the index for any range on {@code time}
     * (about 100 ms a call at 65,000 links), and without one only the group's keys.
     */
    static BsonDocument listFilter(long id1, long linkType, long minTime, long maxTime) {
        BsonDocument time = new BsonDocument();
        if (minTime > 0) {
            time.append("$gte", new BsonInt64(minTime));
        }
        if (maxTime < Long.MAX_VALUE) {
            time.append("$lte", new BsonInt64(maxTime));
        }
        BsonDocument filter = new BsonDocument(Docs.ID1, new BsonInt64(id1))
                .append(Docs.LINK_TYPE, new BsonInt64(linkType))
                .append(Docs.VISIBILITY, new BsonInt32(1));
        return time.isEmpty() ? filter : filter.append(Docs.TIME, time);
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        if (nodes.isEmpty()) {
            return;
        }
        insert(schema.nodes, nodes, Docs::node, "load nodes");
        long max = Long.MIN_VALUE;
        for (Node n : nodes) {
            max = Math.max(max, n.id());
        }
        try {
            nodeIds.raiseAbove(max);
        } catch (MongoException e) {
            throw Errors.toStore("load nodes (node-id allocator)", e);
        }
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        insert(schema.links, links, Docs::link, "load links");
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        insert(schema.counts, counts, Docs::count, "load counts");
    }

    /**
     * One unordered insertMany. Rows that are stored already (duplicate keys only) are what a batch
     * repeated after a lost connection finds: counted and otherwise ignored, so the retry succeeds.
     */
    private <T> void insert(MongoCollection<BsonDocument> c, List<T> rows, Function<T, BsonDocument> toDocument,
                            String what) throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        List<BsonDocument> docs = new ArrayList<>(rows.size());
        for (T row : rows) {
            docs.add(toDocument.apply(row));
        }
        try {
            c.insertMany(docs, UNORDERED);
        } catch (MongoBulkWriteException e) {
            if (!Errors.onlyDuplicateKeys(e)) {
                throw Errors.toStore(what, e);
            }
            counters.loadDuplicates(e.getWriteErrors().size());
        } catch (MongoException e) {
            throw Errors.toStore(what, e);
        }
    }

    /** Aborts a transaction left open and ends the session's ClientSession. */
    @Override
    public void close() {
        tx.close();
    }
}
