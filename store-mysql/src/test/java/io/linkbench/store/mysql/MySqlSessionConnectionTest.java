package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.linkbench.config.Settings;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.jdbc.SessionConnection;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The core's JDBC transaction helper ({@link SessionConnection}) with the store's error map, against
 * the real server: a failed unit of work is rolled back and the connection serves the next one.
 */
@Tag("mysql")
class MySqlSessionConnectionTest {
    private static final String DB = "lb_session_connection";

    private Connector connector;
    private SessionConnection<SqlConnection> tx;
    private Connection check;

    @BeforeEach
    void setUp() throws Exception {
        Map<String, String> settings = MySqlTestServer.settings("InnoDB", DB, Map.of());
        try (GraphStore store = MySqlTestServer.freshStore("InnoDB", DB, Map.of())) {
            // creates the database
        }
        MySqlConfig config = MySqlConfig.from(new Settings(settings));
        connector = new Connector(config);
        SqlText sql = new SqlText(config);
        tx = new SessionConnection<>(() -> new SqlConnection(connector.open(Connector.Purpose.TRANSACTIONAL, true), sql),
                Errors.MAP, true);
        check = MySqlTestServer.jdbc(DB);
        try (Statement s = check.createStatement()) {
            s.execute("DROP TABLE IF EXISTS t");
            s.execute("CREATE TABLE t (id BIGINT PRIMARY KEY, v INT NOT NULL) ENGINE=InnoDB");
        }
    }

    @AfterEach
    void tearDown() throws SQLException {
        if (tx != null) {
            tx.close();
        }
        if (check != null) {
            check.close();
        }
    }

    @Test
    void aFailureInsideTheWorkRollsBackAndTheConnectionServesTheNextStatement() throws Exception {
        Connection before = tx.get().jdbc();
        StoreException e = assertThrows(StoreException.class, () -> tx.inTransaction("pair", c -> {
            insert(c.jdbc(), 1);
            insert(c.jdbc(), 1); // duplicate key: 23000
            return null;
        }));
        assertEquals(Kind.REJECTED, e.kind());
        assertEquals(0, rows(), "the first insert was rolled back");

        assertEquals(Integer.valueOf(7), tx.inTransaction("next", c -> {
            insert(c.jdbc(), 2);
            return 7;
        }));
        assertSame(before, tx.get().jdbc(), "the same connection, not a new one");
        assertEquals(1, rows(), "committed");
    }

    @Test
    void aRuntimeFailureRollsBackToo() throws Exception {
        assertThrows(IllegalStateException.class, () -> tx.inTransaction("runtime", c -> {
            insert(c.jdbc(), 3);
            throw new IllegalStateException("bug in the unit of work");
        }));
        assertEquals(0, rows());
        tx.inTransaction("after", c -> insert(c.jdbc(), 4));
        assertEquals(1, rows());
    }

    @Test
    void aLockWaitTimeoutIsAConflictAndLeavesTheConnectionUsable() throws Exception {
        insertCommitted(5);
        Connection before = tx.get().jdbc();
        try (Statement s = before.createStatement()) {
            s.execute("SET SESSION innodb_lock_wait_timeout = 1");
        }
        check.setAutoCommit(false);
        try (Statement s = check.createStatement()) {
            s.executeQuery("SELECT v FROM t WHERE id = 5 FOR UPDATE").close(); // holds the row lock
            StoreException e = assertThrows(StoreException.class,
                    () -> tx.inTransaction("update", c -> update(c.jdbc(), 5)));
            assertEquals(Kind.CONFLICT, e.kind(), e.getMessage());
        } finally {
            check.rollback();
            check.setAutoCommit(true);
        }
        assertEquals(Integer.valueOf(1), tx.inTransaction("update again", c -> update(c.jdbc(), 5)));
        assertSame(before, tx.get().jdbc());
    }

    @Test
    void aKilledConnectionIsAConnectionLossAndTheNextUseReconnects() throws Exception {
        Connection before = tx.get().jdbc();
        long id;
        try (Statement s = before.createStatement(); ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
            rs.next();
            id = rs.getLong(1);
        }
        tx.commit();
        try (Statement s = check.createStatement()) {
            s.execute("KILL " + id);
        }
        StoreException e = assertThrows(StoreException.class, () -> tx.inTransaction("after kill", c -> insert(c.jdbc(), 6)));
        assertEquals(Kind.CONNECTION, e.kind(), e.getMessage());
        tx.inTransaction("reconnected", c -> insert(c.jdbc(), 7));
        assertNotSame(before, tx.get().jdbc());
        assertEquals(1, rows());
    }

    private static int insert(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO t (id, v) VALUES (?, 0)")) {
            ps.setLong(1, id);
            return ps.executeUpdate();
        }
    }

    private static int update(Connection c, long id) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("UPDATE t SET v = v + 1 WHERE id = ?")) {
            ps.setLong(1, id);
            return ps.executeUpdate();
        }
    }

    private void insertCommitted(long id) throws SQLException {
        insert(check, id);
    }

    private int rows() throws SQLException {
        try (Statement s = check.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM t")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
