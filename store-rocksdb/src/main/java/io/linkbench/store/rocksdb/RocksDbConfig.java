package io.linkbench.store.rocksdb;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;

/**
 * The store's options, read once from the configuration. Defaults suit a 2-core machine with a few GB
 * of memory: about 0.8 GB of native memory at most (block cache plus memtables).
 *
 * @param dataDirText      {@code data_dir} as the user wrote it, for messages
 * @param dataDir          the database directory
 * @param blockCacheMb     shared LRU block cache, MiB
 * @param blockSizeKb      data block size, KiB
 * @param writeBufferMb    memtable size per column family, MiB
 * @param compression      codec per level L0..L6
 * @param bottommost       codec of the bottommost level
 * @param wal              write-ahead log for request-phase writes
 * @param loadWal          write-ahead log for bulk-load batches
 * @param sync             fsync the WAL on every write
 * @param backgroundJobs   flush and compaction threads
 * @param bloomBits        bloom filter bits per key, 0 for none
 * @param statistics       collect RocksDB statistics (the counters of the cost report)
 * @param compactAfterLoad no automatic compaction during a load; compact everything once after it
 * @param directReads      read SST files with O_DIRECT, so reads that miss the block cache go to the
 *                         device instead of the OS page cache (IO-bound measurements)
 * @param cacheIndexAndFilterBlocks index and filter blocks live in the block cache (bounded by it) instead of
 *                         beside every open table file (growing with the data)
 * @param partitionIndexAndFilters with the blocks in the cache: partitioned index and filters (a miss reads one
 *                         small partition, not a file's whole index or filter)
 * @param lockWaitTimeoutMs the longest wait for the lock of a node or (id1, link_type) group held by another
 *                         session (a transaction holds its locks until it ends); past it, CONFLICT
 */
record RocksDbConfig(String dataDirText, Path dataDir, int blockCacheMb, int blockSizeKb, int writeBufferMb,
                     List<Compression> compression, Compression bottommost, boolean wal, boolean loadWal,
                     boolean sync, int backgroundJobs, int bloomBits, boolean statistics,
                     boolean compactAfterLoad, boolean directReads, boolean cacheIndexAndFilterBlocks,
                     boolean partitionIndexAndFilters, int lockWaitTimeoutMs) {

    static final String DATA_DIR = "data_dir";
    static final String BLOCK_CACHE_MB = "block_cache_mb";
    static final String BLOCK_SIZE_KB = "block_size_kb";
    static final String WRITE_BUFFER_MB = "write_buffer_mb";
    static final String COMPRESSION = "compression";
    static final String BOTTOMMOST_COMPRESSION = "bottommost_compression";
    static final String WAL = "wal";
    static final String LOAD_WAL = "load_wal";
    static final String SYNC = "sync";
    static final String BACKGROUND_JOBS = "background_jobs";
    static final String BLOOM_BITS = "bloom_bits";
    static final String STATISTICS = "statistics";
    static final String COMPACT_AFTER_LOAD = "compact_after_load";
    static final String DIRECT_READS = "direct_reads";
    static final String CACHE_INDEX_AND_FILTER_BLOCKS = "cache_index_and_filter_blocks";
    static final String PARTITION_INDEX_AND_FILTERS = "partition_index_and_filters";
    static final String LOCK_WAIT_TIMEOUT_MS = "lock_wait_timeout_ms";

    /** Every key the store reads, with its default and meaning. */
    static final List<Setting> SETTINGS = List.of(
            Setting.of(DATA_DIR, "./data/rocksdb", "RocksDB database directory (created when missing)"),
            Setting.of(BLOCK_CACHE_MB, "512", "shared LRU block cache in MiB (0 disables block caching)"),
            Setting.of(BLOCK_SIZE_KB, "16", "data block size in KiB"),
            Setting.of(WRITE_BUFFER_MB, "64", "memtable size per column family in MiB (4 column families, 2 memtables each)"),
            Setting.of(COMPRESSION, "none,none,lz4", "codec per level L0,L1,...: none, lz4 or zstd; the last applies to deeper levels"),
            Setting.of(BOTTOMMOST_COMPRESSION, "zstd", "codec of the bottommost level: none, lz4 or zstd"),
            Setting.of(WAL, "true", "write-ahead log for request-phase writes (false: recent writes are lost on a crash)"),
            Setting.of(LOAD_WAL, "false", "write-ahead log for bulk-load batches (memtables are flushed at the end of the load)"),
            Setting.of(SYNC, "false", "fsync the write-ahead log on every write"),
            Setting.of(BACKGROUND_JOBS, "2", "flush and compaction threads"),
            Setting.of(BLOOM_BITS, "10", "bloom filter bits per key (0: no filters)"),
            Setting.of(STATISTICS, "true", "collect RocksDB statistics for the cost report"),
            Setting.of(COMPACT_AFTER_LOAD, "true", "defer compaction during a load and compact everything once at its end (a timed post-load step)"),
            Setting.of(DIRECT_READS, "false", "read SST files with O_DIRECT: block cache misses go to the device, not the OS page cache"),
            Setting.of(CACHE_INDEX_AND_FILTER_BLOCKS, "false", "keep the SST files' index and bloom filter blocks in the block "
                    + "cache (its high-priority half), as MyRocks does by default, so that they count against block_cache_mb; "
                    + "false: beside each open file, outside the cache (a small cache then still holds data blocks only)"),
            Setting.of(PARTITION_INDEX_AND_FILTERS, "false", "with cache_index_and_filter_blocks: partitioned index and "
                    + "filters in 4 KiB blocks, each file's top level pinned, so a cache smaller than the index and filters reads "
                    + "one partition per miss instead of a file's whole index or filter"),
            Setting.of(LOCK_WAIT_TIMEOUT_MS, "1000", "longest wait in ms for the lock of a node or (id1, link_type) "
                    + "group that another session holds (transactions hold theirs until they end); past it the "
                    + "operation fails with a conflict, which the driver retries"));

    /** Reads and validates every key; throws ConfigException with a one-line message. */
    static RocksDbConfig from(Settings given) {
        Settings s = Settings.withDefaults(given.asMap(), SETTINGS);
        String dirText = s.getString(DATA_DIR);
        Path dir;
        try {
            dir = Path.of(dirText).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw ConfigException.badValue(DATA_DIR, dirText, "not a valid path");
        }
        RocksDbConfig c = new RocksDbConfig(dirText, dir,
                s.getInt(BLOCK_CACHE_MB, 0, 1 << 20),
                s.getInt(BLOCK_SIZE_KB, 1, 1024),
                s.getInt(WRITE_BUFFER_MB, 1, 1 << 16),
                Compression.parseLevels(COMPRESSION, s.getString(COMPRESSION)),
                Compression.parse(BOTTOMMOST_COMPRESSION, s.getString(BOTTOMMOST_COMPRESSION)),
                s.getBoolean(WAL),
                s.getBoolean(LOAD_WAL),
                s.getBoolean(SYNC),
                s.getInt(BACKGROUND_JOBS, 1, 256),
                s.getInt(BLOOM_BITS, 0, 64),
                s.getBoolean(STATISTICS),
                s.getBoolean(COMPACT_AFTER_LOAD),
                s.getBoolean(DIRECT_READS),
                s.getBoolean(CACHE_INDEX_AND_FILTER_BLOCKS),
                s.getBoolean(PARTITION_INDEX_AND_FILTERS),
                s.getInt(LOCK_WAIT_TIMEOUT_MS, 1, 3_600_000));
        if (c.partitionIndexAndFilters() && (!c.cacheIndexAndFilterBlocks() || c.blockCacheMb() == 0)) {
            throw ConfigException.badValue(PARTITION_INDEX_AND_FILTERS, s.getString(PARTITION_INDEX_AND_FILTERS),
                    "needs cache_index_and_filter_blocks=true and a block cache (the partitions live in it)");
        }
        if (c.sync() && !c.wal() && !c.loadWal()) {
            throw ConfigException.badValue(SYNC, s.getString(SYNC), "needs wal=true (there is no log to sync)");
        }
        return c;
    }
}
