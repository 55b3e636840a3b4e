package com.example.linkbench.h2;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker's connection. Every call is one transaction: committed when it returns, rolled back when
 * it throws. A connection that failed is closed and the next call opens a new one.
 */
final class H2Session implements StoreSession {
    private static final String LINK_COLUMNS = "id1, link_type, id2, visibility, data, version, time";
    private static final int VISIBLE = Visibility.VISIBLE.code();

    private final H2Store store;
    private Connection connection;

    H2Session(H2Store store) {
        this.store = store;
    }

    /** The work of one call, on the session's connection. */
    private interface Work<T> {
        T run(Connection c) throws SQLException;
    }

    /**
     * Runs {@code work} as one transaction. {@code racedInsert}: a duplicate key means another session
     * inserted the same new row first (a conflict to retry).
     */
    private <T> T tx(String what, boolean racedInsert, Work<T> work) throws StoreException {
        try {
            if (connection == null) {
                connection = store.connect();
            }
            T result = work.run(connection);
            connection.commit();
            return result;
        } catch (SQLException e) {
            StoreException failure = H2Errors.wrap(what, e, racedInsert);
            abandon(failure);
            throw failure;
        }
    }

    /** Rolls back; after a lost connection, drops it so the next call reconnects. */
    private void abandon(StoreException failure) {
        if (connection == null) {
            return;
        }
        try {
            if (failure.kind() == StoreException.Kind.CONNECTION) {
                connection.close();
            } else {
                connection.rollback();
            }
        } catch (SQLException e) {
            failure.addSuppressed(e);
            connection = null;
        }
        if (failure.kind() == StoreException.Kind.CONNECTION) {
            connection = null;
        }
    }

    @Override
    public long addNode(Node node) throws StoreException {
        long id = store.nextNodeId();
        return tx("ADD_NODE", false, c -> {
            insertNode(c, node.withId(id));
            raiseMaxNodeId(c, id);
            return id;
        });
    }

    @Override
    public Node getNode(long id, int type) throws StoreException {
        return tx("GET_NODE", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT version, time, data FROM nodes WHERE id = ? AND type = ?")) {
                ps.setLong(1, id);
                ps.setInt(2, type);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? new Node(id, type, rs.getLong(1), rs.getInt(2), rs.getBytes(3)) : null;
                }
            }
        });
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        return tx("UPDATE_NODE", false, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "UPDATE nodes SET version = ?, time = ?, data = ? WHERE id = ? AND type = ?")) {
                ps.setLong(1, node.version());
                ps.setInt(2, node.time());
                ps.setBytes(3, node.data());
                ps.setLong(4, node.id());
                ps.setInt(5, node.type());
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        return tx("DELETE_NODE", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM nodes WHERE id = ? AND type = ?")) {
                ps.setLong(1, id);
                ps.setInt(2, type);
                return ps.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        return tx("ADD_LINK", true, c -> LinkWrites.write(c, link, true) == null);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        return tx("UPDATE_LINK", true, c -> LinkWrites.write(c, link, false) != null);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return tx("UPDATE_LINK", true, c -> LinkWrites.write(c, link, true) != null);
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return tx("DELETE_LINK", true, c -> LinkWrites.delete(c, id1, linkType, id2, expunge));
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        return tx("COUNT_LINK", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT link_count FROM counts WHERE id1 = ? AND link_type = ?")) {
                ps.setLong(1, id1);
                ps.setLong(2, linkType);
                try (ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? rs.getLong(1) : 0L;
                }
            }
        });
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return List.of();
        }
        String marks = "?,".repeat(id2s.length - 1) + "?";
        return tx("MULTIGET_LINK", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + LINK_COLUMNS + " FROM links WHERE id1 = ?"
                    + " AND link_type = ? AND id2 IN (" + marks + ") ORDER BY id2")) {
                ps.setLong(1, id1);
                ps.setLong(2, linkType);
                for (int i = 0; i < id2s.length; i++) {
                    ps.setLong(3 + i, id2s[i]);
                }
                return links(ps);
            }
        });
    }

    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        return tx("GET_LINKS_LIST", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT " + LINK_COLUMNS + " FROM links WHERE id1 = ?"
                    + " AND link_type = ? AND visibility = ? AND time BETWEEN ? AND ?"
                    + " ORDER BY time DESC, id2 DESC LIMIT ? OFFSET ?")) {
                ps.setLong(1, id1);
                ps.setLong(2, linkType);
                ps.setInt(3, VISIBLE);
                ps.setLong(4, minTime);
                ps.setLong(5, maxTime);
                ps.setInt(6, limit);
                ps.setInt(7, offset);
                return links(ps);
            }
        });
    }

    /** One transaction per batch: a batch given again after a failure finds none of its rows. */
    @Override
    public void loadNodes(List<Node> nodes) throws StoreException {
        long max = nodes.stream().mapToLong(Node::id).max().orElse(0);
        store.nodeIdUsed(max); // before the rows exist: ADD_NODE stays above them
        tx("load nodes", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)")) {
                for (Node n : nodes) {
                    bindNode(ps, n);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            raiseMaxNodeId(c, max);
            return null;
        });
    }

    @Override
    public void loadLinks(List<Link> links) throws StoreException {
        tx("load links", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO links (" + LINK_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                for (Link l : links) {
                    LinkWrites.bindLink(ps, l);
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        tx("load counts", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO counts VALUES (?, ?, ?, ?, ?)")) {
                for (LinkCount n : counts) {
                    ps.setLong(1, n.id1());
                    ps.setLong(2, n.linkType());
                    ps.setLong(3, n.count());
                    ps.setLong(4, n.time());
                    ps.setLong(5, n.version());
                    ps.addBatch();
                }
                ps.executeBatch();
            }
            return null;
        });
    }

    /** The H2 session id of this session's connection (for the fault test). */
    int sessionId() throws StoreException {
        return tx("SESSION_ID", false, c -> {
            try (PreparedStatement ps = c.prepareStatement("SELECT SESSION_ID()"); ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        });
    }

    @Override
    public void close() throws StoreException {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException e) {
                throw H2Errors.wrap("close session", e, false);
            } finally {
                connection = null;
            }
        }
    }

    private static void insertNode(Connection c, Node n) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO nodes VALUES (?, ?, ?, ?, ?)")) {
            bindNode(ps, n);
            ps.executeUpdate();
        }
    }

    private static void bindNode(PreparedStatement ps, Node n) throws SQLException {
        ps.setLong(1, n.id());
        ps.setInt(2, n.type());
        ps.setLong(3, n.version());
        ps.setInt(4, n.time());
        ps.setBytes(5, n.data());
    }

    /** Records {@code id} in {@code meta}, in the transaction that wrote it, so a restart assigns above it. */
    private static void raiseMaxNodeId(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE meta SET val = GREATEST(val, ?) WHERE name = 'max_node_id'")) {
            ps.setLong(1, id);
            ps.executeUpdate();
        }
    }

    private static List<Link> links(PreparedStatement ps) throws SQLException {
        List<Link> out = new ArrayList<>();
        try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                out.add(new Link(rs.getLong(1), rs.getLong(2), rs.getLong(3), Visibility.ofCode(rs.getInt(4)),
                        rs.getBytes(5), rs.getInt(6), rs.getLong(7)));
            }
        }
        return out;
    }
}
