package io.linkbench.store.support;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The connection keys every networked store reads, declared and parsed in one place: {@code host},
 * {@code port}, {@code user}, {@code password} (secret; else {@code password_file}, else the
 * environment variable {@value #PASSWORD_ENV}), {@code dbid}, the {@code nodetable},
 * {@code linktable} and {@code counttable} names, {@code connect_timeout} and {@code socket_timeout}.
 * A store builds one instance with its own defaults and wording ({@link #builder()}), lists the groups
 * ({@link #server()}, {@link #credentials()}, ...) among its own keys, and reads typed values with
 * {@link #read} or the single readers. Immutable; no value read here is ever part of a message when
 * it is secret.
 */
public final class ConnectionSettings {
    public static final String HOST = "host";
    public static final String PORT = "port";
    public static final String USER = "user";
    public static final String PASSWORD = "password";
    public static final String PASSWORD_FILE = "password_file";
    public static final String PASSWORD_ENV = "LINKBENCH_PASSWORD";
    public static final String DBID = "dbid";
    public static final String NODETABLE = "nodetable";
    public static final String LINKTABLE = "linktable";
    public static final String COUNTTABLE = "counttable";
    public static final String CONNECT_TIMEOUT = "connect_timeout";
    public static final String SOCKET_TIMEOUT = "socket_timeout";

    private static final String DEFAULT_DATABASE = "linkdb0";
    private static final String DEFAULT_SOCKET_TIMEOUT = "120";
    private static final Pattern HOST_NAME = Pattern.compile("[A-Za-z0-9.:_\\-\\[\\]%]+");
    private static final Pattern URL_OPTION = Pattern.compile("[A-Za-z][A-Za-z0-9]*=[^&]*");

    /**
     * The shared keys as read: the password resolved, names checked, timeouts in milliseconds.
     * {@link #toString()} leaves the password out.
     */
    public record Values(String host, int port, String user, String password, String database, String nodeTable,
                         String linkTable, String countTable, int connectTimeoutMs, int socketTimeoutMs) {
        @Override
        public String toString() {
            return "Values[" + user + "@" + hostPort(host, port) + "/" + database + "]";
        }
    }

    private final List<Setting> server;
    private final List<Setting> credentials;
    private final List<Setting> database;
    private final List<Setting> tables;
    private final List<Setting> timeouts;
    private final Pattern names;
    private final String namesRule;

    private ConnectionSettings(Builder b) {
        this.server = List.of(Setting.of(HOST, b.host, b.hostText), Setting.of(PORT, Integer.toString(b.port), b.portText));
        this.credentials = List.of(Setting.of(USER, b.user, b.userText),
                Setting.secret(PASSWORD, "password; when empty, read from password_file or the environment variable "
                        + PASSWORD_ENV),
                Setting.of(PASSWORD_FILE, "", "file whose first line is the password (used when password is empty)"));
        this.database = List.of(Setting.of(DBID, DEFAULT_DATABASE, b.databaseText));
        this.tables = List.of(Setting.of(NODETABLE, b.nodeTable, "node " + b.tableNoun),
                Setting.of(LINKTABLE, b.linkTable, "link " + b.tableNoun),
                Setting.of(COUNTTABLE, b.countTable, "count " + b.tableNoun));
        this.timeouts = List.of(Setting.of(CONNECT_TIMEOUT, Integer.toString(b.connectTimeout), b.connectTimeoutText),
                Setting.of(SOCKET_TIMEOUT, DEFAULT_SOCKET_TIMEOUT, b.socketTimeoutText));
        this.names = b.names;
        this.namesRule = b.namesRule;
    }

    /** Starts the declarations of a store; every part must be given. */
    public static Builder builder() {
        return new Builder();
    }

    /** A store's defaults and wording of the shared keys. */
    public static final class Builder {
        private String host;
        private String hostText;
        private int port;
        private String portText;
        private String user;
        private String userText;
        private String databaseText;
        private String nodeTable;
        private String linkTable;
        private String countTable;
        private String tableNoun;
        private int connectTimeout;
        private String connectTimeoutText;
        private String socketTimeoutText;
        private Pattern names;
        private String namesRule;

        private Builder() {
        }

        /** {@code host} and {@code port}: defaults and descriptions. */
        public Builder server(String defaultHost, String hostText, int defaultPort, String portText) {
            this.host = defaultHost;
            this.hostText = hostText;
            this.port = defaultPort;
            this.portText = portText;
            return this;
        }

        /** {@code user}: default and description ({@code password} and {@code password_file} are fixed). */
        public Builder user(String defaultUser, String userText) {
            this.user = defaultUser;
            this.userText = userText;
            return this;
        }

        /** The description of {@code dbid} (default {@value #DEFAULT_DATABASE}). */
        public Builder database(String databaseText) {
            this.databaseText = databaseText;
            return this;
        }

        /** Default table names and the noun of their descriptions: "node " + noun, e.g. "table name". */
        public Builder tables(String node, String link, String count, String noun) {
            this.nodeTable = node;
            this.linkTable = link;
            this.countTable = count;
            this.tableNoun = noun;
            return this;
        }

        /** {@code connect_timeout} in seconds and its description; and that of {@code socket_timeout} (120 s). */
        public Builder timeouts(int connectSeconds, String connectText, String socketText) {
            this.connectTimeout = connectSeconds;
            this.connectTimeoutText = connectText;
            this.socketTimeoutText = socketText;
            return this;
        }

        /** The names the server accepts for {@code dbid} and the tables, and the rule as a message says it. */
        public Builder names(Pattern pattern, String rule) {
            this.names = pattern;
            this.namesRule = rule;
            return this;
        }

        public ConnectionSettings build() {
            Objects.requireNonNull(hostText, "server");
            Objects.requireNonNull(userText, "user");
            Objects.requireNonNull(databaseText, "database");
            Objects.requireNonNull(tableNoun, "tables");
            Objects.requireNonNull(socketTimeoutText, "timeouts");
            Objects.requireNonNull(names, "names");
            return new ConnectionSettings(this);
        }
    }

    /** {@code host}, {@code port}. */
    public List<Setting> server() {
        return server;
    }

    /** {@code user}, {@code password}, {@code password_file}. */
    public List<Setting> credentials() {
        return credentials;
    }

    /** {@code dbid}. */
    public List<Setting> database() {
        return database;
    }

    /** {@code nodetable}, {@code linktable}, {@code counttable}. */
    public List<Setting> tables() {
        return tables;
    }

    /** {@code connect_timeout}, {@code socket_timeout}. */
    public List<Setting> timeouts() {
        return timeouts;
    }

    /** Declarations in the order given: the groups of this class and the store's own keys, joined. */
    @SafeVarargs
    public static List<Setting> join(List<Setting>... parts) {
        List<Setting> all = new ArrayList<>();
        for (List<Setting> part : parts) {
            all.addAll(part);
        }
        return List.copyOf(all);
    }

    /**
     * Every shared key of {@code s} (which holds the defaults already), checked; throws
     * ConfigException naming the key.
     */
    public Values read(Settings s) {
        return new Values(host(s), port(s), s.getString(USER), password(s), name(s, DBID), name(s, NODETABLE),
                name(s, LINKTABLE), name(s, COUNTTABLE), connectTimeoutMs(s), socketTimeoutMs(s));
    }

    /** {@code host}: a host name or an IP address. */
    public String host(Settings s) {
        String host = s.getString(HOST);
        if (!HOST_NAME.matcher(host).matches()) {
            throw ConfigException.badValue(HOST, host, "must be a host name or an IP address");
        }
        return host;
    }

    /** {@code port}: 1 to 65535. */
    public int port(Settings s) {
        return s.getInt(PORT, 1, 65535);
    }

    /** The password: {@code password}, else the first line of {@code password_file}, else the environment. */
    public String password(Settings s) {
        return s.secret(PASSWORD, PASSWORD_FILE, PASSWORD_ENV);
    }

    /** The value of {@code key} as a name the server accepts (database, table, collection). */
    public String name(Settings s, String key) {
        String v = s.getString(key);
        if (!names.matcher(v).matches()) {
            throw ConfigException.badValue(key, v, namesRule);
        }
        return v;
    }

    /** {@code connect_timeout} in ms (1 s to an hour). */
    public int connectTimeoutMs(Settings s) {
        return s.getInt(CONNECT_TIMEOUT, 1, 3600) * 1000;
    }

    /** {@code socket_timeout} in ms (0 for none, up to a day). */
    public int socketTimeoutMs(Settings s) {
        return s.getInt(SOCKET_TIMEOUT, 0, 86400) * 1000;
    }

    /** Driver URL options under {@code key}: "" or name=value pairs joined by '&amp;'. */
    public static String urlOptions(Settings s, String key) {
        String options = s.getString(key, "");
        for (String option : options.split("&")) {
            if (!option.isEmpty() && !URL_OPTION.matcher(option).matches()) {
                throw ConfigException.badValue(key, options, "must be name=value pairs joined by '&'");
            }
        }
        return options;
    }

    /** "host:port" as URLs write it: an IPv6 address in brackets. */
    public static String hostPort(String host, int port) {
        return (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }
}
