package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.postgres.PgSql.Q;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One worker's view of the PostgreSQL store: an autocommit connection for reads and single-statement
 * writes, and a transactional one (opened on first use) for link writes, which also change a count,
 * and for bulk loads. Both reconnect on their next use after the connection was lost.
 */
final class PgSession implements StoreSession {
    private final SessionConnection<PgConnection> ac;
    private final SessionConnection<PgConnection> tx;
    private final PgLinkWriter links;
    private final PgBulkLoader loader;

    PgSession(PgConnector connector, PgSql sql) {
        this.ac = new SessionConnection<>(() -> new PgConnection(connector.open(PgConnector.Purpose.AUTOCOMMIT), sql),
                PgErrors.MAP, false);
        this.tx = new SessionConnection<>(() -> new PgConnection(connector.open(PgConnector.Purpose.TRANSACTIONAL), sql),
                PgErrors.MAP, true);
        this.links = new PgLinkWriter(tx);
        this.loader = new PgBulkLoader(tx, sql);
    }

    /** The id comes from the node table's identity sequence, unique across sessions and processes. */
    @Override
    public long addNode(Node node) throws StoreException {
        try {
            PreparedStatement ps = ac.get().get(Q.ADD_NODE);
            ps.setInt(1, node.type());
            ps.setLong(2, node.version());
            ps.setInt(3, node.time());
            ps.setBytes(4, node.data());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
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
            return ps.executeUpdate() > 0;
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

    /**
     * One id2: a primary-key lookup. Several: one statement whatever their number, {@code id2 = ANY
     * (array)} as a primary-key condition, planned for the array given.
     */
    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return Collections.emptyList();
        }
        try {
            PgConnection c = ac.get();
            PreparedStatement ps = c.get(id2s.length == 1 ? Q.LINK_GET : Q.MULTIGET);
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            Array ids = null;
            if (id2s.length == 1) {
                ps.setLong(3, id2s[0]);
            } else {
                ids = c.jdbc().createArrayOf("int8", Arrays.stream(id2s).boxed().toArray());
                ps.setArray(3, ids);
            }
            List<Link> out = new ArrayList<>(Math.min(id2s.length, 64));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Link(id1, linkType, rs.getLong(1), Visibility.ofCode(rs.getInt(2)),
                            Payload.join(rs.getBytes(5), rs.getBytes(6)), rs.getInt(4), rs.getLong(3)));
                }
            }
            if (ids != null) {
                ids.free();
            }
            return out;
        } catch (SQLException e) {
            throw ac.fail("MULTIGET_LINK", e);
        }
    }

    /** An index-only scan of the list index; payloads longer than its head are completed by primary key. */
    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        if (limit <= 0 || minTime > maxTime) {
            return Collections.emptyList();
        }
        try {
            PgConnection c = ac.get();
            PreparedStatement ps = c.get(Q.GET_LINK_LIST);
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            ps.setLong(3, minTime);
            ps.setLong(4, maxTime);
            ps.setInt(5, offset);
            ps.setInt(6, limit);
            List<Link> out = new ArrayList<>(Math.min(limit, 64));
            boolean partial = false;
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byte[] head = rs.getBytes(4);
                    partial |= Payload.mayHaveRest(head);
                    out.add(new Link(id1, linkType, rs.getLong(1), Visibility.VISIBLE, head, rs.getInt(3),
                            rs.getLong(2)));
                }
            }
            if (partial) {
                completePayloads(c, out);
            }
            return out;
        } catch (SQLException e) {
            throw ac.fail("GET_LINKS_LIST", e);
        }
    }

    private static void completePayloads(PgConnection c, List<Link> links) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_DATA_EXT);
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            if (Payload.mayHaveRest(l.data())) {
                ps.setLong(1, l.id1());
                ps.setLong(2, l.linkType());
                ps.setLong(3, l.id2());
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next() && rs.getBytes(1) != null) {
                        links.set(i, new Link(l.id1(), l.linkType(), l.id2(), l.visibility(),
                                Payload.join(l.data(), rs.getBytes(1)), l.version(), l.time()));
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
}
