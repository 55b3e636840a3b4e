package io.linkbench.store.postgres;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.support.ConnectionSettings;
import io.linkbench.store.support.HostList;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The PostgreSQL store's options, read once from the configuration and validated. Identifiers
 * (database, schema, tables) are lower-case letters, digits and '_', so they need no quoting and
 * mean the same to every tool.
 *
 * @param host             server host name or address
 * @param port             server TCP port
 * @param user             role name
 * @param password         the password (never printed: see {@link #toString()})
 * @param database         database ({@code dbid}), created when missing
 * @param schema           PostgreSQL schema of the tables ({@code pg_schema})
 * @param nodeTable        node table name
 * @param linkTable        link table name
 * @param countTable       count table name
 * @param isolation        transaction isolation of every connection
 * @param urlOptions       extra pgJDBC URL options, "k=v&amp;k=v", applied after the store's own
 * @param connectTimeoutMs connect timeout in ms
 * @param socketTimeoutMs  how long a request or load statement may take in ms (server-side
 *                         {@code statement_timeout}), 0 for no limit
 * @param indexAfterLoad   build the list index after the bulk load, as a step of its own
 * @param socket           the server's Unix socket file to connect through instead of host and port;
 *                         empty for TCP
 * @param servers          "host:port" of every server sessions spread over ({@value #HOSTS}), the first
 *                         one doing the store's own work; or of host and port alone
 * @param citus            whether the tables are Citus distributed tables, and their shard count
 */
record PgConfig(String host, int port, String user, String password, String database, String schema,
                String nodeTable, String linkTable, String countTable, Isolation isolation, String urlOptions,
                int connectTimeoutMs, int socketTimeoutMs, boolean indexAfterLoad, String socket,
                List<String> servers, Citus citus) {

    /** Whether the store makes (and expects) Citus distributed tables ({@value #CITUS}). */
    enum Distribution {
        /** Distributed when the database has the extension citus, plain tables otherwise. */
        AUTO,
        /** Distributed; the database must have the extension citus. */
        ON,
        /** Plain tables, even on a Citus coordinator. */
        OFF
    }

    /**
     * @param distribution whether to distribute the tables
     * @param shardCount   shards of each distributed table ({@value #CITUS_SHARD_COUNT})
     */
    record Citus(Distribution distribution, int shardCount) {
    }

    /** The isolation levels the store offers (PostgreSQL runs READ UNCOMMITTED as READ COMMITTED). */
    enum Isolation {
        READ_COMMITTED(Connection.TRANSACTION_READ_COMMITTED),
        REPEATABLE_READ(Connection.TRANSACTION_REPEATABLE_READ),
        SERIALIZABLE(Connection.TRANSACTION_SERIALIZABLE);

        final int jdbcLevel;

        Isolation(int jdbcLevel) {
            this.jdbcLevel = jdbcLevel;
        }

        /** As PostgreSQL spells it: read committed. */
        String sqlName() {
            return name().replace('_', ' ').toLowerCase(Locale.ROOT);
        }
    }

    static final String SCHEMA = "pg_schema";
    static final String ISOLATION = "isolation";
    static final String URL_OPTIONS = "jdbc_url_options";
    static final String INDEX_AFTER_LOAD = "index_after_load";
    static final String SOCKET = "socket";
    static final String HOSTS = "hosts";
    static final String CITUS = "citus";
    static final String CITUS_SHARD_COUNT = "citus_shard_count";

    /** The shared connection keys, with this store's defaults and wording. */
    static final ConnectionSettings CONNECTION = ConnectionSettings.builder()
            .server("127.0.0.1", "PostgreSQL server host", 5432, "server TCP port (scripts/start-postgres.sh: 5433)")
            .user("linkbench", "role name")
            .database("database, created when missing (the role needs CREATEDB then)")
            .tables("nodetable", "linktable", "counttable", "table name")
            .timeouts(10, "seconds to wait for a connection",
                    "seconds a request or load statement may take before it fails (statement_timeout; 0: no limit)")
            .names(Pattern.compile("[a-z_][a-z0-9_]{0,62}"),
                    "must be 1 to 63 lower-case letters, digits or '_', not starting with a digit")
            .build();

    /** Every key the store reads, with its default and meaning. */
    static final List<Setting> SETTINGS = ConnectionSettings.join(
            CONNECTION.server(),
            CONNECTION.credentials(),
            CONNECTION.database(),
            List.of(Setting.of(SCHEMA, "public", "PostgreSQL schema of the tables, created when missing")),
            CONNECTION.tables(),
            List.of(Setting.of(ISOLATION, "read_committed",
                            "transaction isolation: read_committed, repeatable_read or serializable"),
                    Setting.of(URL_OPTIONS, "", "extra pgJDBC URL options, e.g. sslmode=verify-full&sslrootcert=/path")),
            CONNECTION.timeouts(),
            List.of(Setting.of(INDEX_AFTER_LOAD, "false", "build the link list index after the bulk load, "
                    + "as a timed step of its own"),
                    Setting.of(SOCKET, "", "the server's Unix socket directory (as libpq's host=/dir, e.g. "
                    + "/var/run/postgresql) or socket file: connect through it instead of TCP; empty: TCP"),
                    Setting.of(HOSTS, "", "servers to spread sessions over, h1:port,h2:port,... (e.g. a Citus "
                    + "coordinator and its workers); the first one does the schema work; replaces host and port"),
                    Setting.of(CITUS, "auto", "Citus distributed tables: auto (when the database has the extension "
                    + "citus), on (required) or off (plain tables, even on a Citus coordinator)"),
                    Setting.of(CITUS_SHARD_COUNT, "32", "shards of each distributed table, 1..64000 (Citus's "
                    + "citus.shard_count; with citus on or auto)")));

    /**
     * Reads and validates every key, the declared defaults ({@link #SETTINGS}) filling those not given;
     * throws ConfigException with a one-line message.
     */
    static PgConfig from(Settings given) {
        Settings s = Settings.withDefaults(given.asMap(), SETTINGS);
        Isolation isolation = s.getEnum(ISOLATION, Isolation.class);
        String urlOptions = ConnectionSettings.urlOptions(s, URL_OPTIONS);
        ConnectionSettings.Values c = CONNECTION.read(s);
        String socket = socketFile(s.getString(SOCKET, "").trim(), c.port());
        String hosts = s.getString(HOSTS, "").trim();
        if (!hosts.isEmpty() && !socket.isEmpty()) {
            throw new ConfigException(HOSTS + " and " + SOCKET + " are both set: give one of them");
        }
        List<String> servers = hosts.isEmpty() ? List.of(ConnectionSettings.hostPort(c.host(), c.port()))
                : HostList.parse(HOSTS, hosts);
        String host = hosts.isEmpty() ? c.host() : HostList.host(servers.get(0));
        int port = hosts.isEmpty() ? c.port() : HostList.port(servers.get(0));
        Citus citus = new Citus(s.getEnum(CITUS, Distribution.class),
                s.getInt(CITUS_SHARD_COUNT, 32, 1, 64_000));
        return new PgConfig(host, port, c.user(), c.password(), c.database(), CONNECTION.name(s, SCHEMA),
                c.nodeTable(), c.linkTable(), c.countTable(), isolation, urlOptions, c.connectTimeoutMs(),
                c.socketTimeoutMs(), s.getBoolean(INDEX_AFTER_LOAD), socket, servers, citus);
    }

    /** This configuration with every connection going to {@code server} ("host:port") alone, over TCP. */
    PgConfig at(String server) {
        return new PgConfig(HostList.host(server), HostList.port(server), user, password, database, schema, nodeTable,
                linkTable, countTable, isolation, urlOptions, connectTimeoutMs, socketTimeoutMs, indexAfterLoad, "",
                List.of(server), citus);
    }

    /** A directory names the socket {@code .s.PGSQL.<port>} in it, as libpq does; a file is itself. */
    static String socketFile(String given, int port) {
        if (given.isEmpty() || !java.nio.file.Files.isDirectory(java.nio.file.Path.of(given))) {
            return given;
        }
        return java.nio.file.Path.of(given, ".s.PGSQL." + port).toString();
    }

    /** "host:port" (an IPv6 address in brackets), "h1:p1,h2:p2" of several servers, or the Unix socket's path. */
    String address() {
        return socket.isEmpty() ? String.join(",", servers) : socket;
    }

    /** schema.table */
    String qualified(String table) {
        return schema + "." + table;
    }

    @Override
    public String toString() {
        return "PgConfig[" + user + "@" + address() + "/" + database + " schema=" + schema
                + " isolation=" + isolation.sqlName() + "]";
    }
}
