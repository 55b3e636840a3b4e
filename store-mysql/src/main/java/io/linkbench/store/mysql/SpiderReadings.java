package io.linkbench.store.mysql;

import io.linkbench.store.ConnectionLimit.Headroom;
import io.linkbench.store.StoreException;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.jdbc.SqlErrorMap;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The MySQL store's readings over a Spider cluster: counters summed over the head and the backends,
 * each node's settings, the tables' sizes on the backends, the least connection headroom, the facts of
 * the cluster, the count check on each backend; and the settings of the sessions' head connections.
 * A backend that cannot be reached fails the reading, naming it.
 */
final class SpiderReadings {
    /** What the store does not claim with MyRocks backends, in one line (a fact, and the reason transactional() is false). */
    static final String MYROCKS_CONCURRENCY = "not claimed on MyRocks backends: the count invariant under concurrent"
            + " writers of one (id1, link_type) group (in the TCK, 8 writers of one group through the head did not"
            + " finish within 60 s); writers of distinct groups, and every single-writer contract, pass";

    private SpiderReadings() {
    }

    /**
     * What each session connection to the head runs first. {@code spider_auto_increment_mode = 1}: ADD_NODE's
     * ids come from the head's own counter (read from the backends once, then kept in the head's memory),
     * unique and rising for every session of the head; Spider's default (0) asks the backends for the largest
     * id with {@code SELECT ... FOR UPDATE} on every insert, which deadlocks two concurrent inserts across
     * two backends until the backends' lock wait timeout. {@code spider_conn_recycle_mode = 2}: the head keeps
     * its connection to a backend for the session's next statements; Spider's default (0) opens one for each
     * transaction, with five statements of setup (measured: 13 statements on the backends per request instead
     * of about 3). {@code spider_direct_dup_insert = 0}: a link write's {@code INSERT ... ON DUPLICATE KEY
     * UPDATE} is split by the head into an INSERT and, for a row that exists, a {@code SELECT ... FOR UPDATE}
     * and an UPDATE, and reports its affected rows right; sent whole (1) it reports them wrong, so only the
     * bulk load turns it on for its batches ({@link BulkLoader}). The head's reads and writes of a backend give up
     * after {@code socket_timeout} (rounded up to seconds), as the store's own reads of the head do, so a
     * stopped backend fails a statement instead of holding the head's thread for Spider's default 600 s.
     */
    static List<String> sessionSetup(MySqlConfig config) {
        String set = "SET SESSION spider_auto_increment_mode = 1, spider_conn_recycle_mode = 2, spider_direct_dup_insert = 0";
        if (config.socketTimeoutMs() > 0) {
            long seconds = Math.max(1, (config.socketTimeoutMs() + 999L) / 1000);
            set += ", spider_net_read_timeout = " + seconds + ", spider_net_write_timeout = " + seconds;
        }
        return List.of(set);
    }

    /** The Spider version, the backends, the partitioning, the backends' engine, the XA setting, sizes per backend. */
    static Map<String, String> facts(Connection head, SpiderCluster cluster, MySqlConfig config)
            throws SQLException, StoreException {
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("spider.version", cluster.version());
        facts.put("spider.backends", String.join(", ", cluster.backends().stream().map(SpiderCluster::nameOf).toList()));
        facts.put("spider.partitions", config.linkTable() + " by HASH(id1), " + config.countTable() + " and "
                + config.nodeTable() + " by HASH(id) (the id modulo the partitions), " + cluster.backends().size() + " partitions each, one per backend");
        facts.put("spider.engine", config.engine());
        try (Statement s = head.createStatement(); ResultSet rs = s.executeQuery("SHOW GLOBAL VARIABLES WHERE"
                + " Variable_name IN ('spider_internal_xa', 'spider_net_read_timeout', 'spider_auto_increment_mode')")) {
            while (rs.next()) {
                facts.put(rs.getString(1).toLowerCase(java.util.Locale.ROOT), rs.getString(2));
            }
        }
        facts.put("spider.atomicity", "a link write's transaction touches one backend (its id1's link and count), "
                + "committed there; bulk-load batches over several backends are written idempotently and retried;"
                + " a session that begins a multi-operation transaction commits it by XA (session spider_internal_xa = 1)");
        for (Map.Entry<SpiderCluster.Backend, Map<String, Long>> e : cluster.onEach("read the table sizes", false,
                false, c -> TableSizes.of(c, config)).entrySet()) {
            e.getValue().forEach((table, bytes) -> facts.put("size." + e.getKey().name() + "." + table, bytes + " bytes"));
        }
        return facts;
    }

    /**
     * {@link ServerMetrics#counters} summed over the head and every backend; {@code statements} the head's
     * alone (the clients' statements; the backends count Spider's statements too, in {@code Questions}).
     */
    static Map<String, Long> counters(Connection head, SpiderCluster cluster) throws SQLException, StoreException {
        Map<String, Long> headCounters = ServerMetrics.counters(head);
        Map<String, Long> sum = new LinkedHashMap<>(headCounters);
        for (Map<String, Long> backend : cluster.onEach("read server counters", false, false,
                ServerMetrics::counters).values()) {
            backend.forEach((k, v) -> sum.merge(k, v, Long::sum));
        }
        sum.put(ServerMetrics.STATEMENTS, headCounters.getOrDefault(ServerMetrics.STATEMENTS, 0L));
        return sum;
    }

    /** Every node's {@code SHOW GLOBAL VARIABLES}, each name prefixed by the node's name ("head host:port "). */
    static Map<String, String> configuration(Connection head, SpiderCluster cluster) throws SQLException, StoreException {
        Map<String, String> out = new TreeMap<>();
        ServerVariables.all(head).forEach((k, v) -> out.put(cluster.headName() + " " + k, v));
        cluster.onEach("read the server's variables", false, false, ServerVariables::all).forEach((b, vars) ->
                vars.forEach((k, v) -> out.put(SpiderCluster.nameOf(b) + " " + k, v)));
        return out;
    }

    /** The bytes of the run's tables on every backend, summed per table (the head holds no rows). */
    static Map<String, Long> sizes(SpiderCluster cluster, MySqlConfig config) throws StoreException {
        Map<String, Long> out = new LinkedHashMap<>();
        cluster.onEach("read the data size", false, false, c -> {
            if (config.rocksDb()) {
                TableSizes.flushRocksDb(c);
            }
            return TableSizes.of(c, config);
        }).values().forEach(sizes -> sizes.forEach((t, b) -> out.merge(t, b, Long::sum)));
        return out;
    }

    /**
     * The least of the head's room and each backend's ({@code max_connections} less the connections open):
     * each head connection opens one connection to every backend it reads or writes.
     */
    static Headroom leastHeadroom(Headroom head, SpiderCluster cluster, MySqlConfig config) throws StoreException {
        Headroom least = new Headroom(head.available(), "on the head: " + head.detail());
        for (Map.Entry<SpiderCluster.Backend, Headroom> e : cluster.onEach("read max_connections", false, false, c -> {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT @@max_connections, (SELECT VARIABLE_VALUE FROM"
                         + " information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'THREADS_CONNECTED')")) {
                rs.next();
                long max = rs.getLong(1);
                long open = rs.getLong(2);
                return new Headroom(Math.max(0, max - open), "max_connections = " + max + ", " + open + " open");
            }
        }).entrySet()) {
            if (e.getValue().available() < least.available()) {
                least = new Headroom(e.getValue().available(), "on " + SpiderCluster.nameOf(e.getKey()) + ": "
                        + e.getValue().detail());
            }
        }
        return least;
    }

    /**
     * The count check ({@link CountCheck}) on every backend, which holds all links and counts of its id1s,
     * the reports added up.
     */
    static VerificationReport verifyCounts(SpiderCluster cluster, SqlText sql) throws StoreException {
        long groups = 0;
        long mismatches = 0;
        List<VerificationReport.Mismatch> examples = new ArrayList<>();
        for (SpiderCluster.Backend b : cluster.backends()) {
            VerificationReport r = cluster.on(b, "verify counts", true, true, forLinks -> {
                Connection forCounts = null;
                try {
                    forCounts = cluster.open(b);
                    return CountCheck.check(forLinks, forCounts, sql);
                } finally {
                    SqlErrorMap.closeQuietly(forCounts);
                }
            });
            groups += r.groupsChecked();
            mismatches += r.mismatches();
            for (VerificationReport.Mismatch m : r.examples()) {
                if (examples.size() < 10) {
                    examples.add(m);
                }
            }
        }
        return new VerificationReport(groups, mismatches, examples);
    }
}
