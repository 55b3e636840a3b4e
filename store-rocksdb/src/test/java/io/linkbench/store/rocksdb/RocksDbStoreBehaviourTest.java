package io.linkbench.store.rocksdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import io.linkbench.graph.Node;
import io.linkbench.graph.Visibility;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.StoreSession;
import io.linkbench.store.VerificationReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the TCK does not cover: durability across reopen, faults, options, metrics and load hooks. */
class RocksDbStoreBehaviourTest {
    @TempDir
    Path dir;

    private GraphStore open(String... keyValues) throws StoreException {
        Map<String, String> m = new HashMap<>(Map.of("data_dir", dir.resolve("db").toString(),
                "block_cache_mb", "8", "write_buffer_mb", "4", "background_jobs", "1"));
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return new RocksDbStoreProvider().open(new StoreContext(new Settings(m), 4));
    }

    private static Link link(long id1, long id2, long time) {
        return new Link(id1, 1, id2, Visibility.VISIBLE, ("d" + id2).getBytes(StandardCharsets.UTF_8), 1, time);
    }

    private static Node node(long id) {
        return new Node(id, 1, 1, 1, ("n" + id).getBytes(StandardCharsets.UTF_8));
    }

    /** Loads a little, writes a little more, closes; then checks everything after reopening. */
    private void writeCloseReopenRead(String... options) throws Exception {
        long added;
        try (GraphStore store = open(options)) {
            store.prepareForLoad(SchemaMode.CREATE);
            try (StoreSession s = store.session(0)) {
                s.loadNodes(List.of(node(1), node(2)));
                s.loadLinks(List.of(link(1, 2, 10), link(1, 3, 20)));
                s.loadCounts(List.of(new LinkCount(1, 1, 2, 20, 1)));
                ((LoadHooks) store).finishLoad();
                store.prepareForRequests();
                added = s.addNode(node(0));
                assertTrue(s.deleteNode(added, 1));
                assertTrue(s.addLink(link(1, 4, 30)));
                assertTrue(s.deleteLink(1, 1, 2, false));
            }
        }
        try (GraphStore store = open(options)) {
            store.prepareForRequests();
            try (StoreSession s = store.session(0)) {
                assertEquals(node(2), s.getNode(2, 1));
                assertEquals(2, s.countLinks(1, 1));
                assertEquals(List.of(link(1, 4, 30), link(1, 3, 20)), s.getLinkList(1, 1, 0, Long.MAX_VALUE, 0, 10));
                assertTrue(s.addNode(node(0)) > added, "ids stay above the deleted, assigned id " + added);
            }
            assertTrue(((io.linkbench.store.CountVerifier) store).verifyCounts().ok());
            StoreException e = assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.CREATE));
            assertTrue(e.getMessage().contains("schema = recreate"), e.getMessage());
        }
    }

    @Test
    void everythingSurvivesCloseAndReopen() throws Exception {
        writeCloseReopenRead();
    }

    /** direct_reads (the IO-bound profile): the data is read back from SST files opened with O_DIRECT. */
    @Test
    void directReadsReadEverythingBackAfterReopen() throws Exception {
        writeCloseReopenRead("direct_reads", "true", "block_cache_mb", "0");
    }

    /**
     * cache_index_and_filter_blocks: the data reads back through a cache that holds the index and filter blocks too,
     * and RocksDB's OPTIONS file (what the results record) says every data family's table does so, with one index
     * and one filter block per file as MyRocks has them; the facts count those blocks' bytes.
     */
    @Test
    void indexAndFilterBlocksInTheCacheReadEverythingBackAndAreRecorded() throws Exception {
        writeCloseReopenRead("cache_index_and_filter_blocks", "true");
        try (GraphStore store = open("cache_index_and_filter_blocks", "true")) {
            Map<String, String> written = ((io.linkbench.store.ServerConfiguration) store).serverConfiguration();
            assertEquals(4, tablesWith(written, "cache_index_and_filter_blocks", "true"));
            assertEquals(0, tablesWith(written, "index_type", "kTwoLevelIndexSearch"), "not partitioned unless asked");
            assertEquals("true", store.info().facts().get("cache_index_and_filter_blocks"));
            assertTrue(Long.parseLong(store.info().facts().get("index_and_filter_bytes")) > 0,
                    "the flushed files' index and filter blocks are counted: " + store.info().facts());
        }
        try (GraphStore store = open()) {
            assertEquals("false", store.info().facts().get("cache_index_and_filter_blocks"), "off by default");
        }
    }

    /** partition_index_and_filters: every data family's index and filters in partitions, and the data reads back. */
    @Test
    void partitionedIndexAndFiltersReadEverythingBackAndAreRecorded() throws Exception {
        String[] partitioned = {"cache_index_and_filter_blocks", "true", "partition_index_and_filters", "true"};
        writeCloseReopenRead(partitioned);
        try (GraphStore store = open(partitioned)) {
            Map<String, String> written = ((io.linkbench.store.ServerConfiguration) store).serverConfiguration();
            assertEquals(4, tablesWith(written, "index_type", "kTwoLevelIndexSearch"));
            assertEquals(4, tablesWith(written, "partition_filters", "true"));
            assertEquals("true", store.info().facts().get("partition_index_and_filters"));
        }
    }

    /** How many tables of the OPTIONS file have {@code option = value}. */
    private static long tablesWith(Map<String, String> written, String option, String value) {
        return written.entrySet().stream()
                .filter(e -> e.getKey().endsWith("." + option) && value.equals(e.getValue())).count();
    }

    @Test
    void withoutTheWalCloseFlushesEverything() throws Exception {
        writeCloseReopenRead("wal", "false", "load_wal", "false");
    }

    @Test
    void aSecondOpenOfTheSameDirectoryIsRefusedWithOneLine() throws Exception {
        try (GraphStore first = open()) {
            StoreException e = assertThrows(StoreException.class, this::open);
            String expected = "data_dir " + dir.resolve("db") + " is locked by another process (LOCK held by pid "
                    + ProcessHandle.current().pid() + " on this host, started ";
            assertTrue(e.getMessage().startsWith(expected), e.getMessage());
            assertTrue(e.getMessage().endsWith("wait for it to end, or stop it (the lock ends with its process)"),
                    e.getMessage());
            assertFalse(e.isRetryable());
            assertTrue(e.isRefusal(), "a held lock is a refusal: the CLI prints no stack-trace hint");
            assertNotNull(first.info());
        }
    }

    @Test
    void aFileInPlaceOfTheDirectoryIsRefused() throws Exception {
        Files.writeString(dir.resolve("db"), "not a database");
        StoreException e = assertThrows(StoreException.class, this::open);
        assertEquals("data_dir " + dir.resolve("db") + " is not a directory", e.getMessage());
    }

    @Test
    void anotherRocksDbDatabaseIsRefused() throws Exception {
        try (org.rocksdb.Options o = new org.rocksdb.Options().setCreateIfMissing(true);
             org.rocksdb.RocksDB db = org.rocksdb.RocksDB.open(o, dir.resolve("db").toString());
             org.rocksdb.ColumnFamilyOptions cfo = new org.rocksdb.ColumnFamilyOptions()) {
            db.createColumnFamily(new org.rocksdb.ColumnFamilyDescriptor("users".getBytes(StandardCharsets.UTF_8), cfo))
                    .close();
        }
        StoreException e = assertThrows(StoreException.class, this::open);
        assertEquals(StoreException.Kind.REJECTED, e.kind());
        assertTrue(e.isRefusal());
        assertTrue(e.getMessage().contains("not a linkbench store (column family 'users')"), e.getMessage());
    }

    @Test
    void recreateEmptiesAndKeepsCountersMonotonic() throws Exception {
        try (GraphStore store = open()) {
            try (StoreSession s = store.session(0)) {
                s.addLink(link(5, 6, 7));
            }
            long written = ((StoreMetrics) store).counters().get("rocksdb.number.keys.written");
            assertTrue(written > 0);
            store.prepareForLoad(SchemaMode.RECREATE);
            store.prepareForLoad(SchemaMode.CREATE);
            assertTrue(((StoreMetrics) store).counters().get("rocksdb.number.keys.written") >= written);
            try (StoreSession s = store.session(0)) {
                assertEquals(0, s.countLinks(5, 1));
            }
        }
    }

    @Test
    void recreateRefusesWhileASessionIsOpen() throws Exception {
        try (GraphStore store = open(); StoreSession s = store.session(0)) {
            StoreException e = assertThrows(StoreException.class, () -> store.prepareForLoad(SchemaMode.RECREATE));
            assertEquals(StoreException.Kind.REJECTED, e.kind());
            assertEquals(0, s.countLinks(1, 1), "the session still works");
        }
    }

    @Test
    void metricsReportStatisticsSizeAndThisProcess() throws Exception {
        try (GraphStore store = open()) {
            StoreMetrics m = assertInstanceOf(StoreMetrics.class, store);
            Map<String, Long> before = m.counters();
            List<String> names = new java.util.ArrayList<>(Tickers.reportedNames());
            names.add(StoreMetrics.LIST_ENTRIES_SKIPPED);
            assertEquals(names, List.copyOf(before.keySet()));
            try (StoreSession s = store.session(0)) {
                for (long id1 = 1; id1 <= 200; id1++) {
                    s.addLink(link(id1, 2, 3));
                }
                assertEquals(1, s.getLinkList(7, 1, 0, 10, 0, 10).size());
            }
            ((LoadHooks) store).finishLoad();
            Map<String, Long> after = m.counters();
            assertTrue(after.get("rocksdb.bytes.written") > before.get("rocksdb.bytes.written"));
            assertTrue(after.get("rocksdb.flush.write.bytes") > before.get("rocksdb.flush.write.bytes"));
            assertTrue(after.get("rocksdb.number.db.seek") > before.get("rocksdb.number.db.seek"));
            assertTrue(m.sizeBytes().orElseThrow() > 0);
            assertEquals(ProcessHandle.current().pid(), m.serverPid().orElseThrow());
            assertEquals(dir.resolve("db").toAbsolutePath().normalize(), m.dataDirectory().orElseThrow());
        }
    }

    /** A deleted link leaves a tombstone in the time index that GET_LINKS_LIST passes over: the store counts it. */
    @Test
    void listReadsCountTheDeletedEntriesTheyPassOver() throws Exception {
        try (GraphStore store = open(); StoreSession s = store.session(0)) {
            StoreMetrics m = (StoreMetrics) store;
            for (long id2 = 1; id2 <= 20; id2++) {
                s.addLink(link(7, id2, 100 + id2));
            }
            for (long id2 = 11; id2 <= 20; id2++) { // the newest ten: the list read passes their tombstones first
                assertTrue(s.deleteLink(7, 1, id2, false));
            }
            long before = m.counters().get(StoreMetrics.LIST_ENTRIES_SKIPPED);
            assertEquals(List.of(10L, 9L), s.getLinkList(7, 1, 0, Long.MAX_VALUE, 0, 2).stream().map(Link::id2).toList());
            long skipped = m.counters().get(StoreMetrics.LIST_ENTRIES_SKIPPED) - before;
            assertTrue(skipped >= 10, "the ten deleted entries were passed over: " + skipped);
        }
    }

    @Test
    void withoutStatisticsThereAreNoCounters() throws Exception {
        try (GraphStore store = open("statistics", "false")) {
            assertEquals(Map.of(), ((StoreMetrics) store).counters());
        }
    }

    @Test
    void aLoadEndsWithFlushAndOneCompactionUnlessCompactionRunsDuringIt() throws Exception {
        for (String compactAfterLoad : new String[] {"true", "false"}) {
            try (GraphStore store = open("compact_after_load", compactAfterLoad)) {
                store.prepareForLoad(SchemaMode.RECREATE);
                LoadHooks hooks = (LoadHooks) store;
                assertEquals(compactAfterLoad.equals("true") ? List.of("flush memtables", "compact")
                        : List.of("flush memtables"), hooks.finishLoadSteps().stream().map(LoadHooks.Step::name).toList());
                try (StoreSession s = store.session(0)) {
                    s.loadLinks(List.of(link(1, 2, 10), link(1, 3, 5)));
                    s.loadCounts(List.of(new LinkCount(1, 1, 2, 10, 1)));
                    hooks.finishLoad();
                    store.prepareForRequests();
                    assertEquals(List.of(link(1, 2, 10), link(1, 3, 5)), s.getLinkList(1, 1, 0, 100, 0, 10));
                    assertTrue(s.addLink(link(1, 4, 20)));
                    assertEquals(3, s.countLinks(1, 1));
                }
                assertTrue(((StoreMetrics) store).sizeBytes().orElseThrow() > 0, "flushed to SST files");
            }
        }
    }

    @Test
    void theLoadsDiskEstimateFollowsL0sCodecAndNamesTheSettingsThatLowerIt() throws Exception {
        try (GraphStore store = open()) { // L0 uncompressed until the post-load compaction
            LoadHooks.DiskEstimate e = ((LoadHooks) store).loadDiskEstimate().orElseThrow();
            assertEquals(2.0, e.peakPerLogicalByte());
            assertEquals("compression=zstd,none,lz4 (L0 in zstd: 1.15x) or compact_after_load=false (compaction during"
                    + " the load: 0.85x, loading slower)", e.lowerWith());
        }
        try (GraphStore store = open("compression", "zstd,none,lz4")) {
            LoadHooks.DiskEstimate e = ((LoadHooks) store).loadDiskEstimate().orElseThrow();
            assertEquals(1.15, e.peakPerLogicalByte());
            assertTrue(e.lowerWith().startsWith("compact_after_load=false"), e.lowerWith());
        }
        try (GraphStore store = open("compact_after_load", "false")) {
            assertEquals(new LoadHooks.DiskEstimate(0.85, ""), ((LoadHooks) store).loadDiskEstimate().orElseThrow());
        }
    }

    @Test
    void aClosedStoreRefusesOperationsAndClosesOnce() throws Exception {
        GraphStore store = open();
        StoreSession s = store.session(0);
        store.close();
        StoreException e = assertThrows(StoreException.class, () -> s.countLinks(1, 1));
        assertEquals("the rocksdb store is closed", e.getMessage());
        assertThrows(StoreException.class, () -> store.session(1));
        s.close();
        store.close();
    }

    @Test
    void concurrentWritersOfOneGroupKeepTheCountExact() throws Exception {
        try (GraphStore store = open()) {
            assertTrue(store.info().transactional(), "declared transactional");
            int threads = 4;
            Thread[] workers = new Thread[threads];
            Exception[] failures = new Exception[threads];
            for (int t = 0; t < threads; t++) {
                int me = t;
                workers[t] = new Thread(() -> {
                    try (StoreSession s = store.session(me)) {
                        for (int i = 0; i < 400; i++) {
                            long id2 = (i * 7L + me) % 16; // every thread writes the same 16 links
                            switch (i % 4) {
                                case 0, 1 -> s.addLink(link(9, id2, i));
                                case 2 -> s.deleteLink(9, 1, id2, false);
                                default -> s.deleteLink(9, 1, id2, true);
                            }
                        }
                    } catch (Exception ex) {
                        failures[me] = ex;
                    }
                });
                workers[t].start();
            }
            for (Thread w : workers) {
                w.join();
            }
            for (Exception f : failures) {
                if (f != null) {
                    throw f;
                }
            }
            try (StoreSession s = store.session(0)) {
                long visible = s.multigetLinks(9, 1, java.util.stream.LongStream.range(0, 16).toArray())
                        .stream().filter(Link::isVisible).count();
                assertEquals(visible, s.countLinks(9, 1));
                assertEquals(visible, s.getLinkList(9, 1, Long.MIN_VALUE, Long.MAX_VALUE, 0, 100).size());
            }
            VerificationReport report = ((io.linkbench.store.CountVerifier) store).verifyCounts();
            assertTrue(report.ok(), "mismatches: " + report.examples());
        }
    }

    @Test
    void theProviderIsFoundByName() {
        assertInstanceOf(RocksDbStoreProvider.class, StoreProviders.discover().byName("rocksdb"));
    }
}
