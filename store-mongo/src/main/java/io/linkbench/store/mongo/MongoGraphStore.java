package io.linkbench.store.mongo;

import com.mongodb.ReadConcern;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.ReplaceOptions;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.VerificationReport;
import java.util.LinkedHashMap;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The MongoDB store: one {@link MongoClient} (thread-safe, with its own connection pool and
 * reconnection) shared by every session. With transactions on, link writes and their count changes
 * commit together and the sessions run the caller's transactions ({@link #transactions()}).
 */
class MongoGraphStore implements CountVerifier, StoreMetrics, LoadHooks, LoadStateStore,
        io.linkbench.store.ServerConfiguration {
    private static final String BUILD_INDEX_STEP = "build index " + Schema.LINK_INDEX;
    /** The load state's document in the meta collection (which schema = recreate drops). */
    private static final BsonDocument LOAD_STATE = new BsonDocument(Docs.ID, new BsonString("load_state"));

    private final MongoConfig config;
    private final MongoClient client;
    private final Schema schema;
    private final NodeIds nodeIds;
    private final Sharding sharding;
    private final ClientCounters counters = new ClientCounters();
    private final Connection.Server server;
    private final boolean transactions;
    private final String transactionsWhy;
    /** Why the caller's transactions are declined, null when they are offered ({@link #transactions()}). */
    private final String declined;
    /** This store's claim on its collections, from its first prepareForLoad until it is closed; null before. */
    private LoadLease lease;

    /**
     * @param transactions    link writes and their count changes in one multi-document transaction
     *                        ({@link TxnRunner}), so the count invariant holds under concurrent writers
     * @param transactionsWhy how transactions came to be on or off, for the report
     */
    MongoGraphStore(MongoConfig config, Connection connection, boolean transactions, String transactionsWhy) {
        this.config = config;
        this.client = connection.client();
        this.server = connection.server();
        this.schema = new Schema(client.getDatabase(config.database()), config);
        this.nodeIds = new NodeIds(schema.meta, schema.nodes, config.nodeIdBlock());
        this.sharding = new Sharding(client, config, server);
        this.transactions = transactions;
        this.transactionsWhy = transactionsWhy;
        this.declined = transactions ? null : TransactionOffer.declined(config, client.getClusterDescription());
    }

    @Override
    public StoreInfo info() throws StoreException {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("hosts", config.hosts());
        facts.put("topology", ServerFacts.topology(client.getClusterDescription()));
        facts.put("database", config.database());
        facts.put("collections", config.nodeCollection() + ", " + config.linkCollection() + ", "
                + config.countCollection() + " (node ids: " + config.metaCollection() + ")");
        facts.put("transactions", (transactions ? "on" : "off") + transactionsWhy);
        try {
            facts.putAll(sharding.facts());
        } catch (MongoException e) {
            throw Errors.toStore("read the collections' sharding", e);
        }
        if (transactions) {
            facts.put("transaction_isolation", TransactionOffer.linkWriteIsolation(config, server,
                    client.getClusterDescription().getType()));
        }
        facts.put("server_counters", server.statusCounters() ? "serverStatus" : "not offered by this server");
        facts.put("count_invariant", transactions
                ? "guaranteed: a link write and its count change commit in one transaction"
                : "not guaranteed: link and count are two writes; concurrent writers keep it, but a failure"
                + " between the two writes leaves that count off by one (verify finds it)");
        MongoDatabase db = schema.db;
        facts.put("write_concern", writeConcern(db.getWriteConcern()));
        facts.put("read_concern", readConcern(db.getReadConcern()));
        facts.put("read_preference", db.getReadPreference().getName());
        if (transactions) {
            facts.put("txn_retries", Integer.toString(config.txnRetries()));
        }
        facts.put("index_after_load", Boolean.toString(config.indexAfterLoad()));
        facts.put("node_id_block", Integer.toString(config.nodeIdBlock()));
        return new StoreInfo("mongo", server.version(), server.engine(), facts, transactions);
    }

    private static String writeConcern(WriteConcern wc) {
        Object w = wc.getWObject();
        String text = "w=" + (w == null ? "server default" : w);
        if (wc.getJournal() != null) {
            text += ", j=" + wc.getJournal();
        }
        return text;
    }

    private static String readConcern(ReadConcern rc) {
        return rc.getLevel() == null ? "server default" : rc.getLevel().getValue();
    }

    @Override
    public synchronized void prepareForLoad(SchemaMode mode) throws StoreException {
        if (lease == null) { // another load into these collections is refused, before anything is dropped
            lease = LoadLease.claim(schema.db, config.linkCollection(), "the collections " + config.database() + "."
                    + config.nodeCollection() + ", " + config.linkCollection() + ", " + config.countCollection()
                    + " on " + config.hosts());
        }
        try {
            schema.prepareForLoad(mode, sharding);
            if (mode == SchemaMode.RECREATE) {
                nodeIds.reset();
            }
        } catch (MongoException e) {
            throw Errors.toStore("prepare the schema", e);
        }
    }

    /** Creates what is missing and raises the node-id allocator above the highest node id. */
    @Override
    public void prepareForRequests() throws StoreException {
        try {
            schema.prepareForRequests();
            sharding.check();
            nodeIds.raiseAboveStored();
        } catch (MongoException e) {
            throw Errors.toStore("prepare the schema", e);
        }
    }

    /** Written with a majority, journaled write concern, so it outlives a kill of the client or the server. */
    @Override
    public void saveLoadState(LoadState state) throws StoreException {
        BsonDocument doc = LOAD_STATE.clone().append("state", new BsonString(state.toText()));
        try {
            schema.meta.withWriteConcern(WriteConcern.MAJORITY.withJournal(true))
                    .replaceOne(LOAD_STATE, doc, new ReplaceOptions().upsert(true));
        } catch (MongoException e) {
            throw Errors.toStore("save the load state", e);
        }
    }

    @Override
    public Optional<LoadState> loadState() throws StoreException {
        BsonDocument doc;
        try {
            doc = schema.meta.find(LOAD_STATE).first();
        } catch (MongoException e) {
            throw Errors.toStore("read the load state", e);
        }
        if (doc == null || !doc.isString("state")) {
            return Optional.empty();
        }
        return Optional.of(LoadState.parse(doc.getString("state").getValue()));
    }

    @Override
    public StoreSession session(int workerId) {
        SessionTransaction tx = new SessionTransaction(client, config, counters, declined);
        TxnRunner txn = transactions ? new TxnRunner(tx, config.txnRetries(), counters,
                TransactionOffer.snapshotLinkWrites(config, server)) : null;
        return new MongoSession(schema, nodeIds, counters, tx, txn, config.txnRetries());
    }

    /**
     * Offered wherever the store runs its link writes in transactions ({@link TransactionOffer}: the isolation,
     * and on a DocumentDB distributed over Citus a snapshot per worker), else declined in one line.
     */
    @Override
    public TransactionSupport transactions() throws StoreException {
        try {
            return TransactionOffer.of(config, server, client.getClusterDescription(), transactions, sharding::citus);
        } catch (MongoException e) {
            throw Errors.toStore("ask whether the server's collections are distributed", e);
        }
    }

    @Override
    public List<Step> finishLoadSteps() {
        return config.indexAfterLoad()
                ? List.of(new Step(BUILD_INDEX_STEP, this::buildLinkIndex, () -> { }, this::answers)) : List.of();
    }

    /** {@code ping} on a pooled connection other than the step's: fails when the server does not answer. */
    private void answers() throws StoreException {
        try {
            client.getDatabase("admin").runCommand(new BsonDocument("ping", new BsonInt32(1)));
        } catch (MongoException e) {
            throw Errors.toStore("ask the server whether it answers", e);
        }
    }

    private void buildLinkIndex() throws StoreException {
        try {
            schema.createLinkIndex();
        } catch (MongoException e) {
            throw Errors.toStore(BUILD_INDEX_STEP, e);
        }
    }

    @Override
    public VerificationReport verifyCounts() throws StoreException {
        try {
            if (!schema.hasLinksOrCounts()) {
                throw StoreException.refusal("database " + config.database() + " on " + config.hosts()
                        + " has no collections " + config.linkCollection() + " and " + config.countCollection()
                        + " to verify: load it first (-l)");
            }
            return CountCheck.run(schema);
        } catch (MongoException e) {
            throw Errors.toStore("verify counts", e);
        }
    }

    /** getParameter '*', getCmdLineOpts and buildInfo, each as far as the server answers ({@link ServerParameters}). */
    @Override
    public Map<String, String> serverConfiguration() throws StoreException {
        try {
            return ServerParameters.all(client.getDatabase("admin"));
        } catch (MongoException e) {
            throw Errors.toStore("read the server's parameters", e);
        }
    }

    /** serverStatus counters (those the server has) and the store's own {@code client.*} counters. */
    @Override
    public Map<String, Long> counters() throws StoreException {
        Map<String, Long> all = new LinkedHashMap<>();
        try {
            if (server.statusCounters()) {
                all.putAll(ServerFacts.status(client.getDatabase("admin")).counters());
            }
        } catch (MongoCommandException e) {
            // serverStatus not allowed for this user, or not offered: the client counters only
        } catch (MongoException e) {
            throw Errors.toStore("read server counters", e);
        }
        all.putAll(counters.snapshot());
        return all;
    }

    @Override
    public OptionalLong sizeBytes() throws StoreException {
        try {
            return ServerFacts.size(schema.db, List.of(config.nodeCollection(), config.linkCollection(),
                    config.countCollection()));
        } catch (MongoCommandException e) {
            return OptionalLong.empty();
        } catch (MongoException e) {
            throw Errors.toStore("read the data size", e);
        }
    }

    @Override
    public OptionalInt serverPid() {
        if (!server.statusCounters()) {
            return OptionalInt.empty();
        }
        try {
            return ServerFacts.localPid(ServerFacts.status(client.getDatabase("admin")),
                    config.connectionString().getHosts());
        } catch (MongoException e) {
            return OptionalInt.empty();
        }
    }

    /** The local mongod's data directory, for the IO probe; empty when remote or not said. */
    @Override
    public Optional<Path> dataDirectory() {
        try {
            return ServerFacts.localDataDirectory(client.getDatabase("admin"), config.connectionString().getHosts());
        } catch (MongoException | java.nio.file.InvalidPathException e) {
            return Optional.empty(); // getCmdLineOpts not offered or not allowed
        }
    }

    /**
     * Every server process behind the URL on this host ({@link LocalServerProcesses}): DocumentDB's gateway and its
     * PostgreSQL (a Citus cluster's coordinator and workers), or a mongos and the mongods it talks to; otherwise
     * (a local mongod, a remote server) the one server of {@link #serverPid()}.
     */
    @Override
    public List<ServerNode> serverNodes() {
        List<ServerNode> local = LocalServerProcesses.behind(config.connectionString().getHosts());
        return local.isEmpty() ? StoreMetrics.super.serverNodes() : local;
    }

    /**
     * Closes the client within the connect timeout: the driver ends its server sessions on close
     * ({@code endSessions}), which a stalled server answers only after the socket timeout (120 s by default),
     * long after a run that already failed on it. Every write was acknowledged before, so nothing is lost when
     * the close goes on in the background past that wait.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (lease != null) {
                lease.close();
            }
        }
        Thread closing = new Thread(client::close, "mongo-client-close");
        closing.setDaemon(true);
        closing.start();
        try {
            closing.join(Math.max(config.connectTimeoutMs(), 1000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
