package io.linkbench.store.mysql;

import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.LocalHost;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.AdminTimeout;
import io.linkbench.store.jdbc.LoadClaimLock;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.VerificationReport;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The MySQL store: hands out {@link MySqlSession}s (two connections each) and does the process-wide
 * work (schema, metrics, verification) on one admin connection of its own, re-opened when lost. The
 * admin work is synchronized; sessions share nothing but the immutable configuration. The admin
 * connection waits at most {@code socket_timeout} for an answer (a stalled server fails the read, and
 * no caller queues for ever behind it), except while it changes the schema or builds an index.
 */
final class MySqlGraphStore implements CountVerifier, StoreMetrics, LoadHooks, LoadStateStore, ConnectionLimit,
        io.linkbench.store.ServerConfiguration {
    /** What each operation sends to the server (round trips), for the run's facts; stores/mysql.md has the statements. */
    static final String ROUND_TRIPS = "GET_NODE, ADD_NODE, UPDATE_NODE, DELETE_NODE, COUNT_LINK 1; MULTIGET_LINK 1"
            + " per 1,024 id2s; GET_LINKS_LIST 1 + 1 per payload over 255 bytes; ADD_LINK 3 (4 for an existing link);"
            + " UPDATE_LINK 3 (4 when visibility changes, 2 without a link); DELETE_LINK 4 (3 hidden, 2 without a link)";

    private final MySqlConfig config;
    /** The admin connections' connector (to the head, with Spider). */
    private final Connector connector;
    /** The sessions' connector: with Spider its connections bound the head's reads of the backends. */
    private final Connector sessions;
    /** The Spider cluster behind the server, or null for plain tables. */
    private final SpiderCluster spider;
    private final SpiderSchema spiderSchema;
    /** The sessions' statements (with Spider, a DELETE_NODE the head counts right). */
    private final SqlText sessionSql;
    private final SqlText sql;
    private final Schema schema;
    private final boolean local;
    private final int maxStatementChars;
    private final String serverVersion;
    private final SessionConnection<SqlConnection> admin;
    private final LinkIndexStep indexStep;
    /** Whether the sessions run transactions, asked of the server once, and how they start one. */
    private final TransactionSupport transactions;
    private final JdbcSession.Begin begin;
    /** This store's claim on its tables, from its first prepareForLoad until it is closed; null before. */
    private LoadClaimLock claim;
    private volatile boolean closed;

    private MySqlGraphStore(MySqlConfig config, Connector connector, SqlText sql,
            SessionConnection<SqlConnection> admin, SpiderCluster spider, boolean engineTransactional)
            throws SQLException, StoreException {
        this.config = config;
        this.connector = connector;
        this.sql = sql;
        this.schema = new Schema(config);
        this.spider = spider;
        this.spiderSchema = spider == null ? null : new SpiderSchema(config, spider, schema);
        this.sessions = spider == null ? connector : new Connector(config, SpiderReadings.sessionSetup(config));
        this.sessionSql = spider == null ? sql : new SqlText(config, true);
        this.admin = admin;
        this.indexStep = new LinkIndexStep(config, connector, spider, sql,
                new SessionConnection<>(() -> new SqlConnection(openAdmin(connector, config), sql), Errors.MAP, false));
        this.local = !config.socket().isEmpty() || LocalHost.isLocal(config.host()); // a Unix socket is local
        long maxPacket = 16L << 20;
        String version = "";
        try (Statement s = admin.get().jdbc().createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION(), @@max_allowed_packet")) {
            if (rs.next()) {
                version = rs.getString(1);
                maxPacket = rs.getLong(2);
            }
        }
        this.serverVersion = version;
        this.transactions = Transactions.support(admin.get().jdbc(), config, engineTransactional, spider);
        this.begin = Transactions.begin(config, transactions, spider != null);
        this.maxStatementChars = (int) Math.max(4096, Math.min(config.bulkInsertKb() * 1024L, maxPacket - 4096));
    }

    /** Connects (failing within the connect timeout) and checks that the server offers the engine. */
    static MySqlGraphStore open(MySqlConfig config) throws StoreException {
        Connector connector = new Connector(config);
        SqlText sql = new SqlText(config);
        SessionConnection<SqlConnection> admin = new SessionConnection<>(
                () -> new SqlConnection(openAdmin(connector, config), sql), Errors.MAP, false);
        try {
            SpiderCluster spider = SpiderCluster.detect(admin.get().jdbc(), config, connector).orElse(null);
            boolean transactional = spider == null ? EngineCheck.check(admin.get().jdbc(), config)
                    : !spider.onEach("check the engine", false, false, b -> EngineCheck.check(b, config))
                            .containsValue(false);
            return new MySqlGraphStore(config, connector, sql, admin, spider, transactional);
        } catch (SQLException e) {
            admin.close();
            throw Errors.MAP.toStore("MySQL server " + config.address(), e);
        } catch (StoreException | RuntimeException e) {
            admin.close();
            throw e;
        }
    }

    @Override
    public synchronized StoreInfo info() throws StoreException {
        try {
            Connection c = admin();
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("server", config.address());
            facts.put("transport", config.socket().isEmpty() ? "tcp" : "unix socket");
            facts.put("round_trips", ROUND_TRIPS);
            facts.put("database", config.database());
            facts.put("isolation", config.isolation().sqlName());
            facts.put(MySqlConfig.LIST_STATEMENT, config.listStatement().name().toLowerCase(java.util.Locale.ROOT));
            facts.put("tables", config.nodeTable() + ", " + config.linkTable() + ", " + config.countTable());
            facts.put("index_after_load", Boolean.toString(config.indexAfterLoad()));
            facts.putAll(ServerMetrics.variables(c));
            if (spider != null) {
                facts.putAll(SpiderReadings.facts(c, spider, config));
                if (config.rocksDb()) {
                    facts.put("spider.concurrency", SpiderReadings.MYROCKS_CONCURRENCY);
                }
                // the count invariant under concurrent writers of one group is not claimed on MyRocks backends
                return new StoreInfo("mysql", serverVersion, "SPIDER over " + config.engine(), facts, !config.rocksDb());
            }
            TableSizes.of(c, config).forEach((table, bytes) -> facts.put("size." + table, bytes + " bytes"));
            if (config.rocksDb()) {
                TableSizes.serverWideMemtableBytes(c).ifPresent(b -> facts.put("server_wide_memtable_bytes", b + ""));
            }
            String engine = schema.linkEngine(c);
            return new StoreInfo("mysql", serverVersion, engine.isEmpty() ? config.engine() : engine, facts, true);
        } catch (SQLException e) {
            throw adminFailure("info", e);
        }
    }

    @Override
    public synchronized void prepareForLoad(SchemaMode mode) throws StoreException {
        try {
            Connection c = admin();
            if (claim == null) { // another load into these tables is refused, before anything is dropped
                claim = LoadClaim.claim(openAdmin(connector, config), config, schema);
            }
            if (spider != null) {
                AdminTimeout.lifted(c, config.socketTimeoutMs(), () -> spiderSchema.prepareForLoad(c, mode));
                claim.recordHolder();
                return;
            }
            AdminTimeout.lifted(c, config.socketTimeoutMs(), () -> schema.prepareForLoad(c, mode));
            claim.recordHolder();
            awaitSchemaOnEveryHost();
        } catch (SQLException e) {
            throw adminFailure("prepare the schema", e);
        }
    }

    /**
     * With several hosts of one Galera cluster, waits until every node has applied the schema just
     * changed: a node acknowledges DDL before the others apply it, so a loader on another node could
     * find no table. Each node is asked to read the tables with {@code wsrep_sync_wait = 1}, which
     * waits for that node to catch up with the cluster first.
     */
    private void awaitSchemaOnEveryHost() throws SQLException, StoreException {
        if (config.servers().size() < 2 || !EngineCheck.galera(admin())) {
            return;
        }
        for (int i = 0; i < config.servers().size(); i++) {
            try (Connection c = connector.open(Connector.Purpose.ADMIN, true, i); Statement s = c.createStatement()) {
                s.execute("SET SESSION wsrep_sync_wait = 1");
                for (String table : List.of(config.nodeTable(), config.linkTable(), config.countTable())) {
                    s.executeQuery("SELECT 1 FROM " + SqlText.quote(table) + " LIMIT 0").close();
                }
            }
        }
    }

    @Override
    public synchronized void prepareForRequests() throws StoreException {
        try {
            Connection c = admin();
            if (spider != null) {
                AdminTimeout.lifted(c, config.socketTimeoutMs(), () -> spiderSchema.prepareForRequests(c));
                return;
            }
            AdminTimeout.lifted(c, config.socketTimeoutMs(), () -> schema.prepareForRequests(c)); // may build the index
        } catch (SQLException e) {
            throw adminFailure("prepare the schema", e);
        }
    }

    /** A row of the table {@value Schema#LOAD_TABLE}, keyed by the link table's name. */
    @Override
    public synchronized void saveLoadState(LoadState state) throws StoreException {
        try {
            schema.loadState.save(admin(), state);
        } catch (SQLException e) {
            throw adminFailure("save the load state", e);
        }
    }

    @Override
    public synchronized Optional<LoadState> loadState() throws StoreException {
        try {
            return schema.loadState.load(admin());
        } catch (SQLException e) {
            throw adminFailure("read the load state", e);
        }
    }

    @Override
    public StoreSession session(int workerId) {
        return new MySqlSession(sessions, sessionSql, maxStatementChars, workerId, spider != null, begin); // spread over hosts: the load's writers too
    }

    /** Asked of the server when the store opened ({@link Transactions}). */
    @Override
    public TransactionSupport transactions() {
        return transactions;
    }

    @Override
    public List<Step> finishLoadSteps() {
        return config.indexAfterLoad()
                ? List.of(new Step(LinkIndexStep.NAME, this::buildLinkIndex, indexStep::cancel, indexStep::answers,
                        indexStep::unfinished))
                : List.of();
    }

    /** Adds the link table's secondary index when it is missing (with Spider on every backend, then the head). */
    private synchronized void buildLinkIndex() throws StoreException {
        try {
            Connection c = admin();
            if (spider != null) {
                indexStep.build(c, spiderSchema);
            } else {
                indexStep.build(c, schema);
            }
        } catch (SQLException e) {
            throw adminFailure(LinkIndexStep.NAME, e);
        }
    }

    @Override
    public VerificationReport verifyCounts() throws StoreException {
        synchronized (this) {
            try {
                if (!schema.tablesExist(admin())) {
                    throw StoreException.refusal("database " + config.database() + " has no tables "
                            + config.linkTable() + " and " + config.countTable() + " to verify: load it first (-l)");
                }
            } catch (SQLException e) {
                throw adminFailure("verify counts", e);
            }
        }
        if (spider != null) {
            return SpiderReadings.verifyCounts(spider, sql); // each backend holds its id1s' links and counts
        }
        Connection forLinks = connector.open(Connector.Purpose.ADMIN, true);
        try (Connection forCounts = connector.open(Connector.Purpose.ADMIN, true)) {
            return CountCheck.check(forLinks, forCounts, sql);
        } catch (SQLException e) {
            throw Errors.MAP.toStore("verify counts", e);
        } finally {
            SqlErrorMap.closeQuietly(forLinks);
        }
    }

    @Override
    public synchronized Map<String, Long> counters() throws StoreException {
        try {
            if (spider != null) {
                return SpiderReadings.counters(admin(), spider);
            }
            return ServerMetrics.counters(admin());
        } catch (SQLException e) {
            throw adminFailure("read server counters", e);
        }
    }

    /** {@code SHOW GLOBAL VARIABLES}, whole ({@link ServerVariables}). */
    @Override
    public synchronized Map<String, String> serverConfiguration() throws StoreException {
        try {
            if (spider != null) {
                return SpiderReadings.configuration(admin(), spider);
            }
            return ServerVariables.all(admin());
        } catch (SQLException e) {
            throw adminFailure("read the server's variables", e);
        }
    }

    /**
     * The on-disk bytes of this run's three tables only, as {@link TableSizes} tells per engine; for
     * ROCKSDB the memtables are flushed first, so rows written just now are counted too.
     */
    @Override
    public synchronized OptionalLong sizeBytes() throws StoreException {
        try {
            Connection c = admin();
            if (spider != null) {
                return TableSizes.total(SpiderReadings.sizes(spider, config));
            }
            if (config.rocksDb()) {
                TableSizes.flushRocksDb(c);
            }
            return TableSizes.total(TableSizes.of(c, config));
        } catch (SQLException e) {
            throw adminFailure("read the data size", e);
        }
    }

    /**
     * {@code max_connections} less the connections open now ({@code Threads_connected}, this store's
     * own included), and {@code max_user_connections} less this user's when that limit is set.
     */
    @Override
    public synchronized Headroom connectionHeadroom() throws StoreException {
        try (Statement s = admin().createStatement()) {
            long max;
            long user;
            try (ResultSet rs = s.executeQuery("SELECT @@max_connections, @@max_user_connections")) {
                rs.next();
                max = rs.getLong(1);
                user = rs.getLong(2);
            }
            long open;
            try (ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Threads_connected'")) {
                open = rs.next() ? rs.getLong(2) : 0;
            }
            Headroom room = new Headroom(Math.max(0, max - open), "max_connections = " + max + ", " + open + " open");
            if (user > 0) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.PROCESSLIST"
                        + " WHERE USER = SUBSTRING_INDEX(CURRENT_USER(), '@', 1)")) {
                    long mine = rs.next() ? rs.getLong(1) : 0;
                    if (user - mine < room.available()) {
                        room = new Headroom(Math.max(0, user - mine), "max_user_connections = " + user + ", " + mine
                                + " open as " + config.user());
                    }
                }
            }
            return spider == null ? room : SpiderReadings.leastHeadroom(room, spider, config);
        } catch (SQLException e) {
            throw adminFailure("read max_connections", e);
        }
    }

    /** Looked up on every call: a restarted server has a new pid. */
    @Override
    public synchronized OptionalInt serverPid() {
        if (!local) {
            return OptionalInt.empty();
        }
        try {
            return ServerMetrics.localPid(admin());
        } catch (SQLException | StoreException e) {
            return OptionalInt.empty();
        }
    }

    /** The server's data directory when the server runs on this host. */
    @Override
    public synchronized Optional<Path> dataDirectory() {
        if (!local) {
            return Optional.empty();
        }
        try {
            return ServerMetrics.localDataDirectory(admin());
        } catch (SQLException | StoreException e) {
            return Optional.empty();
        }
    }

    /**
     * With several {@code hosts} (a Galera cluster), one node per server, {@code node N host:port}, each with its
     * own pid and data directory when local; otherwise the one server.
     */
    @Override
    public synchronized List<ServerNode> serverNodes() {
        if (spider != null) {
            return spider.nodes();
        }
        if (config.servers().size() < 2 || !config.socket().isEmpty()) {
            return StoreMetrics.super.serverNodes();
        }
        return ServerMetrics.nodes(config, connector);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (claim != null) {
            claim.close();
        }
        admin.close();
        indexStep.close();
    }

    /** The admin connection, re-opened after it was lost. */
    private Connection admin() throws StoreException {
        if (closed) {
            throw new StoreException(Kind.OTHER, "the MySQL store is closed");
        }
        return admin.get().jdbc();
    }

    private static Connection openAdmin(Connector connector, MySqlConfig config) throws StoreException {
        Connection c = connector.open(Connector.Purpose.ADMIN, false);
        try {
            c.setNetworkTimeout(Runnable::run, config.socketTimeoutMs());
        } catch (SQLException e) {
            SqlErrorMap.closeQuietly(c);
            throw Errors.MAP.toStore("set the admin connection's read timeout", e);
        }
        try (Statement s = c.createStatement()) {
            s.execute("SET SESSION information_schema_stats_expiry = 0"); // MySQL 8 caches table sizes for a day
        } catch (SQLException e) {
            // MariaDB has no such cache (nor variable)
        }
        return c;
    }

    /** The failure to throw; drops the admin connection when it may be lost. */
    private StoreException adminFailure(String what, SQLException e) {
        return admin.fail(what, e);
    }
}
