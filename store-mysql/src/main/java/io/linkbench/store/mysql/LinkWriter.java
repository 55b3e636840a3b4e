package io.linkbench.store.mysql;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.mysql.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The link writes that keep the count invariant, each one transaction of the session's transactional
 * connection ({@link SessionConnection#inTransaction}), in the lock order described there: the link
 * row is written or locked first, then the count row is upserted. Any failure rolls back the whole
 * transaction before the exception leaves (the driver retries the operation from the start, never
 * inside the open transaction). A write that finds no link ends its transaction having written nothing.
 */
final class LinkWriter implements JdbcSession.LinkWrites {
    private final SessionConnection<SqlConnection> tx;

    LinkWriter(SessionConnection<SqlConnection> tx) {
        this.tx = tx;
    }

    /** ADD_LINK: the insert-or-revive of {@link #insertOrRevive}, committed. */
    @Override
    public boolean addLink(Link link) throws StoreException {
        return tx.inTransaction("ADD_LINK", c -> insertOrRevive(c, link));
    }

    /** UPDATE_LINK: locks the row, rewrites it, and changes the count only when visibility changed. */
    @Override
    public boolean updateLink(Link link) throws StoreException {
        return update(link, false);
    }

    /**
     * UPDATE_LINK of the original benchmark: as {@link #updateLink} when the lock finds the row; when it
     * does not, the insert of {@link #addLink} (link row, then count row) in the same transaction.
     */
    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return update(link, true);
    }

    /** Returns whether the link existed; a missing one is inserted when {@code insertMissing}. */
    private boolean update(Link link, boolean insertMissing) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> {
            int before = lock(c, link.id1(), link.linkType(), link.id2());
            if (before >= 0) {
                updateLink(c, link);
                int after = link.visibility().code();
                if (after != before) {
                    upsertCount(c, link.id1(), link.linkType(), after - before, link.time());
                }
                return true;
            }
            // true only when another transaction inserted the link after the lock found none
            return insertMissing && !insertOrRevive(c, link);
        });
    }

    /**
     * The writes of ADD_LINK, without the commit: {@code INSERT ... ON DUPLICATE KEY UPDATE visibility}
     * tells from the changed-row count whether the link is new (1), changed visibility (2) or not (0);
     * an existing link then gets its data, time and version. The count row is upserted in every case
     * (its time and version change). Returns true when the link is new.
     */
    private static boolean insertOrRevive(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ins = c.get(Q.LINK_INSERT_OR_REVIVE);
        byte[] data = link.data();
        int visibility = link.visibility().code();
        ins.setLong(1, link.id1());
        ins.setLong(2, link.id2());
        ins.setLong(3, link.linkType());
        ins.setInt(4, visibility);
        ins.setBytes(5, SqlText.PAYLOAD.head(data));
        setRest(ins, 6, data);
        ins.setLong(7, link.time());
        ins.setInt(8, link.version());
        int changed = ins.executeUpdate();
        boolean inserted = changed == 1;
        long delta;
        if (inserted) {
            delta = visibility;
        } else {
            delta = changed == 2 ? (visibility == 1 ? 1 : -1) : 0;
            updateLink(c, link);
        }
        upsertCount(c, link.id1(), link.linkType(), delta, link.time());
        return inserted;
    }

    /** DELETE_LINK: locks the row, hides or removes it, and takes one off the count if it was visible. */
    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return tx.inTransaction("DELETE_LINK", c -> {
            int before = lock(c, id1, linkType, id2);
            if (before < 0) {
                return false;
            }
            if (expunge || before == 1) {
                PreparedStatement ps = c.get(expunge ? Q.LINK_EXPUNGE : Q.LINK_HIDE);
                ps.setLong(1, linkType);
                ps.setLong(2, id1);
                ps.setLong(3, id2);
                ps.executeUpdate();
            }
            if (before == 1) {
                upsertCount(c, id1, linkType, -1, System.currentTimeMillis());
            }
            return true;
        });
    }

    /** Locks the link row by its primary key; its visibility code, or -1 when there is no such link. */
    private static int lock(SqlConnection c, long id1, long linkType, long id2) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_LOCK);
        ps.setLong(1, linkType);
        ps.setLong(2, id1);
        ps.setLong(3, id2);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getInt(1) : -1;
        }
    }

    private static void updateLink(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_UPDATE);
        byte[] data = link.data();
        ps.setInt(1, link.visibility().code());
        ps.setBytes(2, SqlText.PAYLOAD.head(data));
        setRest(ps, 3, data);
        ps.setLong(4, link.time());
        ps.setInt(5, link.version());
        ps.setLong(6, link.linkType());
        ps.setLong(7, link.id1());
        ps.setLong(8, link.id2());
        ps.executeUpdate();
    }

    private static void upsertCount(SqlConnection c, long id1, long linkType, long delta, long time)
            throws SQLException {
        PreparedStatement ps = c.get(Q.COUNT_UPSERT);
        ps.setLong(1, id1);
        ps.setLong(2, linkType);
        ps.setLong(3, Math.max(delta, 0));
        ps.setLong(4, time);
        ps.setLong(5, delta);
        ps.executeUpdate();
    }

    private static void setRest(PreparedStatement ps, int index, byte[] data) throws SQLException {
        byte[] rest = SqlText.PAYLOAD.rest(data);
        if (rest == null) {
            ps.setNull(index, Types.LONGVARBINARY);
        } else {
            ps.setBytes(index, rest);
        }
    }
}
