package io.linkbench.store.mysql;

import com.mysql.cj.jdbc.JdbcConnection;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.AdminTimeout;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The post-load step that adds the link table's secondary index ({@code index_after_load}). On plain tables
 * the build runs on the store's admin connection without a read timeout (the store's monitor held);
 * {@link #cancel} stops it with {@code KILL QUERY} from a connection of its own, and {@link #answers} asks the
 * server whether it still answers on a third, so a stalled server ends the step within {@code load_stall_limit}
 * instead of holding it. With Spider the index is built on every backend in turn, then on the head: each node
 * is asked whether it answers, on a connection of its own that waits {@code connect_timeout} at most, so the
 * failure names the node that does not; a backend that cannot be reached is tried again every second until
 * it answers or the step is cancelled (the driver's {@code load_stall_limit} ends it, not a connection's
 * timeout); and {@link #unfinished} says on which nodes the index is missing when the step ends early.
 */
final class LinkIndexStep implements AutoCloseable {
    static final String NAME = "build index " + Schema.LINK_INDEX;
    /** How long a backend that cannot be reached is left before it is tried again. */
    private static final long RETRY_MILLIS = 1000;

    private final MySqlConfig config;
    private final Connector connector;
    /** The nodes asked whether they answer, by name (the server alone, or the head and every backend); guarded by itself. */
    private final Map<String, SessionConnection<SqlConnection>> askers;
    /** The Spider cluster, or null for plain tables. */
    private final SpiderCluster spider;
    /** The nodes in the order the step builds their index (the head last). */
    private final List<String> buildOrder = new ArrayList<>();
    /** The nodes whose index is built by this step, in order. */
    private final List<String> built = new CopyOnWriteArrayList<>();
    /** The server thread id of the connection running the build, or -1. */
    private volatile long threadId = -1;
    private volatile boolean started;
    private volatile boolean cancelled;
    private volatile boolean closed;

    /**
     * @param spider the cluster behind the head, or null for plain tables
     * @param sql    the statements of the askers' connections
     */
    LinkIndexStep(MySqlConfig config, Connector connector, SpiderCluster spider, SqlText sql,
                  SessionConnection<SqlConnection> asker) {
        this.config = config;
        this.connector = connector;
        this.spider = spider;
        this.askers = new LinkedHashMap<>();
        if (spider == null) {
            askers.put("the server", asker);
            buildOrder.add("the server");
            return;
        }
        askers.put(spider.headName(), asker);
        for (SpiderCluster.Backend b : spider.backends()) {
            askers.put(SpiderCluster.nameOf(b), new SessionConnection<>(() -> new SqlConnection(openAsker(b), sql),
                    Errors.MAP, false));
            buildOrder.add(SpiderCluster.nameOf(b));
        }
        buildOrder.add(spider.headName());
    }

    /** Adds the index on {@code c} when the link table lacks it. */
    void build(Connection c, Schema schema) throws SQLException, StoreException {
        starting();
        if (!schema.hasLinkIndex(c)) {
            threadId = ((JdbcConnection) c).getId();
            try {
                AdminTimeout.lifted(c, config.socketTimeoutMs(), () -> schema.addLinkIndex(c));
            } finally {
                threadId = -1;
            }
        }
        built.add("the server");
    }

    /** Adds the index on every backend that lacks it, then on the head ({@code c}), each backend waited for. */
    void build(Connection c, SpiderSchema schema) throws SQLException, StoreException {
        starting();
        for (SpiderCluster.Backend b : spider.backends()) {
            buildOnBackend(b, schema);
            built.add(SpiderCluster.nameOf(b));
        }
        schema.addLinkIndexOnHead(c);
        built.add(spider.headName());
    }

    /** Adds the index on backend {@code b}, trying again every second while it cannot be reached, until cancelled. */
    private void buildOnBackend(SpiderCluster.Backend b, SpiderSchema schema) throws SQLException, StoreException {
        while (true) {
            try {
                spider.on(b, Schema.LINK_INDEX, true, true, backend -> {
                    schema.addBackendIndex(backend);
                    return null;
                });
                return;
            } catch (StoreException e) {
                if (e.kind() != Kind.CONNECTION || cancelled) {
                    throw e;
                }
                pause();
            }
        }
    }

    private void starting() {
        built.clear();
        cancelled = false;
        started = true;
    }

    private void pause() throws StoreException {
        try {
            Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreException(Kind.OTHER, NAME + ": interrupted", e);
        }
    }

    /**
     * Stops a running build: the server rolls the ALTER back; {@code -r} builds the index later when it is missing.
     * With Spider, no backend is tried again.
     */
    void cancel() {
        cancelled = true;
        long id = threadId;
        if (id < 0) {
            return;
        }
        try (Connection c = connector.open(Connector.Purpose.ADMIN, false); Statement s = c.createStatement()) {
            c.setNetworkTimeout(Runnable::run, config.connectTimeoutMs()); // a stalled server must not hold the stop
            s.execute("KILL QUERY " + id);
        } catch (SQLException | StoreException e) {
            // the server is gone or refuses: the step ends by itself
        }
    }

    /**
     * {@code SELECT 1} on every node, each connection re-opened after a loss: fails naming the first node that does not
     * answer, within {@code socket_timeout} for the server (the head, with Spider) and within {@code connect_timeout}
     * for a backend.
     */
    void answers() throws StoreException {
        synchronized (askers) {
            if (closed) {
                throw new StoreException(Kind.OTHER, "the MySQL store is closed");
            }
            for (Map.Entry<String, SessionConnection<SqlConnection>> node : askers.entrySet()) {
                try {
                    node.getValue().answers();
                } catch (StoreException e) {
                    throw spider == null ? e : new StoreException(e.kind(), node.getKey() + " does not answer"
                            + (e.kind() == Kind.CONNECTION || e.kind() == Kind.TIMEOUT ? "" : ": " + e.getMessage()), e);
                }
            }
        }
    }

    /** The nodes that lack the index once the step ended early, or "" when it ended or never started. */
    String unfinished() {
        if (!started || built.size() == buildOrder.size()) { // never started, or every node has the index
            return "";
        }
        List<String> missing = new ArrayList<>();
        for (String node : buildOrder) {
            if (!built.contains(node)) {
                missing.add(node);
            }
        }
        return Schema.LINK_INDEX + " is not built on " + String.join(" and ", missing)
                + (built.isEmpty() ? "" : " (built on " + String.join(" and ", built) + ")");
    }

    /** A backend's asker: the connect timeout bounds the handshake and every answer. */
    private Connection openAsker(SpiderCluster.Backend b) throws StoreException {
        Connection c = connector.open(Connector.Purpose.ADMIN, false, b.address());
        try {
            c.setNetworkTimeout(Runnable::run, config.connectTimeoutMs());
            return c;
        } catch (SQLException e) {
            SqlErrorMap.closeQuietly(c);
            throw Errors.MAP.toStore("set the read timeout of " + SpiderCluster.nameOf(b), e);
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (askers) {
            askers.values().forEach(SessionConnection::close);
        }
    }
}
