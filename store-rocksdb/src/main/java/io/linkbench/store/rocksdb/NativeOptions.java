package io.linkbench.store.rocksdb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.IndexType;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.LRUCache;
import org.rocksdb.MutableColumnFamilyOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksObject;
import org.rocksdb.Statistics;
import org.rocksdb.UInt64AddOperator;
import org.rocksdb.WriteOptions;

/**
 * The native RocksDB option objects built from a {@link RocksDbConfig}, owned for the life of the store
 * (they outlive a reopen for {@code schema = recreate}, so statistics stay monotonic) and closed last.
 */
final class NativeOptions implements AutoCloseable {
    /** The column families in the order they are opened; "default" holds store metadata. */
    static final List<String> FAMILIES = List.of("default", "nodes", "links", "link_time", "counts");

    private static final int MAX_SUCCESSIVE_MERGES = 16;
    /**
     * Memtable bloom filters, as a share of the memtable size: most reads look for keys that are not in
     * the memtable, and a skip-list search of a large memtable costs a cache miss per level.
     */
    private static final double MEMTABLE_BLOOM_RATIO = 0.02;
    /** RocksDB's default L0 write-stall triggers (files), restored after a load. */
    /** The block cache's share kept for index and filter blocks (when {@code cache_index_and_filter_blocks}). */
    private static final double HIGH_PRIORITY_RATIO = 0.5;
    /** The size of an index or filter partition when they live in the cache. */
    private static final long METADATA_BLOCK_BYTES = 4096;
    private static final int L0_SLOWDOWN = 20;
    private static final int L0_STOP = 36;
    private static final int L0_NEVER = 1 << 30;

    private final List<RocksObject> owned = new ArrayList<>();
    private final DBOptions dbOptions;
    private final List<ColumnFamilyDescriptor> descriptors;
    private final Statistics statistics;
    private final WriteOptions requestWrites;
    private final WriteOptions loadWrites;
    private final boolean memtableBlooms;

    NativeOptions(RocksDbConfig c) {
        RocksDB.loadLibrary();
        memtableBlooms = c.bloomBits() > 0;
        statistics = c.statistics() ? own(new Statistics()) : null;
        dbOptions = own(new DBOptions())
                .setCreateIfMissing(true)
                .setCreateMissingColumnFamilies(true)
                .setMaxBackgroundJobs(c.backgroundJobs())
                // A write batch spans column families; flushing them together keeps them consistent
                // after a crash even for writes made without the write-ahead log.
                .setAtomicFlush(true)
                .setAvoidFlushDuringShutdown(false)
                .setBytesPerSync(1L << 20)
                .setKeepLogFileNum(4)
                .setUseDirectReads(c.directReads())
                .setInfoLogLevel(InfoLogLevel.WARN_LEVEL);
        if (statistics != null) {
            dbOptions.setStatistics(statistics);
        }
        // a high-priority pool for index and filter blocks when they live in the cache: data blocks evict each other first
        long cacheBytes = (long) c.blockCacheMb() << 20;
        Cache cache = c.blockCacheMb() <= 0 ? null : own(c.cacheIndexAndFilterBlocks()
                ? new LRUCache(cacheBytes, -1, false, HIGH_PRIORITY_RATIO) : new LRUCache(cacheBytes));
        BloomFilter filter = c.bloomBits() > 0 ? own(new BloomFilter(c.bloomBits())) : null;

        ColumnFamilyOptions meta = own(new ColumnFamilyOptions());
        ColumnFamilyOptions nodes = family(c, table(c, cache, filter, true));
        ColumnFamilyOptions links = family(c, table(c, cache, filter, true));
        // GET_LINKS_LIST scans one (id1, link_type) group: a prefix bloom filter on the 16-byte group
        // prefix skips files without the group; point reads never touch this family.
        ColumnFamilyOptions linkTime = family(c, table(c, cache, filter, false))
                .useFixedLengthPrefixExtractor(Keys.GROUP_PREFIX);
        // Count and version cells are 64-bit counters changed by blind increments (merge operands).
        ColumnFamilyOptions counts = family(c, table(c, cache, filter, true))
                .setMergeOperator(own(new UInt64AddOperator()))
                .setMaxSuccessiveMerges(MAX_SUCCESSIVE_MERGES);
        List<ColumnFamilyOptions> perFamily = List.of(meta, nodes, links, linkTime, counts);
        List<ColumnFamilyDescriptor> ds = new ArrayList<>();
        for (int i = 0; i < FAMILIES.size(); i++) {
            ds.add(new ColumnFamilyDescriptor(FAMILIES.get(i).getBytes(StandardCharsets.UTF_8), perFamily.get(i)));
        }
        descriptors = List.copyOf(ds);

        requestWrites = own(new WriteOptions()).setDisableWAL(!c.wal()).setSync(c.wal() && c.sync());
        loadWrites = own(new WriteOptions()).setDisableWAL(!c.loadWal()).setSync(c.loadWal() && c.sync());
    }

    private ColumnFamilyOptions family(RocksDbConfig c, BlockBasedTableConfig table) {
        List<CompressionType> levels = new ArrayList<>();
        for (Compression comp : c.compression()) {
            levels.add(comp.type());
        }
        return own(new ColumnFamilyOptions())
                .setWriteBufferSize((long) c.writeBufferMb() << 20)
                .setMaxWriteBufferNumber(2)
                .setLevelCompactionDynamicLevelBytes(true)
                .setLevel0SlowdownWritesTrigger(L0_SLOWDOWN)
                .setLevel0StopWritesTrigger(L0_STOP)
                .setCompressionPerLevel(levels)
                .setBottommostCompressionType(c.bottommost().type())
                .setMemtablePrefixBloomSizeRatio(c.bloomBits() > 0 ? MEMTABLE_BLOOM_RATIO : 0)
                .setMemtableWholeKeyFiltering(c.bloomBits() > 0 && table.wholeKeyFiltering())
                .setTableFormatConfig(table);
    }

    private static BlockBasedTableConfig table(RocksDbConfig c, Cache cache, BloomFilter filter, boolean wholeKey) {
        BlockBasedTableConfig t = new BlockBasedTableConfig().setBlockSize((long) c.blockSizeKb() << 10);
        if (cache == null) {
            t.setNoBlockCache(true);
        } else {
            t.setBlockCache(cache);
            // in the cache, evictable: a bulk load leaves hundreds of L0 files, so L0's blocks are not pinned
            t.setCacheIndexAndFilterBlocks(c.cacheIndexAndFilterBlocks())
                    .setCacheIndexAndFilterBlocksWithHighPriority(true)
                    .setPinL0FilterAndIndexBlocksInCache(false);
            if (c.partitionIndexAndFilters()) {
                // a miss reads one small partition, not a file's whole index or filter (megabytes at 10^8 ids,
                // which a cache below their size evicts and reads again lookup after lookup); only each file's
                // small top level stays pinned
                t.setIndexType(IndexType.kTwoLevelIndexSearch)
                        .setMetadataBlockSize(METADATA_BLOCK_BYTES)
                        .setPinTopLevelIndexAndFilter(true)
                        .setPartitionFilters(filter != null);
            }
        }
        if (filter != null) {
            t.setFilterPolicy(filter).setWholeKeyFiltering(wholeKey);
        }
        return t;
    }

    private <T extends RocksObject> T own(T o) {
        owned.add(o);
        return o;
    }

    DBOptions dbOptions() {
        return dbOptions;
    }

    List<ColumnFamilyDescriptor> descriptors() {
        return descriptors;
    }

    /** The statistics object, or null when {@code statistics = false}. */
    Statistics statistics() {
        return statistics;
    }

    WriteOptions requestWrites() {
        return requestWrites;
    }

    WriteOptions loadWrites() {
        return loadWrites;
    }

    /**
     * Tunes the data families for what comes next; it applies to memtables and compactions started
     * from now on.
     *
     * <p>Memtable bloom filters are off for a load and on for requests: a load only writes, and adding
     * every key to a filter cost about a tenth of its CPU here; requests mostly read keys that are not
     * in the memtable, which the filter answers without a skip-list search (a cache miss per level).
     *
     * <p>{@code deferCompaction} (a load followed by the {@code compact} step) turns automatic
     * compaction off and puts the L0 write-stall triggers out of reach, as RocksDB's bulk-load recipe
     * does: every loaded byte is compacted once, at the end, instead of again and again during the load.
     */
    void tuneFor(Database d, boolean memtableBloomsOn, boolean deferCompaction) throws RocksDBException {
        int tuning = (memtableBloomsOn ? 1 : 0) | (deferCompaction ? 2 : 0);
        if (d.tuning == tuning) {
            return; // each SetOptions call rewrites and syncs the OPTIONS file: skip the ones that change nothing
        }
        MutableColumnFamilyOptions m = MutableColumnFamilyOptions.builder()
                .setMemtablePrefixBloomSizeRatio(memtableBlooms && memtableBloomsOn ? MEMTABLE_BLOOM_RATIO : 0)
                .setDisableAutoCompactions(deferCompaction)
                .setLevel0SlowdownWritesTrigger(deferCompaction ? L0_NEVER : L0_SLOWDOWN)
                .setLevel0StopWritesTrigger(deferCompaction ? L0_NEVER : L0_STOP)
                .build();
        for (ColumnFamilyHandle h : d.dataFamilies()) {
            d.db.setOptions(h, m);
        }
        d.tuning = tuning;
    }

    /** Options for {@link RocksDB#destroyDB}: the caller closes them. */
    Options destroyOptions() {
        return new Options(dbOptions, descriptors.get(0).getOptions());
    }

    @Override
    public void close() {
        for (int i = owned.size() - 1; i >= 0; i--) {
            owned.get(i).close();
        }
        owned.clear();
    }
}
