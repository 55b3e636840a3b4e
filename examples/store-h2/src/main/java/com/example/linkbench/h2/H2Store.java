package com.example.linkbench.h2;

import io.linkbench.store.CountVerifier;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.VerificationReport;
import io.linkbench.store.jdbc.LoadClaimLock;
import io.linkbench.store.jdbc.LoadStateTable;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.h2.jdbcx.JdbcDataSource;

/**
 * An H2 database file with three tables (nodes, links, counts) and a high-water mark of node ids.
 * Keeps one connection of its own for the schema, {@link #info()} and {@link #verifyCounts()}; each
 * session has its own. The last load's state is one row of {@code load_state}. Link writes lock the link row, then the count row, in one transaction.
 */
final class H2Store implements CountVerifier, LoadStateStore {
    /** Why the example runs no transactions; its sessions' {@code begin} says the same. */
    static final String DECLINED = "the H2 example store is an example of the SPI: it runs no multi-operation "
                + "transactions";

    private static final String[] SCHEMA = {
        "CREATE TABLE IF NOT EXISTS nodes (id BIGINT PRIMARY KEY, type INT NOT NULL, version BIGINT NOT NULL,"
                + " time INT NOT NULL, data VARBINARY(1000000) NOT NULL)",
        "CREATE TABLE IF NOT EXISTS links (id1 BIGINT, link_type BIGINT, id2 BIGINT, visibility TINYINT NOT NULL,"
                + " data VARBINARY(1000000) NOT NULL, version INT NOT NULL, time BIGINT NOT NULL,"
                + " PRIMARY KEY (id1, link_type, id2))",
        "CREATE INDEX IF NOT EXISTS links_by_time ON links (id1, link_type, visibility, time, id2)",
        "CREATE TABLE IF NOT EXISTS counts (id1 BIGINT, link_type BIGINT, link_count BIGINT NOT NULL,"
                + " time BIGINT NOT NULL, version BIGINT NOT NULL, PRIMARY KEY (id1, link_type))",
        "CREATE TABLE IF NOT EXISTS meta (name VARCHAR(32) PRIMARY KEY, val BIGINT NOT NULL)",
        "INSERT INTO meta SELECT 'max_node_id', 0 WHERE NOT EXISTS (SELECT 1 FROM meta WHERE name = 'max_node_id')",
        "INSERT INTO meta SELECT 'load_claim', 0 WHERE NOT EXISTS (SELECT 1 FROM meta WHERE name = 'load_claim')",
        "CREATE TABLE IF NOT EXISTS load_state (link_table VARCHAR(64) PRIMARY KEY,"
                + " state VARCHAR(" + LoadState.MAX_TEXT + ") NOT NULL)",
    };

    /** One row per link table; H2 has one link table, {@code links}. */
    private static final LoadStateTable LOAD_STATE = new LoadStateTable("load_state", "links",
            "MERGE INTO load_state KEY (link_table) VALUES (?, ?)", H2Store::hasLoadStateTable);

    private final JdbcDataSource source;
    private final Path path;
    private final int lockTimeoutMs;
    private final Connection admin;
    /** The claim of a load on the tables, from the first prepareForLoad until close; null before. */
    private LoadClaimLock claim;
    /** The highest node id assigned or loaded; {@code meta.max_node_id} keeps it across restarts. */
    private final AtomicLong maxNodeId = new AtomicLong();

    private H2Store(JdbcDataSource source, Path path, int lockTimeoutMs, Connection admin) {
        this.source = source;
        this.path = path;
        this.lockTimeoutMs = lockTimeoutMs;
        this.admin = admin;
    }

    static H2Store open(Path path, String password, int lockTimeoutMs) throws StoreException {
        JdbcDataSource source = new JdbcDataSource(); // not DriverManager: it cannot see a plug-in's driver
        source.setURL("jdbc:h2:file:" + path + ";LOCK_TIMEOUT=" + lockTimeoutMs);
        source.setUser("sa");
        source.setPassword(password);
        try {
            return new H2Store(source, path, lockTimeoutMs, source.getConnection());
        } catch (SQLException e) {
            if ("90020".equals(e.getSQLState())) { // DATABASE_ALREADY_OPEN
                throw StoreException.refusal("the H2 database " + path + " is open in another process", e);
            }
            throw Errors.MAP.toStore("open H2 database " + path, e);
        }
    }

    /** The claim's connection: a transaction that locks the row {@code meta.load_claim} until it is closed. */
    private Connection claimConnection() throws SQLException {
        Connection c = source.getConnection();
        c.setAutoCommit(false);
        try (Statement st = c.createStatement()) {
            st.execute("SET LOCK_TIMEOUT 1"); // a claim held elsewhere is refused at once
        }
        return c;
    }

    /** Locks the claim's row; false when another store's claim holds it. */
    private static boolean lockClaimRow(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.executeQuery("SELECT val FROM meta WHERE name = 'load_claim' FOR UPDATE").close();
            return true;
        } catch (SQLException e) {
            if (e.getErrorCode() == 50200) { // LOCK_TIMEOUT_1
                return false;
            }
            throw e;
        }
    }

    /** A new connection for a session: autocommit, or manual commit for its transactions. */
    Connection connect(boolean autocommit) throws StoreException {
        try {
            Connection c = source.getConnection();
            c.setAutoCommit(autocommit);
            return c;
        } catch (SQLException e) {
            throw Errors.MAP.toStore("connect to " + path, e);
        }
    }

    /** The next node id for ADD_NODE. */
    long nextNodeId() {
        return maxNodeId.incrementAndGet();
    }

    /** Keeps later ADD_NODE ids above {@code id} (a loaded node). */
    void nodeIdUsed(long id) {
        maxNodeId.accumulateAndGet(id, Math::max);
    }

    @Override
    public synchronized StoreInfo info() throws StoreException {
        try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery("SELECT H2VERSION()")) {
            rs.next();
            Map<String, String> facts = new LinkedHashMap<>();
            facts.put("db_path", path.toString());
            facts.put("lock_timeout_ms", Integer.toString(lockTimeoutMs));
            return new StoreInfo("h2", rs.getString(1), "MVStore", facts, true); // link and count row in one transaction
        } catch (SQLException e) {
            throw Errors.MAP.toStore("info", e);
        }
    }

    @Override
    public synchronized void prepareForLoad(SchemaMode mode) throws StoreException {
        try (Statement st = admin.createStatement()) {
            createSchema(st);
            if (claim == null) { // another store of this process on the file (another process cannot open it)
                claim = LoadClaimLock.claim(claimConnection(), H2Store::lockClaimRow, LOAD_STATE.row("claim:links"),
                        admin, "the H2 database " + path);
            }
            if (mode == SchemaMode.RECREATE) {
                for (String table : List.of("nodes", "links", "counts")) {
                    st.execute("TRUNCATE TABLE " + table);
                }
                st.execute("UPDATE meta SET val = 0 WHERE name = 'max_node_id'");
                st.execute("DELETE FROM load_state");
                maxNodeId.set(0);
                return;
            }
            for (String table : List.of("nodes", "links", "counts")) {
                try (ResultSet rs = st.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
                    if (rs.next()) {
                        throw StoreException.refusal("the H2 database " + path + " already holds " + table
                                + "; set schema = recreate to drop them");
                    }
                }
            }
        } catch (SQLException e) {
            throw Errors.MAP.toStore("prepare the schema", e);
        }
    }

    @Override
    public synchronized void prepareForRequests() throws StoreException {
        try (Statement st = admin.createStatement()) {
            createSchema(st);
        } catch (SQLException e) {
            throw Errors.MAP.toStore("prepare the schema", e);
        }
    }

    /** Creates what is missing and reads the node-id high-water mark. */
    private void createSchema(Statement st) throws SQLException {
        for (String ddl : SCHEMA) {
            st.execute(ddl);
        }
        try (ResultSet rs = st.executeQuery("SELECT GREATEST((SELECT val FROM meta WHERE name = 'max_node_id'),"
                + " COALESCE((SELECT MAX(id) FROM nodes), 0))")) {
            rs.next();
            nodeIdUsed(rs.getLong(1));
        }
    }

    /** Declined in one line, as a store without transactions does; the kit skips its transaction group. */
    @Override
    public TransactionSupport transactions() {
        return TransactionSupport.declined(DECLINED);
    }

    @Override
    public StoreSession session(int workerId) throws StoreException {
        return new H2Session(this);
    }

    @Override
    public synchronized VerificationReport verifyCounts() throws StoreException {
        String visible = "(SELECT id1, link_type, COUNT(*) AS n FROM links WHERE visibility = 1 GROUP BY id1, link_type)";
        String sql = "SELECT c.id1, c.link_type, c.link_count, COALESCE(v.n, 0) FROM counts c LEFT JOIN " + visible
                + " v ON v.id1 = c.id1 AND v.link_type = c.link_type"
                + " UNION ALL SELECT v.id1, v.link_type, -1, v.n FROM " + visible + " v"
                + " WHERE NOT EXISTS (SELECT 1 FROM counts c WHERE c.id1 = v.id1 AND c.link_type = v.link_type)";
        long groups = 0;
        long mismatches = 0;
        List<VerificationReport.Mismatch> examples = new ArrayList<>();
        try (Statement st = admin.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                groups++;
                if (rs.getLong(3) != rs.getLong(4)) {
                    mismatches++;
                    if (examples.size() < 5) {
                        examples.add(new VerificationReport.Mismatch(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
                    }
                }
            }
        } catch (SQLException e) {
            throw Errors.MAP.toStore("verify counts", e);
        }
        return new VerificationReport(groups, mismatches, examples);
    }

    @Override
    public synchronized void saveLoadState(LoadState state) throws StoreException {
        try (Statement st = admin.createStatement()) {
            LOAD_STATE.save(admin, state);
            st.execute("CHECKPOINT"); // H2 writes commits to the file in the background: force it now
        } catch (SQLException e) {
            throw Errors.MAP.toStore("save the load state", e);
        }
    }

    @Override
    public synchronized Optional<LoadState> loadState() throws StoreException {
        try {
            return LOAD_STATE.load(admin);
        } catch (SQLException e) {
            throw Errors.MAP.toStore("read the load state", e);
        }
    }

    /** False before the schema exists: nothing was loaded. */
    private static boolean hasLoadStateTable(Connection c) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
                + " WHERE TABLE_SCHEMA = SCHEMA() AND TABLE_NAME = 'LOAD_STATE'")) {
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() && rs.getLong(1) > 0;
            }
        }
    }

    /** Closes the H2 session with this id, as an administrator would (for the fault test). */
    synchronized void abortSession(int sessionId) throws SQLException {
        try (PreparedStatement ps = admin.prepareStatement("CALL ABORT_SESSION(?)")) {
            ps.setInt(1, sessionId);
            ps.execute();
        }
    }

    @Override
    public synchronized void close() throws StoreException {
        try {
            if (claim != null) {
                claim.close();
            }
            admin.close();
        } catch (SQLException e) {
            throw Errors.MAP.toStore("close", e);
        }
    }
}
