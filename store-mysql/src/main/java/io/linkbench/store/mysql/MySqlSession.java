package io.linkbench.store.mysql;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
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
 * writes, and a transactional one (opened on first use) for link writes that also change a count and
 * for bulk loads. Both reconnect on their next use after the connection was lost.
 */
final class MySqlSession implements StoreSession {
    private final SessionConnection<SqlConnection> ac;
    private final SessionConnection<SqlConnection> tx;
    private final LinkWriter links;
    private final BulkLoader loader;

    /** @param home the server ({@code hosts}) this session connects to first */
    MySqlSession(Connector connector, SqlText sql, int maxStatementChars, int home) {
        this.ac = new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.AUTOCOMMIT, true, home),
                sql), MySqlErrors.MAP, false);
        this.tx = new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.TRANSACTIONAL, true, home),
                sql), MySqlErrors.MAP, true);
        this.links = new LinkWriter(tx);
        this.loader = new BulkLoader(tx, sql, maxStatementChars);
    }

    @Override
    public long addNode(Node node) throws StoreException {
        try {
            PreparedStatement ps = ac.get().get(Q.ADD_NODE);
            ps.setInt(1, node.type());
            ps.setLong(2, node.version());
            ps.setInt(3, node.time());
            ps.setBytes(4, node.data());
            ps.executeUpdate();
            // every statement is Connector/J's (see Connector): the id comes from the OK packet, no result set
            return ((com.mysql.cj.jdbc.StatementImpl) ps).getLastInsertID();
        } catch (SQLException e) {
            throw ac.fail("ADD_NODE", e);
        }
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        try {
            PreparedStatement ps = ac.get().get(Q.GET_NODE);
            ps.setLong(1, id);
            ps.setInt(2, type);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new Node(id, type, rs.getLong(1), rs.getInt(2), rs.getBytes(3)) : null;
            }
        } catch (SQLException e) {
            throw ac.fail("GET_NODE", e);
        }
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        try {
            PreparedStatement ps = ac.get().get(Q.UPDATE_NODE);
            ps.setLong(1, node.version());
            ps.setInt(2, node.time());
            ps.setBytes(3, node.data());
            ps.setLong(4, node.id());
            ps.setInt(5, node.type());
            return ps.executeUpdate() > 0; // matched rows: the autocommit connection reports found rows
        } catch (SQLException e) {
            throw ac.fail("UPDATE_NODE", e);
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        try {
            PreparedStatement ps = ac.get().get(Q.DELETE_NODE);
            ps.setLong(1, id);
            ps.setInt(2, type);
            return ps.executeUpdate() > 0;
        } catch (SQLException e) {
            throw ac.fail("DELETE_NODE", e);
        }
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        return links.addLink(link);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        return links.updateLink(link);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return links.updateOrAddLink(link);
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return links.deleteLink(id1, linkType, id2, expunge);
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        try {
            PreparedStatement ps = ac.get().get(Q.COUNT_GET);
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw ac.fail("COUNT_LINK", e);
        }
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return Collections.emptyList();
        }
        long[] ids = sortedUnique(id2s);
        List<Link> out = new ArrayList<>(ids.length);
        try {
            SqlConnection c = ac.get();
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
                                LinkData.payload(rs.getBytes(3), rs.getBytes(4)), rs.getInt(5), rs.getLong(6)));
                    }
                }
            }
            return out;
        } catch (SQLException e) {
            throw ac.fail("MULTIGET_LINK", e);
        }
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        if (limit <= 0 || minTime > maxTime) {
            return Collections.emptyList();
        }
        try {
            SqlConnection c = ac.get();
            PreparedStatement ps = c.get(Q.GET_LINK_LIST);
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            ps.setLong(3, minTime);
            ps.setLong(4, maxTime);
            ps.setInt(5, offset);
            ps.setInt(6, limit);
            List<Link> out = new ArrayList<>(Math.min(limit, 64));
            int truncated = 0;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byte[] data = rs.getBytes(4);
                    truncated += LinkData.isTruncated(data) ? 1 : 0;
                    out.add(new Link(id1, linkType, rs.getLong(1), Visibility.VISIBLE, data, rs.getInt(2),
                            rs.getLong(3)));
                }
            }
            if (truncated > 0) {
                completePayloads(c, out);
            }
            return out;
        } catch (SQLException e) {
            throw ac.fail("GET_LINKS_LIST", e);
        }
    }

    /** Replaces the indexed prefix of long payloads with the whole payload, read by primary key. */
    private static void completePayloads(SqlConnection c, List<Link> links) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_DATA_EXT);
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            if (LinkData.isTruncated(l.data())) {
                ps.setLong(1, l.linkType());
                ps.setLong(2, l.id1());
                ps.setLong(3, l.id2());
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        byte[] whole = rs.getBytes(1);
                        if (whole != null) {
                            links.set(i, new Link(l.id1(), l.linkType(), l.id2(), l.visibility(), whole,
                                    l.version(), l.time()));
                        }
                    }
                }
            }
        }
    }

    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        loader.loadNodes(nodes);
    }

    @Override
    public void loadLinks(List<Link> batch) throws StoreException {
        loader.loadLinks(batch);
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        loader.loadCounts(counts);
    }

    @Override
    public void close() {
        tx.close();
        ac.close();
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
