package io.linkbench.store.mysql;

import io.linkbench.store.LocalHost;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SqlErrorMap;
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
 * A MariaDB Spider head and its backends, as the head knows them: every server of {@code mysql.servers}
 * with the wrapper {@code mysql}, in the order of their names (backend2 before backend10). The store
 * reaches each backend itself (host and port from {@code mysql.servers}, the store's own user and
 * password) to create its tables there (Spider sends no DDL) and to read its sizes, counters, settings
 * and process; each such connection waits at most {@code socket_timeout} for an answer.
 */
final class SpiderCluster {
    /** A backend server: its name in {@code mysql.servers} and "host:port". */
    record Backend(String name, String address) {
    }

    /** Work on one node's connection. */
    interface Work<T> {
        T apply(Connection c) throws SQLException, StoreException;
    }

    private final MySqlConfig config;
    private final Connector connector;
    private final List<Backend> backends;
    private final String version;

    private SpiderCluster(MySqlConfig config, Connector connector, List<Backend> backends, String version) {
        this.config = config;
        this.connector = connector;
        this.backends = List.copyOf(backends);
        this.version = version;
    }

    /**
     * The cluster behind the head on {@code c} when {@code spider} asks for one ({@code on}, or {@code auto}
     * and the head offers the SPIDER engine and knows backends); empty for plain tables. With {@code on},
     * a server that is no Spider head, or a configuration Spider cannot serve, is refused in one line.
     */
    static Optional<SpiderCluster> detect(Connection c, MySqlConfig config, Connector connector)
            throws SQLException, StoreException {
        if (config.spider() == MySqlConfig.Sharding.OFF) {
            return Optional.empty();
        }
        String version = spiderVersion(c);
        List<Backend> backends = version.isEmpty() ? List.of() : backends(c);
        if (version.isEmpty() || backends.isEmpty()) {
            if (config.spider() == MySqlConfig.Sharding.AUTO) {
                return Optional.empty();
            }
            throw new StoreException(Kind.REJECTED, MySqlConfig.SPIDER + " = on: the server at " + config.address()
                    + (version.isEmpty() ? " does not offer the SPIDER engine (install mariadb-plugin-spider and load"
                    + " ha_spider)" : " knows no backend (CREATE SERVER ... FOREIGN DATA WRAPPER mysql)")
                    + "; bash scripts/start-spider.sh runs a head with backends, or set spider = off");
        }
        if (config.servers().size() > 1) {
            throw new StoreException(Kind.REJECTED, Hosts.KEY + " = " + String.join(",", config.servers())
                    + ": a Spider cluster is used through one head (each head numbers new nodes on its own, so two"
                    + " would hand out the same ids); give the head alone, or set spider = off");
        }
        if (!config.socket().isEmpty()) {
            throw new StoreException(Kind.REJECTED, MySqlConfig.SOCKET + " = " + config.socket() + ": with Spider the"
                    + " store reaches the head and its backends over TCP; give host and port instead, or set spider = off");
        }
        return Optional.of(new SpiderCluster(config, connector, backends, version));
    }

    /** The Spider plug-in's version when the server offers the SPIDER engine, else "". */
    private static String spiderVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT p.plugin_version FROM"
                + " information_schema.ENGINES e JOIN information_schema.PLUGINS p ON p.plugin_name = e.engine"
                + " WHERE e.engine = 'SPIDER' AND e.support IN ('YES', 'DEFAULT')")) {
            return rs.next() ? rs.getString(1) : "";
        }
    }

    private static List<Backend> backends(Connection c) throws SQLException, StoreException {
        List<Backend> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT Server_name, Host, Port"
                + " FROM mysql.servers WHERE Wrapper = 'mysql' ORDER BY LENGTH(Server_name), Server_name")) {
            while (rs.next()) {
                String host = rs.getString(2);
                int port = rs.getInt(3);
                out.add(new Backend(rs.getString(1), io.linkbench.store.support.ConnectionSettings.hostPort(
                        host == null || host.isEmpty() ? "localhost" : host, port == 0 ? 3306 : port)));
            }
        } catch (SQLException e) {
            if (Errors.MAP.isConnectionLoss(e)) {
                throw e;
            }
            throw new StoreException(Kind.REJECTED, "cannot read the Spider head's backends from mysql.servers: "
                    + SqlErrorMap.oneLine(e) + "; grant the store's user SELECT on mysql.servers, or set spider = off", e);
        }
        return out;
    }

    List<Backend> backends() {
        return backends;
    }

    String version() {
        return version;
    }

    /**
     * Runs {@code work} on a new connection to {@code backend} (to the database when {@code withDatabase}),
     * with {@code socket_timeout} as read timeout unless {@code untimed} (schema changes, index builds).
     */
    <T> T on(Backend backend, String what, boolean withDatabase, boolean untimed, Work<T> work) throws StoreException {
        try (Connection c = connector.open(Connector.Purpose.ADMIN, withDatabase, backend)) {
            c.setNetworkTimeout(Runnable::run, untimed ? 0 : config.socketTimeoutMs());
            return work.apply(c);
        } catch (SQLException e) {
            throw Errors.MAP.toStore(what + " on the Spider backend " + backend.name() + " " + backend.address(), e);
        }
    }

    /** A new connection to {@code backend}'s database, without read timeout (the caller closes it). */
    Connection open(Backend backend) throws StoreException {
        return connector.open(Connector.Purpose.ADMIN, true, backend);
    }

    /** {@link #on} on every backend in turn, the results by backend. */
    <T> Map<Backend, T> onEach(String what, boolean withDatabase, boolean untimed, Work<T> work) throws StoreException {
        Map<Backend, T> out = new LinkedHashMap<>();
        for (Backend b : backends) {
            out.put(b, on(b, what, withDatabase, untimed, work));
        }
        return out;
    }

    /** How the cost report names the head: {@code head host:port}. */
    String headName() {
        return "head " + config.servers().get(0);
    }

    /** How the cost report names a backend: {@code backend1 host:port}. */
    static String nameOf(Backend b) {
        return b.name() + " " + b.address();
    }

    /**
     * The head and every backend as nodes of the cost probe, each with its pid and data directory when
     * it runs on this host (asked on a connection of its own, the connect timeout as read timeout).
     */
    List<ServerNode> nodes() {
        List<ServerNode> out = new ArrayList<>();
        out.add(node(headName(), config.servers().get(0)));
        for (Backend b : backends) {
            out.add(node(nameOf(b), b.address()));
        }
        return out;
    }

    private ServerNode node(String name, String address) {
        OptionalInt pid = OptionalInt.empty();
        Optional<Path> dir = Optional.empty();
        if (LocalHost.isLocal(address)) {
            try (Connection c = connector.open(Connector.Purpose.ADMIN, false, address)) {
                c.setNetworkTimeout(Runnable::run, config.connectTimeoutMs());
                pid = ServerMetrics.localPid(c);
                dir = ServerMetrics.localDataDirectory(c);
            } catch (SQLException | StoreException e) {
                // not answering now: the report names the node without figures
            }
        }
        return new ServerNode(name, pid, dir);
    }
}
