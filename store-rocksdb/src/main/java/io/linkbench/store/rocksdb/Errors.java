package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import io.linkbench.store.StoreException.Kind;
import java.nio.file.Path;
import java.util.Locale;
import org.rocksdb.RocksDBException;
import org.rocksdb.Status;

/** Turns RocksDB's failures into {@link StoreException}s with one-line messages that name the data directory. */
final class Errors {
    private final String dataDir;
    /** The database's LOCK file, or null when unknown. */
    private final Path lockFile;

    Errors(String dataDirText) {
        this(dataDirText, null);
    }

    Errors(String dataDirText, Path dataDir) {
        this.dataDir = dataDirText;
        this.lockFile = dataDir == null ? null : dataDir.resolve("LOCK");
    }

    /** A failure while opening the database. */
    StoreException onOpen(RocksDBException e) {
        String m = text(e);
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.contains("lock") && (lower.contains("temporarily unavailable") || lower.contains("lock hold")
                || lower.contains("held"))) {
            return StoreException.refusal("data_dir " + dataDir + " is locked by another process (LOCK held"
                    + (lockFile == null ? "" : LockHolder.of(lockFile).map(h -> " by " + h).orElse(""))
                    + "); a second run on the same data would measure a share of the machine: wait for it to end, or"
                    + " stop it (the lock ends with its process)", e);
        }
        if (lower.contains("permission denied") || lower.contains("read-only file system")) {
            return new StoreException(Kind.OTHER, "data_dir " + dataDir + " is not writable (" + m + ")", e);
        }
        if (isNoSpace(e)) {
            return noSpace(e);
        }
        if (code(e) == Status.Code.Corruption) {
            return new StoreException(Kind.OTHER, "data_dir " + dataDir + ": RocksDB found corruption: " + m, e);
        }
        return new StoreException(Kind.OTHER, "data_dir " + dataDir + ": cannot open RocksDB: " + m, e);
    }

    /** A failure of an operation on an open database. */
    StoreException onOperation(String what, RocksDBException e) {
        if (isNoSpace(e)) {
            return noSpace(e);
        }
        Status.Code code = code(e);
        Kind kind = switch (code == null ? Status.Code.Undefined : code) {
            case Busy, TryAgain -> Kind.CONFLICT;
            case TimedOut -> Kind.TIMEOUT;
            case InvalidArgument, NotSupported -> Kind.REJECTED;
            default -> Kind.OTHER;
        };
        return new StoreException(kind, "rocksdb " + what + " failed in data_dir " + dataDir + ": " + text(e), e);
    }

    private StoreException noSpace(RocksDBException e) {
        return new StoreException(Kind.OTHER, "data_dir " + dataDir + ": no space left on device (" + text(e) + ")", e);
    }

    private static boolean isNoSpace(RocksDBException e) {
        Status s = e.getStatus();
        return (s != null && s.getSubCode() == Status.SubCode.NoSpace)
                || text(e).toLowerCase(Locale.ROOT).contains("no space left");
    }

    private static Status.Code code(RocksDBException e) {
        return e.getStatus() == null ? null : e.getStatus().getCode();
    }

    /** The exception's message on one line. */
    static String text(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }
}
