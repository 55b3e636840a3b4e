package io.linkbench.store.mysql;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.support.ConnectionSettings;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The MySQL store's options, read once from the configuration and validated. Identifiers (database,
 * tables, engine) are restricted to letters, digits, '_' and '$' so they can be quoted safely.
 *
 * @param host             server host name or address
 * @param port             server TCP port
 * @param socket           path of the server's Unix domain socket, used instead of host and port; empty for TCP
 * @param user             user name
 * @param password         the password (never printed: see {@link #toString()})
 * @param database         database ({@code dbid})
 * @param engine           storage engine as written by the user, e.g. ROCKSDB or InnoDB
 * @param nodeTable        node table name
 * @param linkTable        link table name
 * @param countTable       count table name
 * @param isolation        transaction isolation of every connection
 * @param listStatement    how GET_LINKS_LIST's statement is prepared: on the server, or by the client as text
 * @param urlOptions       extra JDBC URL options, "k=v&amp;k=v", applied after the store's own
 * @param connectTimeoutMs connect timeout in ms
 * @param socketTimeoutMs  read timeout of request and load statements in ms, 0 for none
 * @param bulkInsertKb     most KiB of SQL text per bulk-load statement
 * @param indexAfterLoad   create the secondary index {@code id1_type} after the bulk load
 * @param servers          "host:port" of every server sessions spread over ({@code hosts}), or of
 *                         {@code host} and {@code port} alone
 * @param spider           whether the server is a Spider head whose tables are sharded over backends ({@value #SPIDER})
 */
record MySqlConfig(String host, int port, String socket, String user, String password, String database,
                   String engine, String nodeTable, String linkTable, String countTable, Isolation isolation,
                   ListStatement listStatement, String urlOptions, int connectTimeoutMs, int socketTimeoutMs,
                   int bulkInsertKb, boolean indexAfterLoad, List<String> servers, Sharding spider) {

    /** The isolation levels MySQL offers (MyRocks accepts only the middle two). */
    enum Isolation {
        READ_UNCOMMITTED(java.sql.Connection.TRANSACTION_READ_UNCOMMITTED),
        READ_COMMITTED(java.sql.Connection.TRANSACTION_READ_COMMITTED),
        REPEATABLE_READ(java.sql.Connection.TRANSACTION_REPEATABLE_READ),
        SERIALIZABLE(java.sql.Connection.TRANSACTION_SERIALIZABLE);

        final int jdbcLevel;

        Isolation(int jdbcLevel) {
            this.jdbcLevel = jdbcLevel;
        }

        /** As MySQL spells it: READ-COMMITTED. */
        String sqlName() {
            return name().replace('_', '-');
        }
    }

    /**
     * How GET_LINKS_LIST's statement reaches the server. MariaDB's MyRocks reads each row of a
     * server-side prepared list scan through the primary key (a point lookup per row) once other
     * sessions write, where the same statement sent as text reads the covering index alone.
     */
    enum ListStatement {
        /** Prepared on the server, executed with the binary protocol (one parse per connection). */
        PREPARED,
        /** Prepared by Connector/J and sent as SQL text (parsed by the server on every call). */
        TEXT
    }

    /** Whether the store makes (and expects) Spider tables sharded over backends ({@value #SPIDER}). */
    enum Sharding {
        /** Sharded when the server offers the SPIDER engine and knows backends ({@code mysql.servers}); plain otherwise. */
        AUTO,
        /** Sharded; the server must be a Spider head with backends. */
        ON,
        /** Plain tables, even on a Spider head. */
        OFF
    }

    static final String SPIDER = "spider";
    static final String SOCKET = "socket";
    static final String ENGINE = "engine";
    static final String ENGINE_CHECK = "engine_check";
    /** The engines known to hold the store's tables (a primary key, a secondary index, BLOBs): {@code engine_check = listed}. */
    static final List<String> LISTED_ENGINES = List.of("InnoDB", "ROCKSDB", "Aria", "MyISAM", "TokuDB", "ndbcluster");

    /** {@code engine_check}: whether the engine must be one of {@link #LISTED_ENGINES} before a run connects. */
    enum EngineCheck { LISTED, SERVER }
    static final String ISOLATION = "isolation";
    static final String LIST_STATEMENT = "getlinklist_statement";
    static final String URL_OPTIONS = "jdbc_url_options";
    static final String BULK_INSERT_KB = "bulk_insert_kb";
    static final String INDEX_AFTER_LOAD = "index_after_load";

    /** The shared connection keys, with this store's defaults and wording. */
    static final ConnectionSettings CONNECTION = ConnectionSettings.builder()
            .server("127.0.0.1", "MySQL or MariaDB server host", 3306, "server TCP port")
            .user("linkbench", "user name")
            .database("database, created when missing")
            .tables("nodetable", "linktable", "counttable", "table name")
            .timeouts(10, "seconds to wait for a connection",
                    "seconds a request or load statement may take before it fails (0: no limit)")
            .names(Pattern.compile("[A-Za-z0-9_$]{1,64}"), "must be 1 to 64 letters, digits, '_' or '$'")
            .build();

    /** Every key the store reads, with its default and meaning. */
    static final List<Setting> SETTINGS = ConnectionSettings.join(
            CONNECTION.server(),
            List.of(Setting.of(Hosts.KEY, "", "servers to spread sessions over, h1:port,h2:port,... (e.g. the nodes of "
                    + "a Galera cluster): session i starts on server i mod n, a session whose server fails reconnects to "
                    + "the next live one; empty: host and port"),
                    Setting.of(SOCKET, "", "path of the server's Unix domain socket (e.g. /run/mysqld/mysqld.sock): "
                    + "connect through it instead of host and port; empty: TCP, except that host localhost on port 3306 "
                    + "uses the server's usual socket when it exists, as the mysql client does")),
            CONNECTION.credentials(),
            CONNECTION.database(),
            List.of(Setting.of(ENGINE, "InnoDB", "storage engine of the tables: " + String.join(", ", LISTED_ENGINES)
                            + ", or another the server offers with engine_check = server"),
                    Setting.of(ENGINE_CHECK, "listed", "listed: the engine must be one of those engine names (checked "
                            + "before connecting); server: any name, checked against the server's ENGINES when the run "
                            + "connects (an engine of your own)")),
            CONNECTION.tables(),
            List.of(Setting.of(ISOLATION, "", "transaction isolation: read-committed, repeatable-read, ...; empty: "
                            + "READ-COMMITTED for ROCKSDB, REPEATABLE-READ otherwise"),
                    Setting.of(LIST_STATEMENT, "", "how GET_LINKS_LIST's statement is sent: prepared (a server-side "
                            + "prepared statement) or text (prepared by the client, sent as SQL text); empty: text for "
                            + "ROCKSDB, whose server-side prepared list scans read every row through the primary key "
                            + "while other sessions write, prepared otherwise"),
                    Setting.of(URL_OPTIONS, "", "extra Connector/J URL options, e.g. "
                            + "sslMode=DISABLED&allowPublicKeyRetrieval=true")),
            CONNECTION.timeouts(),
            List.of(Setting.of(BULK_INSERT_KB, "1024", "most KiB of SQL per bulk-load INSERT (a batch may take several)"),
                    Setting.of(INDEX_AFTER_LOAD, "false", "create the secondary index id1_type after the bulk load, "
                            + "as a timed step of its own"),
                    Setting.of(SPIDER, "auto", "MariaDB Spider sharding: auto (when the server offers the SPIDER engine "
                            + "and knows backends in mysql.servers), on (required) or off (plain tables, even on a Spider "
                            + "head); sharded, the tables are created on every backend and as Spider tables partitioned by "
                            + "HASH(id1) (links; counts and nodes by HASH(id)) on the head, one partition per backend")));

    /**
     * Reads and validates every key, the declared defaults ({@link #SETTINGS}) filling those not given;
     * throws ConfigException with a one-line message.
     */
    static MySqlConfig from(Settings given) {
        Settings s = Settings.withDefaults(given.asMap(), SETTINGS);
        String engine = CONNECTION.name(s, ENGINE);
        if (s.getEnum(ENGINE_CHECK, EngineCheck.class) == EngineCheck.LISTED
                && LISTED_ENGINES.stream().noneMatch(engine::equalsIgnoreCase)) {
            throw new ConfigException(ENGINE + " = " + engine + ": not one of the engines known to hold the tables ("
                    + String.join(", ", LISTED_ENGINES) + "); for another engine the server offers, add -D "
                    + ENGINE_CHECK + "=server (the run then checks the server's engines when it connects)");
        }
        Isolation isolation = s.getEnum(ISOLATION, Isolation.class,
                isRocksDb(engine) ? Isolation.READ_COMMITTED : Isolation.REPEATABLE_READ);
        ListStatement listStatement = s.getEnum(LIST_STATEMENT, ListStatement.class,
                isRocksDb(engine) ? ListStatement.TEXT : ListStatement.PREPARED);
        String urlOptions = ConnectionSettings.urlOptions(s, URL_OPTIONS);
        ConnectionSettings.Values c = CONNECTION.read(s);
        String named = s.getString(SOCKET, "").trim();
        String hosts = s.getString(Hosts.KEY, "").trim();
        if (!hosts.isEmpty() && !named.isEmpty()) {
            throw new ConfigException(Hosts.KEY + " and " + SOCKET + " are both set: give one of them");
        }
        String socket = LocalSocket.choose(c.host(), c.port(), hosts, named, LocalSocket.USUAL_PATHS);
        List<String> servers = hosts.isEmpty() ? List.of(ConnectionSettings.hostPort(c.host(), c.port())) : Hosts.parse(hosts);
        return new MySqlConfig(c.host(), c.port(), socket, c.user(), c.password(),
                c.database(), engine, c.nodeTable(), c.linkTable(), c.countTable(), isolation, listStatement,
                urlOptions, c.connectTimeoutMs(), c.socketTimeoutMs(), s.getInt(BULK_INSERT_KB, 1, 1 << 20),
                s.getBoolean(INDEX_AFTER_LOAD), servers, s.getEnum(SPIDER, Sharding.class));
    }

    /** True when the engine is MyRocks (ROCKSDB), whatever the case. */
    boolean rocksDb() {
        return isRocksDb(engine);
    }

    private static boolean isRocksDb(String engine) {
        return engine.equalsIgnoreCase("ROCKSDB");
    }

    /** "host:port" as a JDBC URL writes it (an IPv6 address in brackets). */
    String hostPort() {
        return ConnectionSettings.hostPort(host, port);
    }

    /** Where the server is, for messages: the socket's path, or host:port (several, comma-separated). */
    String address() {
        return socket.isEmpty() ? String.join(",", servers) : socket;
    }

    @Override
    public String toString() {
        return "MySqlConfig[" + user + "@" + address() + "/" + database + " engine=" + engine
                + " isolation=" + isolation.sqlName() + "]";
    }
}
