package io.linkbench.store.rocksdb;

import io.linkbench.store.CountVerifier;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.SchemaMode;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreMetrics;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionSupport;
import io.linkbench.store.support.NodeIdBlocks;
import io.linkbench.store.VerificationReport;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;

/**
 * The embedded RocksDB store: one database in {@code data_dir}, used by the threads of this process
 * only (RocksDB's LOCK file keeps other processes out), so a striped lock per (id1, link_type) is all
 * it takes to keep the count invariant under concurrent writers (declared in {@link StoreInfo#transactional()}).
 *
 * <p>Store-level calls (prepare, metrics, verify, finish-load steps, session creation, close) are
 * serialized on one monitor; session operations never take it. On Ctrl-C the owner (the driver) stops
 * its phase, cancels a running post-load compaction ({@link AfterLoadSteps}) and closes the
 * store.
 */
final class RocksDbStore implements CountVerifier, StoreMetrics, LoadHooks, LoadStateStore,
        io.linkbench.store.ServerConfiguration {
    /**
     * Lock stripes: a read-write transaction holds one per node and group it touches until it ends, so
     * they must be many for two transactions of a hundred keys each to share one rarely (about 15% of
     * such pairs share one with 2^16 stripes; 2.3 MiB of locks).
     */
    private static final int LOCK_STRIPES = 1 << 16;
    private static final long CLOSE_DRAIN_MILLIS = 10_000;
    private final RocksDbConfig config;
    private final NativeOptions options;
    private final Errors errors;
    private final Gate gate = new Gate();
    private final StripedLocks locks;
    private final Object lifecycle = new Object();
    private volatile Database database;
    private volatile NodeIdBlocks nodeIds;
    private volatile boolean closed; // written under lifecycle
    private final AfterLoadSteps afterLoad;

    private RocksDbStore(RocksDbConfig config, NativeOptions options, Errors errors, Database database)
            throws StoreException {
        this.config = config;
        this.options = options;
        this.errors = errors;
        this.locks = new StripedLocks(LOCK_STRIPES, config.lockWaitTimeoutMs());
        this.database = database;
        this.nodeIds = nodeIdsOf(database);
        this.afterLoad = new AfterLoadSteps(config, options, errors, lifecycle, this::openDatabase);
    }

    /** Opens the database of {@code config}, creating it when missing. */
    static RocksDbStore open(RocksDbConfig config) throws StoreException {
        NativeOptions options = new NativeOptions(config);
        Errors errors = new Errors(config.dataDirText(), config.dataDir());
        Database db = null;
        try {
            db = Database.open(config, options, errors);
            return new RocksDbStore(config, options, errors, db);
        } catch (StoreException | RuntimeException e) {
            if (db != null) {
                db.close();
            }
            options.close();
            throw e;
        }
    }

    private NodeIdBlocks nodeIdsOf(Database d) throws StoreException {
        try {
            long start = Math.max(0, Math.max(d.maxNodeId(), d.reservedNodeId()));
            return new NodeIdBlocks(new NodeIdCounter(start, upTo -> {
                try {
                    d.db.put(d.meta, options.requestWrites(), Database.NODE_ID_RESERVED_KEY, Bytes.long8(upTo));
                } catch (RocksDBException e) {
                    throw errors.onOperation("ADD_NODE id reservation", e);
                }
            }), NodeIdCounter.BLOCK);
        } catch (RocksDBException e) {
            throw errors.onOperation("read of the node id reservation", e);
        }
    }

    @Override
    public StoreInfo info() throws StoreException {
        RocksDB.Version v = RocksDB.rocksdbVersion();
        Map<String, String> facts = new LinkedHashMap<>();
        facts.put("data_dir", config.dataDir().toString());
        facts.put("block_cache_mb", Integer.toString(config.blockCacheMb()));
        facts.put("write_buffer_mb", Integer.toString(config.writeBufferMb()));
        facts.put("compression", Compression.format(config.compression()));
        facts.put("bottommost_compression", config.bottommost().label());
        facts.put("wal", Boolean.toString(config.wal()));
        facts.put("load_wal", Boolean.toString(config.loadWal()));
        facts.put("sync", Boolean.toString(config.sync()));
        facts.put("background_jobs", Integer.toString(config.backgroundJobs()));
        facts.put("direct_reads", Boolean.toString(config.directReads()));
        facts.put("cache_index_and_filter_blocks", Boolean.toString(config.cacheIndexAndFilterBlocks() && config.blockCacheMb() > 0));
        facts.put("partition_index_and_filters", Boolean.toString(config.partitionIndexAndFilters()));
        indexAndFilterBytes().ifPresent(b -> facts.put("index_and_filter_bytes", Long.toString(b)));
        facts.put("concurrency", "striped lock per (id1, link_type) + atomic write batch");
        facts.put("lock_wait_timeout_ms", Integer.toString(config.lockWaitTimeoutMs()));
        return new StoreInfo("rocksdb", v.getMajor() + "." + v.getMinor() + "." + v.getPatch(), "RocksDB", facts, true);
    }

    /**
     * {@link Database#indexAndFilterBytes}, read like the other native queries (not during a recreate, which
     * replaces the database); empty when RocksDB cannot say.
     */
    private OptionalLong indexAndFilterBytes() throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            try {
                return OptionalLong.of(database.indexAndFilterBytes());
            } catch (RocksDBException | NumberFormatException e) {
                return OptionalLong.empty(); // a fact left out: the run goes on without it
            }
        }
    }

    @Override
    public void prepareForLoad(SchemaMode mode) throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            if (mode == SchemaMode.RECREATE) {
                recreate();
            }
            Database d = database;
            List<String> nonEmpty = new ArrayList<>();
            try {
                for (ColumnFamilyHandle h : d.dataFamilies()) {
                    if (!d.isEmpty(h)) {
                        nonEmpty.add(Database.nameOf(h));
                    }
                }
            } catch (RocksDBException e) {
                throw errors.onOperation("emptiness check", e);
            }
            if (!nonEmpty.isEmpty()) {
                throw StoreException.refusal("data_dir " + config.dataDirText() + " is not empty (it holds "
                        + String.join(", ", nonEmpty) + "): set schema = recreate to drop the data and load anew");
            }
            tuneFor(false, config.compactAfterLoad());
        }
    }

    /** See {@link NativeOptions#tuneFor}. */
    private void tuneFor(boolean memtableBlooms, boolean deferCompaction) throws StoreException {
        try {
            options.tuneFor(database, memtableBlooms, deferCompaction);
        } catch (RocksDBException e) {
            throw errors.onOperation("setOptions", e);
        }
    }

    /** Closes the database, deletes its files and opens an empty one (no session may be open). */
    private void recreate() throws StoreException {
        if (gate.openPasses() > 0) {
            throw new StoreException(Kind.REJECTED, "schema = recreate needs every session of the rocksdb store closed");
        }
        try {
            database.closeChecked();
        } catch (RocksDBException e) {
            throw errors.onOperation("close before recreate", e);
        }
        Database.destroy(config, options, errors);
        database = Database.open(config, options, errors);
        nodeIds = nodeIdsOf(database);
    }

    @Override
    public void prepareForRequests() throws StoreException {
        synchronized (lifecycle) {
            ensureOpen(); // the column families were opened or created by open()
            tuneFor(true, false);
        }
    }

    @Override
    public StoreSession session(int workerId) throws StoreException {
        synchronized (lifecycle) { // not during a recreate, which replaces the database
            ensureOpen();
            Gate.Pass pass = gate.open();
            return new RocksDbSession(database, locks, nodeIds, pass, errors, options.requestWrites(),
                    options.loadWrites());
        }
    }

    /**
     * Offered: read-write transactions lock what they touch until they end and commit in one atomic
     * write; read-only ones read one snapshot ({@link SessionTransaction}).
     */
    @Override
    public TransactionSupport transactions() {
        return TransactionSupport.offered("serializable: a read-write transaction locks every node and (id1, link_type) "
                + "group it reads or writes until it ends and commits in one atomic write batch (a lock wait past "
                + RocksDbConfig.LOCK_WAIT_TIMEOUT_MS + " = " + config.lockWaitTimeoutMs() + " or one that closes a "
                + "deadlock is CONFLICT); a read-only transaction reads one RocksDB snapshot");
    }

    @Override
    public VerificationReport verifyCounts() throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            try {
                return CountCheck.run(database);
            } catch (RocksDBException e) {
                throw errors.onOperation("count verification", e);
            }
        }
    }

    @Override
    public Map<String, Long> counters() throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            if (options.statistics() == null) {
                return Map.of();
            }
            Map<String, Long> out = new java.util.LinkedHashMap<>(Tickers.read(options.statistics()));
            // GET_LINKS_LIST is the request phase's only iterator: the internal keys it skips are the time
            // index's tombstones (deleted links, and the old entries of links whose time an update moved)
            out.put(LIST_ENTRIES_SKIPPED, options.statistics().getTickerCount(org.rocksdb.TickerType.NUMBER_ITER_SKIP));
            return out;
        }
    }

    /** The options RocksDB wrote to its newest OPTIONS file ({@link OptionsFile}). */
    @Override
    public Map<String, String> serverConfiguration() throws StoreException {
        return OptionsFile.read(config.dataDir());
    }

    /** The live SST files of every column family (memtables not counted: flushed at the end of a load). */
    @Override
    public OptionalLong sizeBytes() throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            try {
                return OptionalLong.of(database.db.getAggregatedLongProperty("rocksdb.live-sst-files-size"));
            } catch (RocksDBException e) {
                throw errors.onOperation("size query", e);
            }
        }
    }

    /** This process: the store is embedded, so its CPU is the client's. */
    @Override
    public OptionalInt serverPid() {
        return OptionalInt.of((int) ProcessHandle.current().pid());
    }

    /** The database directory, for the IO probe: the store's files are all there (WAL included). */
    @Override
    public Optional<Path> dataDirectory() {
        return Optional.of(config.dataDir());
    }

    /** See {@link AfterLoadSteps#finishLoadSteps}. */
    @Override
    public List<Step> finishLoadSteps() {
        return afterLoad.finishLoadSteps();
    }

    /** See {@link AfterLoadSteps#finishLoadEstimate}. */
    @Override
    public OptionalDouble finishLoadEstimate() {
        return afterLoad.finishLoadEstimate();
    }

    /** See {@link AfterLoadSteps#loadDiskEstimate}. */
    @Override
    public Optional<DiskEstimate> loadDiskEstimate() {
        return afterLoad.loadDiskEstimate();
    }

    /** A key of the metadata family, written synced ({@link Database#putLoadState}); recreate drops it. */
    @Override
    public void saveLoadState(LoadState state) throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            try {
                database.putLoadState(state.toText(), state.complete());
            } catch (RocksDBException e) {
                throw errors.onOperation("save of the load state", e);
            }
        }
    }

    @Override
    public Optional<LoadState> loadState() throws StoreException {
        synchronized (lifecycle) {
            ensureOpen();
            String text;
            try {
                text = database.loadStateText();
            } catch (RocksDBException e) {
                throw errors.onOperation("read of the load state", e);
            }
            return text == null ? Optional.empty() : Optional.of(LoadState.parse(text));
        }
    }

    private void ensureOpen() throws StoreException {
        if (closed) {
            throw Gate.closedError();
        }
    }

    /** The database, once {@link #ensureOpen} passed; the caller holds {@link #lifecycle}. */
    private Database openDatabase() throws StoreException {
        ensureOpen();
        return database;
    }

    @Override
    public void close() throws StoreException {
        boolean drained = gate.closeAndDrain(CLOSE_DRAIN_MILLIS);
        synchronized (lifecycle) {
            if (closed) {
                return;
            }
            closed = true;
            if (!drained) {
                // An operation is still inside RocksDB: freeing the database under it could crash the
                // JVM. Leave it to the process exit; the next open replays the WAL.
                return;
            }
            try {
                database.closeChecked();
            } catch (RocksDBException e) {
                throw errors.onOperation("close", e);
            } finally {
                options.close();
            }
        }
    }
}
