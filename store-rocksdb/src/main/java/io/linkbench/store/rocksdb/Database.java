package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteOptions;

/**
 * One open RocksDB database with the store's column families. Opening checks the directory first, so
 * the usual faults (missing permission, a file in the way, a lock held by another process, a database
 * of something else) end in a one-line {@link StoreException}.
 */
final class Database implements AutoCloseable {
    /** Metadata keys in the default column family. */
    static final byte[] FORMAT_KEY = "linkbench.format".getBytes(StandardCharsets.UTF_8);
    static final byte[] NODE_ID_RESERVED_KEY = "linkbench.node_id.reserved".getBytes(StandardCharsets.UTF_8);
    /** The text of the last load's {@link io.linkbench.store.LoadState}. */
    static final byte[] LOAD_STATE_KEY = "linkbench.load_state".getBytes(StandardCharsets.UTF_8);
    private static final long FORMAT = 1;

    final RocksDB db;
    final ColumnFamilyHandle meta;
    final ColumnFamilyHandle nodes;
    final ColumnFamilyHandle links;
    final ColumnFamilyHandle linkTime;
    final ColumnFamilyHandle counts;
    private final List<ColumnFamilyHandle> handles;
    /**
     * The tuning applied by {@link NativeOptions#tuneFor}: bit 0 memtable blooms on, bit 1 compaction
     * deferred. An open database has the options it was opened with: blooms on, compaction on.
     * Changed only under the store's lifecycle monitor.
     */
    int tuning = 1;

    private Database(RocksDB db, List<ColumnFamilyHandle> handles) {
        this.db = db;
        this.handles = List.copyOf(handles);
        this.meta = handles.get(0);
        this.nodes = handles.get(1);
        this.links = handles.get(2);
        this.linkTime = handles.get(3);
        this.counts = handles.get(4);
    }

    /**
     * The index and filter blocks of every live SST file, in bytes, from the files' own table properties:
     * memory the open files hold beside the block cache unless {@code cache_index_and_filter_blocks} puts
     * them in it. It grows with the data (16 MiB at 10^6 ids).
     */
    long indexAndFilterBytes() throws RocksDBException {
        long total = 0;
        for (ColumnFamilyHandle h : handles) {
            Map<String, String> p = db.getMapProperty(h, "rocksdb.aggregated-table-properties");
            total += Long.parseLong(p.getOrDefault("index_size", "0")) + Long.parseLong(p.getOrDefault("filter_size", "0"));
        }
        return total;
    }

    /** Opens (or creates) the database in {@code c.dataDir()}. */
    static Database open(RocksDbConfig c, NativeOptions o, Errors errors) throws StoreException {
        String path = prepareDirectory(c);
        try {
            checkFamilies(c, o, path);
            List<ColumnFamilyHandle> handles = new ArrayList<>();
            RocksDB db = RocksDB.open(o.dbOptions(), path, o.descriptors(), handles);
            Database d = new Database(db, handles);
            try {
                d.checkFormat(c);
            } catch (StoreException | RocksDBException e) {
                d.close();
                throw e;
            }
            return d;
        } catch (RocksDBException e) {
            throw errors.onOpen(e);
        }
    }

    /** Deletes the database's files (RocksDB's own files only: nothing else in the directory). */
    static void destroy(RocksDbConfig c, NativeOptions o, Errors errors) throws StoreException {
        try (Options options = o.destroyOptions()) {
            RocksDB.destroyDB(c.dataDir().toString(), options);
        } catch (RocksDBException e) {
            throw errors.onOperation("destroy", e);
        }
    }

    private static String prepareDirectory(RocksDbConfig c) throws StoreException {
        Path dir = c.dataDir();
        String name = "data_dir " + c.dataDirText();
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new StoreException(Kind.OTHER, name + " is not a directory");
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new StoreException(Kind.OTHER, name + " cannot be created (" + reason(e) + ")", e);
        }
        try {
            Files.delete(Files.createTempFile(dir, ".linkbench-write-test", ""));
        } catch (IOException e) {
            throw new StoreException(Kind.OTHER, name + " is not writable (" + reason(e) + ")", e);
        }
        return dir.toString();
    }

    /** Why a file operation failed, in a few words: "permission denied", "Read-only file system" ... */
    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        return Errors.text(e);
    }

    /** Refuses a database whose column families are not (a subset of) the store's. */
    private static void checkFamilies(RocksDbConfig c, NativeOptions o, String path) throws RocksDBException, StoreException {
        if (!Files.exists(c.dataDir().resolve("CURRENT"))) {
            return;
        }
        List<byte[]> existing;
        try (Options options = o.destroyOptions()) {
            existing = RocksDB.listColumnFamilies(options, path);
        }
        for (byte[] name : existing) {
            String n = new String(name, StandardCharsets.UTF_8);
            if (!NativeOptions.FAMILIES.contains(n)) {
                throw StoreException.refusal("data_dir " + c.dataDirText()
                        + " holds a RocksDB database that is not a linkbench store (column family '" + n + "')");
            }
        }
    }

    private void checkFormat(RocksDbConfig c) throws RocksDBException, StoreException {
        byte[] v = db.get(meta, FORMAT_KEY);
        if (v == null) {
            db.put(meta, FORMAT_KEY, Bytes.long8(FORMAT));
        } else if (v.length != 8 || Bytes.getLongBE(v, 0) != FORMAT) {
            throw StoreException.refusal("data_dir " + c.dataDirText()
                    + " holds a linkbench rocksdb store of another format; load it again with schema = recreate");
        }
    }

    /** The store's data families (every family but the metadata one). */
    List<ColumnFamilyHandle> dataFamilies() {
        return handles.subList(1, handles.size());
    }

    List<ColumnFamilyHandle> allFamilies() {
        return handles;
    }

    /** The family's name. */
    static String nameOf(ColumnFamilyHandle h) throws RocksDBException {
        return new String(h.getName(), StandardCharsets.UTF_8);
    }

    /** True when the family holds no key at all. */
    boolean isEmpty(ColumnFamilyHandle h) {
        try (RocksIterator it = db.newIterator(h)) {
            it.seekToFirst();
            return !it.isValid();
        }
    }

    /** The highest node id stored, or {@code Long.MIN_VALUE} when there is none. */
    long maxNodeId() {
        try (RocksIterator it = db.newIterator(nodes)) {
            it.seekToLast();
            return it.isValid() ? Keys.nodeId(it.key()) : Long.MIN_VALUE;
        }
    }

    /** The persisted ADD_NODE reservation, or {@code Long.MIN_VALUE}. */
    long reservedNodeId() throws RocksDBException {
        byte[] v = db.get(meta, NODE_ID_RESERVED_KEY);
        return v == null ? Long.MIN_VALUE : Bytes.getLongBE(v, 0);
    }

    /**
     * Writes the load state through the WAL, synced, so it survives a kill. A complete state is written
     * after flushing every memtable: rows loaded without the WAL are on disk before it says so.
     */
    void putLoadState(String text, boolean flushFirst) throws RocksDBException {
        if (flushFirst) {
            try (FlushOptions fo = new FlushOptions().setWaitForFlush(true)) {
                db.flush(fo, handles);
            }
        }
        try (WriteOptions wo = new WriteOptions().setSync(true)) {
            db.put(meta, wo, LOAD_STATE_KEY, text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** The text of the load state, or null when none was written. */
    String loadStateText() throws RocksDBException {
        byte[] v = db.get(meta, LOAD_STATE_KEY);
        return v == null ? null : new String(v, StandardCharsets.UTF_8);
    }

    /**
     * Closes the database: RocksDB flushes the memtables of writes made without the WAL, so the next
     * open finds everything written. The native handle is released even when this throws.
     */
    void closeChecked() throws RocksDBException {
        for (ColumnFamilyHandle h : handles) {
            h.close();
        }
        db.closeE();
    }

    @Override
    public void close() {
        try {
            closeChecked();
        } catch (RocksDBException e) {
            // only on error paths that already throw their own exception
        }
    }
}
