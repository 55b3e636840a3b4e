package io.linkbench.store.postgres;

import io.linkbench.store.jdbc.SplitPayload;
import java.util.EnumMap;
import java.util.Map;

/**
 * The text of every request statement, built once per store from the configured table names. Each is
 * prepared on the server by the first execution in a session and kept there. The link payload is
 * split as {@link #PAYLOAD} says: {@code data} (in the list index) and {@code data_ext}.
 */
final class SqlText {

    /**
     * The split of link payloads: the first 1024 bytes in {@code data}, which the list index carries
     * (INCLUDE), the rest in {@code data_ext}. A B-tree entry must stay under a third of a page (about
     * 2.7 KB), so the index cannot carry a 64 KiB payload; the typical LinkBench payload fits in the
     * head, so GET_LINKS_LIST stays an index-only scan.
     */
    static final SplitPayload PAYLOAD = new SplitPayload(1024);

    /** The request statements. */
    enum Q {
        ADD_NODE, GET_NODE, UPDATE_NODE, DELETE_NODE,
        LINK_INSERT, LINK_LOCK, LINK_UPDATE, LINK_HIDE, LINK_EXPUNGE, LINK_DATA_EXT,
        LINK_GET, MULTIGET, GET_LINK_LIST, COUNT_UPSERT, COUNT_GET, NODE_ID_LOCK, NODE_ID_AT_LEAST
    }

    /** The key of a link, as every WHERE of a link statement ends. */
    private static final String LINK_KEY = " WHERE id1 = ? AND link_type = ? AND id2 = ?";

    final String nodeTable;
    final String linkTable;
    final String countTable;
    private final Map<Q, String> text = new EnumMap<>(Q.class);

    SqlText(PgConfig config) {
        this.nodeTable = config.qualified(config.nodeTable());
        this.linkTable = config.qualified(config.linkTable());
        this.countTable = config.qualified(config.countTable());
        String n = nodeTable;
        String l = linkTable;
        String c = countTable;
        text.put(Q.ADD_NODE, "INSERT INTO " + n + " (type, version, time, data) VALUES (?, ?, ?, ?) RETURNING id");
        text.put(Q.GET_NODE, "SELECT version, time, data FROM " + n + " WHERE id = ? AND type = ?");
        text.put(Q.UPDATE_NODE, "UPDATE " + n + " SET version = ?, time = ?, data = ? WHERE id = ? AND type = ?");
        text.put(Q.DELETE_NODE, "DELETE FROM " + n + " WHERE id = ? AND type = ?");
        // raise the id sequence over ids loaded with COPY; setval is not transactional, hence the lock first
        String seq = Schema.sequenceOf(n);
        text.put(Q.NODE_ID_LOCK, "SELECT pg_advisory_xact_lock(hashtext('" + seq + "'))");
        text.put(Q.NODE_ID_AT_LEAST, "SELECT setval('" + seq + "', GREATEST(?, last_value)) FROM " + seq);
        text.put(Q.LINK_INSERT, "INSERT INTO " + l + " (id1, link_type, id2, visibility, time, version, data, data_ext)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id1, link_type, id2) DO NOTHING");
        text.put(Q.LINK_LOCK, "SELECT visibility FROM " + l + LINK_KEY + " FOR UPDATE");
        text.put(Q.LINK_UPDATE, "UPDATE " + l + " SET visibility = ?, time = ?, version = ?, data = ?, data_ext = ?"
                + LINK_KEY);
        text.put(Q.LINK_HIDE, "UPDATE " + l + " SET visibility = 0" + LINK_KEY);
        text.put(Q.LINK_EXPUNGE, "DELETE FROM " + l + LINK_KEY);
        text.put(Q.LINK_DATA_EXT, "SELECT data_ext FROM " + l + LINK_KEY);
        text.put(Q.LINK_GET, "SELECT id2, visibility, time, version, data, data_ext FROM " + l + LINK_KEY);
        // planned anew for each array (see SqlConnection): a generic plan would scan all links of
        // (id1, link_type) and filter on id2; a custom one makes id2 = ANY (...) an index condition
        text.put(Q.MULTIGET, "SELECT id2, visibility, time, version, data, data_ext FROM " + l
                + " WHERE id1 = ? AND link_type = ? AND id2 = ANY (?) ORDER BY id2");
        // visibility = 1 as a literal: the partial list index (WHERE visibility = 1) then serves every plan
        text.put(Q.GET_LINK_LIST, "SELECT id2, version, time, data FROM " + l
                + " WHERE id1 = ? AND link_type = ? AND visibility = 1 AND time >= ? AND time <= ?"
                + " ORDER BY time DESC, id2 DESC OFFSET ? LIMIT ?");
        text.put(Q.COUNT_UPSERT, "INSERT INTO " + c + " AS c (id1, link_type, count, time, version)"
                + " VALUES (?, ?, GREATEST(?::bigint, 0), ?, 0) ON CONFLICT (id1, link_type) DO UPDATE"
                + " SET count = GREATEST(c.count + ?, 0), time = EXCLUDED.time, version = c.version + 1");
        text.put(Q.COUNT_GET, "SELECT count FROM " + c + " WHERE id1 = ? AND link_type = ?");
    }

    String of(Q q) {
        return text.get(q);
    }
}
