package io.linkbench.store.mysql;

import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.SqlErrorMap;
import io.linkbench.store.support.ConnectHint;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Opens Connector/J connections with the options that keep the client cheap: server-side prepared
 * statements (the store caches them itself), session state tracked locally instead of asked from the
 * server, no time statistics, no tracking of open results (the store closes its own), no query-timeout
 * timers. No {@code characterEncoding}: with one set, Connector/J upper-cases the charset name of
 * every column of every result. The user and password travel in {@link Properties}, never in the URL,
 * so they appear in no message; but a {@code user} or {@code password} among {@code jdbc_url_options}
 * wins, as every option there does (Connector/J prefers the Properties to the URL, so the store then
 * leaves its own out).
 */
final class Connector {

    /** What a connection is for; each kind gets its own options. */
    enum Purpose {
        /** Autocommit reads and single-statement writes; UPDATE counts matched rows. */
        AUTOCOMMIT,
        /** Explicit transactions; UPDATE and INSERT ... ON DUPLICATE KEY UPDATE count changed rows. */
        TRANSACTIONAL,
        /**
         * Schema changes, metrics, verification: autocommit, no read timeout (the store's own admin connection
         * then sets {@code socket_timeout} for all but schema changes).
         */
        ADMIN
    }

    private static final String COMMON_OPTIONS = "useServerPrepStmts=true&cachePrepStmts=false"
            + "&useLocalSessionState=true&useLocalTransactionState=true&elideSetAutoCommits=true"
            + "&maintainTimeStats=false&cacheServerConfiguration=true&rewriteBatchedStatements=false"
            + "&tcpKeepAlive=true&useInformationSchema=true&dontTrackOpenResources=true&enableQueryTimeouts=false";
    /** Over the Unix socket: its own buffering replaces Connector/J's read-ahead; no TLS on a local socket. */
    private static final String UNIX_SOCKET_OPTIONS = "&socketFactory=" + UnixSocketFactory.class.getName()
            + "&useReadAheadInput=false&useUnbufferedInput=true&sslMode=DISABLED";

    /** How scripts/start-spider.sh's head names its backend i. */
    private static final Pattern SCRIPT_BACKEND = Pattern.compile("backend([1-9][0-9]*)");

    private final MySqlConfig config;
    private final com.mysql.cj.jdbc.Driver driver;
    /** Statements every session connection (not an admin one) runs once opened. */
    private final List<String> sessionSetup;

    Connector(MySqlConfig config) throws StoreException {
        this(config, List.of());
    }

    /** @param sessionSetup statements each AUTOCOMMIT and TRANSACTIONAL connection runs once opened */
    Connector(MySqlConfig config, List<String> sessionSetup) throws StoreException {
        this.config = config;
        this.sessionSetup = List.copyOf(sessionSetup);
        try {
            this.driver = new com.mysql.cj.jdbc.Driver();
        } catch (SQLException e) {
            throw new StoreException(StoreException.Kind.OTHER, "cannot load MySQL Connector/J: " + e.getMessage(), e);
        }
    }

    /**
     * A new connection to the configured server.
     *
     * @param withDatabase false to connect without a default database (before it exists)
     */
    Connection open(Purpose purpose, boolean withDatabase) throws StoreException {
        return open(purpose, withDatabase, 0);
    }

    /**
     * A new connection to server {@code home} mod n of {@code hosts}, or when it cannot be reached to the
     * next one that can ({@link Hosts#order}).
     *
     * @throws StoreException of the last server tried when none can be reached, or of the first other failure
     */
    Connection open(Purpose purpose, boolean withDatabase, int home) throws StoreException {
        StoreException last = null;
        for (int i : Hosts.order(home, config.servers().size())) {
            try {
                return open(purpose, withDatabase, config.socket().isEmpty() ? config.servers().get(i) : "localhost");
            } catch (StoreException e) {
                if (e.kind() != StoreException.Kind.CONNECTION) {
                    throw e;
                }
                last = e;
            }
        }
        throw last;
    }

    /**
     * A new connection to {@code server} ("host:port") itself, never another of {@code hosts}; a failure to reach it
     * hints at the script that starts a local server (a Spider head's cluster with {@code spider = on}).
     */
    Connection open(Purpose purpose, boolean withDatabase, String server) throws StoreException {
        return open(purpose, withDatabase, server, "MySQL server " + (config.socket().isEmpty() ? server : config.socket()),
                config.spider() == MySqlConfig.Sharding.ON ? "bash scripts/start-spider.sh start" : "bash scripts/start-mariadb.sh",
                "set host, port, socket, user, password_file");
    }

    /**
     * A new connection to the Spider backend {@code backend}; a failure to reach it names the backend and hints at
     * the command that starts that node of scripts/start-spider.sh's cluster, whose head knows backend i as the
     * server {@code backendi} (no key of the store names a backend: the head does).
     */
    Connection open(Purpose purpose, boolean withDatabase, SpiderCluster.Backend backend) throws StoreException {
        Matcher scripts = SCRIPT_BACKEND.matcher(backend.name());
        return open(purpose, withDatabase, backend.address(), "the Spider backend " + SpiderCluster.nameOf(backend),
                "bash scripts/start-spider.sh " + (scripts.matches() ? "start-node " + scripts.group(1) : "start"),
                "start the Spider head's server " + backend.name() + ", or point it elsewhere (ALTER SERVER)");
    }

    /**
     * A new connection to {@code server}; a failure says "cannot connect to {@code what}" and, when the server was
     * not there or refused the credentials, hints at {@code startScript} and {@code elsewhere} ({@link ConnectHint}).
     */
    private Connection open(Purpose purpose, boolean withDatabase, String server, String what, String startScript,
                            String elsewhere) throws StoreException {
        StringBuilder url = new StringBuilder("jdbc:mysql://").append(server).append('/');
        if (withDatabase) {
            url.append(config.database());
        }
        url.append('?').append(COMMON_OPTIONS)
                .append("&connectTimeout=").append(config.connectTimeoutMs())
                .append("&socketTimeout=").append(config.connectTimeoutMs()) // bounds the handshake too
                .append("&useAffectedRows=").append(purpose == Purpose.TRANSACTIONAL);
        if (!config.socket().isEmpty()) {
            url.append(UNIX_SOCKET_OPTIONS);
        } else if (!urlOptionNamed("socketfactory")) {
            url.append("&socketFactory=").append(TcpSocketFactory.class.getName()); // one system call a read
        }
        if (!config.urlOptions().isEmpty()) {
            url.append('&').append(config.urlOptions());
        }
        Properties props = new Properties();
        if (!urlOptionNamed("user")) {
            props.setProperty("user", config.user());
        }
        if (!urlOptionNamed("password")) {
            props.setProperty("password", config.password());
        }
        if (!config.socket().isEmpty()) {
            props.setProperty(UnixSocketFactory.SOCKET_PATH, config.socket());
        }
        Connection c = null;
        try {
            c = driver.connect(url.toString(), props);
            if (c == null) {
                throw new StoreException(StoreException.Kind.OTHER, "Connector/J does not accept the URL " + url);
            }
            c.setNetworkTimeout(Runnable::run, purpose == Purpose.ADMIN ? 0 : config.socketTimeoutMs());
            c.setTransactionIsolation(config.isolation().jdbcLevel);
            c.setAutoCommit(purpose != Purpose.TRANSACTIONAL);
            if (purpose != Purpose.ADMIN && !sessionSetup.isEmpty()) {
                try (java.sql.Statement s = c.createStatement()) {
                    for (String statement : sessionSetup) {
                        s.execute(statement);
                    }
                }
            }
            return c;
        } catch (SQLException e) {
            SqlErrorMap.closeQuietly(c);
            // no server to talk to, a handshake that timed out included, is CONNECTION as the SPI asks
            StoreException.Kind kind = Errors.MAP.isConnectionLoss(e) ? StoreException.Kind.CONNECTION
                    : Errors.MAP.kindOf(e);
            throw new StoreException(kind, ConnectHint.appendRemedy("cannot connect to " + what + " as '" + config.user()
                    + "': " + SqlErrorMap.oneLine(e), e, startScript, elsewhere), e);
        }
    }

    /** True when {@code jdbc_url_options} sets {@code name} (Connector/J reads option names in any case). */
    private boolean urlOptionNamed(String name) {
        for (String option : config.urlOptions().split("&")) {
            if (option.toLowerCase(java.util.Locale.ROOT).startsWith(name + "=")) {
                return true;
            }
        }
        return false;
    }
}
