package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.postgres.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import org.postgresql.copy.CopyIn;

/**
 * The bulk writes of the load phase: each batch is one {@code COPY ... FROM STDIN (FORMAT binary)}
 * in one transaction, so a batch given again after a failure finds none of its rows. Rows are encoded
 * here into one reused buffer ({@link CopyBuffer}) and streamed in chunks; no value passes through
 * JDBC binding or text formatting. After a node batch the id sequence is raised above its ids, so
 * ADD_NODE assigns ids above every loaded one.
 */
final class BulkLoader implements JdbcSession.BulkLoads {
    private static final int CHUNK = 256 * 1024;

    private final SessionConnection<SqlConnection> tx;
    private final String copyNodes;
    private final String copyLinks;
    private final String copyCounts;
    private final CopyBuffer buf = new CopyBuffer(CHUNK + 8192);

    BulkLoader(SessionConnection<SqlConnection> tx, SqlText sql) {
        this.tx = tx;
        this.copyNodes = "COPY " + sql.nodeTable + " (id, type, version, time, data) FROM STDIN (FORMAT binary)";
        this.copyLinks = "COPY " + sql.linkTable
                + " (id1, link_type, id2, visibility, time, version, data, data_ext) FROM STDIN (FORMAT binary)";
        this.copyCounts = "COPY " + sql.countTable + " (id1, link_type, count, time, version) FROM STDIN (FORMAT binary)";
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        if (nodes.isEmpty()) {
            return;
        }
        tx.inTransaction("load nodes", c -> {
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
            c.get(Q.NODE_ID_LOCK).execute();
            PreparedStatement ps = c.get(Q.NODE_ID_AT_LEAST);
            ps.setLong(1, maxId);
            ps.execute();
            return null;
        });
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        if (links.isEmpty()) {
            return;
        }
        tx.inTransaction("load links", c -> {
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
            return null;
        });
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        if (counts.isEmpty()) {
            return;
        }
        tx.inTransaction("load counts", c -> {
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
            return null;
        });
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
