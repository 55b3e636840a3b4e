package io.linkbench.store.mongo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.store.ServerNode;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk from the connection string's port to every server process, on a /proc made by hand: this JVM
 * (pid 9) connected to a DocumentDB gateway (10) on 127.0.0.1:10270, whose connection reaches a coordinator
 * postmaster (20, backends 21 to 23) on 5470, whose backends reach the workers' postmasters (30 on 5471, 40 on
 * 5472); a worker's daemon connects back to the coordinator, and the coordinator's pg_cron to itself.
 */
class LocalServerProcessesTest {
    private static final long SELF = 9;
    @TempDir
    Path root;
    private Path proc;
    private final List<String> tcp = new ArrayList<>();

    @BeforeEach
    void cluster() throws IOException {
        proc = Files.createDirectories(root.resolve("proc/net")).getParent();
        listen(5470, 200);
        listen(5471, 300);
        listen(5472, 400);
        connect(40000, 10270, 901, 101);   // this JVM to the gateway
        connect(41000, 5470, 102, 201);    // the gateway to the coordinator
        connect(42000, 5472, 202, 401);    // a coordinator backend to worker 2
        connect(42001, 5471, 203, 301);    // the coordinator's maintenance daemon to worker 1
        connect(43000, 5470, 402, 205);    // worker 2's daemon back to the coordinator
        connect(44000, 5470, 204, 206);    // the coordinator's pg_cron to itself
        process(9, 1, "java", 901);
        process(10, 1, "documentdb_gate", 100, 101, 102);
        process(20, 1, "postgres", 200);
        process(21, 20, "postgres", 201, 202);
        process(22, 20, "postgres", 203, 205);
        process(23, 20, "postgres", 204, 206);
        process(30, 1, "postgres", 300);
        process(31, 30, "postgres", 301);
        process(40, 1, "postgres", 400);
        process(41, 40, "postgres", 401, 402);
        dataDirectory(20, "node0");
        dataDirectory(30, "node1");
        dataDirectory(40, "node2");
    }

    private List<ServerNode> behind(String hostPort) throws IOException {
        listen(10270, 100); // written last, so that a test can change the table before
        Files.writeString(proc.resolve("net/tcp"), String.join("\n", tcp) + "\n");
        return LocalServerProcesses.behind(proc, hostPort, SELF, ByteOrder.LITTLE_ENDIAN, LocalServerProcesses.BUDGET);
    }

    @Test
    void theGatewayLeadsToTheCoordinatorAndItsBackendsToTheWorkers() throws IOException {
        List<ServerNode> nodes = behind("127.0.0.1:10270");
        assertEquals(List.of(
                new ServerNode("gateway 127.0.0.1:10270", OptionalInt.of(10), Optional.empty()),
                new ServerNode("coordinator 127.0.0.1:5470", OptionalInt.of(20), Optional.of(root.resolve("node0"))),
                new ServerNode("worker 127.0.0.1:5471", OptionalInt.of(30), Optional.of(root.resolve("node1"))),
                new ServerNode("worker 127.0.0.1:5472", OptionalInt.of(40), Optional.of(root.resolve("node2")))), nodes);
        assertEquals("gateway localhost:10270", behind("localhost:10270").get(0).name(), "the URL's host names the entry");
        assertEquals(nodes.subList(1, 4), behind("db-host:10270").subList(1, 4),
                "a name: where this JVM's connections to its port go (no name is looked up)");
    }

    @Test
    void aNameIsNotThisHostWhenThisJvmAlsoConnectsElsewhereOnItsPort() throws IOException {
        tcp.add(line("0100007F:9C41", "0909090A:281E", "01", 902)); // to 10.9.9.9:10270
        process(SELF, 1, "java", 901, 902);
        assertEquals(List.of(), behind("db-host:10270"));
        assertEquals(4, behind("127.0.0.1:10270").size(), "a literal address is still found");
    }

    @Test
    void aGatewayOnOnePostgresHasTwoNodes() throws IOException {
        tcp.removeIf(l -> l.contains(":1560 ") || l.contains(":155F ")); // no connection to a worker
        List<ServerNode> nodes = behind("127.0.0.1:10270");
        assertEquals(List.of("gateway 127.0.0.1:10270", "postgres 127.0.0.1:5470"),
                nodes.stream().map(ServerNode::name).toList());
    }

    @Test
    void aNodeWhoseProcessCannotBeReadIsNamedWithoutAPid() throws IOException {
        deleteFds(30);
        List<ServerNode> nodes = behind("127.0.0.1:10270");
        assertEquals(new ServerNode("worker 127.0.0.1:5471", OptionalInt.empty(), Optional.empty()), nodes.get(2));
        assertEquals(4, nodes.size());
    }

    @Test
    void aWorkerOnAnotherHostIsNamedWithoutAPid() throws IOException {
        tcp.add(line("0100007F:A000", "0809090A:1538", "01", 207)); // a coordinator backend to 10.9.9.8:5432
        process(21, 20, "postgres", 201, 202, 207);
        assertEquals(List.of("gateway 127.0.0.1:10270", "coordinator 127.0.0.1:5470", "worker 10.9.9.8:5432",
                "worker 127.0.0.1:5471", "worker 127.0.0.1:5472"), behind("127.0.0.1:10270").stream()
                .map(ServerNode::name).toList());
        assertTrue(behind("127.0.0.1:10270").get(2).pid().isEmpty());
    }

    @Test
    void aGatewayWhosePostgresIsNotReachedOverTcpHasAnUnmeasuredOne() throws IOException {
        process(10, 1, "documentdb_gate", 100, 101); // connected to its PostgreSQL through a Unix socket, say
        assertEquals(List.of(new ServerNode("gateway 127.0.0.1:10270", OptionalInt.of(10), Optional.empty()),
                new ServerNode("postgres not found", OptionalInt.empty(), Optional.empty())), behind("127.0.0.1:10270"));
    }

    @Test
    void noNodesForARemoteHostAnUnreadableGatewayAMongodOrAServerInThisProcess() throws IOException {
        assertEquals(List.of(), behind("10.9.9.9:10270"), "a remote host");
        assertEquals(List.of(), behind("127.0.0.1:10999"), "no listener");
        assertEquals(List.of(), behind("127.0.0.1:5470x"), "a port that is no number");
        process(10, 1, "mongod", 100, 101, 102);
        assertEquals(List.of(), behind("127.0.0.1:10270"), "a mongod: serverStatus gives its pid");
        process(10, SELF, "documentdb_gate", 100, 101, 102);
        assertEquals(List.of(), behind("127.0.0.1:10270"), "a child of this JVM");
        process(10, 1, "documentdb_gate", 100, 101, 102);
        deleteFds(10);
        assertEquals(List.of(), behind("127.0.0.1:10270"), "the gateway cannot be read");
    }

    /** A listening socket on 127.0.0.1:port. */
    private void listen(int port, long inode) {
        tcp.add(line("0100007F:" + hex(port), "00000000:0000", "0A", inode));
    }

    /** A connection from 127.0.0.1:from to 127.0.0.1:to: the client's socket and the server's accepted one. */
    private void connect(int from, int to, long clientInode, long serverInode) {
        tcp.add(line("0100007F:" + hex(from), "0100007F:" + hex(to), "01", clientInode));
        tcp.add(line("0100007F:" + hex(to), "0100007F:" + hex(from), "01", serverInode));
    }

    private String line(String local, String remote, String state, long inode) {
        return String.format("%4d: %s %s %s 00000000:00000000 00:00000000 00000000     0        0 %d 1 0000000000000000"
                + " 100 0 0 10 0", tcp.size(), local, remote, state, inode);
    }

    private static String hex(int port) {
        return String.format("%04X", port);
    }

    /** /proc/PID with its stat and one fd link per socket inode. */
    private void process(long pid, long parent, String command, long... sockets) throws IOException {
        Path dir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.writeString(dir.resolve("stat"), pid + " (" + command + ") S " + parent + " 1 1 0 -1 4194560 0 0 0 0 0 0"
                + " 0 0 20 0 1 0 100 1000 100 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0");
        deleteFds(pid);
        Path fd = Files.createDirectories(dir.resolve("fd"));
        for (int i = 0; i < sockets.length; i++) {
            Files.createSymbolicLink(fd.resolve(Integer.toString(i + 3)), Path.of("socket:[" + sockets[i] + "]"));
        }
    }

    private void deleteFds(long pid) throws IOException {
        Path fd = proc.resolve(Long.toString(pid)).resolve("fd");
        if (Files.isDirectory(fd)) {
            try (var links = Files.list(fd)) {
                for (Path l : links.toList()) {
                    Files.delete(l);
                }
            }
            Files.delete(fd);
        }
        assertTrue(!Files.exists(fd));
    }

    private void dataDirectory(long pid, String name) throws IOException {
        Path data = Files.createDirectories(root.resolve(name));
        Files.writeString(data.resolve("PG_VERSION"), "15\n");
        Files.createSymbolicLink(proc.resolve(Long.toString(pid)).resolve("cwd"), data);
    }
}
