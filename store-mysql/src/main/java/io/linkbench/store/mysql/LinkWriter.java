package io.linkbench.store.mysql;

import io.linkbench.graph.Link;
import io.linkbench.store.jdbc.CountedLinkWrites;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.mysql.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;

/**
 * MySQL's statements for the link writes of {@link CountedLinkWrites} (each one transaction, the link
 * row written or locked first, the count row upserted after it), and its ADD_LINK: one
 * {@code INSERT ... ON DUPLICATE KEY UPDATE visibility} whose changed-row count tells a new link from
 * an existing one.
 */
final class LinkWriter extends CountedLinkWrites<SqlConnection> {

    LinkWriter(SessionConnection<SqlConnection> tx) {
        super(tx, c -> c.get(Q.LINK_LOCK), c -> c.get(Q.LINK_HIDE), c -> c.get(Q.LINK_EXPUNGE));
    }

    /**
     * The changed-row count of the insert is 1 for a new link, 2 for an existing one whose visibility
     * it changed, 0 for one it did not; an existing link then gets its data, time and version and the
     * count moves by the visibility difference. Returns true when the link is new.
     */
    @Override
    protected boolean insertOrRevive(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ins = c.get(Q.LINK_INSERT_OR_REVIVE);
        int visibility = link.visibility().code();
        ins.setLong(1, link.id1());
        ins.setLong(2, link.id2());
        ins.setLong(3, link.linkType());
        ins.setInt(4, visibility);
        bindPayload(ins, 5, SqlText.PAYLOAD, link.data(), Types.LONGVARBINARY);
        ins.setLong(7, link.time());
        ins.setInt(8, link.version());
        int changed = ins.executeUpdate();
        if (changed == 1) {
            addToCount(c, link.id1(), link.linkType(), visibility, link.time());
            return true;
        }
        revive(c, link, changed == 2 ? 1 - visibility : visibility);
        return false;
    }

    @Override
    protected void rewrite(SqlConnection c, Link link) throws SQLException {
        PreparedStatement ps = c.get(Q.LINK_UPDATE);
        ps.setInt(1, link.visibility().code());
        bindPayload(ps, 2, SqlText.PAYLOAD, link.data(), Types.LONGVARBINARY);
        ps.setLong(4, link.time());
        ps.setInt(5, link.version());
        bindKey(ps, 6, link.id1(), link.linkType(), link.id2());
        ps.executeUpdate();
    }

    @Override
    protected void addToCount(SqlConnection c, long id1, long linkType, long delta, long time) throws SQLException {
        upsertCount(c.get(Q.COUNT_UPSERT), id1, linkType, delta, time);
    }

    /** Binds the key in the order of the primary key and of {@code SqlText}'s WHERE: link_type, id1, id2. */
    @Override
    protected void bindKey(PreparedStatement ps, int first, long id1, long linkType, long id2) throws SQLException {
        ps.setLong(first, linkType);
        ps.setLong(first + 1, id1);
        ps.setLong(first + 2, id2);
    }
}
