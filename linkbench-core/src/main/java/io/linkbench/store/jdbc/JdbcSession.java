package io.linkbench.store.jdbc;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionalSession;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The part of a SQL store's session that is the same SQL on every server: node reads and writes by
 * primary key, COUNT_LINK, and GET_LINKS_LIST over the list index with the payloads longer than their
 * head completed by primary key ({@link SplitPayload}). Each runs as one statement on the session's
 * autocommit connection, or inside its open transaction. The store supplies the text of these
 * statements ({@link #statement}), with the parameters and result columns in the order
 * {@link Common} gives, how it starts a transaction ({@link Begin}), its link writes
 * ({@link LinkWrites}: their upsert and lock statements, in the lock order {@link SessionConnection}
 * describes) and bulk loads ({@link BulkLoads}), and writes ADD_NODE (how the server returns a new
 * id) and MULTIGET_LINK.
 *
 * <p>A session owns two connections: {@link #ac} (autocommit: reads and single-statement writes) and
 * {@link #tx} (autocommit off, opened on first use: link writes that also change a count, bulk loads).
 * Both reconnect on their next use after a loss, and a loss found on one drops the other too
 * ({@link SessionConnection#pairWith}). Not thread-safe: one worker uses a session.
 *
 * <p>Transactions ({@link TransactionalSession}): {@link #begin} opens one on {@link #tx} with the
 * store's {@link Begin} statements; until it ends every operation runs on {@code tx} ({@link #conn}),
 * the link writes without their own commit, and any failure rolls the whole transaction back before
 * the exception leaves ({@link SessionConnection}). A store whose {@code GraphStore.transactions()}
 * declines makes {@link #begin} refuse with its reason.
 *
 * @param <C> the store's connection handle
 */
public abstract class JdbcSession<C extends SessionConnection.Handle> implements TransactionalSession {

    /**
     * The statements this class runs, with their parameters (?) and result columns in order.
     */
    public enum Common {
        /** (id, type) → version, time, data. */
        GET_NODE,
        /** (version, time, data, id, type); the row count is the rows matched. */
        UPDATE_NODE,
        /** (id, type). */
        DELETE_NODE,
        /** (id1, link_type) → count. */
        COUNT_GET,
        /** (id1, link_type, min time, max time, offset, limit) → id2, version, time, data: visible links, newest first. */
        GET_LINK_LIST,
        /** (id1, link_type, id2) → data_ext. */
        LINK_DATA_EXT
    }

    /**
     * A store's link writes: each one transaction on the session's transactional connection, or part
     * of the session's open transaction.
     */
    public interface LinkWrites {
        /** ADD_LINK, as {@link StoreSession#addLink}. */
        boolean addLink(Link link) throws StoreException;

        /** UPDATE_LINK of an existing link, as {@link StoreSession#updateLink}. */
        boolean updateLink(Link link) throws StoreException;

        /** UPDATE_LINK that inserts a missing link, as {@link StoreSession#updateOrAddLink}. */
        boolean updateOrAddLink(Link link) throws StoreException;

        /** DELETE_LINK, as {@link StoreSession#deleteLink}. */
        boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException;
    }

    /** A store's bulk loads, as {@link StoreSession#loadNodes} and its siblings. */
    public interface BulkLoads {
        void loadNodes(List<Node> nodes) throws StoreException;

        void loadLinks(List<Link> links) throws StoreException;

        void loadCounts(List<LinkCount> counts) throws StoreException;
    }

    /**
     * How a store starts a transaction: the statements run in order on the transactional connection
     * (autocommit off: with none, the transaction starts with its first statement), or the one-line
     * reason the store declines transactions.
     *
     * @param readOnly  starts a read-only transaction, whose reads see one snapshot
     * @param readWrite starts a read-write transaction
     * @param declined  null when the store offers transactions, else why not
     */
    public record Begin(List<String> readOnly, List<String> readWrite, String declined) {
        public Begin {
            readOnly = List.copyOf(readOnly);
            readWrite = List.copyOf(readWrite);
        }

        /** A store that offers transactions, started by these statements. */
        public static Begin with(List<String> readOnly, List<String> readWrite) {
            return new Begin(readOnly, readWrite, null);
        }

        /** A store that declines transactions, for {@code reason}. */
        public static Begin declined(String reason) {
            return new Begin(List.of(), List.of(), reason);
        }
    }

    /** Builds a store part that works on the session's transactional connection. */
    @FunctionalInterface
    public interface Part<C extends SessionConnection.Handle, P> {
        P on(SessionConnection<C> tx);
    }

    /** The autocommit connection. */
    protected final SessionConnection<C> ac;
    /** The transactional connection. */
    protected final SessionConnection<C> tx;
    /** How link payloads are split between {@code data} and {@code data_ext}. */
    protected final SplitPayload payload;
    private final LinkWrites links;
    private final BulkLoads loads;
    private final Begin begin;

    /**
     * @param ac      the autocommit connection
     * @param tx      the transactional connection
     * @param payload the split of link payloads
     * @param links   builds the store's link writes on {@code tx}
     * @param loads   builds the store's bulk loads on {@code tx}
     * @param begin   how the store starts a transaction
     */
    protected JdbcSession(SessionConnection<C> ac, SessionConnection<C> tx, SplitPayload payload,
            Part<C, ? extends LinkWrites> links, Part<C, ? extends BulkLoads> loads, Begin begin) {
        this.ac = ac;
        this.tx = tx;
        this.payload = payload;
        this.links = links.on(tx);
        this.loads = loads.on(tx);
        this.begin = begin;
        ac.pairWith(tx);
    }

    /**
     * The connection an operation's statements run on: {@link #tx} inside a transaction, else {@link #ac}.
     * A failure goes to its {@link SessionConnection#fail}, which also ends a transaction.
     */
    protected final SessionConnection<C> conn() {
        return tx.transactionOpen() ? tx : ac;
    }

    /**
     * @throws StoreException REJECTED when the store declines transactions (the message says why), or
     *                        as {@link TransactionalSession#begin}
     */
    @Override
    public void begin(boolean readOnly) throws StoreException {
        if (begin.declined() != null) {
            throw new StoreException(StoreException.Kind.REJECTED, "BEGIN: " + begin.declined());
        }
        List<String> statements = readOnly ? begin.readOnly() : begin.readWrite();
        tx.begin(readOnly ? "BEGIN read-only" : "BEGIN", c -> {
            if (!statements.isEmpty()) {
                try (Statement s = c.jdbc().createStatement()) {
                    for (String q : statements) {
                        s.execute(q);
                    }
                }
            }
            return null;
        });
    }

    @Override
    public void commit() throws StoreException {
        tx.commitTransaction();
    }

    @Override
    public void rollback() throws StoreException {
        tx.rollbackTransaction();
    }

    @Override
    public boolean inTransaction() {
        return tx.transactionOpen();
    }

    /** The store's prepared statement of {@code q} on connection {@code c}. */
    protected abstract PreparedStatement statement(C c, Common q) throws SQLException;

    @Override
    public Node getNode(long id, int type) throws StoreException {
        SessionConnection<C> on = conn();
        try {
            PreparedStatement ps = statement(on.get(), Common.GET_NODE);
            ps.setLong(1, id);
            ps.setInt(2, type);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? new Node(id, type, rs.getLong(1), rs.getInt(2), rs.getBytes(3)) : null;
            }
        } catch (SQLException e) {
            throw on.fail("GET_NODE", e);
        }
    }

    @Override
    public boolean updateNode(Node node) throws StoreException {
        SessionConnection<C> on = conn();
        try {
            C c = on.get();
            PreparedStatement ps = statement(c, Common.UPDATE_NODE);
            ps.setLong(1, node.version());
            ps.setInt(2, node.time());
            ps.setBytes(3, node.data());
            ps.setLong(4, node.id());
            ps.setInt(5, node.type());
            int rows = ps.executeUpdate();
            return rows > 0 || on == tx && unchangedNodeExists(c, node);
        } catch (SQLException e) {
            throw on.fail("UPDATE_NODE", e);
        }
    }

    @Override
    public boolean deleteNode(long id, int type) throws StoreException {
        SessionConnection<C> on = conn();
        try {
            PreparedStatement ps = statement(on.get(), Common.DELETE_NODE);
            ps.setLong(1, id);
            ps.setInt(2, type);
            return ps.executeUpdate() > 0;
        } catch (SQLException e) {
            throw on.fail("DELETE_NODE", e);
        }
    }

    @Override
    public long countLinks(long id1, long linkType) throws StoreException {
        SessionConnection<C> on = conn();
        try {
            PreparedStatement ps = statement(on.get(), Common.COUNT_GET);
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getLong(1) : 0;
            }
        } catch (SQLException e) {
            throw on.fail("COUNT_LINK", e);
        }
    }

    /** A read of the list index; payloads longer than their head are completed by primary key. */
    @Override
    public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
            throws StoreException {
        if (limit <= 0 || minTime > maxTime) {
            return Collections.emptyList();
        }
        SessionConnection<C> on = conn();
        try {
            C c = on.get();
            PreparedStatement ps = statement(c, Common.GET_LINK_LIST);
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
                    partial |= payload.mayHaveRest(head);
                    out.add(new Link(id1, linkType, rs.getLong(1), Visibility.VISIBLE, head, rs.getInt(2),
                            rs.getLong(3)));
                }
            }
            if (partial) {
                completePayloads(c, out);
            }
            return out;
        } catch (SQLException e) {
            throw on.fail("GET_LINKS_LIST", e);
        }
    }

    /**
     * Whether a node that UPDATE_NODE changed no row of exists, asked on the transactional connection
     * inside a transaction: for a server that reports changed rather than matched rows there (a row
     * set to the values it had counts 0). The default answers false: the rows are matched rows.
     */
    protected boolean unchangedNodeExists(C c, Node node) throws SQLException {
        return false;
    }

    /** Replaces each head that may have a rest with the whole payload, read by primary key. */
    private void completePayloads(C c, List<Link> links) throws SQLException {
        PreparedStatement ps = statement(c, Common.LINK_DATA_EXT);
        for (int i = 0; i < links.size(); i++) {
            Link l = links.get(i);
            if (payload.mayHaveRest(l.data())) {
                ps.setLong(1, l.id1());
                ps.setLong(2, l.linkType());
                ps.setLong(3, l.id2());
                try (ResultSet rs = ps.executeQuery()) {
                    byte[] rest = rs.next() ? rs.getBytes(1) : null;
                    if (rest != null) {
                        links.set(i, new Link(l.id1(), l.linkType(), l.id2(), l.visibility(),
                                payload.join(l.data(), rest), l.version(), l.time()));
                    }
                }
            }
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
    public void loadNodes(List<Node> nodes) throws StoreException {
        notInTransaction("loadNodes");
        loads.loadNodes(nodes);
    }

    @Override
    public void loadLinks(List<Link> batch) throws StoreException {
        notInTransaction("loadLinks");
        loads.loadLinks(batch);
    }

    @Override
    public void loadCounts(List<LinkCount> counts) throws StoreException {
        notInTransaction("loadCounts");
        loads.loadCounts(counts);
    }

    private void notInTransaction(String what) {
        if (tx.transactionOpen()) {
            throw new IllegalStateException(what + " inside a transaction: loads commit their own batches");
        }
    }

    /** Closes both connections; the server rolls back whatever transaction was still open. */
    @Override
    public void close() {
        tx.close();
        ac.close();
    }
}
