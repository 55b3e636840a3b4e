package io.linkbench.store.mysql;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.mysql.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One worker's view of the MySQL store: an autocommit connection for reads and single-statement
 * writes, and a transactional one (opened on first use) for link writes that also change a count, for
 * bulk loads, and for every operation of a transaction ({@link Transactions}). Both reconnect on their
 * next use after the connection was lost.
 */
final class MySqlSession extends JdbcSession<SqlConnection> {
    /**
     * @param home             the server ({@code hosts}) this session connects to first
     * @param idempotentLoads  bulk loads accept rows an earlier attempt of the batch wrote ({@link BulkLoader})
     * @param begin            how a transaction starts, or why the store declines them
     */
    MySqlSession(Connector connector, SqlText sql, int maxStatementChars, int home, boolean idempotentLoads,
            Begin begin) {
        super(new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.AUTOCOMMIT, true, home),
                sql), Errors.MAP, false),
                new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.TRANSACTIONAL, true, home),
                sql), Errors.MAP, true), SqlText.PAYLOAD, LinkWriter::new, tx -> new BulkLoader(tx, sql, maxStatementChars,
                idempotentLoads), begin);
    }

    @Override
    protected PreparedStatement statement(SqlConnection c, Common q) throws SQLException {
        return c.get(switch (q) {
            case GET_NODE -> Q.GET_NODE;
            case UPDATE_NODE -> Q.UPDATE_NODE; // matched rows: the autocommit connection reports found rows
            case DELETE_NODE -> Q.DELETE_NODE;
            case COUNT_GET -> Q.COUNT_GET;
            case GET_LINK_LIST -> Q.GET_LINK_LIST;
            case LINK_DATA_EXT -> Q.LINK_DATA_EXT;
        });
    }

    /**
     * The transactional connection reports changed rows: an UPDATE_NODE that set a node to the values it
     * had changed none, and the node's row (locked by that UPDATE) is looked up.
     */
    @Override
    protected boolean unchangedNodeExists(SqlConnection c, Node node) throws SQLException {
        PreparedStatement ps = c.get(Q.NODE_LOCK);
        ps.setLong(1, node.id());
        ps.setInt(2, node.type());
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    @Override
    public long addNode(Node node) throws StoreException {
        SessionConnection<SqlConnection> on = conn();
        try {
            PreparedStatement ps = on.get().get(Q.ADD_NODE);
            ps.setInt(1, node.type());
            ps.setLong(2, node.version());
            ps.setInt(3, node.time());
            ps.setBytes(4, node.data());
            ps.executeUpdate();
            // every statement is Connector/J's (see Connector): the id comes from the OK packet, no result set
            return ((com.mysql.cj.jdbc.StatementImpl) ps).getLastInsertID();
        } catch (SQLException e) {
            throw on.fail("ADD_NODE", e);
        }
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return Collections.emptyList();
        }
        long[] ids = sortedUnique(id2s);
        List<Link> out = new ArrayList<>(ids.length);
        SessionConnection<SqlConnection> on = conn();
        try {
            SqlConnection c = on.get();
            for (int from = 0; from < ids.length; from += SqlConnection.MAX_IN_LIST) {
                int n = Math.min(SqlConnection.MAX_IN_LIST, ids.length - from);
                int log2 = 32 - Integer.numberOfLeadingZeros(n - 1); // smallest power of two >= n
                PreparedStatement ps = c.multiget(log2);
                ps.setLong(1, linkType);
                ps.setLong(2, id1);
                int size = 1 << log2;
                for (int i = 0; i < size; i++) {
                    ps.setLong(3 + i, ids[from + Math.min(i, n - 1)]); // padded with the last id2
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        out.add(new Link(id1, linkType, rs.getLong(1), Visibility.ofCode(rs.getInt(2)),
                                payload.join(rs.getBytes(3), rs.getBytes(4)), rs.getInt(5), rs.getLong(6)));
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            throw on.fail("MULTIGET_LINK", e);
        }
    }

    /**
     * The JDBC connections of this session, the autocommit one and the transactional one, each opened
     * if it is not: for tests that end them from the server's side (the TCK's fault hook).
     */
    List<java.sql.Connection> connections() throws StoreException {
        return List.of(ac.get().jdbc(), tx.get().jdbc());
    }

    private static long[] sortedUnique(long[] id2s) {
        long[] ids = id2s.clone();
        Arrays.sort(ids);
        int n = 1;
        for (int i = 1; i < ids.length; i++) {
            if (ids[i] != ids[n - 1]) {
                ids[n++] = ids[i];
            }
        }
        return n == ids.length ? ids : Arrays.copyOf(ids, n);
    }
}
