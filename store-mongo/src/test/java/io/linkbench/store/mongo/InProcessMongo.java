package io.linkbench.store.mongo;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A MongoDB-compatible server in this JVM (mongo-java-server with its in-memory backend) on a free
 * loopback port: the store talks to it over the real wire protocol with the real driver. It has no
 * sessions, so no transactions, and scans for every query: keep the data small.
 */
final class InProcessMongo implements AutoCloseable {
    private final MongoServer server = new MongoServer(new MemoryBackend());
    private final int port;

    InProcessMongo() {
        server.bind("127.0.0.1", 0);
        port = server.getLocalAddress().getPort();
    }

    int port() {
        return port;
    }

    String url() {
        return "mongodb://127.0.0.1:" + port;
    }

    /** Store settings for {@code database} on this server, transactions off, plus {@code extra}. */
    Map<String, String> settings(String database, Map<String, String> extra) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "mongo");
        m.put("url", url());
        m.put("dbid", database);
        m.put("transactions", "off");
        m.put("server_selection_timeout", "3");
        m.putAll(extra);
        return m;
    }

    /** An open store on {@code database} of this server. */
    GraphStore open(String database, Map<String, String> extra, int maxSessions) throws StoreException {
        return new MongoStoreProvider().open(new StoreContext(new Settings(settings(database, extra)), maxSessions));
    }

    @Override
    public void close() {
        server.shutdownNow();
    }
}
