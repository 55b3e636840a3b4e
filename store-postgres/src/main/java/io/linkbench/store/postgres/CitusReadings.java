package io.linkbench.store.postgres;

import io.linkbench.store.ConnectionLimit.Headroom;
import io.linkbench.store.StoreException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The PostgreSQL store's server readings over every node of a Citus cluster: the counters summed, the
 * least connection headroom, every node's settings, and the facts of the cluster. Each reads every
 * node through {@link CitusCluster}; a node that cannot be reached fails the reading, naming it.
 */
final class CitusReadings {
    private final CitusCluster cluster;
    private final CitusTables tables;
    private final List<String> entryNodes;
    private final String user;

    /**
     * @param entryNodes "host:port" of the nodes the sessions connect to ({@code hosts}, or the coordinator)
     * @param user       the store's role, for its connection limit
     */
    CitusReadings(CitusCluster cluster, CitusTables tables, List<String> entryNodes, String user) {
        this.cluster = cluster;
        this.tables = tables;
        this.entryNodes = List.copyOf(entryNodes);
        this.user = user;
    }

    /**
     * This database's and each server's statistics ({@link ServerMetrics#counters}) summed over the
     * nodes; {@code statements} over the entry nodes only, where the clients' transactions are.
     */
    Map<String, Long> counters() throws StoreException {
        Map<String, Long> sum = new LinkedHashMap<>();
        long statements = 0;
        for (Map.Entry<CitusCluster.Node, Map<String, Long>> e
                : cluster.onEach("read server counters", ServerMetrics::counters).entrySet()) {
            e.getValue().forEach((k, v) -> sum.merge(k, v, Long::sum));
            if (entryNodes.contains(e.getKey().address())) {
                statements += e.getValue().getOrDefault(ServerMetrics.STATEMENTS, 0L);
            }
        }
        sum.put(ServerMetrics.STATEMENTS, statements);
        return sum;
    }

    /**
     * The least room of any node ({@link ServerMetrics#headroom}): each client connection may open one
     * connection to every worker. A worker without {@code max_prepared_transactions} has none, since a
     * write over several workers (a load batch when the shard map cannot be used, see {@link CitusLoader})
     * commits with two-phase commit.
     */
    Headroom connectionHeadroom() throws StoreException {
        Headroom least = null;
        for (CitusCluster.Node n : cluster.nodes()) {
            Headroom room = cluster.on(n, "read max_connections", c -> ServerMetrics.headroom(c, user));
            if (!n.coordinator() && cluster.on(n, "read max_prepared_transactions",
                    c -> ServerMetrics.longSetting(c, "max_prepared_transactions")) <= 0) {
                room = new Headroom(0, "max_prepared_transactions = 0, and two-phase commit needs it");
            }
            if (least == null || room.available() < least.available()) {
                least = new Headroom(room.available(), "on the " + n.name() + ": " + room.detail());
            }
        }
        return least;
    }

    /** Every node's {@code pg_settings} ({@link PgSettings}), each name prefixed by the node's "host:port ". */
    Map<String, String> configuration() throws StoreException {
        Map<String, String> out = new TreeMap<>();
        cluster.onEach("read pg_settings", PgSettings::all)
                .forEach((node, settings) -> settings.forEach((k, v) -> out.put(node.address() + " " + k, v)));
        return out;
    }

    /**
     * The Citus version, its workers, the shards and co-location of the tables, and the shards' bytes per
     * node, read on the coordinator connection {@code c}.
     */
    Map<String, String> facts(Connection c) throws SQLException {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("citus.version", cluster.version());
        facts.put("citus.workers", cluster.workers().isEmpty() ? "none"
                : String.join(", ", cluster.workers().stream().map(CitusCluster.Node::address).toList()));
        facts.putAll(tables.facts(c));
        tables.shardBytesByNode(c).forEach((node, bytes) -> facts.put("size." + node, bytes + " bytes"));
        return facts;
    }
}
