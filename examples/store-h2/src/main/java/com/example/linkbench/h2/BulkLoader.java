package com.example.linkbench.h2;

import com.example.linkbench.h2.SqlText.Q;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;

/** The bulk loads: one transaction per batch, so a batch given again after a failure finds none of its rows. */
final class BulkLoader implements JdbcSession.BulkLoads {
    private final SessionConnection<SqlConnection> tx;
    private final H2Store store;

    BulkLoader(SessionConnection<SqlConnection> tx, H2Store store) {
        this.tx = tx;
        this.store = store;
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        long max = nodes.stream().mapToLong(Node::id).max().orElse(0);
        store.nodeIdUsed(max); // before the rows exist: ADD_NODE stays above them
        tx.inTransaction("load nodes", c -> {
            PreparedStatement ps = c.get(Q.ADD_NODE);
            for (Node n : nodes) {
                bindNode(ps, n);
                ps.addBatch();
            }
            ps.executeBatch();
            raiseMaxNodeId(c, max);
            return null;
        });
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        tx.inTransaction("load links", c -> {
            PreparedStatement ps = c.get(Q.LINK_INSERT);
            for (Link l : links) {
                LinkWriter.bindLink(ps, l);
                ps.addBatch();
            }
            ps.executeBatch();
            return null;
        });
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        tx.inTransaction("load counts", c -> {
            PreparedStatement ps = c.get(Q.COUNT_INSERT);
            for (LinkCount n : counts) {
                ps.setLong(1, n.id1());
                ps.setLong(2, n.linkType());
                ps.setLong(3, n.count());
                ps.setLong(4, n.time());
                ps.setLong(5, n.version());
                ps.addBatch();
            }
            ps.executeBatch();
            return null;
        });
    }

    static void bindNode(PreparedStatement ps, Node n) throws SQLException {
        ps.setLong(1, n.id());
        ps.setInt(2, n.type());
        ps.setLong(3, n.version());
        ps.setInt(4, n.time());
        ps.setBytes(5, n.data());
    }

    /** Records {@code id} in {@code meta}, in the transaction that wrote it, so a restart assigns above it. */
    static void raiseMaxNodeId(SqlConnection c, long id) throws SQLException {
        PreparedStatement ps = c.get(Q.RAISE_MAX_NODE_ID);
        ps.setLong(1, id);
        ps.executeUpdate();
    }
}
