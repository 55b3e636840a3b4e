package io.linkbench.store.postgres;

import io.linkbench.store.LocalHost;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.support.ConnectionSettings;
import io.linkbench.store.support.HostList;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The nodes of a Citus cluster, as the coordinator's {@code pg_dist_node} lists them (the primaries:
 * the coordinator, group 0, and the workers), each with an admin connection of its own opened with
 * the store's credentials (autocommit, no statement timeout, a read timeout of socket_timeout +
 * connect_timeout as the store's own admin connection; opened on first use, re-opened after a
 * loss), and for a node on this host its postmaster's pid and data directory.
 *
 * <pre>{@code
 * for (CitusCluster.Node n : cluster.nodes()) {
 *     long commits = cluster.on(n, "read commits", c -> ...);   // c: that node's admin connection
 *     OptionalInt pid = cluster.postmasterPid(n);               // local nodes only
 * }
 * }</pre>
 * Not thread-safe: the store calls it under its own lock.
 */
final class CitusCluster implements AutoCloseable {

    /**
     * One node.
     *
     * @param address     "host:port" as the store reaches it (the coordinator: the store's first server)
     * @param coordinator true for the coordinator
     */
    record Node(String address, boolean coordinator) {
        /** "coordinator 127.0.0.1:5460" or "worker 127.0.0.1:5461". */
        String name() {
            return (coordinator ? "coordinator " : "worker ") + address;
        }
    }

    /** Work on one node's admin connection. */
    @FunctionalInterface
    interface Work<T> {
        T run(Connection c) throws SQLException, StoreException;
    }

    private final PgConfig config;
    private final String version;
    private final List<Node> nodes;
    private final Map<Node, SessionConnection<SqlConnection>> admin = new LinkedHashMap<>();

    private CitusCluster(PgConfig config, String version, List<Node> nodes) {
        this.config = config;
        this.version = version;
        this.nodes = List.copyOf(nodes);
        SqlText sql = new SqlText(config);
        for (Node n : nodes) {
            Connector connector = new Connector(n.coordinator() ? config : config.at(n.address()));
            admin.put(n, new SessionConnection<>(() -> new SqlConnection(PgGraphStore.openBounded(connector), sql),
                    Errors.MAP, false));
        }
    }

    /**
     * The cluster when the tables are to be distributed ({@code citus}, seen from {@code c}, a connection
     * to the store's first server), else empty.
     *
     * @throws StoreException REJECTED when {@code citus = on} and the database has no extension citus, or
     *                        when {@code auto} meets a server that preloads Citus in a database without it
     */
    static Optional<CitusCluster> detect(PgConfig config, Connection c) throws SQLException, StoreException {
        PgConfig.Distribution d = config.citus().distribution();
        if (d == PgConfig.Distribution.OFF) {
            return Optional.empty();
        }
        Optional<String> version = extensionVersion(c);
        if (version.isPresent()) {
            return Optional.of(read(config, c, version.get()));
        }
        if (d == PgConfig.Distribution.ON) {
            throw StoreException.refusal("citus = on, but database " + config.database() + " on PostgreSQL server "
                    + config.servers().get(0) + " has no extension citus: give a Citus coordinator (bash"
                    + " scripts/start-citus.sh runs one), run CREATE EXTENSION citus there, or set citus = auto");
        }
        if (preloaded(c)) { // a Citus server, but plain tables would be local to it
            throw StoreException.refusal("PostgreSQL server " + config.servers().get(0) + " loads Citus, but database "
                    + config.database() + " has no extension citus, so its tables would not be distributed: run"
                    + " CREATE EXTENSION citus in it on every node and add the workers, or set citus = off");
        }
        return Optional.empty();
    }

    /** The version of the extension citus in the connected database, or empty when it has none. */
    private static Optional<String> extensionVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT extversion FROM pg_extension WHERE extname = 'citus'")) {
            return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
        }
    }

    /**
     * True when the server preloads the library citus: its setting {@code citus.shard_count} exists as an integer,
     * which every role may see ({@code shared_preload_libraries} itself needs {@code pg_read_all_settings}), and
     * which a placeholder of that name, without the library, is not.
     */
    private static boolean preloaded(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT EXISTS (SELECT 1 FROM pg_settings"
                + " WHERE name = 'citus.shard_count' AND vartype = 'integer')")) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    /**
     * The cluster seen from {@code coordinator} (a connection to the store's first server, which must be
     * the coordinator): that server first, then every primary worker of {@code pg_dist_node}.
     *
     * @throws StoreException REJECTED when the server is a Citus worker, not the coordinator
     */
    private static CitusCluster read(PgConfig config, Connection coordinator, String version) throws SQLException, StoreException {
        try (Statement s = coordinator.createStatement(); ResultSet rs = s.executeQuery("SELECT citus_is_coordinator()")) {
            if (rs.next() && !rs.getBoolean(1)) {
                throw StoreException.refusal("PostgreSQL server " + config.servers().get(0) + " is a Citus worker: "
                        + "give the coordinator as host and port (or first in hosts)");
            }
        }
        List<Node> nodes = new ArrayList<>();
        nodes.add(new Node(config.servers().get(0), true));
        try (Statement s = coordinator.createStatement(); ResultSet rs = s.executeQuery(
                "SELECT nodename, nodeport FROM pg_dist_node WHERE noderole = 'primary' AND groupid <> 0"
                        + " ORDER BY groupid, nodeid")) {
            while (rs.next()) {
                nodes.add(new Node(ConnectionSettings.hostPort(rs.getString(1), rs.getInt(2)), false));
            }
        }
        return new CitusCluster(config, version, nodes);
    }

    /** The version of the extension citus, e.g. {@code 13.2-1}. */
    String version() {
        return version;
    }

    /** The coordinator first, then the workers. */
    List<Node> nodes() {
        return nodes;
    }

    /** The workers. */
    List<Node> workers() {
        return nodes.subList(1, nodes.size());
    }

    /**
     * Runs {@code work} on {@code node}'s admin connection; a failure names the node.
     *
     * @throws StoreException of the error map's kind (CONNECTION when the node cannot be reached)
     */
    <T> T on(Node node, String what, Work<T> work) throws StoreException {
        SessionConnection<SqlConnection> c = admin.get(node);
        try {
            return work.run(c.get().jdbc());
        } catch (SQLException e) {
            throw c.fail(what + " on the " + node.name(), e);
        }
    }

    /** {@code work}'s result on every node, in node order; the first failure ends it. */
    <T> Map<Node, T> onEach(String what, Work<T> work) throws StoreException {
        Map<Node, T> out = new LinkedHashMap<>();
        for (Node n : nodes) {
            out.put(n, on(n, what, work));
        }
        return out;
    }

    /** The node's data directory when the node runs on this host (and the role may read the setting). */
    Optional<Path> dataDirectory(Node node) {
        if (!LocalHost.isLocal(HostList.host(node.address()))) {
            return Optional.empty();
        }
        try {
            return on(node, "read data_directory", ServerMetrics::localDataDirectory);
        } catch (StoreException e) {
            return Optional.empty();
        }
    }

    /** The pid of the node's postmaster when it runs on this host; looked up anew on every call. */
    OptionalInt postmasterPid(Node node) {
        return dataDirectory(node).map(ServerMetrics::postmasterPid).orElse(OptionalInt.empty());
    }

    /** Closes every node's admin connection. */
    @Override
    public void close() {
        admin.values().forEach(SessionConnection::close);
    }

    @Override
    public String toString() {
        return "Citus " + version + " " + nodes.stream().map(Node::name).toList() + " as " + config.user();
    }
}
