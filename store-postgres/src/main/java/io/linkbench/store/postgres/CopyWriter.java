package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.copy.CopyIn;

/**
 * Writes rows of the store's three tables with one {@code COPY ... FROM STDIN (FORMAT binary)} each, on
 * the connection given, in the transaction open there. Rows are encoded into one reused buffer
 * ({@link CopyBuffer}) and streamed in chunks; no value passes through JDBC binding or text formatting.
 * Not thread-safe: one per session.
 */
final class CopyWriter {
    private static final int CHUNK = 256 * 1024;

    private final String copyNodes;
    private final String copyLinks;
    private final String copyCounts;
    private final CopyBuffer buf = new CopyBuffer(CHUNK + 8192);

    CopyWriter(SqlText sql) {
        this.copyNodes = "COPY " + sql.nodeTable + " (id, type, version, time, data) FROM STDIN (FORMAT binary)";
        this.copyLinks = "COPY " + sql.linkTable
                + " (id1, link_type, id2, visibility, time, version, data, data_ext) FROM STDIN (FORMAT binary)";
        this.copyCounts = "COPY " + sql.countTable + " (id1, link_type, count, time, version) FROM STDIN (FORMAT binary)";
    }

    /** Copies {@code nodes} (not empty); returns their largest id. */
    long nodes(SqlConnection c, List<Node> nodes) throws SQLException {
        CopyIn in = c.copy().copyIn(copyNodes);
        long maxId = 0;
        try {
            buf.header();
            for (Node n : nodes) {
                buf.tuple(5).int8(n.id()).int4(n.type()).int8(n.version()).int4(n.time()).bytea(n.data());
                maxId = Math.max(maxId, n.id());
                flushIfFull(in);
            }
            finish(in);
        } finally {
            cancelIfActive(in);
        }
        return maxId;
    }

    /** Copies {@code links} (not empty), the payload split as {@link SqlText#PAYLOAD} says. */
    void links(SqlConnection c, List<Link> links) throws SQLException {
        CopyIn in = c.copy().copyIn(copyLinks);
        try {
            buf.header();
            for (Link l : links) {
                byte[] data = l.data();
                buf.tuple(8).int8(l.id1()).int8(l.linkType()).int8(l.id2()).int2(l.visibility().code())
                        .int8(l.time()).int4(l.version()).bytea(SqlText.PAYLOAD.head(data)).bytea(SqlText.PAYLOAD.rest(data));
                flushIfFull(in);
            }
            finish(in);
        } finally {
            cancelIfActive(in);
        }
    }

    /** Copies {@code counts} (not empty). */
    void counts(SqlConnection c, List<LinkCount> counts) throws SQLException {
        CopyIn in = c.copy().copyIn(copyCounts);
        try {
            buf.header();
            for (LinkCount n : counts) {
                buf.tuple(5).int8(n.id1()).int8(n.linkType()).int8(n.count()).int8(n.time()).int8(n.version());
                flushIfFull(in);
            }
            finish(in);
        } finally {
            cancelIfActive(in);
        }
    }

    private void flushIfFull(CopyIn in) throws SQLException {
        if (buf.length() >= CHUNK) {
            in.writeToCopy(buf.array(), 0, buf.length());
            buf.reset();
        }
    }

    private void finish(CopyIn in) throws SQLException {
        buf.trailer();
        in.writeToCopy(buf.array(), 0, buf.length());
        buf.reset();
        in.endCopy();
    }

    /** After a failure mid-COPY: ends the COPY so the connection can roll back (or be dropped). */
    private void cancelIfActive(CopyIn in) {
        buf.reset();
        if (in.isActive()) {
            try {
                in.cancelCopy();
            } catch (SQLException e) {
                // the connection is broken: SessionConnection drops it
            }
        }
    }
}
