package io.linkbench.store.postgres;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.harness.Await;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The TCK's fault hook for the PostgreSQL store's tests: {@code pg_terminate_backend} of the backends of
 * both connections of the session (each asked its {@code pg_backend_pid()} on itself), from a connection
 * of the test's own ({@link #serverConnection()}), as an administrator would. It returns once both
 * backends have exited, so the session's next call, whichever connection it uses, meets a connection
 * the server has closed.
 */
interface TerminatesSessionBackends extends FaultInjection {

    /** A new connection to the server the session's backends run on (the coordinator for Citus). */
    default Connection serverConnection() throws SQLException {
        return PgTestServer.jdbc();
    }

    @Override
    default void failNextCall(GraphStore store, StoreSession session) throws Exception {
        List<Integer> pids = backendPids(session);
        try (Connection admin = serverConnection()) {
            terminate(admin, pids);
        }
    }

    /** The backend pids of both connections of {@code session}, a {@link PgSession}, opened if need be. */
    static List<Integer> backendPids(StoreSession session) throws Exception {
        return askEach(session, "SELECT pg_backend_pid()").stream().map(Long::intValue).toList();
    }

    /**
     * The number {@code query} gives on each connection of {@code session} (autocommit one first),
     * leaving no transaction open but the session's own.
     */
    static List<Long> askEach(StoreSession session, String query) throws Exception {
        List<Long> values = new ArrayList<>();
        for (Connection c : ((PgSession) session).connections()) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
                rs.next();
                values.add(rs.getLong(1));
            }
            if (!c.getAutoCommit() && !((PgSession) session).inTransaction()) {
                c.rollback(); // the transactional connection as the session left it: no transaction open
            }
        }
        return values;
    }

    /** Terminates the backends {@code pids} from {@code admin} and waits until they have exited. */
    static void terminate(Connection admin, List<Integer> pids) throws Exception {
        try (PreparedStatement ps = admin.prepareStatement("SELECT pg_terminate_backend(?)")) {
            for (int pid : pids) {
                ps.setInt(1, pid);
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (!rs.getBoolean(1)) {
                        throw new AssertionError("pg_terminate_backend(" + pid + ") found no such backend");
                    }
                }
            }
        }
        Array ids = admin.createArrayOf("int4", pids.toArray());
        try (PreparedStatement ps = admin.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY (?)")) {
            ps.setArray(1, ids);
            Await.until(Duration.ofSeconds(60), "backends " + pids + " gone", () -> {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    return rs.getLong(1) == 0;
                }
            });
        }
    }
}
