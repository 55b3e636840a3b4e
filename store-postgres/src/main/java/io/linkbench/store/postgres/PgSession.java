package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.postgres.SqlText.Q;
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
 * for bulk loads, and for every operation of a transaction ({@link Transactions}). Both reconnect on their next use after the connection was lost (with
 * {@code hosts}, to the next live server when theirs is down). On Citus the load also opens a connection
 * to each node that holds shards ({@link CitusLoader}).
 */
final class PgSession extends JdbcSession<SqlConnection> {
    private final JdbcSession.BulkLoads loads;

    /**
     * @param home  the server ({@code hosts}) this session connects to first
     * @param citus the store's configuration when its tables are Citus distributed tables (the load then
     *              writes each batch's rows on the nodes holding their shards, {@link CitusLoader}), else null
     * @param begin how a transaction starts
     */
    PgSession(Connector connector, SqlText sql, int home, PgConfig citus, Begin begin) {
        this(new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.AUTOCOMMIT, home), sql),
                Errors.MAP, false),
                new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.TRANSACTIONAL, home), sql),
                Errors.MAP, true), sql, connector, citus, begin);
    }

    private PgSession(SessionConnection<SqlConnection> ac, SessionConnection<SqlConnection> tx, SqlText sql,
            Connector connector, PgConfig citus, Begin begin) {
        this(ac, tx, citus == null ? new BulkLoader(tx, sql) : new CitusLoader(tx, citus, connector, sql), begin);
    }

    private PgSession(SessionConnection<SqlConnection> ac, SessionConnection<SqlConnection> tx,
            JdbcSession.BulkLoads loads, Begin begin) {
        super(ac, tx, SqlText.PAYLOAD, LinkWriter::new, t -> loads, begin);
        this.loads = loads;
    }

    /** An index-only scan of the list index serves GET_LINKS_LIST (see {@link SqlText}). */
    @Override
    protected PreparedStatement statement(SqlConnection c, Common q) throws SQLException {
        return c.get(switch (q) {
            case GET_NODE -> Q.GET_NODE;
            case UPDATE_NODE -> Q.UPDATE_NODE;
            case DELETE_NODE -> Q.DELETE_NODE;
            case COUNT_GET -> Q.COUNT_GET;
            case GET_LINK_LIST -> Q.GET_LINK_LIST;
            case LINK_DATA_EXT -> Q.LINK_DATA_EXT;
        });
    }

    /** The id comes from the node table's identity sequence, unique across sessions and processes. */
    @Override
    public long addNode(Node node) throws StoreException {
        SessionConnection<SqlConnection> on = conn();
        try {
            PreparedStatement ps = on.get().get(Q.ADD_NODE);
            ps.setInt(1, node.type());
            ps.setLong(2, node.version());
            ps.setInt(3, node.time());
            ps.setBytes(4, node.data());
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        } catch (SQLException e) {
            throw on.fail("ADD_NODE", e);
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
        SessionConnection<SqlConnection> on = conn();
        try {
            SqlConnection c = on.get();
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
                            payload.join(rs.getBytes(5), rs.getBytes(6)), rs.getInt(4), rs.getLong(3)));
                }
            }
            if (ids != null) {
                ids.free();
            }
            return out;
        } catch (SQLException e) {
            throw on.fail("MULTIGET_LINK", e);
        }
    }

    /**
     * The JDBC connections of this session, the autocommit one and the transactional one, each opened
     * if it is not: for tests that end them from the server's side (the TCK's fault hook).
     */
    List<java.sql.Connection> connections() throws StoreException {
        return List.of(ac.get().jdbc(), tx.get().jdbc());
    }

    /** Closes both connections and, on Citus, the load's connections to the nodes. */
    @Override
    public void close() {
        super.close();
        if (loads instanceof CitusLoader l) {
            l.close();
        }
    }
}
