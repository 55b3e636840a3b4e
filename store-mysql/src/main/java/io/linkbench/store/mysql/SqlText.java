package io.linkbench.store.mysql;

import io.linkbench.store.jdbc.SplitPayload;
import java.util.EnumMap;
import java.util.Map;

/**
 * The SQL of every prepared statement, built once for the configured table names. Statements that
 * address one link row by its primary key name {@code FORCE INDEX (PRIMARY)}: MariaDB was seen
 * planning such statements as range scans over {@code id1_type}, which locks a whole (id1, link_type)
 * group. DELETE takes index hints only in its multi-table form, hence {@code DELETE l FROM ... AS l}.
 *
 * <p>Link payloads are split as {@link #PAYLOAD} says: their first 255 bytes in {@code data}
 * (VARBINARY(255), part of the covering index {@code id1_type}), the rest in {@code data_ext}
 * (MEDIUMBLOB, NULL for short payloads), so typical payloads are served from the index alone.
 */
final class SqlText {

    /** The split of link payloads between {@code data} and {@code data_ext}. */
    static final SplitPayload PAYLOAD = new SplitPayload(255);

    /** The fixed statements of a session. */
    enum Q {
        GET_NODE, ADD_NODE, UPDATE_NODE, DELETE_NODE, NODE_LOCK,
        LINK_INSERT_OR_REVIVE, LINK_UPDATE, LINK_LOCK, LINK_HIDE, LINK_EXPUNGE, LINK_DATA_EXT, GET_LINK_LIST,
        COUNT_UPSERT, COUNT_GET
    }

    /** Link columns in the order of every link INSERT. */
    static final String LINK_COLUMNS = "id1, id2, link_type, visibility, data, data_ext, time, version";
    static final String COUNT_COLUMNS = "id, link_type, count, time, version";

    private static final String LINK_PK = " WHERE link_type = ? AND id1 = ? AND id2 = ?";

    final String nodeTable;
    final String linkTable;
    final String countTable;
    /** GET_LINK_LIST prepared by the client and sent as text ({@code getlinklist_statement = text}). */
    final boolean listAsText;
    private final Map<Q, String> text = new EnumMap<>(Q.class);

    SqlText(MySqlConfig config) {
        this(config, false);
    }

    /**
     * @param spider for a Spider head: DELETE_NODE in the multi-table form, since the head reports 0 rows for
     *               a single-table DELETE of a partitioned Spider table that deleted one (MariaDB 10.11)
     */
    SqlText(MySqlConfig config, boolean spider) {
        this.nodeTable = quote(config.nodeTable());
        this.linkTable = quote(config.linkTable());
        this.countTable = quote(config.countTable());
        this.listAsText = config.listStatement() == MySqlConfig.ListStatement.TEXT;
        String n = nodeTable;
        String l = linkTable;
        String c = countTable;
        text.put(Q.GET_NODE, "SELECT version, time, data FROM " + n + " WHERE id = ? AND type = ?");
        text.put(Q.ADD_NODE, "INSERT INTO " + n + " (type, version, time, data) VALUES (?, ?, ?, ?)");
        text.put(Q.UPDATE_NODE, "UPDATE " + n + " SET version = ?, time = ?, data = ? WHERE id = ? AND type = ?");
        text.put(Q.NODE_LOCK, "SELECT 1 FROM " + n + " WHERE id = ? AND type = ? FOR UPDATE");
        text.put(Q.DELETE_NODE, spider ? "DELETE nt FROM " + n + " AS nt WHERE nt.id = ? AND nt.type = ?"
                : "DELETE FROM " + n + " WHERE id = ? AND type = ?");
        text.put(Q.LINK_INSERT_OR_REVIVE, "INSERT INTO " + l + " (" + LINK_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                + " ON DUPLICATE KEY UPDATE visibility = VALUES(visibility)");
        text.put(Q.LINK_UPDATE, "UPDATE " + l + " FORCE INDEX (PRIMARY) SET visibility = ?, data = ?, data_ext = ?,"
                + " time = ?, version = ?" + LINK_PK);
        text.put(Q.LINK_LOCK, "SELECT visibility FROM " + l + " FORCE INDEX (PRIMARY)" + LINK_PK + " FOR UPDATE");
        text.put(Q.LINK_HIDE, "UPDATE " + l + " FORCE INDEX (PRIMARY) SET visibility = 0" + LINK_PK);
        text.put(Q.LINK_EXPUNGE, "DELETE lt FROM " + l + " AS lt FORCE INDEX (PRIMARY)"
                + " WHERE lt.link_type = ? AND lt.id1 = ? AND lt.id2 = ?");
        text.put(Q.LINK_DATA_EXT, "SELECT data_ext FROM " + l + " FORCE INDEX (PRIMARY)"
                + " WHERE id1 = ? AND link_type = ? AND id2 = ?");
        text.put(Q.GET_LINK_LIST, "SELECT id2, version, time, data FROM " + l + " FORCE INDEX (id1_type)"
                + " WHERE id1 = ? AND link_type = ? AND visibility = 1 AND time >= ? AND time <= ?"
                + " ORDER BY time DESC, id2 DESC LIMIT ?, ?");
        text.put(Q.COUNT_UPSERT, "INSERT INTO " + c + " (" + COUNT_COLUMNS + ") VALUES (?, ?, ?, ?, 0)"
                + " ON DUPLICATE KEY UPDATE count = GREATEST(count + ?, 0), time = VALUES(time), version = version + 1");
        text.put(Q.COUNT_GET, "SELECT count FROM " + c + " WHERE id = ? AND link_type = ?");
    }

    String of(Q q) {
        return text.get(q);
    }

    /** True when {@code q} is prepared by the client and sent to the server as SQL text. */
    boolean sentAsText(Q q) {
        return q == Q.GET_LINK_LIST && listAsText;
    }

    /** MULTIGET_LINK with an IN list of {@code n} id2s, ordered by id2. */
    String multiget(int n) {
        StringBuilder sb = new StringBuilder(200 + 3 * n);
        sb.append("SELECT id2, visibility, data, data_ext, version, time FROM ").append(linkTable)
                .append(" FORCE INDEX (PRIMARY) WHERE link_type = ? AND id1 = ? AND id2 IN (");
        for (int i = 0; i < n; i++) {
            sb.append(i == 0 ? "?" : ",?");
        }
        return sb.append(") ORDER BY id2").toString();
    }

    /** A quoted identifier; the configuration allows only characters that need no escaping. */
    static String quote(String identifier) {
        return "`" + identifier + "`";
    }
}
