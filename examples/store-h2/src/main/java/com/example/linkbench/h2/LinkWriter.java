package com.example.linkbench.h2;

import com.example.linkbench.h2.SqlText.Q;
import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The link writes, each one transaction on the session's transactional connection. The lock order is always the link row (SELECT ... FOR
 * UPDATE, or the INSERT of a new one), then the count row: two writers of one (id1, link_type) queue
 * on the count row and never hold it while waiting for a link row, so they cannot deadlock, and the
 * count changes by exactly what the link's visibility did.
 */
final class LinkWriter implements JdbcSession.LinkWrites {
    private final SessionConnection<SqlConnection> tx;

    LinkWriter(SessionConnection<SqlConnection> tx) {
        this.tx = tx;
    }

    @Override
    public boolean addLink(Link link) throws StoreException {
        return tx.inTransaction("ADD_LINK", c -> write(c, link, true) == null);
    }

    @Override
    public boolean updateLink(Link link) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> write(c, link, false) != null);
    }

    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> write(c, link, true) != null);
    }

    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return tx.inTransaction("DELETE_LINK", c -> delete(c, id1, linkType, id2, expunge));
    }

    /**
     * Writes {@code link} over an existing row, or inserts it when {@code insert} is true.
     *
     * @return the visibility the link had before, or null when it did not exist
     */
    private static Visibility write(SqlConnection c, Link link, boolean insert) throws SQLException {
        Visibility before = lock(c, link.id1(), link.linkType(), link.id2());
        if (before == null && !insert) {
            return null;
        }
        if (before == null) {
            PreparedStatement ps = c.get(Q.LINK_INSERT);
            bindLink(ps, link);
            ps.executeUpdate();
        } else {
            PreparedStatement ps = c.get(Q.LINK_UPDATE);
            ps.setInt(1, link.visibility().code());
            ps.setBytes(2, link.data());
            ps.setInt(3, link.version());
            ps.setLong(4, link.time());
            ps.setLong(5, link.id1());
            ps.setLong(6, link.linkType());
            ps.setLong(7, link.id2());
            ps.executeUpdate();
        }
        int delta = (link.isVisible() ? 1 : 0) - (before == Visibility.VISIBLE ? 1 : 0);
        if (insert || delta != 0) { // ADD_LINK always writes the count row; UPDATE_LINK when the count moves
            addToCount(c, link.id1(), link.linkType(), delta, link.time());
        }
        return before;
    }

    /** Hides or expunges a link; false when it does not exist. */
    private static boolean delete(SqlConnection c, long id1, long linkType, long id2, boolean expunge) throws SQLException {
        Visibility before = lock(c, id1, linkType, id2);
        if (before == null) {
            return false;
        }
        PreparedStatement ps = c.get(expunge ? Q.LINK_EXPUNGE : Q.LINK_HIDE);
        ps.setLong(1, id1);
        ps.setLong(2, linkType);
        ps.setLong(3, id2);
        ps.executeUpdate();
        if (before == Visibility.VISIBLE) {
            addToCount(c, id1, linkType, -1, null);
        }
        return true;
    }

    /** Locks the link row; its visibility, or null when there is no row (nothing locked then). */
    private static Visibility lock(SqlConnection c, long id1, long linkType, long id2) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_LOCK);
        ps.setLong(1, id1);
        ps.setLong(2, linkType);
        ps.setLong(3, id2);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? Visibility.ofCode(rs.getInt(1)) : null;
        }
    }

    /**
     * Adds {@code delta} to the count (never below 0), sets its time unless null and bumps its version;
     * inserts the row when missing. Two sessions inserting it at once: the second gets a duplicate key,
     * which the session reports as a conflict and the driver retries.
     */
    private static void addToCount(SqlConnection c, long id1, long linkType, int delta, Long time) throws SQLException {
        PreparedStatement add = c.get(Q.COUNT_ADD);
        add.setInt(1, delta);
        add.setObject(2, time);
        add.setLong(3, id1);
        add.setLong(4, linkType);
        if (add.executeUpdate() == 1) {
            return;
        }
        PreparedStatement ins = c.get(Q.COUNT_INSERT);
        ins.setLong(1, id1);
        ins.setLong(2, linkType);
        ins.setLong(3, Math.max(delta, 0));
        ins.setLong(4, time == null ? 0 : time);
        ins.setLong(5, 1);
        ins.executeUpdate();
    }

    static void bindLink(PreparedStatement ps, Link l) throws SQLException {
        ps.setLong(1, l.id1());
        ps.setLong(2, l.linkType());
        ps.setLong(3, l.id2());
        ps.setInt(4, l.visibility().code());
        ps.setBytes(5, l.data());
        ps.setInt(6, l.version());
        ps.setLong(7, l.time());
    }
}
