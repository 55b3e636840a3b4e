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
    private final ConcurrentHashMap<Long, Node> nodes;
    private final MemoryStats stats;
    private final UndoLog undo = new UndoLog();
    private long stamp; // of the exclusive hold; 0 outside a transaction

    MemoryTransaction(TransactionLock lock, ConcurrentHashMap<Long, Node> nodes, MemoryStats stats) {
        this.lock = lock;
        this.nodes = nodes;
        this.stats = stats;
    }

    boolean isOpen() {
        return stamp != 0;
    }

    /** Waits for the exclusive side (CONFLICT after {@link TransactionLock#WAIT_SECONDS}). */
    void begin() throws StoreException {
        if (stamp != 0) {
            throw new IllegalStateException("begin(): a transaction is open on this memory store session already");
        }
        stamp = lock.exclusive();
    }

    void commit() {
        if (stamp == 0) {
            throw new IllegalStateException("commit(): no transaction is open on this memory store session");
        }
        undo.clear();
        release();
    }

    /** Puts every before-image back and releases the lock; nothing when no transaction is open. */
    void rollback() {
        if (stamp == 0) {
            return;
        }
        try {
            undo.rollBack(nodes, stats);
        } finally {
            release();
        }
    }

    /** Before a single operation: the shared side's stamp, or 0 inside the transaction (nothing taken). */
    long enter() throws StoreException {
        return stamp != 0 ? 0 : lock.shared();
    }

    /** After the operation: releases what {@link #enter} took. */
    void leave(long shared) {
        if (shared != 0) {
            lock.releaseShared(shared);
        }
    }

    /** Before a write of node {@code id} inside the transaction: its row now (null: the write adds it). */
    void node(long id, Node before) {
        if (stamp != 0) {
            undo.node(id, before);
        }
    }

    /** Before a write of the link {@code id2} of {@code group} inside the transaction. */
    void link(LinkGroup group, long id2) {
        if (stamp != 0) {
            undo.link(group, id2);
        }
    }

    private void release() {
        long held = stamp;
        stamp = 0;
        lock.releaseExclusive(held);
    }
}
