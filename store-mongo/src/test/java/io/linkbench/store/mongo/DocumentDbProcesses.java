package io.linkbench.store.mongo;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.store.LocalHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The processes of the DocumentDB that scripts/start-documentdb.sh runs (LINKBENCH_DOCUMENTDB_DIR, default
 * /var/tmp/linkbench-documentdb/run: the gateway's pid file and configuration, the PostgreSQL data directory)
 * and of the cluster of scripts/start-documentdb-cluster.sh (LINKBENCH_DDBC_DIR, default
 * /var/tmp/linkbench-documentdb-cluster/run: gateway/, node0 the coordinator, node1.. the workers), as those
 * files say: what the store's server nodes must be.
 */
final class DocumentDbProcesses {
    static final Path SINGLE = Path.of(System.getenv().getOrDefault("LINKBENCH_DOCUMENTDB_DIR",
            "/var/tmp/linkbench-documentdb/run"));
    static final Path CLUSTER = Path.of(System.getenv().getOrDefault("LINKBENCH_DDBC_DIR",
            "/var/tmp/linkbench-documentdb-cluster/run"));

    /** A node as the scripts' files give it: the name the store must give it, its pid and data directory. */
    record Node(String name, long pid, Path dataDirectory) {
    }

    private DocumentDbProcesses() {
    }

    /** The single server's gateway and postmaster, or a skip when {@code url} is not its gateway on this host. */
    static List<Node> single(String url) throws IOException {
        Path data = SINGLE.resolve("data");
        List<Node> out = new ArrayList<>(List.of(gateway(url, SINGLE)));
        out.add(postmaster("postgres", data));
        return out;
    }

    /** The cluster's gateway, coordinator and workers, or a skip when {@code url} is not its gateway on this host. */
    static List<Node> cluster(String url) throws IOException {
        List<Node> out = new ArrayList<>(List.of(gateway(url, CLUSTER.resolve("gateway"))));
        out.add(postmaster("coordinator", CLUSTER.resolve("node0/data")));
        for (int i = 1; Files.isDirectory(CLUSTER.resolve("node" + i + "/data")); i++) {
            out.add(postmaster("worker", CLUSTER.resolve("node" + i + "/data")));
        }
        return out;
    }

    private static Node gateway(String url, Path dir) throws IOException {
        String hostPort = RealMongo.hostPort(url);
        Path config = dir.resolve("gateway.json");
        if (!Files.isRegularFile(config) || !LocalHost.isLocal(hostPort)) {
            skip(hostPort + " is not the gateway whose configuration is " + config);
        }
        int port = new ObjectMapper().readTree(config.toFile()).path("GatewayListenPort").asInt();
        if (port != RealMongo.port(url)) {
            skip(hostPort + " is not the gateway of " + config + " (port " + port + ")");
        }
        return new Node("gateway " + hostPort, Long.parseLong(Files.readString(dir.resolve("gateway.pid")).trim()), null);
    }

    /** postmaster.pid: its pid (line 1), port (line 4) and listen address (line 6). */
    private static Node postmaster(String role, Path data) throws IOException {
        List<String> lines = Files.readAllLines(data.resolve("postmaster.pid"));
        String address = lines.get(5).trim().split(",")[0].trim();
        return new Node(role + " " + address + ":" + lines.get(3).trim(), Long.parseLong(lines.get(0).trim()), data);
    }

    private static void skip(String why) {
        String message = "test of the DocumentDB scripts' processes skipped: " + why;
        System.err.println("SKIPPED: " + message);
        Assumptions.abort(message);
    }
}
