package io.linkbench.measure;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;

/**
 * The logical size of a row: the bytes of its key and its payload, what any store must keep at least,
 * so that {@code size / logical} is a store's space amplification. A node is its id (8 bytes) and data;
 * a link its key id1, link_type, id2 (24 bytes) and data; a count its key id1, link_type (16 bytes). The
 * other fields (type, version, time, visibility, the count itself) are left out, as they are in the
 * published definition: the sum of the rows' key and payload bytes.
 */
public final class LogicalBytes {
    /** Key bytes of a node: id. */
    public static final int NODE_KEY = 8;
    /** Key bytes of a link: id1, link_type, id2. */
    public static final int LINK_KEY = 24;
    /** Key bytes of a count: id1, link_type. */
    public static final int COUNT_KEY = 16;

    private LogicalBytes() {
    }

    /** The logical bytes of a Node, Link or LinkCount; 0 for anything else. */
    public static long of(Object row) {
        if (row instanceof Node n) {
            return NODE_KEY + (n.data() == null ? 0 : n.data().length);
        }
        if (row instanceof Link l) {
            return LINK_KEY + (l.data() == null ? 0 : l.data().length);
        }
        if (row instanceof LinkCount) {
            return COUNT_KEY;
        }
        return 0;
    }
}
