package io.linkbench.store.memory;

import io.linkbench.graph.Node;
import io.linkbench.store.StoreException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The transaction state of one {@link MemorySession}: its exclusive hold of the store's
 * {@link TransactionLock} from {@link #begin} to {@link #commit} or {@link #rollback}, and the
 * {@link UndoLog} of its writes. Outside a transaction, {@link #enter} takes the shared side for one
 * operation. Used by the session's thread only.
 */
final class MemoryTransaction {
    private final TransactionLock lock;
    private final int stripe;
    private final ConcurrentHashMap<Long, Node> nodes;
    private final MemoryStats stats;
    private final UndoLog undo = new UndoLog();
    private boolean open;

    MemoryTransaction(TransactionLock lock, int workerId, ConcurrentHashMap<Long, Node> nodes, MemoryStats stats) {
        this.lock = lock;
        this.stripe = TransactionLock.stripe(workerId);
        this.nodes = nodes;
        this.stats = stats;
    }

    boolean isOpen() {
        return open;
    }

    /** Waits for the exclusive side (CONFLICT after the lock's wait). */
    void begin() throws StoreException {
        if (open) {
            throw new IllegalStateException("begin(): a transaction is open on this memory store session already");
        }
        lock.exclusive();
        open = true;
    }

    void commit() {
        if (!open) {
            throw new IllegalStateException("commit(): no transaction is open on this memory store session");
        }
        undo.clear();
        release();
    }

    /** Puts every before-image back and releases the lock; nothing when no transaction is open. */
    void rollback() {
        if (!open) {
            return;
        }
        try {
            undo.rollBack(nodes, stats);
        } finally {
            release();
        }
    }

    /** Before a single operation: the stamp of its stripe's shared side; 0 (none taken) inside the transaction. */
    long enter() throws StoreException {
        return open ? 0 : lock.shared(stripe);
    }

    /** After the operation: releases what {@link #enter} took. */
    void leave(long shared) {
        if (shared != 0) {
            lock.releaseShared(stripe, shared);
        }
    }

    /** Before a write of node {@code id} inside the transaction: its row now (null: the write adds it). */
    void node(long id, Node before) {
        if (open) {
            undo.node(id, before);
        }
    }

    /** Before a write of the link {@code id2} of {@code group} inside the transaction. */
    void link(LinkGroup group, long id2) {
        if (open) {
            undo.link(group, id2);
        }
    }

    private void release() {
        open = false;
        lock.releaseExclusive();
    }
}
