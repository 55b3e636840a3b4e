package io.linkbench.store.rocksdb;

import io.linkbench.store.LoadHooks.DiskEstimate;
import io.linkbench.store.LoadHooks.Step;
import io.linkbench.store.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.RocksDBException;

/**
 * The store's steps after a load (flush the memtables, then, when {@code compact_after_load}, compact
 * every data family, which can be cancelled) and what the store estimates of them ahead: their time and
 * the load's peak disk. Called by {@link RocksDbStore}, whose {@code LoadHooks} methods hand these out;
 * a step runs under the store's lifecycle monitor, on the database the store has open then.
 */
final class AfterLoadSteps {
    private static final String STEP_FLUSH = "flush memtables";
    /**
     * The flush step's time and the compact step's, each as a multiple of the insert window's: measured
     * with 2 loaders at 10^6 and 10^7 ids (flush 0.05-0.07x; compaction, which rewrites every loaded
     * byte once into the bottommost level, 0.6-0.9x: two subcompactions beside nothing else, or on a
     * busy machine). Documented in performance.md, "The seeds' sizes".
     */
    private static final double FLUSH_RATIO = 0.07;
    private static final double COMPACT_RATIO = 0.8;
    private static final String STEP_COMPACT = "compact";
    /** The load's peak disk per logical byte ({@link #loadDiskEstimate}) by L0's codec, and compacting during it. */
    private static final double DISK_L0_NONE = 2.0;
    private static final double DISK_L0_LZ4 = 1.3;
    private static final double DISK_L0_ZSTD = 1.15;
    private static final double DISK_COMPACTING = 0.85;

    /** The store's database as it is now (a recreate replaces it); called under the store's lifecycle monitor. */
    @FunctionalInterface
    interface OpenDatabase {
        /** The database; throws when the store is closed. */
        Database get() throws StoreException;
    }

    private final RocksDbConfig config;
    private final NativeOptions options;
    private final Errors errors;
    /** The store's lifecycle monitor, held by each step while it runs. */
    private final Object lifecycle;
    private final OpenDatabase database;
    private final Object compactionGuard = new Object();
    private CompactRangeOptions runningCompaction; // guarded by compactionGuard
    /** The database {@link #runningCompaction} compacts; guarded by compactionGuard. */
    private Database compacting;

    AfterLoadSteps(RocksDbConfig config, NativeOptions options, Errors errors, Object lifecycle, OpenDatabase database) {
        this.config = config;
        this.options = options;
        this.errors = errors;
        this.lifecycle = lifecycle;
        this.database = database;
    }

    /** {@code LoadHooks.finishLoadSteps}: the flush, and the compaction when deferred. */
    List<Step> finishLoadSteps() {
        Step flush = new Step(STEP_FLUSH, this::flushAfterLoad);
        return config.compactAfterLoad() ? List.of(flush, new Step(STEP_COMPACT, this::compactAfterLoad,
                this::cancelCompaction)) : List.of(flush);
    }

    /** The steps' time relative to the inserts, as measured here: flush, and compaction when deferred. */
    OptionalDouble finishLoadEstimate() {
        return OptionalDouble.of(config.compactAfterLoad() ? FLUSH_RATIO + COMPACT_RATIO : FLUSH_RATIO);
    }

    /**
     * The load's peak disk per logical byte with the default workload (performance.md, "The seeds' sizes"):
     * deferred compaction keeps every loaded byte in L0, written with L0's codec, until the post-load
     * compaction, which compacts one column family at a time beside it. L0 in zstd: 1.15x at 10^8 ids (1.00x
     * at 10^7); uncompressed: L0 alone 1.81x at 10^7, plus the compaction's share; lz4 from its ratio to zstd
     * at 10^6. Compaction during the load: 0.82x at 10^8.
     */
    Optional<DiskEstimate> loadDiskEstimate() {
        String during = RocksDbConfig.COMPACT_AFTER_LOAD + "=false (compaction during the load: "
                + DISK_COMPACTING + "x, loading slower)";
        if (!config.compactAfterLoad()) {
            return Optional.of(new DiskEstimate(DISK_COMPACTING, ""));
        }
        List<Compression> zstdL0 = new ArrayList<>(config.compression());
        zstdL0.set(0, Compression.ZSTD);
        String compressed = RocksDbConfig.COMPRESSION + "=" + Compression.formatShort(zstdL0) + " (L0 in zstd: "
                + DISK_L0_ZSTD + "x) or " + during;
        return Optional.of(switch (config.compression().get(0)) {
            case NONE -> new DiskEstimate(DISK_L0_NONE, compressed);
            case LZ4 -> new DiskEstimate(DISK_L0_LZ4, compressed);
            case ZSTD -> new DiskEstimate(DISK_L0_ZSTD, during);
        });
    }

    /** Flushes the memtables; those this flush starts serve the requests, so with blooms on. */
    private void flushAfterLoad() throws StoreException {
        synchronized (lifecycle) {
            Database d = database.get();
            try {
                options.tuneFor(d, true, config.compactAfterLoad());
                try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
                    d.db.flush(fo, d.allFamilies());
                }
            } catch (RocksDBException e) {
                throw errors.onOperation(STEP_FLUSH, e);
            }
        }
    }

    private void compactAfterLoad() throws StoreException {
        synchronized (lifecycle) {
            Database d = database.get();
            try {
                compactAll(d);
                options.tuneFor(d, true, false);
            } catch (RocksDBException e) {
                throw errors.onOperation(STEP_COMPACT, e);
            }
        }
    }

    /**
     * Compacts every data family; {@link #cancelCompaction} cancels it through the options object. The
     * bottommost level is rewritten too: L0 files that do not overlap (the nodes, loaded in id order)
     * would otherwise be moved down as they are, without the bottommost compression.
     */
    private void compactAll(Database d) throws RocksDBException {
        CompactRangeOptions co = new CompactRangeOptions().setMaxSubcompactions(config.backgroundJobs())
                .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForceOptimized);
        synchronized (compactionGuard) {
            runningCompaction = co;
            compacting = d;
        }
        try {
            for (ColumnFamilyHandle h : d.dataFamilies()) {
                if (co.canceled()) {
                    return;
                }
                d.db.compactRange(h, null, null, co);
            }
        } finally {
            synchronized (compactionGuard) {
                runningCompaction = null;
                compacting = null;
                co.close();
            }
        }
    }

    /**
     * Cancels a running post-load compaction, so the step returns within moments (a flush is short and
     * runs to its end). The cancel flag only ends the wait for the compaction; its background job would
     * run on and hold up closing the database, so background work is stopped too: the run is ending.
     * Takes no lock the step holds.
     */
    private void cancelCompaction() {
        synchronized (compactionGuard) {
            if (runningCompaction != null) {
                runningCompaction.setCanceled(true);
                compacting.db.cancelAllBackgroundWork(false);
            }
        }
    }
}
