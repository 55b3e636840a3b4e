package io.linkbench.store.mongo;

import io.linkbench.store.LocalHost;
import io.linkbench.store.ServerNode;
import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The server processes behind a connection string's one host when they run on this host, found from
 * {@code /proc} alone, for the cost probe ({@link io.linkbench.store.StoreMetrics#serverNodes()}). The process
 * that listens on the host's port is the entry (DocumentDB's gateway, a mongos); every process its process
 * tree has a TCP connection to, listening on this host, is a node too, and so on from there: DocumentDB's
 * gateway leads to its PostgreSQL postmaster (whose backends connect to the workers' postmasters on a Citus
 * cluster), a mongos to the mongods it talks to. Each node is the listening process, which the probe counts
 * with its descendants (a postmaster with its backends); a PostgreSQL node's data directory is its working
 * directory.
 *
 * <p>Names, in the order found (a node's peers by port): {@code gateway 127.0.0.1:10260} and {@code postgres
 * 127.0.0.1:5442}; on a Citus cluster {@code coordinator 127.0.0.1:5470}, {@code worker 127.0.0.1:5471} ... A
 * node whose process this user cannot read, a peer on another host ({@code worker 10.0.0.7:5432}) and a
 * gateway's PostgreSQL that no TCP connection leads to ({@code postgres not found}) are nodes without a pid:
 * the probe names them and gives no server sum, rather than the part it could measure as the whole.
 *
 * <p>Nothing is found (an empty list: the store's single server then) for a remote host, several hosts, an
 * entry that is a mongod (serverStatus gives its pid), a server in this JVM (an in-process server, or a
 * relay), or a /proc this user cannot read. The workers of a Citus cluster are found through the
 * connections the coordinator holds to them when asked: its maintenance daemon keeps one to every node, and
 * so do the backends of the gateway's pool once they have run a distributed query.
 */
final class LocalServerProcesses {
    /** How long one search may read /proc. */
    static final Duration BUDGET = Duration.ofSeconds(3);
    private static final int MAX_NODES = 64;
    private static final String GATEWAY_COMMAND = "documentdb_gate"; // comm: documentdb_gateway cut to 15 characters
    private static final String POSTGRES = "postgres";

    /** A node as found: its process (empty: unreadable), the address it was reached on, who reached it. */
    private record Found(OptionalInt pid, TcpSockets.Endpoint address, String hostPort, String command, Found from) {
    }

    private final ProcessTable table;
    private final List<TcpSockets.Socket> sockets;
    private final long self;

    private LocalServerProcesses(ProcessTable table, List<TcpSockets.Socket> sockets, long self) {
        this.table = table;
        this.sockets = sockets;
        this.self = self;
    }

    /** The nodes behind {@code hosts} (a connection string's) on this host, or empty. */
    static List<ServerNode> behind(List<String> hosts) {
        if (hosts.size() != 1) {
            return List.of();
        }
        return behind(Path.of("/proc"), hosts.get(0), ProcessHandle.current().pid(), ByteOrder.nativeOrder(), BUDGET);
    }

    /**
     * The nodes behind {@code hostPort} ({@code host}, {@code host:port}, {@code [v6]:port}) as {@code procRoot}
     * shows them, {@code self} being this process; empty when there are none to give (see the class).
     */
    static List<ServerNode> behind(Path procRoot, String hostPort, long self, ByteOrder order, Duration budget) {
        long deadline = System.nanoTime() + budget.toNanos();
        try {
            List<TcpSockets.Socket> sockets = new ArrayList<>();
            for (String file : List.of("net/tcp", "net/tcp6")) {
                Path p = procRoot.resolve(file);
                if (Files.exists(p)) {
                    sockets.addAll(TcpSockets.parse(ProcessTable.read(p), order));
                }
            }
            LocalServerProcesses s = new LocalServerProcesses(ProcessTable.scan(procRoot, deadline), sockets, self);
            return s.nodes(hostPort, deadline);
        } catch (IOException | RuntimeException e) {
            return List.of(); // /proc not there or not readable, or more than the bounds: the single server
        }
    }

    private List<ServerNode> nodes(String hostPort, long deadline) throws IOException {
        Optional<Found> entry = entry(hostPort);
        if (entry.isEmpty() || entry.get().pid().isEmpty()) {
            return List.of();
        }
        long pid = entry.get().pid().getAsInt();
        if (table.tree(pid).contains(self) || table.tree(self).contains(pid) || "mongod".equals(entry.get().command())) {
            return List.of();
        }
        List<Found> found = new ArrayList<>(List.of(entry.get()));
        Set<Integer> seen = new HashSet<>(Set.of((int) pid));
        Set<TcpSockets.Endpoint> unreadable = new HashSet<>();
        ArrayDeque<Found> todo = new ArrayDeque<>(found);
        while (!todo.isEmpty() && found.size() < MAX_NODES) {
            ProcessTable.checkDeadline(deadline);
            Found from = todo.poll();
            for (Found f : peers(from)) {
                boolean isNew = f.pid().isPresent() ? seen.add(f.pid().getAsInt()) : unreadable.add(f.address());
                if (isNew && found.size() < MAX_NODES) {
                    found.add(f);
                    if (f.pid().isPresent()) {
                        todo.add(f);
                    }
                }
            }
        }
        if (isGateway(entry.get()) && found.size() == 1) { // its PostgreSQL not reached over TCP: not measured
            found.add(new Found(OptionalInt.empty(), null, "not found", "", entry.get()));
        }
        List<ServerNode> out = new ArrayList<>();
        for (Found f : found) {
            Optional<Path> dir = POSTGRES.equals(f.command()) && f.pid().isPresent()
                    ? table.workingDirectory(f.pid().getAsInt()).filter(d -> Files.isRegularFile(d.resolve("PG_VERSION")))
                    : Optional.empty();
            out.add(new ServerNode(role(f, found) + " " + f.hostPort(), f.pid(), dir));
        }
        return out;
    }

    /** The process listening on {@code hostPort}, when the host is this one. */
    private Optional<Found> entry(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        boolean bracketed = hostPort.startsWith("[");
        boolean hasPort = bracketed ? hostPort.contains("]:") : colon > 0 && hostPort.indexOf(':') == colon;
        String host = bracketed ? hostPort.substring(1, hostPort.indexOf(']')) : hasPort ? hostPort.substring(0, colon)
                : hostPort;
        int port = hasPort ? Integer.parseInt(hostPort.substring(colon + 1)) : 27017;
        Set<TcpSockets.Socket> listeners = new HashSet<>();
        if (host.equalsIgnoreCase("localhost")) {
            listener(new TcpSockets.Endpoint(InetAddress.getLoopbackAddress(), port)).ifPresent(listeners::add);
        } else if (isLiteral(host)) { // parsed, not looked up
            if (LocalHost.isLocal(host)) {
                listener(new TcpSockets.Endpoint(literal(host), port)).ifPresent(listeners::add);
            }
        } else {
            // a name: where this process's connections to that port go (the driver resolved it), when all go to one
            // listener here (a connection to another host means the name is not this one)
            Set<Long> mine = inodes(Set.of(self));
            for (TcpSockets.Socket s : sockets) {
                if (s.isEstablished() && s.remote().port() == port && mine.contains(s.inode())) {
                    listeners.add(listener(s.remote()).orElse(s));
                }
            }
        }
        if (listeners.size() != 1 || !listeners.iterator().next().isListening()) {
            return Optional.empty();
        }
        TcpSockets.Socket l = listeners.iterator().next();
        return Optional.of(found(table.holder(l.inode()), l.local(), hasPort ? hostPort : hostPort + ":" + port, null));
    }

    /** The nodes {@code from}'s process tree connects to: listeners on this host other than its own. */
    private List<Found> peers(Found from) {
        Set<Long> tree = inodes(table.tree(from.pid().getAsInt()));
        Set<Integer> ownPorts = new HashSet<>();
        for (TcpSockets.Socket s : sockets) {
            if (s.isListening() && tree.contains(s.inode())) {
                ownPorts.add(s.local().port());
            }
        }
        Map<TcpSockets.Endpoint, Found> out = new LinkedHashMap<>();
        for (TcpSockets.Socket s : sockets) {
            if (!s.isEstablished() || ownPorts.contains(s.local().port()) || !tree.contains(s.inode())) {
                continue; // a connection accepted by this node, or not its own
            }
            Optional<TcpSockets.Socket> listener = listener(s.remote());
            if (out.containsKey(s.remote()) || listener.isPresent() && tree.contains(listener.get().inode())) {
                continue; // known already, or a connection to itself
            }
            if (listener.isPresent()) {
                out.put(s.remote(), found(table.holder(listener.get().inode()), s.remote(), s.remote().toString(), from));
            } else if (!isThisHost(s.remote().address())) { // a node on another host: named, not measured
                out.put(s.remote(), found(Optional.empty(), s.remote(), s.remote().toString(), from));
            }
        }
        return out.values().stream().sorted(Comparator.comparingInt((Found f) -> f.address().port())
                .thenComparing(f -> f.address().toString())).toList();
    }

    private Found found(Optional<Long> pid, TcpSockets.Endpoint address, String hostPort, Found from) {
        String command = pid.flatMap(table::process).map(ProcessTable.Process::command).orElse("");
        return new Found(pid.map(p -> OptionalInt.of(p.intValue())).orElse(OptionalInt.empty()), address, hostPort,
                command, from);
    }

    /** The listening socket a connection to {@code to} reaches on this host: same address, or a wildcard one. */
    private Optional<TcpSockets.Socket> listener(TcpSockets.Endpoint to) {
        Optional<TcpSockets.Socket> exact = sockets.stream()
                .filter(s -> s.isListening() && s.local().equals(to)).findFirst();
        if (exact.isPresent() || !isThisHost(to.address())) {
            return exact;
        }
        return sockets.stream().filter(s -> s.isListening() && s.local().port() == to.port()
                && s.local().address().isAnyLocalAddress()).findFirst();
    }

    /** The socket inodes that {@code pids} hold. */
    private Set<Long> inodes(Set<Long> pids) {
        Set<Long> out = new HashSet<>();
        pids.forEach(p -> table.process(p).ifPresent(x -> out.addAll(x.sockets())));
        return out;
    }

    /**
     * What the report calls a node: by its command, and for PostgreSQL by its place in a Citus cluster; a node
     * not measured (on another host, or its process unreadable) by what reached it: a gateway reaches its
     * PostgreSQL, a PostgreSQL its workers, a mongos the mongods.
     */
    private static String role(Found f, List<Found> all) {
        if (f.pid().isEmpty()) {
            Found from = f.from();
            return isGateway(from) ? POSTGRES : POSTGRES.equals(from.command()) ? "worker"
                    : "mongos".equals(from.command()) ? "mongod" : "process";
        }
        if (isGateway(f)) {
            return "gateway";
        }
        if (!f.command().equals(POSTGRES)) {
            return f.command().isBlank() ? "process" : f.command();
        }
        if (f.from() != null && POSTGRES.equals(f.from().command())) {
            return "worker";
        }
        boolean leadsToWorkers = all.stream().anyMatch(o -> o.from() == f && (POSTGRES.equals(o.command())
                || o.pid().isEmpty()));
        return leadsToWorkers ? "coordinator" : POSTGRES;
    }

    private static boolean isGateway(Found f) {
        return f.command().equals(GATEWAY_COMMAND) || f.command().equals("documentdb_gateway");
    }

    private static boolean isThisHost(InetAddress a) {
        try {
            return a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            return false;
        }
    }

    private static boolean isLiteral(String host) {
        return host.contains(":") || host.matches("[0-9.]+");
    }

    private static InetAddress literal(String host) {
        try {
            return InetAddress.getByName(host); // a literal address is parsed, not looked up
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(host, e);
        }
    }
}
