package com.example.linkbench.h2;

import com.example.linkbench.h2.SqlText.Q;
import io.linkbench.graph.Link;
import io.linkbench.store.jdbc.CountedLinkWrites;
import io.linkbench.store.jdbc.SessionConnection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * H2's statements for the link writes of core's {@link CountedLinkWrites}, which runs each write as one
 * transaction on the session's transactional connection and keeps the count. The lock order is always
 * the link row (SELECT ... FOR UPDATE, or the INSERT of a new one), then the count row: two writers of
 * one (id1, link_type) queue on the count row and never hold it while waiting for a link row, so they
 * cannot deadlock, and the count changes by exactly what the link's visibility did.
 */
final class LinkWriter extends CountedLinkWrites<SqlConnection> {

    LinkWriter(SessionConnection<SqlConnection> tx) {
        super(tx, c -> c.get(Q.LINK_LOCK), c -> c.get(Q.LINK_HIDE), c -> c.get(Q.LINK_EXPUNGE));
    }

    /** ADD_LINK: locks the link; inserts it when missing, else revives it; the count row is written either way. */
    @Override
    protected boolean insertOrRevive(SqlConnection c, Link link) throws SQLException {
        int before = lock(c, link.id1(), link.linkType(), link.id2());
        if (before != NO_LINK) {
            revive(c, link, before);
            return false;
        }
        PreparedStatement ps = c.get(Q.LINK_INSERT);
        bindLink(ps, link);
        ps.executeUpdate();
        addToCount(c, link.id1(), link.linkType(), link.visibility().code(), link.time());
        return true;
    }

    @Override
    protected void rewrite(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_UPDATE);
        ps.setInt(1, link.visibility().code());
        ps.setBytes(2, link.data());
        ps.setInt(3, link.version());
        ps.setLong(4, link.time());
        bindKey(ps, 5, link.id1(), link.linkType(), link.id2());
        ps.executeUpdate();
    }

    /**
     * Adds {@code delta} to the count (never below 0), sets its time and bumps its version; inserts the
     * row when missing. Two sessions inserting it at once: the second gets a duplicate key, which the
     * session reports as a conflict and the driver retries.
     */
    @Override
    protected void addToCount(SqlConnection c, long id1, long linkType, long delta, long time) throws SQLException {
        PreparedStatement add = c.get(Q.COUNT_ADD);
        add.setLong(1, delta);
        add.setLong(2, time);
        add.setLong(3, id1);
        add.setLong(4, linkType);
        if (add.executeUpdate() == 1) {
            return;
        }
        PreparedStatement ins = c.get(Q.COUNT_INSERT);
        ins.setLong(1, id1);
        ins.setLong(2, linkType);
        ins.setLong(3, Math.max(delta, 0));
        ins.setLong(4, time);
        ins.setLong(5, 1);
        ins.executeUpdate();
    }

    /** Binds the columns of {@code SqlText.LINK_COLUMNS} (the link insert's, and the bulk load's). */
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
