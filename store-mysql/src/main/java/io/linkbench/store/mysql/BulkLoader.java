package io.linkbench.store.mysql;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import java.sql.SQLException;
import java.util.List;

/**
 * The bulk writes of the load phase: each batch is written as explicit multi-row
 * {@code INSERT ... VALUES (...), (...)} statements of at most {@code bulk_insert_kb} KiB (and below
 * the server's {@code max_allowed_packet}), in one transaction per batch. The SQL text is generated
 * here directly (numbers in decimal, payloads as hex literals) into one reused buffer, which costs the
 * client far less than binding each value through JDBC.
 */
final class BulkLoader {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final ConnectionSlot tx;
    private final SqlText sql;
    private final int maxStatementChars;
    private final StringBuilder text = new StringBuilder(64 * 1024);

    /**
     * @param tx                the session's transactional connection
     * @param maxStatementChars most characters of one INSERT statement
     */
    BulkLoader(ConnectionSlot tx, SqlText sql, int maxStatementChars) {
        this.tx = tx;
        this.sql = sql;
        this.maxStatementChars = maxStatementChars;
    }

    void loadNodes(List<Node> nodes) throws StoreException {
        String head = "INSERT INTO " + sql.nodeTable + " (" + SqlText.NODE_COLUMNS + ") VALUES ";
        try {
            start(head);
            for (Node n : nodes) {
                int mark = text.length();
                text.append('(').append(n.id()).append(',').append(n.type()).append(',').append(n.version())
                        .append(',').append(n.time()).append(',');
                hex(n.data());
                text.append("),");
                flushIfFull(head, mark);
            }
            finish();
        } catch (SQLException e) {
            throw tx.fail("load nodes", e);
        }
    }

    void loadLinks(List<Link> links) throws StoreException {
        String head = "INSERT INTO " + sql.linkTable + " (" + SqlText.LINK_COLUMNS + ") VALUES ";
        try {
            start(head);
            for (Link l : links) {
                int mark = text.length();
                byte[] data = l.data();
                text.append('(').append(l.id1()).append(',').append(l.id2()).append(',').append(l.linkType())
                        .append(',').append((int) l.visibility().code()).append(',');
                if (data.length < LinkData.INLINE_MAX) {
                    hex(data);
                    text.append(",NULL,");
                } else {
                    hex(LinkData.inline(data));
                    text.append(',');
                    hex(data);
                    text.append(',');
                }
                text.append(l.time()).append(',').append(l.version()).append("),");
                flushIfFull(head, mark);
            }
            finish();
        } catch (SQLException e) {
            throw tx.fail("load links", e);
        }
    }

    void loadCounts(List<LinkCount> counts) throws StoreException {
        String head = "INSERT INTO " + sql.countTable + " (" + SqlText.COUNT_COLUMNS + ") VALUES ";
        try {
            start(head);
            for (LinkCount c : counts) {
                int mark = text.length();
                text.append('(').append(c.id1()).append(',').append(c.linkType()).append(',').append(c.count())
                        .append(',').append(c.time()).append(',').append(c.version()).append("),");
                flushIfFull(head, mark);
            }
            finish();
        } catch (SQLException e) {
            throw tx.fail("load counts", e);
        }
    }

    private void start(String head) throws StoreException {
        tx.get(); // connect before building anything
        text.setLength(0);
        text.append(head);
    }

    /** When the row that starts at {@code mark} made the statement too long, sends what came before it. */
    private void flushIfFull(String head, int mark) throws SQLException, StoreException {
        if (text.length() <= maxStatementChars || mark == head.length()) {
            return;
        }
        String row = text.substring(mark);
        text.setLength(mark);
        send();
        text.append(head).append(row);
    }

    /** Sends the rest and commits the batch. */
    private void finish() throws SQLException, StoreException {
        send();
        tx.commit();
        if (text.capacity() > 4 * maxStatementChars + 65536) {
            text.setLength(0);
            text.trimToSize(); // after an oversized row
        }
    }

    private void send() throws SQLException, StoreException {
        int end = text.length();
        if (text.charAt(end - 1) == ',') {
            text.setLength(end - 1);
            tx.get().plain().executeUpdate(text.toString());
        }
        text.setLength(0);
    }

    private void hex(byte[] data) {
        text.append("X'");
        for (byte b : data) {
            text.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
        text.append('\'');
    }
}
