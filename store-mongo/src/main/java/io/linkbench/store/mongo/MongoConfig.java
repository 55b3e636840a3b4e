package io.linkbench.store.mongo;

import com.mongodb.ConnectionString;
import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.support.ConnectionSettings;

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
 * @param sharding                whether the store shards the collections it creates ({@link Sharding})
 * @param shardCount              shards (chunks) each sharded collection starts with, 0 for the server's default
 */
record MongoConfig(ConnectionString connectionString, String user, String password, String authSource,
                   String database, String nodeCollection, String linkCollection, String countCollection,
                   String metaCollection, Transactions transactions, int txnRetries, int serverSelectionTimeoutMs,
                   int connectTimeoutMs, int socketTimeoutMs, boolean indexAfterLoad, int nodeIdBlock,
                   ShardingMode sharding, int shardCount) {

    /** The {@code transactions} setting. */
    enum Transactions {
        /** On when the server supports multi-document transactions (replica set or sharded cluster). */
        AUTO,
        /** Always; opening the store fails when the server cannot do them. */
        ON,
        /** Never: link and count are written one after the other. */
        OFF
    }

    /** The {@code sharding} setting. */
    enum ShardingMode {
        /** On when the server is a sharded cluster: a mongos, or DocumentDB distributed over Citus. */
        AUTO,
        /** Always: opening a phase fails when the server cannot shard. */
        ON,
        /** Never: collections stay as they are (sharded by hand, or not at all). */
        OFF
    }

    static final String URL = "url";
    static final String AUTH_SOURCE = "auth_source";
    static final String URL_OPTIONS = "url_options";
    static final String METATABLE = "metatable";
    static final String TRANSACTIONS = "transactions";
    static final String TXN_RETRIES = "txn_retries";
    static final String SERVER_SELECTION_TIMEOUT = "server_selection_timeout";
    static final String INDEX_AFTER_LOAD = "index_after_load";
    static final String NODE_ID_BLOCK = "node_id_block";
    static final String SHARDING = "sharding";
    static final String SHARD_COUNT = "shard_count";

    /** The shared connection keys, with this store's defaults and wording. */
    static final ConnectionSettings CONNECTION = ConnectionSettings.builder()
            .server("127.0.0.1", "mongod or mongos host (when url is empty)", 27017,
                    "server TCP port (when url is empty)")
            .user("", "user name; empty: no authentication (or the user given in url)")
            .database("database")
            .tables("nodes", "links", "counts", "collection")
            .timeouts(5, "seconds to open a TCP connection", "seconds an operation may wait for its reply (0: no limit)")
            .names(Pattern.compile("[A-Za-z0-9_\\-]{1,60}"), "must be 1 to 60 letters, digits, '_' or '-'")
            .build();

    /** Every key the store reads, with its default and meaning. */
    static final List<Setting> SETTINGS = ConnectionSettings.join(
            List.of(Setting.secret(URL, "MongoDB connection string, e.g. mongodb://h1,h2,h3/?replicaSet=rs0&w=majority"
                    + " (write concern, read concern and read preference go here); when set, host, port and"
                    + " url_options are not used. Secret: it may hold a password")),
            CONNECTION.server(),
            List.of(Setting.of(URL_OPTIONS, "", "connection-string options added to host and port, e.g."
                    + " replicaSet=rs0&w=majority&readConcernLevel=majority&readPreference=primary")),
            CONNECTION.credentials(),
            List.of(Setting.of(AUTH_SOURCE, "admin", "database that holds the user")),
            CONNECTION.database(),
            CONNECTION.tables(),
            List.of(Setting.of(METATABLE, "meta", "collection of the shared node-id allocator"),
                    Setting.of(TRANSACTIONS, "auto", "auto: on when the server supports multi-document transactions"
                            + " (replica set, sharded cluster); on: require them; off: never"),
                    Setting.of(TXN_RETRIES, "3", "times a transaction is repeated after a transient error (and a"
                            + " commit after an unknown result) before the operation fails as a conflict"),
                    Setting.of(SERVER_SELECTION_TIMEOUT, "5", "seconds an operation waits for a usable server"
                            + " (an unreachable address fails after this long)")),
            CONNECTION.timeouts(),
            List.of(Setting.of(INDEX_AFTER_LOAD, "false", "build the link-list index after the bulk load, as a timed"
                            + " step of its own"),
                    Setting.of(NODE_ID_BLOCK, "100", "node ids ADD_NODE reserves from the shared allocator at a time"
                            + " (1: ids increase across processes too, one more round trip per ADD_NODE)"),
                    Setting.of(SHARDING, "auto", "shard what the load creates: links and counts by hashed id1 (a"
                            + " link and its count on one shard), nodes by hashed _id. auto: on a mongos or a DocumentDB"
                            + " cluster (documentdb_distributed); on: always, refused on a server that cannot shard;"
                            + " off: leave the collections unsharded, or as sharded by hand"),
                    Setting.of(SHARD_COUNT, "0", "shards each sharded collection starts with (numInitialChunks;"
                            + " DocumentDB: Citus shards); 0: the server's default (citus.shard_count)")));

    /**
     * Reads and validates every key, the declared defaults ({@link #SETTINGS}) filling those not given;
     * throws ConfigException with a one-line message.
     */
    static MongoConfig from(Settings given) {
        Settings s = Settings.withDefaults(given.asMap(), SETTINGS);
        String url = s.getString(URL, "");
        ConnectionString cs;
        if (url.isEmpty()) {
            String host = CONNECTION.host(s);
            int port = CONNECTION.port(s);
            String options = ConnectionSettings.urlOptions(s, URL_OPTIONS);
            cs = parse("mongodb://" + ConnectionSettings.hostPort(host, port) + "/"
                    + (options.isEmpty() ? "" : "?" + options), ConnectionSettings.HOST);
        } else {
            cs = parse(url, URL);
        }
        String user = s.getString(ConnectionSettings.USER, "");
        if (!user.isEmpty() && cs.getCredential() != null) {
            throw new ConfigException(ConnectionSettings.USER + "=" + user
                    + ": url names a user already; give the user in one place");
        }
        return new MongoConfig(cs, user, user.isEmpty() ? "" : CONNECTION.password(s), CONNECTION.name(s, AUTH_SOURCE),
                CONNECTION.name(s, ConnectionSettings.DBID),
                CONNECTION.name(s, ConnectionSettings.NODETABLE),
                CONNECTION.name(s, ConnectionSettings.LINKTABLE),
                CONNECTION.name(s, ConnectionSettings.COUNTTABLE),
                CONNECTION.name(s, METATABLE),
                s.getEnum(TRANSACTIONS, Transactions.class),
                s.getInt(TXN_RETRIES, 0, 100),
                s.getInt(SERVER_SELECTION_TIMEOUT, 1, 3600) * 1000,
                CONNECTION.connectTimeoutMs(s),
                CONNECTION.socketTimeoutMs(s),
                s.getBoolean(INDEX_AFTER_LOAD),
                s.getInt(NODE_ID_BLOCK, 1, 1_000_000),
                s.getEnum(SHARDING, ShardingMode.class),
                s.getInt(SHARD_COUNT, 0, 4096));
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
}
