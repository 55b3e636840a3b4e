package io.linkbench.store.mysql;

import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreSession;
import io.linkbench.tck.FaultInjection;
import io.linkbench.tck.harness.Await;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The TCK's fault hook for the MySQL store's tests: {@code KILL CONNECTION} of both connections of the
 * session (each asked its {@code CONNECTION_ID()} on itself), from a connection of the test's own, as
 * an administrator would. It returns once the server has ended both threads, so the session's next
 * call, whichever connection it uses, meets a connection the server has closed (inside a transaction,
 * one whose transaction the kill rolled back).
 */
interface KillsSessionConnections extends FaultInjection {

    @Override
    default void failNextCall(GraphStore store, StoreSession session) throws Exception {
        List<Long> ids = new ArrayList<>();
        for (Connection c : ((MySqlSession) session).connections()) {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
                rs.next();
                ids.add(rs.getLong(1));
            }
            if (!c.getAutoCommit() && !((MySqlSession) session).inTransaction()) {
                c.rollback(); // the transactional connection as the session left it: no transaction open
            }
        }
        try (Connection admin = adminConnection()) {
            try (Statement s = admin.createStatement()) {
                for (long id : ids) {
                    s.execute("KILL CONNECTION " + id);
                }
            }
            Await.until(Duration.ofSeconds(60), "connections " + ids + " gone from the process list",
                    () -> noneLeft(admin, ids));
        }
    }

    /** A connection of the test's own to the server the sessions connect to. */
    default Connection adminConnection() throws SQLException {
        return MySqlTestServer.jdbc("");
    }

    private static boolean noneLeft(Connection admin, List<Long> ids) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement(
                "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE ID IN (?, ?)")) {
            ps.setLong(1, ids.get(0));
            ps.setLong(2, ids.get(1));
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1) == 0;
            }
        }
    }
}
