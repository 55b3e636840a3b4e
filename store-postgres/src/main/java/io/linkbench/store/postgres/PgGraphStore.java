package io.linkbench.store.postgres;

import io.linkbench.store.ConnectionLimit;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.LocalHost;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.jdbc.AdminTimeout;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.LoadClaimLock;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.postgres.Connector.Purpose;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The PostgreSQL store: hands out {@link PgSession}s (two connections each) and does the process-wide
 * work (schema, post-load steps, metrics, verification) on one admin connection of its own, re-opened
 * when lost. The admin work is synchronized; sessions share nothing but immutable objects. On a Citus
 * coordinator ({@code citus} on, or auto and the database has the extension) the tables are
 * distributed ({@link CitusTables}) and the size, counters, connection headroom and configuration
 * cover every node ({@link CitusCluster}). The admin connections wait at most {@code socket_timeout +
 * connect_timeout} for an answer ({@link Connector#clientTimeoutMs}), except while they change the
 * schema or run a post-load step.
 */
final class PgGraphStore implements CountVerifier, StoreMetrics, LoadHooks, LoadStateStore, ConnectionLimit,
        io.linkbench.store.ServerConfiguration {
    /** What each operation sends to the server (round trips), for the run's facts; stores/postgres.md has the statements. */
    static final String ROUND_TRIPS = "GET_NODE, ADD_NODE, UPDATE_NODE, DELETE_NODE, COUNT_LINK, MULTIGET_LINK 1;"
            + " GET_LINKS_LIST 1 + 1 per payload over 1,024 bytes; ADD_LINK 3 (5 for an existing link);"
            + " UPDATE_LINK 3 (4 when visibility changes); DELETE_LINK 4 (3 hidden, 2 without a link)";

    private final PgConfig config;
    private final Connector connector;
    private final SqlText sql;
    private final Schema schema;
    private final boolean local;
    private final String serverVersion;
    private final SessionConnection<SqlConnection> admin;
    /** The connection that asks the first server whether it answers while a post-load step runs; guarded by itself. */
    private final SessionConnection<SqlConnection> asker;
    /** The Citus cluster behind the first server, or null when the tables are plain tables. */
    private final CitusCluster citus;
    /** The server readings over every node of that cluster, or null. */
    private final CitusReadings readings;
    /** The backend pid of the admin connection while it runs a post-load step, or -1. */
    private volatile int stepBackend = -1;
    /** This store's claim on its tables, from its first prepareForLoad until it is closed; null before. */
    private LoadClaimLock claim;
    private volatile boolean closed;
    /** How the sessions start a transaction. */
    private final JdbcSession.Begin begin;

    private PgGraphStore(PgConfig config, Connector connector, String serverVersion, CitusCluster citus) {
        this.config = config;
        this.connector = connector;
        this.sql = new SqlText(config);
        this.citus = citus;
        this.schema = new Schema(config, sql, citus != null);
        this.readings = citus == null ? null : new CitusReadings(citus, schema.citus(), config.servers(), config.user());
        this.admin = new SessionConnection<>(() -> new SqlConnection(openBounded(connector), sql), Errors.MAP, false);
        this.asker = new SessionConnection<>(() -> new SqlConnection(openBounded(connector), sql), Errors.MAP, false);
        this.local = !config.socket().isEmpty() || LocalHost.isLocal(config.host()); // a Unix socket is local
        this.serverVersion = serverVersion;
        this.begin = Transactions.begin(config);
    }

    /**
     * Connects (failing within the connect timeout), creating the database when it is missing, and
     * finds out whether the tables are Citus distributed tables.
     */
    static PgGraphStore open(PgConfig config) throws StoreException {
        Connector connector = new Connector(config);
        try (Connection c = openAdmin(connector, config)) {
            return new PgGraphStore(config, connector, c.getMetaData().getDatabaseProductVersion(),
                    CitusCluster.detect(config, c).orElse(null));
        } catch (SQLException e) {
            throw Errors.MAP.toStore("PostgreSQL server " + config.address(), e);
        }
    }

    /** An admin connection that waits at most {@link Connector#clientTimeoutMs} for an answer. */
    static Connection openBounded(Connector connector) throws StoreException {
        Connection c = connector.open(Purpose.ADMIN);
        try {
            c.setNetworkTimeout(Runnable::run, connector.clientTimeoutMs());
            return c;
        } catch (SQLException e) {
            SqlErrorMap.closeQuietly(c);
            throw Errors.MAP.toStore("set the admin connection's read timeout", e);
        }
    }

    private static Connection openAdmin(Connector connector, PgConfig config) throws StoreException {
        try {
            return connector.connect(Purpose.ADMIN, config.database());
        } catch (SQLException e) {
            if (!Connector.NO_DATABASE.equals(e.getSQLState())) {
                return connector.open(Purpose.ADMIN); // the same failure, as the one-line StoreException
            }
        }
        try (Connection c = connector.open(Purpose.ADMIN, "postgres"); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + config.database());
        } catch (SQLException e) {
            if (!"42P04".equals(e.getSQLState())) { // created meanwhile by another process
                throw Errors.MAP.toStore("create database " + config.database(), e);
            }
        }
        return connector.open(Purpose.ADMIN);
    }

    @Override
    public synchronized StoreInfo info() throws StoreException {
        return admin("info", h -> {
            Connection c = h.jdbc();
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("server", config.address());
            facts.put("transport", config.socket().isEmpty() ? "tcp" : "unix socket");
            facts.put("round_trips", ROUND_TRIPS);
            facts.put("database", config.database());
            facts.put("schema", config.schema());
            facts.put("isolation", config.isolation().sqlName());
            facts.put("tables", config.nodeTable() + ", " + config.linkTable() + ", " + config.countTable());
            facts.put("index_after_load", Boolean.toString(config.indexAfterLoad()));
            if (config.servers().size() > 1) {
                facts.put("hosts", String.join(", ", config.servers()));
            }
            ServerMetrics.settings(c).forEach((k, v) -> facts.put("server." + k, v));
            if (readings != null) {
                facts.putAll(readings.facts(c));
            } else {
                ServerMetrics.tableSizes(c, config, schema.tableNames())
                        .forEach((table, bytes) -> facts.put("size." + table, bytes + " bytes"));
            }
            return new StoreInfo("postgres", serverVersion, "heap", facts, true);
        });
    }

    /** The Citus cluster behind the store's first server (the coordinator), when the tables are distributed. */
    Optional<CitusCluster> citus() {
        return Optional.ofNullable(citus);
    }

    @Override
    public synchronized void prepareForLoad(SchemaMode mode) throws StoreException {
        admin("prepare the schema", c -> {
            if (claim == null) { // another load into these tables is refused, before anything is dropped
                claim = LoadClaim.claim(openBounded(connector), config, schema);
            }
            AdminTimeout.lifted(c.jdbc(), connector.clientTimeoutMs(), () -> schema.prepareForLoad(c.jdbc(), mode));
            claim.recordHolder();
            return null;
        });
    }

    @Override
    public synchronized void prepareForRequests() throws StoreException {
        admin("prepare the schema", c -> {
            // may build the index
            AdminTimeout.lifted(c.jdbc(), connector.clientTimeoutMs(), () -> schema.prepareForRequests(c.jdbc()));
            return null;
        });
    }

    /** A row of the table {@value Schema#LOAD_TABLE}, keyed by the link table's name. */
    @Override
    public synchronized void saveLoadState(LoadState state) throws StoreException {
        admin("save the load state", c -> {
            schema.loadState.save(c.jdbc(), state);
            return null;
        });
    }

    @Override
    public synchronized Optional<LoadState> loadState() throws StoreException {
        return admin("read the load state", c -> schema.loadState.load(c.jdbc()));
    }

    /** Session i connects to server i mod n of {@code hosts} first (loader or requester 0 to the first). */
    @Override
    public StoreSession session(int workerId) {
        return new PgSession(connector, sql, workerId, citus == null ? null : config, begin);
    }

    /** Offered on every server, on Citus with a snapshot per worker ({@link Transactions}). */
    @Override
    public TransactionSupport transactions() {
        return Transactions.support(config, citus != null);
    }

    /**
     * With {@code index_after_load} the list index is built first; then {@code VACUUM (ANALYZE)} sets
     * the visibility map, without which an index-only scan still visits the heap, and the statistics.
     * Both are cancelled on the server ({@link #cancelStep}).
     */
    @Override
    public List<Step> finishLoadSteps() {
        List<Step> steps = new ArrayList<>();
        if (config.indexAfterLoad()) {
            steps.add(new Step("build index " + schema.listIndex(), () -> step("build index", schema::buildListIndex),
                    this::cancelStep, this::answers));
        }
        steps.add(new Step("vacuum analyze", () -> step("vacuum analyze", schema::vacuumAnalyze), this::cancelStep,
                this::answers));
        return steps;
    }

    /**
     * {@code SELECT 1} on a connection of its own (the admin connection runs the step, without a read timeout), re-opened
     * after a loss: fails when the first server does not answer (within the admin connections' read timeout).
     */
    private void answers() throws StoreException {
        synchronized (asker) {
            if (closed) {
                throw new StoreException(Kind.OTHER, "the PostgreSQL store is closed");
            }
            asker.answers();
        }
    }

    /** What a post-load step does on the admin connection. */
    private interface StepWork {
        void run(Connection c) throws SQLException;
    }

    private synchronized void step(String what, StepWork work) throws StoreException {
        admin(what, h -> {
            Connection c = h.jdbc();
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
                rs.next();
                stepBackend = rs.getInt(1);
            }
            try {
                AdminTimeout.lifted(c, connector.clientTimeoutMs(), () -> work.run(c));
            } finally {
                stepBackend = -1;
            }
            return null;
        });
    }

    /**
     * Cancels the running step's statement with {@code pg_cancel_backend} from a connection of its own
     * (the step's connection is busy, and this store's monitor is held by the step). The server rolls
     * the statement back; {@code -r} builds a missing index later.
     */
    private void cancelStep() {
        int pid = stepBackend;
        if (pid < 0) {
            return;
        }
        try (Connection c = connector.open(Purpose.ADMIN);
             PreparedStatement ps = c.prepareStatement("SELECT pg_cancel_backend(?)")) {
            c.setNetworkTimeout(Runnable::run, config.connectTimeoutMs()); // a stalled server must not hold the stop
            ps.setInt(1, pid);
            ps.execute();
        } catch (SQLException | StoreException e) {
            // the server is gone or refuses: the step ends by itself
        }
    }

    /** Compares counts and visible links in one query, in a repeatable-read snapshot. */
    @Override
    public VerificationReport verifyCounts() throws StoreException {
        synchronized (this) {
            if (!admin("verify counts", c -> schema.tablesExist(c.jdbc()))) {
                throw StoreException.refusal("database " + config.database() + ", schema " + config.schema()
                        + " has no tables " + config.linkTable() + " and " + config.countTable()
                        + " to verify: load it first (-l)");
            }
        }
        try (Connection c = connector.open(Purpose.ADMIN)) {
            return CountCheck.check(c, sql);
        } catch (SQLException e) {
            throw Errors.MAP.toStore("verify counts", e);
        }
    }

    /** This database's and the server's statistics; on Citus over every node ({@link CitusReadings#counters}). */
    @Override
    public synchronized Map<String, Long> counters() throws StoreException {
        if (readings != null) {
            return readings.counters();
        }
        return admin("read server counters", c -> ServerMetrics.counters(c.jdbc()));
    }

    /**
     * {@code max_connections} less {@code superuser_reserved_connections} and the client connections
     * open now (this store's own included), and the role's {@code CONNECTION LIMIT} less its open ones
     * when the role has one; on Citus the least room of any node ({@link CitusReadings#connectionHeadroom}).
     */
    @Override
    public synchronized Headroom connectionHeadroom() throws StoreException {
        if (readings != null) {
            return readings.connectionHeadroom();
        }
        return admin("read max_connections", c -> ServerMetrics.headroom(c.jdbc(), config.user()));
    }

    /** Each session holds two connections ({@link PgSession}). */
    @Override
    public int connectionsPerSession() {
        return 2;
    }

    /** {@code pg_settings}, whole ({@link PgSettings}); on Citus each node's, its names prefixed by the node's "host:port ". */
    @Override
    public synchronized Map<String, String> serverConfiguration() throws StoreException {
        if (readings != null) {
            return readings.configuration();
        }
        return admin("read pg_settings", c -> PgSettings.all(c.jdbc()));
    }

    /**
     * The bytes of this run's three tables with their indexes and TOAST ({@code pg_total_relation_size});
     * on Citus, of their shards on every node ({@code citus_shards}), the coordinator's empty shells left out.
     */
    @Override
    public synchronized OptionalLong sizeBytes() throws StoreException {
        if (citus != null) {
            return admin("read the data size", c -> ServerMetrics.total(schema.citus().shardBytesByNode(c.jdbc())));
        }
        return admin("read the data size",
                c -> ServerMetrics.total(ServerMetrics.tableSizes(c.jdbc(), config, schema.tableNames())));
    }

    /** The postmaster's pid, looked up on every call: a restarted server has a new one. */
    @Override
    public synchronized OptionalInt serverPid() {
        return dataDirectory().map(ServerMetrics::postmasterPid).orElse(OptionalInt.empty());
    }

    @Override
    public synchronized Optional<Path> dataDirectory() {
        if (!local) {
            return Optional.empty();
        }
        try {
            return admin("read data_directory", c -> ServerMetrics.localDataDirectory(c.jdbc()));
        } catch (StoreException e) {
            return Optional.empty();
        }
    }

    /**
     * On Citus every node, the coordinator first ({@code coordinator host:port}, {@code worker host:port}), with
     * its postmaster's pid and data directory when it runs on this host; otherwise the one server.
     */
    @Override
    public synchronized List<ServerNode> serverNodes() {
        if (citus == null) {
            return StoreMetrics.super.serverNodes();
        }
        List<ServerNode> out = new ArrayList<>();
        for (CitusCluster.Node n : citus.nodes()) {
            Optional<Path> dir = citus.dataDirectory(n);
            out.add(new ServerNode(n.name(), dir.map(ServerMetrics::postmasterPid).orElse(OptionalInt.empty()), dir));
        }
        return out;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (claim != null) {
            claim.close();
        }
        admin.close();
        synchronized (asker) {
            asker.close();
        }
        if (citus != null) {
            citus.close();
        }
    }

    /** Runs {@code work} on the admin connection (autocommit), which is re-opened after it was lost. */
    private <T> T admin(String what, SessionConnection.Work<SqlConnection, T> work) throws StoreException {
        if (closed) {
            throw new StoreException(Kind.OTHER, "the PostgreSQL store is closed");
        }
        try {
            return work.run(admin.get());
        } catch (SQLException e) {
            throw admin.fail(what, e);
        }
    }
}
