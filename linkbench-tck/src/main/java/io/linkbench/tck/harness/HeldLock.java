package io.linkbench.tck.harness;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A lock held on a server by an open transaction, for a stall test that needs a store's post-load step to be still
 * running when it acts (the step waits for the lock): the statement runs in a transaction on {@code c}, which stays
 * open until {@link #close} rolls it back and closes the connection (idempotent).
 *
 * <pre>{@code
 * try (HeldLock held = HeldLock.hold(jdbc, "LOCK TABLE s.counttable IN SHARE UPDATE EXCLUSIVE MODE")) {
 *     ServerStall.postLoadStepFails(server, dir, load, "vacuum analyze");
 * }
 * }</pre>
 */
public final class HeldLock implements AutoCloseable {
    private final Connection c;

    private HeldLock(Connection c) {
        this.c = c;
    }

    /**
     * Runs {@code statement} in a transaction on {@code c} (taking ownership of it) and keeps it open.
     *
     * @throws SQLException when the statement fails (the connection is then closed)
     */
    public static HeldLock hold(Connection c, String statement) throws SQLException {
        try (Statement s = c.createStatement()) {
            c.setAutoCommit(false);
            s.execute(statement);
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return new HeldLock(c);
    }

    /** Rolls the transaction back and closes its connection: the lock is released. */
    @Override
    public void close() throws SQLException {
        if (!c.isClosed()) {
            c.rollback();
            c.close();
        }
    }

    /** A test of a load (its arguments) whose post-load step waits for {@code held}. */
    @FunctionalInterface
    public interface HeldLoad {
        void run(List<String> load, AutoCloseable held) throws Exception;
    }
}
