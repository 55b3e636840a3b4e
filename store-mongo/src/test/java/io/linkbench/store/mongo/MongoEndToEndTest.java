package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Path;
import java.util.Arrays;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The headline commands through the real command line over the wire protocol: {@code -l} (with the
 * link-list index built after the load, as its own step), {@code -r}, then {@code verify}; and
 * {@code verify} failing once a count is broken behind the store's back. Against the in-process
 * server (transactions off) always, and against a real replica set (transactions on) when
 * LINKBENCH_MONGO_URL names one.
 */
@Tag("mongo")
class MongoEndToEndTest {
    private static final String[] SMALL = {"-D", "maxid1=1001", "-D", "maxtime=3", "-D", "displayfreq=1",
            "-D", "progressfreq=1", "-D", "schema=recreate", "-D", "index_after_load=true", "-D", "bulk_insert_count=200"};

    @Test
    void loadRequestsAndVerifyOnTheInProcessServer(@TempDir Path results) throws Exception {
        try (InProcessMongo server = new InProcessMongo()) {
            loadRequestsAndVerify(server.url(), "lbtest_e2e", "off", results);
        }
    }

    @Test
    void loadRequestsAndVerifyOnAReplicaSetWithTransactions(@TempDir Path results) throws Exception {
        String url = RealMongo.urlOrSkip();
        loadRequestsAndVerify(url, "lbtest_e2e", "on", results);
    }

    private static void loadRequestsAndVerify(String url, String db, String transactions, Path results)
            throws Exception {
        String[] common = concat(SMALL, "-D", "transactions=" + transactions);
        Path load = results.resolve("load");
        assertEquals(0, MongoCli.run(url, db, concat(common, "-l", "--results", load.toString())), "exit code of -l");
        JsonNode loaded = MongoCli.phase(MongoCli.result(load));
        assertTrue(loaded.get("steps").has("build index link_list"), "the index build is a step of the load: " + loaded);
        assertTrue(MongoCli.sum(loaded, "rows", "LOAD_LINKS") > 1000, "links loaded: " + loaded.get("ops"));
        assertEquals(0, MongoCli.sum(loaded, "errors"), "load errors");
        JsonNode facts = MongoCli.result(load).get("store").get("facts");
        assertTrue(facts.get("transactions").asText().startsWith(transactions), "facts: " + facts);
        if (facts.get("topology").asText().startsWith("DocumentDB")) { // what it does not offer is said
            assertEquals("not offered by this server", facts.get("server_counters").asText(), "facts: " + facts);
            assertTrue(facts.get("transaction_isolation").asText().contains("REPEATABLE READ"), "facts: " + facts);
            assertTrue(loaded.get("size_bytes").asLong() > 0, "the size comes from collStats: " + loaded);
        }

        Path requests = results.resolve("r");
        assertEquals(0, MongoCli.run(url, db, concat(common, "-r", "--results", requests.toString())), "exit code of -r");
        JsonNode phase = MongoCli.phase(MongoCli.result(requests));
        for (JsonNode op : phase.get("ops")) {
            assertEquals(0, op.get("errors").asLong(), "errors of " + op.get("name") + ": " + op);
        }
        assertTrue(MongoCli.sum(phase, "count", "GET_LINKS_LIST") > 0, "GET_LINKS_LIST ran: " + phase.get("ops"));
        assertTrue(MongoCli.sum(phase, "count", "ADD_LINK") > 0, "ADD_LINK ran: " + phase.get("ops"));
        assertTrue(phase.get("store_counters").has("client.txn_retries.ADD_LINK"), "counters: " + phase.get("store_counters"));

        assertEquals(0, MongoCli.run(url, db, "verify"), "exit code of verify");
        try (MongoClient client = MongoClients.create(url)) {
            client.getDatabase(db).getCollection("counts").updateOne(new Document(),
                    new Document("$inc", new Document("count", 1L)));
        }
        assertEquals(1, MongoCli.run(url, db, "verify"), "exit code of verify after a count was broken");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
