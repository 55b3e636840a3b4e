package io.linkbench.store.mongo;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;

/**
 * The documents of the three collections and their conversions. Numbers have fixed BSON types (ids,
 * link types and times as int64) so that {@code _id} sub-documents built here always compare equal
 * to the stored ones.
 *
 * <pre>
 * node:  { _id: id, type: int32, version: int64, time: int32, data: binary }
 * link:  { _id: { id1, link_type, id2 }, id1, link_type, id2, visibility: 0|1, time: int64,
 *          version: int32, data: binary }
 * count: { _id: { id1, link_type }, id1, count: int64, time: int64, version: int64 }
 * </pre>
 *
 * Links repeat id1, link_type and id2 outside {@code _id} so the link-list index can cover its query
 * (MongoDB cannot project sub-fields of {@code _id} from an index); links and counts repeat {@code id1}
 * so that a sharded cluster can use it as the shard key of both (a link and its count on one shard).
 */
final class Docs {
    static final String ID = "_id";
    static final String ID1 = "id1";
    static final String LINK_TYPE = "link_type";
    static final String ID2 = "id2";
    static final String VISIBILITY = "visibility";
    static final String TIME = "time";
    static final String VERSION = "version";
    static final String DATA = "data";
    static final String TYPE = "type";
    static final String COUNT = "count";

    private Docs() {
    }

    static BsonDocument node(Node n) {
        return new BsonDocument(ID, new BsonInt64(n.id()))
                .append(TYPE, new BsonInt32(n.type()))
                .append(VERSION, new BsonInt64(n.version()))
                .append(TIME, new BsonInt32(n.time()))
                .append(DATA, new BsonBinary(n.data()));
    }

    static Node toNode(BsonDocument d) {
        return new Node(longOf(d, ID), (int) longOf(d, TYPE), longOf(d, VERSION), (int) longOf(d, TIME), bytes(d));
    }

    /** The {@code _id} of a link. */
    static BsonDocument linkId(long id1, long linkType, long id2) {
        return new BsonDocument(ID1, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType))
                .append(ID2, new BsonInt64(id2));
    }

    /**
     * The filter of one link by its key: the whole {@code _id}, plus {@code id1} so that a cluster
     * sharded on id1 sends it to one shard.
     */
    static BsonDocument linkKey(long id1, long linkType, long id2) {
        return new BsonDocument(ID, linkId(id1, linkType, id2)).append(ID1, new BsonInt64(id1));
    }

    static BsonDocument link(Link l) {
        return new BsonDocument(ID, linkId(l.id1(), l.linkType(), l.id2()))
                .append(ID1, new BsonInt64(l.id1()))
                .append(LINK_TYPE, new BsonInt64(l.linkType()))
                .append(ID2, new BsonInt64(l.id2()))
                .append(VISIBILITY, new BsonInt32(l.visibility().code()))
                .append(TIME, new BsonInt64(l.time()))
                .append(VERSION, new BsonInt32(l.version()))
                .append(DATA, new BsonBinary(l.data()));
    }

    /** The fields ADD_LINK and UPDATE_LINK set on an existing link. */
    static BsonDocument linkFields(Link l) {
        return new BsonDocument(VISIBILITY, new BsonInt32(l.visibility().code()))
                .append(TIME, new BsonInt64(l.time()))
                .append(VERSION, new BsonInt32(l.version()))
                .append(DATA, new BsonBinary(l.data()));
    }

    /** The key fields a link gets when ADD_LINK inserts it ($setOnInsert). */
    static BsonDocument linkKeyFields(Link l) {
        return new BsonDocument(ID1, new BsonInt64(l.id1()))
                .append(LINK_TYPE, new BsonInt64(l.linkType()))
                .append(ID2, new BsonInt64(l.id2()));
    }

    /** A link read with every field, or with the link-list projection (no _id, id1 and link_type given). */
    static Link toLink(BsonDocument d, long id1, long linkType) {
        Visibility v = d.containsKey(VISIBILITY) ? Visibility.ofCode((int) longOf(d, VISIBILITY)) : Visibility.VISIBLE;
        return new Link(id1, linkType, longOf(d, ID2), v, bytes(d), (int) longOf(d, VERSION), longOf(d, TIME));
    }

    /** The {@code _id} of a count row. */
    static BsonDocument countId(long id1, long linkType) {
        return new BsonDocument(ID1, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType));
    }

    /**
     * The filter of one count row: its {@code _id}, plus {@code id1} so that a cluster sharded on id1
     * sends it to one shard (and an upsert, which needs the shard key in its filter, stores it).
     */
    static BsonDocument countKey(long id1, long linkType) {
        return new BsonDocument(ID, countId(id1, linkType)).append(ID1, new BsonInt64(id1));
    }

    static BsonDocument count(LinkCount c) {
        return new BsonDocument(ID, countId(c.id1(), c.linkType()))
                .append(ID1, new BsonInt64(c.id1()))
                .append(COUNT, new BsonInt64(c.count()))
                .append(TIME, new BsonInt64(c.time()))
                .append(VERSION, new BsonInt64(c.version()));
    }

    /** A numeric field as a long, whatever numeric type it was stored with. */
    static long longOf(BsonDocument d, String field) {
        BsonValue v = d.get(field);
        if (v == null || !v.isNumber()) {
            throw new IllegalStateException("field '" + field + "' is missing or not a number in " + d.toJson());
        }
        return v.asNumber().longValue();
    }

    private static byte[] bytes(BsonDocument d) {
        BsonValue v = d.get(DATA);
        return v == null ? new byte[0] : v.asBinary().getData();
    }
}
