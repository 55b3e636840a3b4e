package io.linkbench.workload.tao;

/**
 * The next TAOBench request: its kind and its {@link #size} operations, each typed and keyed. Filled in
 * by a {@link TaoRequestGenerator} and read by the driver; one mutable instance per requester, reused,
 * so drawing a request allocates nothing. Entries past {@link #size} are stale.
 */
public final class TaoRequest {
    /** The kind: a single read or write, or a read or write transaction. */
    public RequestKind kind;
    /** How many operations: 1 for single reads and writes, the drawn size for transactions. */
    public int size;
    /** The operation of each entry. */
    public final TaoOp[] ops;
    /** The virtual shard of each entry's key. */
    public final int[] shard;
    /** The key: the node id (0 for an object add: the store assigns it), or the edge's id1. */
    public final long[] id1;
    /** For edge operations: the virtual shard of id2. */
    public final int[] remoteShard;
    /** For edge operations: the other end. */
    public final long[] id2;
    /** For edge operations: the edge type's insert constraint (its link type is {@link EdgeConstraint#linkType}). */
    public final EdgeConstraint[] edgeType;

    TaoRequest(int capacity) {
        ops = new TaoOp[capacity];
        shard = new int[capacity];
        id1 = new long[capacity];
        remoteShard = new int[capacity];
        id2 = new long[capacity];
        edgeType = new EdgeConstraint[capacity];
    }
}
