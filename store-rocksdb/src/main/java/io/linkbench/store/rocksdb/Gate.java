package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Keeps native calls off a closed database. Each session holds a {@link Pass} and marks itself busy for
 * the length of every operation; {@link #closeAndDrain} shuts the gate and waits until no pass is busy,
 * so closing the database (while a worker the owner gave up on is still inside a call) never frees
 * memory a call is using.
 *
 * <p>The cost per operation is one volatile write and one volatile read on fields of the session's own
 * pass: no lock and no shared counter. Close sets the flag before reading the passes' busy fields and
 * an operation sets busy before reading the flag, so at least one of them sees the other.
 */
final class Gate {
    private final Set<Pass> passes = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /** A pass for one session, or an exception when the gate is closed. */
    Pass open() throws StoreException {
        Pass p = new Pass();
        passes.add(p);
        if (closed) {
            passes.remove(p);
            throw closedError();
        }
        return p;
    }

    int openPasses() {
        return passes.size();
    }

    /**
     * Closes the gate and waits until no pass is busy.
     *
     * @return false when an operation was still running at the deadline
     */
    boolean closeAndDrain(long timeoutMillis) {
        closed = true;
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        boolean interrupted = false;
        try {
            for (Pass p : passes) {
                while (p.busy) {
                    if (System.nanoTime() - deadline > 0) {
                        return false;
                    }
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            return true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static StoreException closedError() {
        return new StoreException(Kind.OTHER, "the rocksdb store is closed");
    }

    /** One session's right to call into the database. Used by one thread at a time. */
    final class Pass {
        private volatile boolean busy;

        /** Marks the start of an operation; throws when the store is closed. */
        void enter() throws StoreException {
            busy = true;
            if (closed) {
                busy = false;
                throw closedError();
            }
        }

        /** Marks the end of an operation. */
        void exit() {
            busy = false;
        }

        /** Gives the pass back when its session closes. */
        void release() {
            passes.remove(this);
        }
    }
}
