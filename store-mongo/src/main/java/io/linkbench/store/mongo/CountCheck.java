package io.linkbench.store.mongo;

import com.mongodb.client.MongoCursor;
import io.linkbench.store.StoreException;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.VerificationReport.Mismatch;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.conversions.Bson;

/**
 * The count check of {@code linkbench verify}: an aggregation groups the links by (id1, link_type)
 * and sums their visibility (the visible links), sorted by group; the count rows are read in
 * {@code _id} order, which is the same order; the two streams are merged here, so the check needs
 * constant memory in the client whatever the size of the graph (the server may spill the grouping to
 * disk). A group is a mismatch when its count differs from its visible links, when a count row is
 * non-zero without visible links, or when visible links have no count row.
 */
final class CountCheck {
    private static final int MAX_EXAMPLES = 10;

    private CountCheck() {
    }

    static VerificationReport run(Schema schema) throws StoreException {
        List<Bson> pipeline = List.of(
                new BsonDocument("$group", new BsonDocument(Docs.ID,
                        new BsonDocument(Docs.ID1, new BsonString("$" + Docs.ID1))
                                .append(Docs.LINK_TYPE, new BsonString("$" + Docs.LINK_TYPE)))
                        .append("visible", new BsonDocument("$sum", new BsonString("$" + Docs.VISIBILITY)))),
                new BsonDocument("$sort", new BsonDocument(Docs.ID, new BsonInt32(1))));
        try (MongoCursor<BsonDocument> links = schema.links.aggregate(pipeline).allowDiskUse(true).iterator();
             MongoCursor<BsonDocument> counts = schema.counts.find()
                     .projection(new BsonDocument(Docs.COUNT, new BsonInt32(1)))
                     .sort(new BsonDocument(Docs.ID, new BsonInt32(1))).iterator()) {
            Group link = next(links, null, "visible");
            Group count = next(counts, null, Docs.COUNT);
            long groups = 0;
            long mismatches = 0;
            List<Mismatch> examples = new ArrayList<>();
            while (link != null || count != null) {
                int order = link == null ? 1 : count == null ? -1 : link.compareTo(count);
                Group g = order <= 0 ? link : count;
                long visible = order <= 0 ? link.value : 0;
                long stored = order >= 0 ? count.value : -1;
                groups++;
                if (stored < 0 ? visible != 0 : stored != visible) {
                    mismatches++;
                    if (examples.size() < MAX_EXAMPLES) {
                        examples.add(new Mismatch(g.id1, g.linkType, stored, visible));
                    }
                }
                if (order <= 0) {
                    link = next(links, link, "visible");
                }
                if (order >= 0) {
                    count = next(counts, count, Docs.COUNT);
                }
            }
            return new VerificationReport(groups, mismatches, examples);
        }
    }

    /** One (id1, link_type) group and its number (visible links or stored count). */
    private record Group(long id1, long linkType, long value) implements Comparable<Group> {
        @Override
        public int compareTo(Group o) {
            int c = Long.compare(id1, o.id1);
            return c != 0 ? c : Long.compare(linkType, o.linkType);
        }
    }

    /** The next group of a cursor, checking that the server's order is the merge's order. */
    private static Group next(MongoCursor<BsonDocument> cursor, Group previous, String field) throws StoreException {
        if (!cursor.hasNext()) {
            return null;
        }
        BsonDocument d = cursor.next();
        BsonDocument id = d.getDocument(Docs.ID);
        Group g = new Group(Docs.longOf(id, Docs.ID1), Docs.longOf(id, Docs.LINK_TYPE), Docs.longOf(d, field));
        if (previous != null && previous.compareTo(g) >= 0) {
            throw new StoreException(StoreException.Kind.OTHER, "verify: the server returned group " + g.id1 + "/"
                    + g.linkType + " after " + previous.id1 + "/" + previous.linkType + " (not in key order)");
        }
        return g;
    }
}
