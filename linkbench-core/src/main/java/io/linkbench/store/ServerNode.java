package io.linkbench.store;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One server process of a store, as {@link StoreMetrics#serverNodes()} lists it for the cost probe: a
 * single server is one node, a cluster (Galera nodes, a Citus coordinator and its workers) one per
 * server. The probe measures the CPU, memory and IO of every node that runs on this host and reports
 * them per node and summed; a node that does not run here is named in the report without figures.
 *
 * <pre>{@code
 * new ServerNode("node 2 127.0.0.1:3312", OptionalInt.of(4211), Optional.of(Path.of("/tmp/galera/d_2")));
 * new ServerNode("worker 10.0.0.7:5432", OptionalInt.empty(), Optional.empty()); // on another host
 * }</pre>
 *
 * @param name          how the report names the node, unique within the store, e.g. {@code coordinator
 *                      127.0.0.1:9700} or {@code node 2}; not blank, no password
 * @param pid           the node's server process when it runs on this host (its descendants are counted
 *                      with it: give a postmaster's pid, not a backend's); empty when it is remote or its
 *                      process cannot be found
 * @param dataDirectory the node's data directory when it is on this host, for the devices behind it
 */
public record ServerNode(String name, OptionalInt pid, Optional<Path> dataDirectory) {
    /** The name of the one node of a store that is not a cluster ({@link StoreMetrics#serverNodes()}'s default). */
    public static final String SINGLE = "server";

    public ServerNode {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a server node needs a name");
        }
        Objects.requireNonNull(pid, "pid");
        Objects.requireNonNull(dataDirectory, "dataDirectory");
    }

    /** True when the node's process runs on this host (its pid is known). */
    public boolean isLocal() {
        return pid.isPresent();
    }
}
