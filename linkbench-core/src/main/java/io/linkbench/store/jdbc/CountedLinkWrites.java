package io.linkbench.store.jdbc;

import io.linkbench.graph.Link;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The link writes of a SQL store, each one transaction of the session's transactional connection
 * ({@link SessionConnection#inTransaction}) in the lock order described there: the link row is locked
 * ({@code SELECT visibility ... FOR UPDATE}) or inserted first, the count row changed after it. Any
 * failure rolls the whole transaction back before the exception leaves; the driver repeats a retryable
 * operation from its start, never inside the open transaction. Inside the session's own transaction
 * ({@link SessionConnection#begin}) they run as part of it and commit nothing.
 *
 * <p>Here are the steps every SQL store takes alike: the transactions, UPDATE_LINK and DELETE_LINK,
 * and how the count moves (by the visibility code after minus before, and only when it moved, except
 * for ADD_LINK, which writes the count row in every case). The store supplies its statements (lock,
 * hide and expunge to the constructor; {@link #rewrite} and {@link #addToCount}, which bind columns in
 * its own order) and ADD_LINK's {@link #insertOrRevive}, whose algorithm depends on the SQL dialect
 * ({@code ON DUPLICATE KEY UPDATE}, {@code ON CONFLICT DO NOTHING}, or lock then insert):
 *
 * <pre>{@code
 * final class LinkWriter extends CountedLinkWrites<SqlConnection> {
 *     LinkWriter(SessionConnection<SqlConnection> tx) {
 *         super(tx, c -> c.get(Q.LINK_LOCK), c -> c.get(Q.LINK_HIDE), c -> c.get(Q.LINK_EXPUNGE));
 *     }
 *
 *     protected boolean insertOrRevive(SqlConnection c, Link link) throws SQLException {
 *         int before = lock(c, link.id1(), link.linkType(), link.id2());
 *         if (before != NO_LINK) {
 *             revive(c, link, before);
 *             return false;
 *         }
 *         insert(c, link);
 *         addToCount(c, link.id1(), link.linkType(), link.visibility().code(), link.time());
 *         return true;
 *     }
 *     // rewrite and addToCount: one statement each
 * }
 * }</pre>
 *
 * <p>Not thread-safe: it belongs to one session.
 *
 * @param <C> the store's connection handle
 */
public abstract class CountedLinkWrites<C extends SessionConnection.Handle> implements JdbcSession.LinkWrites {
    /** What {@link #lock} returns when there is no such link. */
    protected static final int NO_LINK = -1;
    private static final int VISIBLE = Visibility.VISIBLE.code();

    /** One of the store's prepared statements on a connection. */
    @FunctionalInterface
    public interface Statement<C> {
        /** The statement, prepared on {@code c} (usually taken from its statement cache). */
        PreparedStatement on(C c) throws SQLException;
    }

    /** The session's transactional connection. */
    protected final SessionConnection<C> tx;
    private final Statement<C> lockRow;
    private final Statement<C> hideRow;
    private final Statement<C> expungeRow;

    /**
     * Each statement's parameters are a link's key, as {@link #bindKey} binds it.
     *
     * @param tx      the session's transactional connection
     * @param lock    locks a link row and returns its visibility code ({@code SELECT visibility ... FOR UPDATE})
     * @param hide    hides a link row ({@code UPDATE ... SET visibility = 0})
     * @param expunge deletes a link row
     */
    protected CountedLinkWrites(SessionConnection<C> tx, Statement<C> lock, Statement<C> hide, Statement<C> expunge) {
        this.tx = tx;
        this.lockRow = lock;
        this.hideRow = hide;
        this.expungeRow = expunge;
    }

    /** Sets visibility, data, version and time of the existing, locked link row. */
    protected abstract void rewrite(C c, Link link) throws SQLException;

    /**
     * Adds {@code delta} to the count of (id1, linkType), never going below 0, sets its time and adds 1
     * to its version; a missing count row is inserted with count {@code max(delta, 0)}.
     */
    protected abstract void addToCount(C c, long id1, long linkType, long delta, long time) throws SQLException;

    /**
     * The writes of ADD_LINK, without the commit: inserts the link when it is new, else revives or
     * rewrites it ({@link #revive}); the count row is written in every case.
     *
     * @return true when the link was new
     */
    protected abstract boolean insertOrRevive(C c, Link link) throws SQLException, StoreException;

    /** ADD_LINK: {@link #insertOrRevive}, committed. */
    @Override
    public final boolean addLink(Link link) throws StoreException {
        return tx.inTransaction("ADD_LINK", c -> insertOrRevive(c, link));
    }

    /** UPDATE_LINK: locks the row, rewrites it, and changes the count only when visibility changed. */
    @Override
    public final boolean updateLink(Link link) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> update(c, link, false));
    }

    /**
     * UPDATE_LINK of the original benchmark: as {@link #updateLink} when the lock finds the row; when it
     * does not, the {@link #insertOrRevive} of ADD_LINK in the same transaction.
     */
    @Override
    public final boolean updateOrAddLink(Link link) throws StoreException {
        return tx.inTransaction("UPDATE_LINK", c -> update(c, link, true));
    }

    /** DELETE_LINK: locks the row, hides or removes it, and takes one off the count when it was visible. */
    @Override
    public final boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
        return tx.inTransaction("DELETE_LINK", c -> {
            int before = lock(c, id1, linkType, id2);
            if (before == NO_LINK) {
                return false;
            }
            if (expunge || before == VISIBLE) {
                PreparedStatement ps = (expunge ? expungeRow : hideRow).on(c);
                bindKey(ps, 1, id1, linkType, id2);
                ps.executeUpdate();
            }
            if (before == VISIBLE) {
                addToCount(c, id1, linkType, -1, System.currentTimeMillis());
            }
            return true;
        });
    }

    /** Returns whether the link existed; a missing one is inserted when {@code insertMissing}. */
    private boolean update(C c, Link link, boolean insertMissing) throws SQLException, StoreException {
        int before = lock(c, link.id1(), link.linkType(), link.id2());
        if (before != NO_LINK) {
            rewrite(c, link);
            int delta = link.visibility().code() - before;
            if (delta != 0) {
                addToCount(c, link.id1(), link.linkType(), delta, link.time());
            }
            return true;
        }
        // true only when another transaction inserted the link after the lock found none
        return insertMissing && !insertOrRevive(c, link);
    }

    /**
     * ADD_LINK over a link that exists: rewrites the row and writes the count row, moved by the
     * visibility difference (maybe 0: its time and version change all the same).
     *
     * @param before the visibility code the link had
     */
    protected final void revive(C c, Link link, int before) throws SQLException {
        rewrite(c, link);
        addToCount(c, link.id1(), link.linkType(), link.visibility().code() - before, link.time());
    }

    /**
     * Locks the link row by its key.
     *
     * @return its visibility code ({@link Visibility#code()}), or {@link #NO_LINK} (nothing locked then)
     */
    protected final int lock(C c, long id1, long linkType, long id2) throws SQLException {
        PreparedStatement ps = lockRow.on(c);
        bindKey(ps, 1, id1, linkType, id2);
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next() ? rs.getInt(1) : NO_LINK;
        }
    }

    /**
     * Binds a link's key from parameter {@code first} on, as (id1, link_type, id2); a store whose
     * statements name the key in another order overrides this.
     */
    protected void bindKey(PreparedStatement ps, int first, long id1, long linkType, long id2)
            throws SQLException {
        ps.setLong(first, id1);
        ps.setLong(first + 1, linkType);
        ps.setLong(first + 2, id2);
    }

    /**
     * Binds and runs a count upsert whose parameters are (id1, link_type, count of a new row, time,
     * delta): the new row's count is {@code max(delta, 0)}.
     */
    protected static void upsertCount(PreparedStatement ps, long id1, long linkType, long delta, long time)
            throws SQLException {
        ps.setLong(1, id1);
        ps.setLong(2, linkType);
        ps.setLong(3, Math.max(delta, 0));
        ps.setLong(4, time);
        ps.setLong(5, delta);
        ps.executeUpdate();
    }

    /**
     * Binds a payload split by {@code split}: its head at {@code index}, its rest at {@code index + 1}
     * (SQL NULL of {@code nullType}, a {@link java.sql.Types} constant, when there is none).
     */
    protected static void bindPayload(PreparedStatement ps, int index, SplitPayload split, byte[] data, int nullType)
            throws SQLException {
        ps.setBytes(index, split.head(data));
        byte[] rest = split.rest(data);
        if (rest == null) {
            ps.setNull(index + 1, nullType);
        } else {
            ps.setBytes(index + 1, rest);
        }
    }
}
