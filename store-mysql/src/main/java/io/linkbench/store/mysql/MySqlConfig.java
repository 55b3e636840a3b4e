package io.linkbench.store.mysql;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;

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
 * @param urlOptions       extra JDBC URL options, "k=v&amp;k=v", applied after the store's own
 * @param connectTimeoutMs connect timeout in ms
 * @param socketTimeoutMs  read timeout of request and load statements in ms, 0 for none
 * @param bulkInsertKb     most KiB of SQL text per bulk-load statement
 * @param indexAfterLoad   create the secondary index {@code id1_type} after the bulk load
 */
record MySqlConfig(String host, int port, String socket, String user, String password, String database,
                   String engine, String nodeTable, String linkTable, String countTable, Isolation isolation,
                   String urlOptions, int connectTimeoutMs, int socketTimeoutMs, int bulkInsertKb,
                   boolean indexAfterLoad) {

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

    static final String HOST = "host";
    static final String PORT = "port";
    static final String SOCKET = "socket";
    static final String USER = "user";
    static final String PASSWORD = "password";
    static final String PASSWORD_FILE = "password_file";
    static final String PASSWORD_ENV = "LINKBENCH_PASSWORD";
    static final String DBID = "dbid";
    static final String ENGINE = "engine";
    static final String NODETABLE = "nodetable";
    static final String LINKTABLE = "linktable";
    static final String COUNTTABLE = "counttable";
    static final String ISOLATION = "isolation";
    static final String URL_OPTIONS = "jdbc_url_options";
    static final String CONNECT_TIMEOUT = "connect_timeout";
    static final String SOCKET_TIMEOUT = "socket_timeout";
    static final String BULK_INSERT_KB = "bulk_insert_kb";
    static final String INDEX_AFTER_LOAD = "index_after_load";

    /** Every key the store reads, with its default and meaning. */
    static final List<Setting> SETTINGS = List.of(
            Setting.of(HOST, "127.0.0.1", "MySQL or MariaDB server host"),
            Setting.of(PORT, "3306", "server TCP port"),
            Setting.of(SOCKET, "", "path of the server's Unix domain socket (e.g. /run/mysqld/mysqld.sock): connect "
                    + "through it instead of host and port; empty: TCP"),
            Setting.of(USER, "linkbench", "user name"),
            Setting.secret(PASSWORD, "password; when empty, read from password_file or the environment variable "
                    + PASSWORD_ENV),
            Setting.of(PASSWORD_FILE, "", "file whose first line is the password (used when password is empty)"),
            Setting.of(DBID, "linkdb0", "database, created when missing"),
            Setting.of(ENGINE, "InnoDB", "storage engine of the tables, e.g. ROCKSDB or InnoDB (passed through)"),
            Setting.of(NODETABLE, "nodetable", "node table name"),
            Setting.of(LINKTABLE, "linktable", "link table name"),
            Setting.of(COUNTTABLE, "counttable", "count table name"),
            Setting.of(ISOLATION, "", "transaction isolation: read-committed, repeatable-read, ...; empty: "
                    + "READ-COMMITTED for ROCKSDB, REPEATABLE-READ otherwise"),
            Setting.of(URL_OPTIONS, "", "extra Connector/J URL options, e.g. sslMode=DISABLED&allowPublicKeyRetrieval=true"),
            Setting.of(CONNECT_TIMEOUT, "10", "seconds to wait for a connection"),
            Setting.of(SOCKET_TIMEOUT, "120", "seconds a request or load statement may take before it fails (0: no limit)"),
            Setting.of(BULK_INSERT_KB, "1024", "most KiB of SQL per bulk-load INSERT (a batch may take several)"),
            Setting.of(INDEX_AFTER_LOAD, "false", "create the secondary index id1_type after the bulk load, "
                    + "as a timed step of its own"));

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z0-9_$]{1,64}");
    private static final Pattern URL_OPTION = Pattern.compile("[A-Za-z][A-Za-z0-9]*=[^&]*");
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9.:_\\-\\[\\]%]+");

    /**
     * Reads and validates every key, the declared defaults ({@link #SETTINGS}) filling those not given;
     * throws ConfigException with a one-line message.
     */
    static MySqlConfig from(Settings given) {
        Settings s = Settings.withDefaults(given.asMap(), SETTINGS);
        String engine = identifier(s, ENGINE);
        Isolation isolation = s.getEnum(ISOLATION, Isolation.class,
                isRocksDb(engine) ? Isolation.READ_COMMITTED : Isolation.REPEATABLE_READ);
        String urlOptions = s.getString(URL_OPTIONS, "");
        for (String option : urlOptions.split("&")) {
            if (!option.isEmpty() && !URL_OPTION.matcher(option).matches()) {
                throw ConfigException.badValue(URL_OPTIONS, urlOptions, "must be name=value pairs joined by '&'");
            }
        }
        String host = s.getString(HOST);
        if (!HOST_NAME.matcher(host).matches()) {
            throw ConfigException.badValue(HOST, host, "must be a host name or an IP address");
        }
        return new MySqlConfig(host,
                s.getInt(PORT, 1, 65535),
                s.getString(SOCKET, "").trim(),
                s.getString(USER),
                s.secret(PASSWORD, PASSWORD_FILE, PASSWORD_ENV),
                identifier(s, DBID),
                engine,
                identifier(s, NODETABLE),
                identifier(s, LINKTABLE),
                identifier(s, COUNTTABLE),
                isolation,
                urlOptions,
                s.getInt(CONNECT_TIMEOUT, 1, 3600) * 1000,
                s.getInt(SOCKET_TIMEOUT, 0, 86400) * 1000,
                s.getInt(BULK_INSERT_KB, 1, 1 << 20),
                s.getBoolean(INDEX_AFTER_LOAD));
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
        return (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    /** Where the server is, for messages: the socket's path, or host:port. */
    String address() {
        return socket.isEmpty() ? hostPort() : socket;
    }

    @Override
    public String toString() {
        return "MySqlConfig[" + user + "@" + address() + "/" + database + " engine=" + engine
                + " isolation=" + isolation.sqlName() + "]";
    }

    private static String identifier(Settings s, String key) {
        String v = s.getString(key);
        if (!IDENTIFIER.matcher(v).matches()) {
            throw ConfigException.badValue(key, v, "must be 1 to 64 letters, digits, '_' or '$'");
        }
        return v;
    }
}
