package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.GraphStore;
import io.linkbench.store.ServerConfiguration;
import java.util.Map;
import java.util.TreeMap;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** getParameter, getCmdLineOpts and buildInfo, as far as the server answers. */
@Tag("mongo")
class MongoServerConfigTest {
    @Test
    void aServerThatRefusesSomeCommandsStillGivesWhatItAnswers() throws Exception {
        try (InProcessMongo server = new InProcessMongo();
             GraphStore store = server.open("cfg", Map.of(), 2)) {
            Map<String, String> config = assertInstanceOf(ServerConfiguration.class, store).serverConfiguration();
            assertTrue(config.keySet().stream().anyMatch(k -> k.startsWith("buildInfo.")), config.toString());
            // mongo-java-server answers buildInfo but not getParameter: that is one line saying so
            assertTrue(config.containsKey("getParameter.featureCompatibilityVersion.version")
                    || config.get("getParameter").startsWith("(not available"), config.toString());
        }
    }

    @Test
    void nestedDocumentsBecomeDottedNames() {
        Map<String, String> out = new TreeMap<>();
        ServerParameters.flatten("getCmdLineOpts", BsonDocument.parse(
                "{parsed: {net: {port: 27017, bindIp: 'localhost'}, storage: {}}, argv: ['mongod', '--port']}"), out);
        assertEquals(Map.of("getCmdLineOpts.parsed.net.port", "27017", "getCmdLineOpts.parsed.net.bindIp", "localhost",
                "getCmdLineOpts.parsed.storage", "{}", "getCmdLineOpts.argv", "[mongod, --port]"), out);
    }
}
