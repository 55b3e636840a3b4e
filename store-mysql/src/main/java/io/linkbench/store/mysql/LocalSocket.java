package io.linkbench.store.mysql;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The mysql client's convention: {@code host = localhost} means the server's Unix socket, not TCP
 * (which {@code 127.0.0.1} keeps). On one host the socket costs client and server less per round trip
 * than loopback TCP. Applies when neither {@code socket} nor {@code hosts} is given and {@code port}
 * is the default 3306 (a server on another port is one the user means by its port); the socket is
 * the first of the usual paths that exists, and without one the store stays on TCP.
 */
final class LocalSocket {
    /** Where MySQL and MariaDB packages put the socket (Debian and Red Hat, older layouts, the source default). */
    static final List<Path> USUAL_PATHS = List.of(Path.of("/run/mysqld/mysqld.sock"),
            Path.of("/var/run/mysqld/mysqld.sock"), Path.of("/var/lib/mysql/mysql.sock"), Path.of("/tmp/mysql.sock"));
    static final int DEFAULT_PORT = 3306;

    private LocalSocket() {
    }

    /**
     * The socket the store connects through: {@code socket} when given, else for host localhost on
     * the default port the first of {@code candidates} that exists, else "" (TCP).
     */
    static String choose(String host, int port, String hosts, String socket, List<Path> candidates) {
        if (!socket.isEmpty() || !hosts.isEmpty() || port != DEFAULT_PORT || !host.equalsIgnoreCase("localhost")) {
            return socket;
        }
        for (Path p : candidates) {
            if (Files.exists(p) && !Files.isRegularFile(p) && !Files.isDirectory(p)) {
                return p.toString();
            }
        }
        return "";
    }
}
