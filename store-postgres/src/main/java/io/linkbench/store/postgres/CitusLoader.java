package io.linkbench.store.postgres;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import io.linkbench.store.jdbc.JdbcSession;
import io.linkbench.store.jdbc.SessionConnection;
import io.linkbench.store.postgres.SqlText.Q;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * The bulk writes of the load phase on a Citus cluster: the rows of a batch are grouped by the node
 * that holds their shard ({@link ShardMap}, read once per session from the coordinator), and each group
 * is one {@code COPY} into the distributed table on a connection of this session to that node, in a
 * transaction of its own. Citus on that node finds every shard of the group local and writes it there
 * (local execution: a COPY inside a transaction block always is), so the group commits with a plain
 * COMMIT on one node: no two-phase commit, no coordinator routing each row, and the load spreads over
 * the nodes. Citus still routes the COPY and takes its shard locks, so a shard moved since the map was
 * read only costs a hop (Citus sends those rows on, committing that group with two-phase commit).
 *
 * <p>A batch is then atomic per group, not as a whole: when a group fails after another one committed,
 * the driver gives the whole batch again. The loader remembers the batch that failed (its size and its
 * first and last keys: load rows are unique) and, when it comes again, first checks for each group
 * whether the group's first row is there (one primary-key read; a group is one transaction, so its
 * first row is there exactly when all of it is) and copies only the groups that are not. A group whose
 * commit was in doubt (the connection lost during COMMIT) is settled the same way.
 *
 * <p>When no map can be had (the tables are not hash-distributed as the store makes them, or the server
 * routes otherwise than the map), every batch is one COPY through the session's own connection, as on
 * one server: Citus splits it and commits with two-phase commit. Node batches raise the id sequence on
 * the session's own connection (the coordinator, whose sequence ADD_NODE draws from there).
 */
final class CitusLoader implements JdbcSession.BulkLoads, AutoCloseable {
    /** Writes one group on a node's connection, in the transaction open there. */
    @FunctionalInterface
    private interface Copy<T> {
        void write(SqlConnection c, List<T> rows) throws SQLException;
    }

    /** True when {@code row} is in the store, read on {@code c}. */
    @FunctionalInterface
    private interface Present<T> {
        boolean test(SqlConnection c, T row) throws SQLException;
    }

    /** The key of a row (its primary key). */
    @FunctionalInterface
    private interface Key<T> {
        List<Long> of(T row);
    }

    /** A batch that failed part-way: its kind, size and the keys of its first and last rows. */
    private record Failed(String kind, int size, List<Long> first, List<Long> last) {
    }

    private final SessionConnection<SqlConnection> tx;
    private final PgConfig config;
    private final Connector home;
    private final SqlText sql;
    private final CopyWriter copy;
    private final Map<Integer, SessionConnection<SqlConnection>> nodes = new LinkedHashMap<>();
    private Optional<ShardMap> map;
    private Failed failed;

    /**
     * @param tx     the session's transactional connection (its home server)
     * @param config the store's configuration
     * @param home   the store's connector (the coordinator: group 0)
     */
    CitusLoader(SessionConnection<SqlConnection> tx, PgConfig config, Connector home, SqlText sql) {
        this.tx = tx;
        this.config = config;
        this.home = home;
        this.sql = sql;
        this.copy = new CopyWriter(sql);
    }

    @Override
    public void loadNodes(List<Node> rows) throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        if (shardMap().isEmpty()) {
            tx.inTransaction("load nodes", c -> {
                BulkLoader.raiseNodeIds(c, copy.nodes(c, rows));
                return null;
            });
            return;
        }
        write("nodes", rows, Node::id, n -> List.of(n.id()), copy::nodes, (c, n) -> {
            PreparedStatement ps = c.get(Q.GET_NODE);
            ps.setLong(1, n.id());
            ps.setInt(2, n.type());
            return exists(ps);
        });
        long maxId = rows.stream().mapToLong(Node::id).max().orElse(0);
        tx.inTransaction("raise the node ids", c -> {
            BulkLoader.raiseNodeIds(c, maxId);
            return null;
        });
        failed = null; // the batch is done, its id sequence raised included
    }

    @Override
    public void loadLinks(List<Link> rows) throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        write("links", rows, Link::id1, l -> List.of(l.id1(), l.linkType(), l.id2()), copy::links, (c, l) -> {
            PreparedStatement ps = c.get(Q.LINK_DATA_EXT);
            ps.setLong(1, l.id1());
            ps.setLong(2, l.linkType());
            ps.setLong(3, l.id2());
            return exists(ps);
        });
        failed = null;
    }

    @Override
    public void loadCounts(List<LinkCount> rows) throws StoreException {
        if (rows.isEmpty()) {
            return;
        }
        write("counts", rows, LinkCount::id1, n -> List.of(n.id1(), n.linkType()), copy::counts, (c, n) -> {
            PreparedStatement ps = c.get(Q.COUNT_GET);
            ps.setLong(1, n.id1());
            ps.setLong(2, n.linkType());
            return exists(ps);
        });
        failed = null;
    }

    /** Closes the connections to the nodes (the session closes its own). */
    @Override
    public void close() {
        nodes.values().forEach(SessionConnection::close);
    }

    /**
     * Writes {@code rows} grouped by node, each group in a transaction of its own on that node; a batch
     * that failed before is written again only where its groups are missing. The batch stays the failed
     * one until the caller has done all of its work and clears {@link #failed}.
     */
    private <T> void write(String kind, List<T> rows, ToLongFunction<T> shardKey, Key<T> key, Copy<T> writer,
            Present<T> present)
            throws StoreException {
        Optional<ShardMap> m = shardMap();
        if (m.isEmpty()) {
            tx.inTransaction("load " + kind, c -> {
                writer.write(c, rows);
                return null;
            });
            return;
        }
        ShardMap shards = m.get();
        List<List<T>> groups = new ArrayList<>(shards.holders().size());
        for (int i = 0; i < shards.holders().size(); i++) {
            groups.add(new ArrayList<>(rows.size() / shards.holders().size() + 16));
        }
        for (T row : rows) {
            groups.get(shards.holderOf(shardKey.applyAsLong(row))).add(row);
        }
        Failed batch = new Failed(kind, rows.size(), key.of(rows.get(0)), key.of(rows.get(rows.size() - 1)));
        boolean again = batch.equals(failed);
        failed = batch; // until the caller is done with it
        for (int i = 0; i < groups.size(); i++) {
            List<T> group = groups.get(i);
            if (group.isEmpty()) {
                continue;
            }
            ShardMap.Holder holder = shards.holders().get(i);
            node(holder).inTransaction("load " + kind + " on " + (holder.group() == 0 ? "the coordinator " : "worker ")
                    + holder.address(), c -> {
                if (!again || !present.test(c, group.get(0))) {
                    writer.write(c, group);
                }
                return null;
            });
        }
    }

    private static boolean exists(PreparedStatement ps) throws SQLException {
        try (ResultSet rs = ps.executeQuery()) {
            return rs.next();
        }
    }

    /** The shard map of the link table (the node and count tables are co-located with it), read once. */
    private Optional<ShardMap> shardMap() throws StoreException {
        if (map == null) {
            map = tx.inTransaction("read the shard placements", c -> ShardMap.read(c.jdbc(), sql.linkTable));
        }
        return map;
    }

    /** This session's transactional connection to a node, opened on first use. */
    private SessionConnection<SqlConnection> node(ShardMap.Holder holder) {
        return nodes.computeIfAbsent(holder.group(), g -> {
            Connector connector = g == 0 ? home : new Connector(config.at(holder.address()));
            return new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.TRANSACTIONAL), sql),
                    Errors.MAP, true);
        });
    }
}
