package io.linkbench.graph;

import java.util.Arrays;
import java.util.Objects;

/**
 * A graph node.
 *
 * @param id      the node id; for {@code addNode} the store assigns it and ignores this value
 * @param type    application-defined node type
 * @param version application-defined version
 * @param time    seconds since the epoch
 * @param data    payload, 0 bytes or more; never null. Stores must not modify it.
 */
public record Node(long id, int type, long version, int time, byte[] data) {

    public Node {
        Objects.requireNonNull(data, "data");
    }

    /** This node with another id. */
    public Node withId(long newId) {
        return new Node(newId, type, version, time, data);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Node n && id == n.id && type == n.type && version == n.version
                && time == n.time && Arrays.equals(data, n.data);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, type, version, time) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "Node[id=" + id + ", type=" + type + ", version=" + version + ", time=" + time
                + ", data=" + data.length + " bytes]";
    }
}
