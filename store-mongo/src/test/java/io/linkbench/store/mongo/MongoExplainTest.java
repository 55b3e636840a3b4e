package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreSession;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The plans of the request reads on the real server (LINKBENCH_MONGO_URL; DocumentDB in CI), from
 * {@code explain} of the very filters the session sends, on a loaded store: GET_LINKS_LIST scans the
 * link-list index, MULTIGET_LINK, COUNT_LINK and every link write's filter the {@code _id} index;
 * none scans the collection.
 */
@Tag("mongo")
class MongoExplainTest {
    private static final String DB = "lbtest_plan";
    private static final int ID1S = 2000;
    private static final int LINKS_PER_ID1 = 5;

    @Test
    void requestReadsAndLinkWritesUseAnIndex() throws Exception {
        String url = RealMongo.urlOrSkip();
        Map<String, String> settings = Map.of("store", "mongo", "url", url, "dbid", DB, "transactions", "on");
        try (GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), 2))) {
            store.prepareForLoad(SchemaMode.RECREATE);
            try (StoreSession s = store.session(0)) {
                List<Link> links = new ArrayList<>();
                List<LinkCount> counts = new ArrayList<>();
                for (long id1 = 1; id1 <= ID1S; id1++) {
                    for (long id2 = 1; id2 <= LINKS_PER_ID1; id2++) {
                        links.add(new Link(id1, 1, id2, Visibility.VISIBLE, new byte[8], 1, 1_000 + id2));
                    }
                    counts.add(new LinkCount(id1, 1, LINKS_PER_ID1, 1_005, 1));
                }
                s.loadLinks(links);
                s.loadCounts(counts);
            }
            if (store instanceof LoadHooks hooks) {
                for (LoadHooks.Step step : hooks.finishLoadSteps()) {
                    step.run();
                }
            }
            store.prepareForRequests();
        }
        try (MongoClient client = MongoClients.create(url)) {
            MongoDatabase db = client.getDatabase(DB);
            String list = explain(db, new BsonDocument("find", new BsonString("links"))
                    .append("filter", MongoSession.listFilter(17, 1, 0, Long.MAX_VALUE))
                    .append("projection", MongoSession.LIST_PROJECTION)
                    .append("sort", MongoSession.NEWEST_FIRST).append("limit", new BsonInt32(10)));
            assertIndex(list, Schema.LINK_INDEX, "GET_LINKS_LIST");
            assertIndex(explain(db, new BsonDocument("find", new BsonString("links"))
                    .append("filter", MongoSession.multigetFilter(17, 1, new long[] {3, 1, 5}))), "_id_", "MULTIGET_LINK");
            assertIndex(explain(db, new BsonDocument("find", new BsonString("counts"))
                    .append("filter", MongoSession.countFilter(17, 1))), "_id_", "COUNT_LINK");
            assertIndex(explain(db, new BsonDocument("find", new BsonString("links"))
                    .append("filter", LinkWriter.linkWith(17, 1, 3, "$ne", 1))), "_id_", "a link write");
        }
    }

    private static String explain(MongoDatabase db, BsonDocument command) {
        BsonDocument plan = db.runCommand(new BsonDocument("explain", command)
                .append("verbosity", new BsonString("queryPlanner")), BsonDocument.class);
        return plan.getDocument("queryPlanner", new BsonDocument()).toJson();
    }

    private static void assertIndex(String plan, String index, String what) {
        assertFalse(plan.contains("COLLSCAN"), what + " scans the collection: " + plan);
        assertTrue(plan.contains("\"IXSCAN\"") && plan.contains("\"" + index + "\""),
                what + " does not scan the index " + index + ": " + plan);
    }
}
