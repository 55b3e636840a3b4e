package io.linkbench.store.jdbc;

import io.linkbench.store.StoreException;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The read timeout of a store's admin connection: short work (counters, sizes, facts, the load state) waits
 * at most the timeout for the server's answer, so a stalled server fails it instead of holding the store's
 * lock for ever; work that may take long (a schema change, an index build, a post-load step) runs
 * {@link #lifted} it.
 *
 * <pre>{@code
 * admin.setNetworkTimeout(Runnable::run, socketTimeoutMs);               // once, when it is opened
 * AdminTimeout.lifted(admin, socketTimeoutMs, () -> schema.addIndex(admin));
 * }</pre>
 */
public final class AdminTimeout {
    private AdminTimeout() {
    }

    /** Work that may take long on the admin connection. */
    @FunctionalInterface
    public interface LongWork {
        void run() throws SQLException, StoreException;
    }

    /**
     * Runs {@code work} with no read timeout on {@code c}, then puts {@code timeoutMs} back (unless the work
     * closed the connection).
     *
     * @throws SQLException  from the work, or when the timeout cannot be set
     * @throws StoreException from the work
     */
    public static void lifted(Connection c, int timeoutMs, LongWork work) throws SQLException, StoreException {
        c.setNetworkTimeout(Runnable::run, 0);
        try {
            work.run();
        } finally {
            if (!c.isClosed()) {
                c.setNetworkTimeout(Runnable::run, timeoutMs);
            }
        }
    }
}
