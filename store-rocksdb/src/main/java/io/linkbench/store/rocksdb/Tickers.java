package io.linkbench.store.rocksdb;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

/**
 * The RocksDB statistics tickers the store reports, under RocksDB's own ticker names. All are monotonic
 * counters over the life of the store; the reporter shows their differences over a phase.
 */
final class Tickers {
    private static final Map<TickerType, String> NAMES = names();

    private Tickers() {
    }

    private static Map<TickerType, String> names() {
        Map<TickerType, String> m = new LinkedHashMap<>();
        m.put(TickerType.BYTES_READ, "rocksdb.bytes.read");
        m.put(TickerType.BYTES_WRITTEN, "rocksdb.bytes.written");
        m.put(TickerType.ITER_BYTES_READ, "rocksdb.db.iter.bytes.read");
        m.put(TickerType.NUMBER_KEYS_READ, "rocksdb.number.keys.read");
        m.put(TickerType.NUMBER_KEYS_WRITTEN, "rocksdb.number.keys.written");
        m.put(TickerType.NUMBER_MULTIGET_KEYS_READ, "rocksdb.number.multiget.keys.read");
        m.put(TickerType.NUMBER_DB_SEEK, "rocksdb.number.db.seek");
        m.put(TickerType.NUMBER_DB_NEXT, "rocksdb.number.db.next");
        m.put(TickerType.WAL_FILE_BYTES, "rocksdb.wal.bytes");
        m.put(TickerType.WAL_FILE_SYNCED, "rocksdb.wal.synced");
        m.put(TickerType.FLUSH_WRITE_BYTES, "rocksdb.flush.write.bytes");
        m.put(TickerType.COMPACT_READ_BYTES, "rocksdb.compact.read.bytes");
        m.put(TickerType.COMPACT_WRITE_BYTES, "rocksdb.compact.write.bytes");
        m.put(TickerType.COMPACTION_CPU_TOTAL_TIME, "rocksdb.compaction.total.time.cpu_micros");
        m.put(TickerType.STALL_MICROS, "rocksdb.stall.micros");
        m.put(TickerType.BLOCK_CACHE_HIT, "rocksdb.block.cache.hit");
        m.put(TickerType.BLOCK_CACHE_MISS, "rocksdb.block.cache.miss");
        m.put(TickerType.BLOCK_CACHE_DATA_HIT, "rocksdb.block.cache.data.hit");
        m.put(TickerType.BLOCK_CACHE_DATA_MISS, "rocksdb.block.cache.data.miss");
        m.put(TickerType.BLOCK_CACHE_INDEX_HIT, "rocksdb.block.cache.index.hit");
        m.put(TickerType.BLOCK_CACHE_INDEX_MISS, "rocksdb.block.cache.index.miss");
        m.put(TickerType.BLOCK_CACHE_FILTER_HIT, "rocksdb.block.cache.filter.hit");
        m.put(TickerType.BLOCK_CACHE_FILTER_MISS, "rocksdb.block.cache.filter.miss");
        m.put(TickerType.BLOOM_FILTER_USEFUL, "rocksdb.bloom.filter.useful");
        m.put(TickerType.BLOOM_FILTER_PREFIX_USEFUL, "rocksdb.bloom.filter.prefix.useful");
        m.put(TickerType.MEMTABLE_HIT, "rocksdb.memtable.hit");
        m.put(TickerType.MEMTABLE_MISS, "rocksdb.memtable.miss");
        m.put(TickerType.GET_HIT_L0, "rocksdb.l0.hit");
        m.put(TickerType.GET_HIT_L1, "rocksdb.l1.hit");
        m.put(TickerType.GET_HIT_L2_AND_UP, "rocksdb.l2andup.hit");
        m.put(TickerType.NO_FILE_OPENS, "rocksdb.no.file.opens");
        return Collections.unmodifiableMap(m);
    }

    /** The current value of every reported ticker, by name. */
    static Map<String, Long> read(Statistics statistics) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Map.Entry<TickerType, String> e : NAMES.entrySet()) {
            out.put(e.getValue(), statistics.getTickerCount(e.getKey()));
        }
        return out;
    }

    /** The reported names, in report order. */
    static Collection<String> reportedNames() {
        return NAMES.values();
    }
}
