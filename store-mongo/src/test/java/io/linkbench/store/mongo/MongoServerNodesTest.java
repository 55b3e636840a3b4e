package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.CostProbe;
import io.linkbench.store.GraphStore;
import io.linkbench.store.ServerNode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreMetrics;
import io.linkbench.tck.harness.PhaseDriver;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The server processes of the DocumentDB of scripts/start-documentdb.sh (LINKBENCH_MONGO_URL) and of the cluster
 * of scripts/start-documentdb-cluster.sh (LINKBENCH_MONGO_CLUSTER_URL), as the store finds them from /proc: the
 * gateway and the postmaster (the coordinator and the workers), with the pids of the scripts' pid files; and a
 * request phase's server CPU of each node, checked against the test's own reading of /proc ({@link NodeCpuCheck}).
 * Skipped, saying why, without the server or when the URL is not the scripts' server on this host. A server in this
 * JVM (mongo-java-server) is no process of its own.
 */
@Tag("mongo")
class MongoServerNodesTest {
    private static final String DB = "lbtest_server_nodes";

    @Test
    void theSingleDocumentDbIsItsGatewayAndItsPostmasterEachMeasured() throws Exception {
        String url = RealMongo.urlOrSkip();
        check(url, DocumentDbProcesses.single(url), Map.of());
    }

    @Test
    void theClusterIsItsGatewayCoordinatorAndWorkersEachMeasured() throws Exception {
        String url = RealMongo.clusterUrlOrSkip();
        check(url, DocumentDbProcesses.cluster(url), Map.of("sharding", "on"));
    }

    /** mongo-java-server listens in this JVM: no process of its own to measure (the run says the store is embedded). */
    @Test
    void aServerInThisJvmIsTheSingleServerWithoutAProcess() throws Exception {
        try (InProcessMongo server = new InProcessMongo(); GraphStore store = server.open("nodes", Map.of(), 2)) {
            assertEquals(List.of(new ServerNode(ServerNode.SINGLE, java.util.OptionalInt.empty(), java.util.Optional.empty())),
                    ((StoreMetrics) store).serverNodes());
        }
    }

    private static void check(String url, List<DocumentDbProcesses.Node> expected, Map<String, String> more)
            throws Exception {
        Map<String, String> settings = new LinkedHashMap<>(Map.of("store", "mongo", "url", url, "dbid", DB));
        settings.putAll(more);
        PhaseDriver d = new PhaseDriver("maxid1", "2001", "schema", "recreate", "requesters", "2", "maxtime", "4",
                "displayfreq", "1");
        try (GraphStore store = new MongoStoreProvider().open(new StoreContext(new Settings(settings), d.sessions()))) {
            List<ServerNode> nodes = ((StoreMetrics) store).serverNodes();
            System.out.println("server nodes: " + nodes);
            assertEquals(expected.stream().map(DocumentDbProcesses.Node::name).toList(),
                    nodes.stream().map(ServerNode::name).toList());
            Map<String, Long> pids = new LinkedHashMap<>();
            for (int i = 0; i < nodes.size(); i++) {
                DocumentDbProcesses.Node want = expected.get(i);
                ServerNode got = nodes.get(i);
                assertEquals(want.pid(), got.pid().orElseThrow(), got.name() + "'s pid");
                if (want.dataDirectory() == null) {
                    assertTrue(got.dataDirectory().isEmpty(), got.name() + " keeps no data");
                } else {
                    assertTrue(Files.isSameFile(want.dataDirectory(), got.dataDirectory().orElseThrow()), got.toString());
                }
                pids.put(got.name(), want.pid());
            }
            d.load(store, PhaseObserver.NONE);
            NodeCpuCheck check = new NodeCpuCheck(CostProbe.local(store, d.run), pids);
            PhaseResult r = d.requests(store, check);
            check.check(r.cost()).forEach(l -> System.out.println("requests " + l));
        }
    }
}
