package com.example.linkbench.h2;

import com.example.linkbench.h2.SqlText.Q;
import io.linkbench.graph.Link;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.jdbc.SplitPayload;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One worker's view of the H2 store. Core's {@link JdbcSession} runs the node reads and writes,
 * COUNT_LINK and GET_LINKS_LIST on the autocommit connection; this class adds what is H2's own:
 * ADD_NODE (ids from the store's counter, recorded in {@code meta}), the link writes
 * ({@link LinkWriter}), MULTIGET_LINK and the bulk loads ({@link BulkLoader}).
 */
final class H2Session extends JdbcSession<SqlConnection> {
    /** H2 keeps the whole payload in {@code data}: there is never a rest to fetch. */
    private static final SplitPayload WHOLE = new SplitPayload(Integer.MAX_VALUE);

    private final H2Store store;

    H2Session(H2Store store) {
        super(new SessionConnection<>(() -> new SqlConnection(store.connect(true)), Errors.MAP, false),
                new SessionConnection<>(() -> new SqlConnection(store.connect(false)), Errors.RACED, true), WHOLE,
                LinkWriter::new, tx -> new BulkLoader(tx, store), Begin.declined(H2Store.DECLINED));
        this.store = store;
    }

    @Override
    protected PreparedStatement statement(SqlConnection c, Common q) throws SQLException {
        return c.get(switch (q) {
            case GET_NODE -> Q.GET_NODE;
            case UPDATE_NODE -> Q.UPDATE_NODE;
            case DELETE_NODE -> Q.DELETE_NODE;
            case COUNT_GET -> Q.COUNT_GET;
            case GET_LINK_LIST -> Q.GET_LINK_LIST;
            case LINK_DATA_EXT -> throw new IllegalStateException("H2 keeps whole payloads in data");
        });
    }

    @Override
    public long addNode(Node node) throws StoreException {
        long id = store.nextNodeId();
        return tx.inTransaction("ADD_NODE", c -> {
            PreparedStatement ps = c.get(Q.ADD_NODE);
            BulkLoader.bindNode(ps, node.withId(id));
            ps.executeUpdate();
            BulkLoader.raiseMaxNodeId(c, id);
            return id;
        });
    }

    @Override
    public List<Link> multigetLinks(long id1, long linkType, long[] id2s) throws StoreException {
        if (id2s.length == 0) {
            return List.of();
        }
        try (PreparedStatement ps = ac.get().jdbc().prepareStatement(SqlText.multiget(id2s.length))) {
            ps.setLong(1, id1);
            ps.setLong(2, linkType);
            for (int i = 0; i < id2s.length; i++) {
                ps.setLong(3 + i, id2s[i]);
            }
            List<Link> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(new Link(rs.getLong(1), rs.getLong(2), rs.getLong(3), Visibility.ofCode(rs.getInt(4)),
                            rs.getBytes(5), rs.getInt(6), rs.getLong(7)));
                }
            }
            return out;
        } catch (SQLException e) {
            throw ac.fail("MULTIGET_LINK", e);
        }
    }

    /** The H2 session ids of both connections, opened if need be (for the fault test). */
    int[] sessionIds() throws StoreException, SQLException {
        return new int[] {sessionId(ac.get()), sessionId(tx.get())};
    }

    private static int sessionId(SqlConnection c) throws SQLException {
        try (ResultSet rs = c.get(Q.SESSION_ID).executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
