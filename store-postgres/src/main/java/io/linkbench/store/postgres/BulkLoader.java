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

/**
 * The bulk writes of the load phase on one server: each batch is one {@code COPY} ({@link CopyWriter})
 * in one transaction on the session's transactional connection, so a batch given again after a failure
 * finds none of its rows. After a node batch the id sequence is raised above its ids, so ADD_NODE
 * assigns ids above every loaded one.
 */
final class BulkLoader implements JdbcSession.BulkLoads {
    private final SessionConnection<SqlConnection> tx;
    private final CopyWriter copy;

    BulkLoader(SessionConnection<SqlConnection> tx, SqlText sql) {
        this.tx = tx;
        this.copy = new CopyWriter(sql);
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        if (nodes.isEmpty()) {
            return;
        }
        tx.inTransaction("load nodes", c -> {
            raiseNodeIds(c, copy.nodes(c, nodes));
            return null;
        });
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        if (links.isEmpty()) {
            return;
        }
        tx.inTransaction("load links", c -> {
            copy.links(c, links);
            return null;
        });
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        if (counts.isEmpty()) {
            return;
        }
        tx.inTransaction("load counts", c -> {
            copy.counts(c, counts);
            return null;
        });
    }

    /** Raises the node table's id sequence to at least {@code maxId}, in {@code c}'s transaction. */
    static void raiseNodeIds(SqlConnection c, long maxId) throws SQLException {
        c.get(Q.NODE_ID_LOCK).execute();
        PreparedStatement ps = c.get(Q.NODE_ID_AT_LEAST);
        ps.setLong(1, maxId);
        ps.execute();
    }
}
