package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.GraphStoreContract;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;

/**
 * The store TCK against a real server given by a connection string, with transactions on (the store then
 * declares itself transactional, so the concurrent count-invariant contracts run too): a one-host server on this machine is
 * reached through a {@link FaultProxy}, which gives the TCK's fault hook; a URL of several hosts, or a remote
 * one, is used as given and the fault contracts skip. A subclass names the URL in a {@code @BeforeAll}
 * ({@link #useServer}) and the keys its stores open with; suites run one after the other, so the one proxy is
 * static and closed after each.
 *
 * <p>Fresh stores cycle through {@value #DATABASES} databases: the first use of each recreates it
 * ({@code schema = recreate}: collections created, sharded, indexed), a later one deletes its documents first,
 * directly on the server, and keeps its collections. Creating and sharding collections costs seconds of DDL on
 * a cluster (about 6 s a store on the sharded DocumentDB here, 79 of them in the suite); the TCK opens at most
 * two fresh stores at once.
 */
abstract class RealServerContract extends GraphStoreContract implements FaultInjection {
    private static final int DATABASES = 3;
    private static FaultProxy proxy;
    private static String url;
    private static String urlVariable;
    /** The server directly, not through the proxy: empties the databases that fresh stores use again. */
    private static MongoClient direct;
    private static final Set<String> made = new HashSet<>();
    private static int stores;

    /** Connects the suite to {@code given} (through a proxy when it is one host here); {@code variable} names its origin. */
    static synchronized void useServer(String given, String variable) throws Exception {
        if (url != null) {
            return;
        }
        if (new com.mongodb.ConnectionString(given).getHosts().size() == 1 && given.startsWith("mongodb://")) {
            String hp = RealMongo.hostPort(given);
            if (hp.startsWith("127.0.0.1") || hp.startsWith("localhost")) {
                proxy = new FaultProxy(RealMongo.port(given));
            }
        }
        url = proxy == null ? given : RealMongo.through(given, proxy.port()).orElse(given);
        urlVariable = variable;
        direct = MongoClients.create(given);
    }

    @AfterAll
    static void closeProxy() throws Exception {
        if (proxy != null) {
            proxy.close();
            proxy = null;
        }
        url = null;
        made.clear();
        if (direct != null) {
            direct.close();
            direct = null;
        }
    }

    /** The database of each store: a prefix, numbered. */
    protected abstract String databasePrefix();

    /** The keys beside url, dbid and transactions = on (sharding). */
    protected abstract Map<String, String> keys();

    /** The database of the store {@link #openFreshStore()} returned last. */
    String database() {
        return databasePrefix() + stores % DATABASES;
    }

    private GraphStore open() throws Exception {
        Map<String, String> settings = new HashMap<>(keys());
        settings.putAll(Map.of("store", "mongo", "url", url, "dbid", database(), "transactions", "on"));
        return new MongoStoreProvider().open(new StoreContext(new Settings(settings), maxSessions()));
    }

    /** The next database: recreated on its first use, emptied of its documents after. */
    @Override
    protected GraphStore openFreshStore() throws Exception {
        stores++;
        String db = database();
        if (made.contains(db)) {
            MongoDatabase d = direct.getDatabase(db);
            for (String c : List.of("nodes", "links", "counts", "meta")) {
                d.getCollection(c).deleteMany(new Document());
            }
        }
        GraphStore store = open();
        assertTrue(store.info().transactional(), "transactions = on gives a transactional store");
        if (made.add(db)) {
            store.prepareForLoad(io.linkbench.store.SchemaMode.RECREATE);
        }
        return store;
    }

    /** The last store's database, opened again without recreating it. */
    @Override
    protected GraphStore reopenStore() throws Exception {
        return open();
    }

    @Override
    protected StoreProvider provider() {
        return new MongoStoreProvider();
    }

    /**
     * Fewer operations than the kit's default (250 a writer): a write through DocumentDB's gateway costs
     * milliseconds of server CPU on this machine's two cores, and the one-group writers still conflict
     * dozens of times a run (the retries each run prints).
     */
    @Override
    protected int concurrentOpsPerWriter() {
        return 100;
    }

    /** Fewer than the kit's 2,000, for the same reason; every kind of write still runs hundreds of times. */
    @Override
    protected int randomOps() {
        return 600;
    }

    /** The session's next command resets its connection before the server sees it. */
    @Override
    public void failNextCall(GraphStore store, StoreSession session) {
        Assumptions.assumeTrue(proxy != null, "the fault hook needs a one-host server on this machine: "
                + urlVariable + " names several hosts or a remote one");
        proxy.failNextCommand();
    }
}
