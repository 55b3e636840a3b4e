package io.linkbench.store.rocksdb;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Who holds a RocksDB {@code LOCK} file, for the refusal of a second open: the process whose lock
 * {@code /proc/locks} lists on the file's inode (Linux), with its start. Empty where that cannot be read.
 */
final class LockHolder {
    private LockHolder() {
    }

    /** "pid 1234 on this host, started 2026-11-29T12:00:01Z", or empty. */
    static Optional<String> of(Path lockFile) {
        try {
            Object ino = Files.getAttribute(lockFile, "unix:ino");
            return holder(Files.readAllLines(Path.of("/proc/locks")), ((Number) ino).longValue())
                    .map(pid -> "pid " + pid + " on this host" + ProcessHandle.of(pid)
                            .flatMap(p -> p.info().startInstant()).map(t -> ", started " + t).orElse(""));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException | ClassCastException e) {
            return Optional.empty(); // no /proc/locks (not Linux), no unix attributes, or the file went away
        }
    }

    /**
     * The pid of the lock on inode {@code ino} among {@code /proc/locks}' lines
     * ({@code 1: POSIX  ADVISORY  WRITE 21296 fe:00:10059800 0 EOF}).
     */
    static Optional<Long> holder(List<String> locks, long ino) {
        for (String line : locks) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 6 && f[5].endsWith(":" + ino) && f[4].matches("[0-9]+")) {
                return Optional.of(Long.parseLong(f[4]));
            }
        }
        return Optional.empty();
    }
}
