package io.linkbench.store.mysql;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import java.sql.SQLException;
import java.util.List;

/**
 * The bulk writes of the load phase: each batch is written as explicit multi-row
 * {@code INSERT ... VALUES (...), (...)} statements of at most {@code bulk_insert_kb} KiB (and below
 * the server's {@code max_allowed_packet}), in one transaction per batch. The SQL text is generated
 * here directly (numbers in decimal, payloads as hex literals) into one reused buffer, which costs the
 * client far less than binding each value through JDBC.
 */
final class BulkLoader implements JdbcSession.BulkLoads {
    private static final byte[] COMMA = SqlBuffer.ascii(",");
    private static final byte[] CLOSE = SqlBuffer.ascii("),");
    private static final byte[] NULL_CLOSE = SqlBuffer.ascii(",NULL),");

    private final SessionConnection<SqlConnection> tx;
    private final int maxStatementChars;
    private final SqlBuffer text = new SqlBuffer(64 * 1024);
    private final long[] numbers = new long[8];
    private final byte[] nodeHead;
    private final byte[] linkHead;
    private final byte[] countHead;
    /** What ends each INSERT (null: nothing), per table. */
    private final byte[] nodeTail;
    private final byte[] linkTail;
    private final byte[] countTail;
    private byte[] tail;
    /** Batches through a Spider head (the idempotent INSERTs are for it). */
    private final boolean spider;

    /**
     * @param tx                the session's transactional connection
     * @param maxStatementChars most characters of one INSERT statement
     */
    BulkLoader(SessionConnection<SqlConnection> tx, SqlText sql, int maxStatementChars) {
        this(tx, sql, maxStatementChars, false);
    }

    /**
     * @param idempotent end every INSERT with {@code ON DUPLICATE KEY UPDATE} of a key column to itself, so
     *                   that a batch given again after a commit that reached only some servers (a Spider head's
     *                   transaction over several backends) accepts the rows the earlier attempt wrote
     */
    BulkLoader(SessionConnection<SqlConnection> tx, SqlText sql, int maxStatementChars, boolean idempotent) {
        this.tx = tx;
        this.spider = idempotent;
        this.nodeTail = idempotent ? SqlBuffer.ascii(" ON DUPLICATE KEY UPDATE id = id") : null;
        this.linkTail = idempotent ? SqlBuffer.ascii(" ON DUPLICATE KEY UPDATE id1 = id1") : null;
        this.countTail = idempotent ? SqlBuffer.ascii(" ON DUPLICATE KEY UPDATE id = id") : null;
        this.maxStatementChars = maxStatementChars;
        // numbers first, payloads last: one row writer serves every table
        this.nodeHead = SqlBuffer.ascii("INSERT INTO " + sql.nodeTable + " (id, type, version, time, data) VALUES ");
        this.linkHead = SqlBuffer.ascii("INSERT INTO " + sql.linkTable
                + " (id1, id2, link_type, visibility, time, version, data, data_ext) VALUES ");
        this.countHead = SqlBuffer.ascii("INSERT INTO " + sql.countTable
                + " (id, link_type, count, time, version) VALUES ");
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        tx.inTransaction("load nodes", conn -> {
            direct(true);
            start(nodeHead, nodeTail);
            long[] v = numbers;
            for (Node n : nodes) {
                v[0] = n.id();
                v[1] = n.type();
                v[2] = n.version();
                v[3] = n.time();
                row(nodeHead, 4, n.data(), false);
            }
            send();
            direct(false);
            return null;
        });
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        tx.inTransaction("load links", conn -> {
            direct(true);
            start(linkHead, linkTail);
            long[] v = numbers;
            for (Link l : links) {
                v[0] = l.id1();
                v[1] = l.id2();
                v[2] = l.linkType();
                v[3] = l.visibility().code();
                v[4] = l.time();
                v[5] = l.version();
                row(linkHead, 6, l.data(), true);
            }
            send();
            direct(false);
            return null;
        });
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        tx.inTransaction("load counts", conn -> {
            direct(true);
            start(countHead, countTail);
            long[] v = numbers;
            for (LinkCount c : counts) {
                v[0] = c.id1();
                v[1] = c.linkType();
                v[2] = c.count();
                v[3] = c.time();
                v[4] = c.version();
                row(countHead, 5, null, false);
            }
            send();
            direct(false);
            return null;
        });
    }

    /**
     * Appends one row: {@code count} numbers from {@link #numbers}, then the payload if any (for a
     * link, split into {@code data} and {@code data_ext} as {@link SqlText#PAYLOAD} says); sends the statement
     * first when this row would make it too long.
     */
    private void row(byte[] head, int count, byte[] data, boolean link) throws SQLException, StoreException {
        int mark = text.length();
        text.openRow(numbers, count);
        if (data == null) {
            text.truncate(text.length() - 1); // no payload: drop the last comma
            text.put(CLOSE);
        } else if (!link || !SqlText.PAYLOAD.splits(data)) {
            text.hex(data, 0, data.length);
            text.put(link ? NULL_CLOSE : CLOSE);
        } else {
            int split = SqlText.PAYLOAD.head();
            text.hex(data, 0, split);
            text.put(COMMA);
            text.hex(data, split, data.length);
            text.put(CLOSE);
        }
        if (text.length() > maxStatementChars && mark > head.length) {
            byte[] pending = text.copyFrom(mark);
            text.truncate(mark);
            send();
            text.put(head);
            text.put(pending);
        }
    }

    /**
     * With Spider ({@code idempotent}): {@code spider_direct_dup_insert} on for the batch's INSERTs, so the head
     * sends each to a backend whole (by default it splits them into one INSERT per row), and off again for
     * the session's link writes, whose ON DUPLICATE KEY UPDATE must report what it did (the head reports
     * wrong affected rows for a statement it sends whole). A batch that fails leaves it on; the session's
     * next connection starts with it off, and the next batch of this one sets it again.
     */
    private void direct(boolean on) throws SQLException, StoreException {
        if (spider) {
            tx.get().plain().execute("SET SESSION spider_direct_dup_insert = " + (on ? 1 : 0));
        }
    }

    private void start(byte[] head, byte[] tail) {
        this.tail = tail;
        text.truncate(0);
        text.put(head);
    }

    private void send() throws SQLException, StoreException {
        if (text.lastByte() == ',') {
            text.truncate(text.length() - 1);
            if (tail != null) {
                text.put(tail);
            }
            tx.get().plain().executeUpdate(text.text());
        }
        text.truncate(0);
    }
}
