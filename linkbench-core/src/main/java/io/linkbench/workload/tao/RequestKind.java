package io.linkbench.workload.tao;

/**
 * The four kinds of TAOBench request, in the order of the {@code operations} weights: a single read, a
 * single write, a read transaction and a write transaction of N operations.
 */
public enum RequestKind {
    READ(false, false),
    WRITE(true, false),
    READ_TRANSACTION(false, true),
    WRITE_TRANSACTION(true, true);

    private final boolean write;
    private final boolean transaction;

    RequestKind(boolean write, boolean transaction) {
        this.write = write;
        this.transaction = transaction;
    }

    /** True for the kinds whose operations are writes. */
    public boolean isWrite() {
        return write;
    }

    /** True for the two transaction kinds (executed atomically, of a drawn size). */
    public boolean isTransaction() {
        return transaction;
    }
}
