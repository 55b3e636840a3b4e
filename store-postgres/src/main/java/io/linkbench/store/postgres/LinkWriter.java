package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.postgres.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * The link writes that keep the count invariant, each one transaction of the session's transactional
 * connection ({@link SessionConnection#inTransaction}) in the lock order described there: the link
 * row is inserted or locked ({@code SELECT ... FOR UPDATE}) first, the count row upserted
 * ({@code INSERT ... ON CONFLICT DO UPDATE}) after it. A failure rolls the whole transaction back;
 * the driver retries CONFLICT (40001, 40P01) from the start.
 */
final class LinkWriter implements JdbcSession.LinkWrites {
    /** Rounds of insert-then-lock before a link that keeps appearing and vanishing counts as a conflict. */
    private static final int INSERT_ROUNDS = 3;

    private final SessionConnection<SqlConnection> tx;

    LinkWriter(SessionConnection<SqlConnection> tx) {
        this.tx = tx;
    }

    /** ADD_LINK: {@link #insertOrRevive}, committed. */
    @Override
    public boolean addLink(Link link) throws StoreException {
        return tx.inTransaction("ADD_LINK", c -> insertOrRevive(c, link));
    }

    /** UPDATE_LINK: locks the row, rewrites it, and changes the count only when visibility changed. */
    @Override
    public boolean updateLink(Link link) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> update(c, link, false));
    }

    /** UPDATE_LINK of the original benchmark: the update, or when there is no link the insert, in one transaction. */
    @Override
    public boolean updateOrAddLink(Link link) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> update(c, link, true));
    }

    /** DELETE_LINK: locks the row, hides or removes it, and takes one off the count when it was visible. */
    @Override
    public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return tx.inTransaction("DELETE_LINK", c -> {
            int before = lock(c, id1, linkType, id2);
            if (before < 0) {
                return false;
            }
            if (expunge || before == 1) {
                PreparedStatement ps = c.get(expunge ? Q.LINK_EXPUNGE : Q.LINK_HIDE);
                key(ps, 1, id1, linkType, id2);
                ps.executeUpdate();
            }
            if (before == 1) {
                upsertCount(c, id1, linkType, -1, System.currentTimeMillis());
            }
            return true;
        });
    }

    private static boolean update(SqlConnection c, Link link, boolean insertMissing) throws SQLException, StoreException {
        int before = lock(c, link.id1(), link.linkType(), link.id2());
        if (before >= 0) {
            rewrite(c, link);
            int after = link.visibility().code();
            if (after != before) {
                upsertCount(c, link.id1(), link.linkType(), after - before, link.time());
            }
            return true;
        }
        // true only when another transaction inserted the link after the lock found none
        return insertMissing && !insertOrRevive(c, link);
    }

    /**
     * The writes of ADD_LINK without the commit: {@code INSERT ... ON CONFLICT DO NOTHING} inserts a new
     * link (and holds its row); when the link exists, its row is locked, rewritten, and the count changes
     * by the visibility difference. The count row is upserted in every case (its time and version
     * change). Returns true when the link is new.
     */
    private static boolean insertOrRevive(SqlConnection c, Link link) throws SQLException, StoreException {
        int visibility = link.visibility().code();
        for (int round = 0; round < INSERT_ROUNDS; round++) {
            PreparedStatement ins = c.get(Q.LINK_INSERT);
            key(ins, 1, link.id1(), link.linkType(), link.id2());
            ins.setShort(4, (short) visibility);
            ins.setLong(5, link.time());
            ins.setInt(6, link.version());
            setPayload(ins, 7, link.data());
            if (ins.executeUpdate() == 1) {
                upsertCount(c, link.id1(), link.linkType(), visibility, link.time());
                return true;
            }
            int before = lock(c, link.id1(), link.linkType(), link.id2());
            if (before >= 0) {
                rewrite(c, link);
                upsertCount(c, link.id1(), link.linkType(), visibility - before, link.time());
                return false;
            }
            // expunged between the insert and the lock: try the insert again
        }
        throw new StoreException(Kind.CONFLICT, "ADD_LINK: link (" + link.id1() + ", " + link.linkType() + ", "
                + link.id2() + ") was inserted and removed by others " + INSERT_ROUNDS + " times in a row");
    }

    /** Locks the link row by its primary key; its visibility code, or -1 when there is no such link. */
    private static int lock(SqlConnection c, long id1, long linkType, long id2) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_LOCK);
        key(ps, 1, id1, linkType, id2);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getInt(1) : -1;
        }
    }

    private static void rewrite(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_UPDATE);
        ps.setShort(1, link.visibility().code());
        ps.setLong(2, link.time());
        ps.setInt(3, link.version());
        setPayload(ps, 4, link.data());
        key(ps, 6, link.id1(), link.linkType(), link.id2());
        ps.executeUpdate();
    }

    private static void upsertCount(SqlConnection c, long id1, long linkType, long delta, long time)
            throws SQLException {
        PreparedStatement ps = c.get(Q.COUNT_UPSERT);
        ps.setLong(1, id1);
        ps.setLong(2, linkType);
        ps.setLong(3, delta);
        ps.setLong(4, time);
        ps.setLong(5, delta);
        ps.executeUpdate();
    }

    private static void key(PreparedStatement ps, int first, long id1, long linkType, long id2) throws SQLException {
        ps.setLong(first, id1);
        ps.setLong(first + 1, linkType);
        ps.setLong(first + 2, id2);
    }

    /** Binds the payload's head and rest (NULL when none) at {@code index} and {@code index + 1}. */
    private static void setPayload(PreparedStatement ps, int index, byte[] data) throws SQLException {
        ps.setBytes(index, SqlText.PAYLOAD.head(data));
        byte[] rest = SqlText.PAYLOAD.rest(data);
        if (rest == null) {
            ps.setNull(index + 1, Types.BINARY);
        } else {
            ps.setBytes(index + 1, rest);
        }
    }
}
