package io.linkbench.store.mysql;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The store's size counts the run's own tables only: on ROCKSDB not another database's rows still in
 * the server's memtables, which are reported apart as {@code server_wide_memtable_bytes}; on InnoDB
 * the tablespace files, growing with the data.
 */
@Tag("mysql")
class MySqlSizeTest {
    private static final String OWN = "lbtest_size_rocksdb";
    private static final String OTHER = "lbtest_size_other";
    private static final int OTHER_ROWS = 4000;
    private static final int OTHER_ROW_BYTES = 1000;

    @Test
    void rocksDbSizeLeavesOutAnotherDatabasesMemtablesAndNamesThemServerWide() throws Exception {
        try (GraphStore store = MySqlTestServer.freshStore("ROCKSDB", OWN, Map.of());
             Connection other = MySqlTestServer.jdbc("")) {
            StoreMetrics metrics = (StoreMetrics) store;
            recreateOther(other);
            load(store, 1, 300, 200);
            long alone = metrics.sizeBytes().orElseThrow();

            store.prepareForLoad(SchemaMode.RECREATE);
            long otherBytes = writeOther(other); // left in the memtables, flushed with the graph below
            load(store, 1, 300, 200);
            String serverWide = store.info().facts().get("server_wide_memtable_bytes");
            long shared = metrics.sizeBytes().orElseThrow();
            long ownSstData = ownSstDataBlocks();
            System.out.printf("ROCKSDB own size %d bytes with the other database empty, %d with %d bytes of its"
                    + " unflushed rows; data blocks of the SST files holding own indexes %d;"
                    + " server_wide_memtable_bytes %s%n", alone, shared, otherBytes, ownSstData, serverWide);
            assertTrue(Long.parseLong(serverWide) >= otherBytes, serverWide);
            // the other database's rows would add otherBytes (4 MB); compaction timing moves our own size by
            // some 10-20% of its 0.5 MB between the two loads, so the bound is a tenth of the other's bytes
            assertTrue(Math.abs(shared - alone) < otherBytes / 10, shared + " bytes with the other database's rows, "
                    + alone + " without, " + otherBytes + " bytes of other rows");
            assertTrue(shared > 0 && shared <= ownSstData + 3, shared + " vs " + ownSstData);
            assertFalse(store.info().facts().keySet().stream().anyMatch(k -> k.contains(OTHER)));
        } finally {
            try (Connection c = MySqlTestServer.jdbc(""); Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS " + OTHER);
            }
        }
    }

    @Test
    void innoDbSizeIsTheTablespacesAndGrowsWithTheData() throws Exception {
        try (GraphStore store = MySqlTestServer.freshStore("InnoDB", "lbtest_size_innodb", Map.of())) {
            StoreMetrics metrics = (StoreMetrics) store;
            load(store, 1, 50, 20);
            long small = metrics.sizeBytes().orElseThrow();
            load(store, 51, 2000, 1500);
            long large = metrics.sizeBytes().orElseThrow();
            System.out.printf("InnoDB own size %d bytes after 50 id1s, %d after 2050%n", small, large);
            assertTrue(small > 0, Long.toString(small));
            assertTrue(large > small + 2_000_000, small + " -> " + large);
        }
    }

    /** Loads ids {@code first .. first+count-1}: a node and three links of {@code payload} random bytes each. */
    private static void load(GraphStore store, long first, int count, int payload) throws Exception {
        Random random = new Random(first);
        List<Node> nodes = new ArrayList<>();
        List<Link> links = new ArrayList<>();
        List<LinkCount> counts = new ArrayList<>();
        for (long id = first; id < first + count; id++) {
            nodes.add(new Node(id, 1, 1, 1, bytes(random, payload)));
            for (long id2 = 0; id2 < 3; id2++) {
                links.add(new Link(id, 1, id2, Visibility.VISIBLE, bytes(random, payload), 1, id2));
            }
            counts.add(new LinkCount(id, 1, 3, 1, 1));
        }
        try (StoreSession s = store.session(0)) {
            s.loadNodes(nodes);
            s.loadLinks(links);
            s.loadCounts(counts);
        }
    }

    private static byte[] bytes(Random random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private static void recreateOther(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + OTHER);
            s.execute("CREATE DATABASE " + OTHER);
            s.execute("CREATE TABLE " + OTHER + ".t (id INT PRIMARY KEY, v VARBINARY(2000)) ENGINE=ROCKSDB");
        }
    }

    /** Writes incompressible rows into the other database, left in the memtables; their bytes. */
    private static long writeOther(Connection c) throws Exception {
        Random random = new Random(11);
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO " + OTHER + ".t VALUES (?, ?)")) {
            for (int i = 0; i < OTHER_ROWS; i++) {
                ps.setInt(1, i);
                ps.setBytes(2, bytes(random, OTHER_ROW_BYTES));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return (long) OTHER_ROWS * OTHER_ROW_BYTES;
    }

    /** The data blocks of every SST file that holds one of the run's indexes, counted whole. */
    private static long ownSstDataBlocks() throws Exception {
        try (Connection c = MySqlTestServer.jdbc(""); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COALESCE(SUM(p.data_block_size), 0)"
                     + " FROM information_schema.ROCKSDB_SST_PROPS p WHERE p.sst_name IN (SELECT m.sst_name"
                     + " FROM information_schema.ROCKSDB_DDL d JOIN information_schema.ROCKSDB_INDEX_FILE_MAP m"
                     + " ON m.column_family = d.column_family AND m.index_number = d.index_number"
                     + " WHERE d.table_schema = '" + OWN + "')")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
