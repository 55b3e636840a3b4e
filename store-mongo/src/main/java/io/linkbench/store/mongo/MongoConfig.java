package io.linkbench.store.mongo;

import com.mongodb.ConnectionString;
import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The MongoDB store's options, read once from the configuration and validated. The connection string
 * and the password are secrets: {@link #toString()} and every message name only the hosts.
 *
 * @param connectionString        the connection string to use (from {@code url}, or built from host and port)
 * @param user                    user name given apart from the connection string, "" for none
 * @param password                its password (never printed)
 * @param authSource              database of the user given apart from the connection string
 * @param database                database ({@code dbid})
 * @param nodeCollection          node collection
 * @param linkCollection          link collection
 * @param countCollection         count collection
 * @param metaCollection          collection of the node-id allocator document
 * @param transactions            whether link writes and their count changes run in one transaction
 * @param txnRetries              how often a transaction is repeated after a transient error, and a
 *                                commit after an unknown result, before the operation fails
 * @param serverSelectionTimeoutMs how long an operation waits for a usable server
 * @param connectTimeoutMs        TCP connect timeout
 * @param socketTimeoutMs         read timeout of one operation, 0 for none
 * @param indexAfterLoad          build the link-list index after the bulk load instead of before
 * @param nodeIdBlock             node ids reserved from the shared allocator at a time
 */
record MongoConfig(ConnectionString connectionString, String user, String password, String authSource,
                   String database, String nodeCollection, String linkCollection, String countCollection,
                   String metaCollection, Transactions transactions, int txnRetries, int serverSelectionTimeoutMs,
                   int connectTimeoutMs, int socketTimeoutMs, boolean indexAfterLoad, int nodeIdBlock) {

    /** The {@code transactions} setting. */
    enum Transactions {
        /** On when the server supports multi-document transactions (replica set or sharded cluster). */
        AUTO,
        /** Always; opening the store fails when the server cannot do them. */
        ON,
        /** Never: link and count are written one after the other. */
        OFF
    }

    static final String URL = "url";
    static final String HOST = "host";
    static final String PORT = "port";
    static final String USER = "user";
    static final String PASSWORD = "password";
    static final String PASSWORD_FILE = "password_file";
    static final String PASSWORD_ENV = "LINKBENCH_PASSWORD";
    static final String AUTH_SOURCE = "auth_source";
    static final String URL_OPTIONS = "url_options";
    static final String DBID = "dbid";
    static final String NODETABLE = "nodetable";
    static final String LINKTABLE = "linktable";
    static final String COUNTTABLE = "counttable";
    static final String METATABLE = "metatable";
    static final String TRANSACTIONS = "transactions";
    static final String TXN_RETRIES = "txn_retries";
    static final String SERVER_SELECTION_TIMEOUT = "server_selection_timeout";
    static final String CONNECT_TIMEOUT = "connect_timeout";
    static final String SOCKET_TIMEOUT = "socket_timeout";
    static final String INDEX_AFTER_LOAD = "index_after_load";
    static final String NODE_ID_BLOCK = "node_id_block";

    /** Every key the store reads, with its default and meaning. */
    static final List<Setting> SETTINGS = List.of(
            Setting.secret(URL, "MongoDB connection string, e.g. mongodb://h1,h2,h3/?replicaSet=rs0&w=majority"
                    + " (write concern, read concern and read preference go here); when set, host, port and"
                    + " url_options are not used. Secret: it may hold a password"),
            Setting.of(HOST, "127.0.0.1", "mongod or mongos host (when url is empty)"),
            Setting.of(PORT, "27017", "server TCP port (when url is empty)"),
            Setting.of(URL_OPTIONS, "", "connection-string options added to host and port, e.g."
                    + " replicaSet=rs0&w=majority&readConcernLevel=majority&readPreference=primary"),
            Setting.of(USER, "", "user name; empty: no authentication (or the user given in url)"),
            Setting.secret(PASSWORD, "password; when empty, read from password_file or the environment variable "
                    + PASSWORD_ENV),
            Setting.of(PASSWORD_FILE, "", "file whose first line is the password (used when password is empty)"),
            Setting.of(AUTH_SOURCE, "admin", "database that holds the user"),
            Setting.of(DBID, "linkdb0", "database"),
            Setting.of(NODETABLE, "nodes", "node collection"),
            Setting.of(LINKTABLE, "links", "link collection"),
            Setting.of(COUNTTABLE, "counts", "count collection"),
            Setting.of(METATABLE, "meta", "collection of the shared node-id allocator"),
            Setting.of(TRANSACTIONS, "auto", "auto: on when the server supports multi-document transactions"
                    + " (replica set, sharded cluster); on: require them; off: never"),
            Setting.of(TXN_RETRIES, "3", "times a transaction is repeated after a transient error (and a commit"
                    + " after an unknown result) before the operation fails as a conflict"),
            Setting.of(SERVER_SELECTION_TIMEOUT, "5", "seconds an operation waits for a usable server"
                    + " (an unreachable address fails after this long)"),
            Setting.of(CONNECT_TIMEOUT, "5", "seconds to open a TCP connection"),
            Setting.of(SOCKET_TIMEOUT, "120", "seconds an operation may wait for its reply (0: no limit)"),
            Setting.of(INDEX_AFTER_LOAD, "false", "build the link-list index after the bulk load, as a timed step of"
                    + " its own"),
            Setting.of(NODE_ID_BLOCK, "100", "node ids ADD_NODE reserves from the shared allocator at a time"
                    + " (1: ids increase across processes too, one more round trip per ADD_NODE)"));

    /** Collection and database names the server accepts, without dots or '$'. */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_\\-]{1,60}");
    private static final Pattern URL_OPTION = Pattern.compile("[A-Za-z][A-Za-z0-9]*=[^&]*");

    /**
     * Reads and validates every key, the declared defaults ({@link #SETTINGS}) filling those not given;
     * throws ConfigException with a one-line message.
     */
    static MongoConfig from(Settings given) {
        Settings s = Settings.withDefaults(given.asMap(), SETTINGS);
        String url = s.getString(URL, "");
        ConnectionString cs;
        if (url.isEmpty()) {
            String host = s.getString(HOST);
            if (!host.matches("[A-Za-z0-9.:_\\-\\[\\]%]+")) {
                throw ConfigException.badValue(HOST, host, "must be a host name or an IP address");
            }
            int port = s.getInt(PORT, 1, 65535);
            String options = s.getString(URL_OPTIONS, "");
            for (String option : options.split("&")) {
                if (!option.isEmpty() && !URL_OPTION.matcher(option).matches()) {
                    throw ConfigException.badValue(URL_OPTIONS, options, "must be name=value pairs joined by '&'");
                }
            }
            String h = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
            cs = parse("mongodb://" + h + ":" + port + "/" + (options.isEmpty() ? "" : "?" + options), HOST);
        } else {
            cs = parse(url, URL);
        }
        String user = s.getString(USER, "");
        if (!user.isEmpty() && cs.getCredential() != null) {
            throw new ConfigException(USER + "=" + user + ": url names a user already; give the user in one place");
        }
        return new MongoConfig(cs, user, user.isEmpty() ? "" : password(s), name(s, AUTH_SOURCE),
                name(s, DBID),
                name(s, NODETABLE),
                name(s, LINKTABLE),
                name(s, COUNTTABLE),
                name(s, METATABLE),
                s.getEnum(TRANSACTIONS, Transactions.class),
                s.getInt(TXN_RETRIES, 0, 100),
                s.getInt(SERVER_SELECTION_TIMEOUT, 1, 3600) * 1000,
                s.getInt(CONNECT_TIMEOUT, 1, 3600) * 1000,
                s.getInt(SOCKET_TIMEOUT, 0, 86400) * 1000,
                s.getBoolean(INDEX_AFTER_LOAD),
                s.getInt(NODE_ID_BLOCK, 1, 1_000_000));
    }

    /** The hosts of the connection string, "h1:p1,h2:p2", for messages and facts (no credentials). */
    String hosts() {
        return String.join(",", connectionString.getHosts());
    }

    @Override
    public String toString() {
        return "MongoConfig[" + hosts() + "/" + database + " transactions="
                + transactions.name().toLowerCase(Locale.ROOT) + "]";
    }

    private static ConnectionString parse(String text, String key) {
        try {
            return new ConnectionString(text);
        } catch (IllegalArgumentException e) {
            // the driver's message may quote the string, which may hold a password: name the key only
            throw new ConfigException(key + ": not a valid MongoDB connection string (mongodb://host:port/?options"
                    + " or mongodb+srv://...)");
        }
    }

    private static String name(Settings s, String key) {
        String v = s.getString(key);
        if (!NAME.matcher(v).matches()) {
            throw ConfigException.badValue(key, v, "must be 1 to 60 letters, digits, '_' or '-'");
        }
        return v;
    }

    private static String password(Settings s) {
        return s.secret(PASSWORD, PASSWORD_FILE, PASSWORD_ENV);
    }
}
