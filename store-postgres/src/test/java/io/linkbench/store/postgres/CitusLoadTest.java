package io.linkbench.store.postgres;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.harness.Await;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The load on a Citus cluster ({@link CitusLoader}): a batch's rows go to the nodes that hold their
 * shards and commit there without two-phase commit, a batch given again after a part of it was written
 * (one node's part failed, or the coordinator's id raise after a node batch) leaves one copy of each row,
 * and the shard map agrees with the server's routing.
 */
@Tag("citus")
class CitusLoadTest {
    private static final int IDS = 400;

    @Test
    void theShardMapRoutesAsTheServerAndSpansEveryWorker() throws Exception {
        String schema = "lbtest_citus_map";
        try (GraphStore store = CitusTestCluster.freshStore(schema, Map.of(), 1); Connection c = CitusTestCluster.jdbc(0)) {
            Optional<ShardMap> map = ShardMap.read(c, schema + ".linktable");
            assertTrue(map.isPresent(), "a map of the store's link table");
            Set<String> holders = new HashSet<>();
            map.get().holders().forEach(h -> holders.add(h.address()));
            assertEquals(CitusTestCluster.WORKERS, holders.size(), "the shards lie on every worker: " + holders);
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT v, hashint8(v),"
                    + " get_shard_id_for_distribution_column('" + schema + ".linktable', v) FROM (VALUES (0::int8),"
                    + " (1), (-1), (4294967296), (-4294967297), (9223372036854775807), (-9223372036854775808),"
                    + " (123456789012345)) t(v)")) {
                while (rs.next()) {
                    assertEquals(rs.getInt(2), ShardMap.hashInt8(rs.getLong(1)), "hashint8(" + rs.getLong(1) + ")");
                    assertEquals(rs.getLong(3), map.get().shardOf(rs.getLong(1)), "the shard of " + rs.getLong(1));
                }
            }
            assertTrue(ShardMap.read(c, schema + ".linkbench_load").isEmpty(), "a reference table has no hash map");
        }
    }

    @Test
    void aBatchOverEveryShardCommitsWithoutTwoPhaseCommit() throws Exception {
        String schema = "lbtest_citus_load2pc";
        try (GraphStore store = CitusTestCluster.freshStore(schema, Map.of(), 1)) {
            long before = twoPhaseCommits();
            try (StoreSession s = store.session(0)) {
                s.loadNodes(nodes());
                s.loadLinks(links(1, IDS));
                s.loadCounts(counts(1, IDS));
            }
            assertEquals(0, twoPhaseCommits() - before, "prepared transactions (pg_dist_transaction rows on every"
                    + " node) for three batches over every shard");
            assertEquals(2L * IDS, rows(schema + ".linktable"));
            assertEquals(IDS, rows(schema + ".counttable"));
            assertEquals(IDS, rows(schema + ".nodetable"));
            assertEquals(0, ((CountVerifier) store).verifyCounts().mismatches());
            try (StoreSession s = store.session(0)) {
                assertTrue(s.addNode(new Node(0, 1, 1, 1, new byte[8])) > IDS, "ADD_NODE draws ids above the loaded ones");
            }
            // the counting sees two-phase commit where there is some: one statement over every shard through
            // the coordinator (until a commit is counted: Citus's recovery may clear the rows meanwhile)
            try (Connection c = CitusTestCluster.jdbc(0); Statement st = c.createStatement()) {
                long[] id = {1_000_000};
                Await.until(Duration.ofSeconds(60), "a counted two-phase commit of an INSERT over every shard", () -> {
                    long b = twoPhaseCommits();
                    StringBuilder values = new StringBuilder();
                    for (int i = 0; i < 64; i++, id[0]++) {
                        values.append(i == 0 ? "" : ",").append("(").append(id[0]).append(", 1, 0, 1, 0, 0, '', NULL)");
                    }
                    st.execute("INSERT INTO " + schema + ".linktable VALUES " + values);
                    return twoPhaseCommits() > b;
                });
            }
        }
    }

    @Test
    void aBatchGivenAgainAfterOneNodesPartFailedWritesOnlyWhatIsMissing() throws Exception {
        String schema = "lbtest_citus_loadretry";
        // a statement waits at most 1 s: the part for the locked node fails as TIMEOUT
        try (GraphStore store = CitusTestCluster.freshStore(schema, Map.of("socket_timeout", "1"), 1);
             StoreSession s = store.session(0)) {
            s.loadNodes(nodes());
            List<Link> batch = links(1, IDS);
            ShardMap map;
            try (Connection c = CitusTestCluster.jdbc(0)) {
                map = ShardMap.read(c, schema + ".linktable").orElseThrow();
            }
            ShardMap.Holder last = map.holders().get(map.holders().size() - 1); // written after the others
            long elsewhere = batch.stream().filter(l -> map.holderOf(l.id1()) != map.holders().size() - 1).count();
            try (Connection lock = CitusTestCluster.jdbc(portIndex(last.address()));
                 Statement st = lock.createStatement()) {
                st.execute("SET citus.enable_manual_changes_to_shards = on");
                lock.setAutoCommit(false);
                st.execute("LOCK TABLE " + String.join(", ", linkShardsOn(lock, schema)) + " IN ACCESS EXCLUSIVE MODE");
                StoreException e = assertThrows(StoreException.class, () -> s.loadLinks(batch));
                assertEquals(Kind.TIMEOUT, e.kind(), e.getMessage());
                lock.rollback();
            }
            assertTrue(elsewhere > 0 && elsewhere < batch.size(), "rows on both sides: " + elsewhere);
            assertEquals(elsewhere, rows(schema + ".linktable"), "the parts before the locked node's are written");
            s.loadLinks(batch);
            s.loadCounts(counts(1, IDS));
            assertEquals(2L * IDS, rows(schema + ".linktable"), "one copy of each row");
            assertEquals(0, ((CountVerifier) store).verifyCounts().mismatches());
        }
    }

    @Test
    void aNodeBatchWhoseIdRaiseFailedOnTheCoordinatorIsGivenAgainWithoutDuplicates() throws Exception {
        String schema = "lbtest_citus_loadnodes";
        try (GraphStore store = CitusTestCluster.freshStore(schema, Map.of(), 1); StoreSession s = store.session(0)) {
            List<Node> all = nodes();
            s.loadNodes(all.subList(0, IDS / 2)); // reads the shard map
            try (Connection admin = CitusTestCluster.jdbc(0)) {
                // the session's coordinator connections go: the rows reach the workers, the id raise fails
                TerminatesSessionBackends.terminate(admin, TerminatesSessionBackends.backendPids(s));
            }
            List<Node> second = all.subList(IDS / 2, IDS);
            StoreException e = assertThrows(StoreException.class, () -> s.loadNodes(second));
            assertEquals(Kind.CONNECTION, e.kind(), e.getMessage());
            assertEquals(IDS, rows(schema + ".nodetable"), "the rows were written on the workers");
            s.loadNodes(second);
            assertEquals(IDS, rows(schema + ".nodetable"), "one copy of each row");
            assertTrue(s.addNode(new Node(0, 1, 1, 1, new byte[8])) > IDS, "ADD_NODE draws ids above the loaded ones");
        }
    }

    private static List<Node> nodes() {
        List<Node> out = new ArrayList<>();
        for (long id = 1; id <= IDS; id++) {
            out.add(new Node(id, 1, 1, 1, new byte[16]));
        }
        return out;
    }

    /** Two visible links of type 1 from each id1 of [from, to]. */
    private static List<Link> links(long from, long to) {
        List<Link> out = new ArrayList<>();
        for (long id1 = from; id1 <= to; id1++) {
            for (long id2 = 1; id2 <= 2; id2++) {
                out.add(new Link(id1, 1, id2, Visibility.VISIBLE, new byte[12], 1, id2));
            }
        }
        return out;
    }

    private static List<LinkCount> counts(long from, long to) {
        List<LinkCount> out = new ArrayList<>();
        for (long id1 = from; id1 <= to; id1++) {
            out.add(new LinkCount(id1, 1, 2, 1, 1));
        }
        return out;
    }

    /** Rows of {@code pg_dist_transaction} (a two-phase commit's participants) on every node, summed. */
    private static long twoPhaseCommits() throws SQLException {
        long sum = 0;
        for (int i = 0; i <= CitusTestCluster.WORKERS; i++) {
            try (Connection c = CitusTestCluster.jdbc(i); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_dist_transaction")) {
                rs.next();
                sum += rs.getLong(1);
            }
        }
        return sum;
    }

    private static long rows(String table) throws SQLException {
        try (Connection c = CitusTestCluster.jdbc(0); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /** The link table's shards on the node {@code c} is connected to, schema-qualified. */
    private static List<String> linkShardsOn(Connection c, String schema) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT n.nspname || '.' || r.relname"
                + " FROM pg_class r JOIN pg_namespace n ON n.oid = r.relnamespace WHERE n.nspname = '" + schema + "'"
                + " AND r.relkind = 'r' AND r.relname ~ '^linktable_[0-9]+$'")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        assertTrue(!out.isEmpty(), "link shards on the locked node");
        return out;
    }

    /** The index of the cluster's node at "host:port" (0 the coordinator). */
    private static int portIndex(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1)) - CitusTestCluster.PORT;
    }
}
