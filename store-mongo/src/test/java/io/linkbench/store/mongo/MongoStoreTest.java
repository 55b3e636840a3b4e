package io.linkbench.store.mongo;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;

/**
 * The store TCK over the MongoDB wire protocol, with the real driver, against an in-process
 * mongo-java-server (one per test, a database per store) with transactions off: the concurrent
 * count-invariant tests of one group are skipped, as the store does not claim it without transactions.
 * The store reaches the server through a {@link FaultProxy}, which fails the next command on request
 * (the TCK's fault hook), with the driver's own single retry off so the failure reaches the store.
 */
@Tag("mongo")
class MongoStoreTest extends GraphStoreContract implements FaultInjection {
    private InProcessMongo server;
    private FaultProxy proxy;
    private int stores;

    @Override
    protected GraphStore openFreshStore() throws Exception {
        if (server == null) {
            server = new InProcessMongo();
            proxy = new FaultProxy(server.port());
        }
        return server.open("tck" + ++stores, proxied(), maxSessions());
    }

    /** The last store's database, on the same in-process server. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        return server.open("tck" + stores, proxied(), maxSessions());
    }

    private Map<String, String> proxied() {
        return Map.of("url", "mongodb://127.0.0.1:" + proxy.port() + "/?retryWrites=false&retryReads=false");
    }

    /** The session's next command resets its connection before the server sees it. */
    @Override
    public void failNextCall(GraphStore store, StoreSession session) {
        proxy.failNextCommand();
    }

    @AfterEach
    void stopServer() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Override
    protected StoreProvider provider() {
        return new MongoStoreProvider();
    }
}
