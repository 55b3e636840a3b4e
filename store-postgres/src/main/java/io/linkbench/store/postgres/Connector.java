package io.linkbench.store.postgres;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.support.ConnectHint;
import io.linkbench.store.support.HostList;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens pgJDBC connections: server-side prepared statements from the first execution
 * ({@code prepareThreshold=1}; the session keeps its statements), the configured isolation, and for
 * request and load connections a server-side {@code statement_timeout} of {@code socket_timeout}, so
 * a slow statement fails as 57014 (TIMEOUT) and leaves the connection usable. A server that does not
 * answer at all (stopped, or cut off) cannot time a statement out: request and load connections also
 * wait at most {@code socket_timeout + connect_timeout} for any answer on the client's side
 * ({@link #clientTimeoutMs}), after which the connection is lost (CONNECTION). The user and password
 * travel in {@link Properties}, never in the URL, so they appear in no message.
 */
final class Connector {
    /** SQLSTATE of "database does not exist". */
    static final String NO_DATABASE = "3D000";

    /** What a connection is for. */
    enum Purpose {
        /** Autocommit reads and single-statement writes. */
        AUTOCOMMIT,
        /** Explicit transactions: link writes and bulk loads. */
        TRANSACTIONAL,
        /** Schema, metrics, verification, post-load steps: autocommit, no statement timeout. */
        ADMIN
    }

    private final PgConfig config;
    private final org.postgresql.Driver driver = new org.postgresql.Driver();

    Connector(PgConfig config) {
        this.config = config;
    }

    /**
     * How long a connection waits for the server's answer on the client's side, in ms (0: no limit): a request or
     * load connection {@code socket_timeout + connect_timeout}, later than the server's own statement timeout
     * would answer. The store's admin connection takes the same for its short work (metrics, facts, load state).
     */
    int clientTimeoutMs() {
        return config.socketTimeoutMs() == 0 ? 0 : config.socketTimeoutMs() + config.connectTimeoutMs();
    }

    /** A new connection to the configured database, on the first server. */
    Connection open(Purpose purpose) throws StoreException {
        return open(purpose, config.database());
    }

    /**
     * A new connection to the configured database on server {@code home} mod n of {@code hosts}, or when
     * it cannot be reached on the next one that can ({@link HostList#order}).
     *
     * @throws StoreException of the last server tried when none can be reached, or of the first other failure
     */
    Connection open(Purpose purpose, int home) throws StoreException {
        StoreException last = null;
        for (int i : HostList.order(home, config.servers().size())) {
            try {
                return open(purpose, config.database(), config.servers().get(i));
            } catch (StoreException e) {
                if (e.kind() != Kind.CONNECTION) {
                    throw e;
                }
                last = e;
            }
        }
        throw last;
    }

    /** A new connection to {@code database} (the maintenance database "postgres" to create ours), on the first server. */
    Connection open(Purpose purpose, String database) throws StoreException {
        return open(purpose, database, config.servers().get(0));
    }

    private Connection open(Purpose purpose, String database, String server) throws StoreException {
        try {
            return connect(purpose, database, server);
        } catch (SQLException e) {
            // no server to talk to, a handshake that timed out included, is CONNECTION as the SPI asks
            Kind kind = Errors.MAP.isConnectionLoss(e) ? Kind.CONNECTION : Errors.MAP.kindOf(e);
            String where = config.socket().isEmpty() ? server : config.socket();
            throw new StoreException(kind, ConnectHint.append("cannot connect to PostgreSQL server " + where
                    + " as '" + config.user() + "' to database " + database + ": " + SqlErrorMap.oneLine(e), e,
                    config.citus().distribution() == PgConfig.Distribution.ON ? "bash scripts/start-citus.sh"
                            : "bash scripts/start-postgres.sh", "host, port, socket, user, password_file"), e);
        }
    }

    /** As {@link #open(Purpose, String)}, failing with the driver's exception (to tell 3D000 apart). */
    Connection connect(Purpose purpose, String database) throws SQLException {
        return connect(purpose, database, config.servers().get(0));
    }

    private Connection connect(Purpose purpose, String database, String tcpServer) throws SQLException {
        int connectSeconds = Math.max(1, config.connectTimeoutMs() / 1000);
        // over the Unix socket the URL's host and port are placeholders: the socket goes to its path
        String server = config.socket().isEmpty() ? tcpServer : "localhost:" + config.port();
        StringBuilder url = new StringBuilder("jdbc:postgresql://").append(server).append('/')
                .append(database)
                .append("?prepareThreshold=1&preparedStatementCacheQueries=0&tcpKeepAlive=true")
                .append("&ApplicationName=linkbench&connectTimeout=").append(connectSeconds)
                .append("&loginTimeout=").append(connectSeconds);
        if (!config.urlOptions().isEmpty()) {
            url.append('&').append(config.urlOptions());
        }
        Properties props = new Properties();
        props.setProperty("user", config.user());
        props.setProperty("password", config.password());
        if (!config.socket().isEmpty()) {
            props.setProperty("socketFactory", UnixSocketFactory.class.getName());
            props.setProperty("socketFactoryArg", config.socket());
            props.setProperty("sslmode", "disable"); // a local socket needs no TLS
        } else {
            props.setProperty("socketFactory", TcpSocketFactory.class.getName()); // one system call a read
        }
        long timeoutMs = purpose == Purpose.ADMIN ? 0 : config.socketTimeoutMs();
        props.setProperty("options", "-c statement_timeout=" + timeoutMs + " -c search_path=" + config.schema());
        Connection c = null;
        try {
            c = driver.connect(url.toString(), props);
            if (c == null) {
                throw new SQLException("pgJDBC does not accept the URL " + url, "08001");
            }
            c.setTransactionIsolation(config.isolation().jdbcLevel);
            c.setAutoCommit(purpose != Purpose.TRANSACTIONAL);
            if (purpose != Purpose.ADMIN) {
                c.setNetworkTimeout(Runnable::run, clientTimeoutMs());
            }
            return c;
        } catch (SQLException | RuntimeException e) {
            SqlErrorMap.closeQuietly(c);
            throw e;
        }
    }
}
