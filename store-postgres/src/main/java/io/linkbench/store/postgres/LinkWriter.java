package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.CountedLinkWrites;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.postgres.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/**
 * PostgreSQL's statements for the link writes of {@link CountedLinkWrites} (each one transaction, the
 * link row inserted or locked with {@code SELECT ... FOR UPDATE} first, the count row upserted with
 * {@code INSERT ... ON CONFLICT DO UPDATE} after it), and its ADD_LINK: {@code INSERT ... ON CONFLICT
 * DO NOTHING}, then the lock of the row that was there. The driver retries CONFLICT (40001, 40P01)
 * from the start.
 */
final class LinkWriter extends CountedLinkWrites<SqlConnection> {
    /** Rounds of insert-then-lock before a link that keeps appearing and vanishing counts as a conflict. */
    private static final int INSERT_ROUNDS = 3;

    LinkWriter(SessionConnection<SqlConnection> tx) {
        super(tx, c -> c.get(Q.LINK_LOCK), c -> c.get(Q.LINK_HIDE), c -> c.get(Q.LINK_EXPUNGE));
    }

    /**
     * Inserts a new link (and holds its row); when the link exists, its row is locked and revived. A
     * link expunged between the insert and the lock is inserted again, a few rounds at most. Returns
     * true when the link is new.
     */
    @Override
    protected boolean insertOrRevive(SqlConnection c, Link link) throws SQLException, StoreException {
        int visibility = link.visibility().code();
        for (int round = 0; round < INSERT_ROUNDS; round++) {
            PreparedStatement ins = c.get(Q.LINK_INSERT);
            bindKey(ins, 1, link.id1(), link.linkType(), link.id2());
            ins.setShort(4, (short) visibility);
            ins.setLong(5, link.time());
            ins.setInt(6, link.version());
            bindPayload(ins, 7, SqlText.PAYLOAD, link.data(), Types.BINARY);
            if (ins.executeUpdate() == 1) {
                addToCount(c, link.id1(), link.linkType(), visibility, link.time());
                return true;
            }
            int before = lock(c, link.id1(), link.linkType(), link.id2());
            if (before != NO_LINK) {
                revive(c, link, before);
                return false;
            }
            // expunged between the insert and the lock: try the insert again
        }
        throw new StoreException(Kind.CONFLICT, "ADD_LINK: link (" + link.id1() + ", " + link.linkType() + ", "
                + link.id2() + ") was inserted and removed by others " + INSERT_ROUNDS + " times in a row");
    }

    @Override
    protected void rewrite(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_UPDATE);
        ps.setShort(1, link.visibility().code());
        ps.setLong(2, link.time());
        ps.setInt(3, link.version());
        bindPayload(ps, 4, SqlText.PAYLOAD, link.data(), Types.BINARY);
        bindKey(ps, 6, link.id1(), link.linkType(), link.id2());
        ps.executeUpdate();
    }

    /** The upsert's new row takes {@code GREATEST(delta, 0)}, its existing row {@code GREATEST(count + delta, 0)}. */
    @Override
    protected void addToCount(SqlConnection c, long id1, long linkType, long delta, long time) throws SQLException {
        upsertCount(c.get(Q.COUNT_UPSERT), id1, linkType, delta, time);
    }
}
