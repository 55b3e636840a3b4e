package com.example.linkbench.h2;

import java.util.EnumMap;
import java.util.Map;

/**
 * The SQL of every statement a session prepares, one text per constant of {@link Q}. A third SQL
 * store is this file and its schema: the session logic comes from core's {@code store.jdbc}.
 */
final class SqlText {

    /** The statements of a session; a {@code StatementCache<Q>} prepares each once per connection. */
    enum Q {
        ADD_NODE, GET_NODE, UPDATE_NODE, DELETE_NODE, RAISE_MAX_NODE_ID,
        LINK_LOCK, LINK_INSERT, LINK_UPDATE, LINK_HIDE, LINK_EXPUNGE, GET_LINK_LIST,
        COUNT_ADD, COUNT_INSERT, COUNT_GET, SESSION_ID
    }

    static final String LINK_COLUMNS = "id1, link_type, id2, visibility, data, version, time";
    private static final String LINK_KEY = " WHERE id1 = ? AND link_type = ? AND id2 = ?";
    private static final Map<Q, String> TEXT = new EnumMap<>(Q.class);

    static {
        TEXT.put(Q.ADD_NODE, "INSERT INTO nodes (id, type, version, time, data) VALUES (?, ?, ?, ?, ?)");
        TEXT.put(Q.GET_NODE, "SELECT version, time, data FROM nodes WHERE id = ? AND type = ?");
        TEXT.put(Q.UPDATE_NODE, "UPDATE nodes SET version = ?, time = ?, data = ? WHERE id = ? AND type = ?");
        TEXT.put(Q.DELETE_NODE, "DELETE FROM nodes WHERE id = ? AND type = ?");
        TEXT.put(Q.RAISE_MAX_NODE_ID, "UPDATE meta SET val = GREATEST(val, ?) WHERE name = 'max_node_id'");
        TEXT.put(Q.LINK_LOCK, "SELECT visibility FROM links" + LINK_KEY + " FOR UPDATE");
        TEXT.put(Q.LINK_INSERT, "INSERT INTO links (" + LINK_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)");
        TEXT.put(Q.LINK_UPDATE, "UPDATE links SET visibility = ?, data = ?, version = ?, time = ?" + LINK_KEY);
        TEXT.put(Q.LINK_HIDE, "UPDATE links SET visibility = 0" + LINK_KEY);
        TEXT.put(Q.LINK_EXPUNGE, "DELETE FROM links" + LINK_KEY);
        TEXT.put(Q.GET_LINK_LIST, "SELECT id2, version, time, data FROM links WHERE id1 = ? AND link_type = ?"
                + " AND visibility = 1 AND time BETWEEN ? AND ? ORDER BY time DESC, id2 DESC"
                + " OFFSET ? ROWS FETCH NEXT ? ROWS ONLY");
        TEXT.put(Q.COUNT_ADD, "UPDATE counts SET link_count = GREATEST(link_count + ?, 0),"
                + " time = COALESCE(?, time), version = version + 1 WHERE id1 = ? AND link_type = ?");
        TEXT.put(Q.COUNT_INSERT, "INSERT INTO counts VALUES (?, ?, ?, ?, ?)");
        TEXT.put(Q.COUNT_GET, "SELECT link_count FROM counts WHERE id1 = ? AND link_type = ?");
        TEXT.put(Q.SESSION_ID, "SELECT SESSION_ID()");
    }

    private SqlText() {
    }

    static String of(Q q) {
        return TEXT.get(q);
    }

    /** MULTIGET_LINK with an IN list of {@code n} id2s (prepared per call: the list length varies). */
    static String multiget(int n) {
        return "SELECT " + LINK_COLUMNS + " FROM links WHERE id1 = ? AND link_type = ? AND id2 IN ("
                + "?,".repeat(n - 1) + "?) ORDER BY id2";
    }
}
