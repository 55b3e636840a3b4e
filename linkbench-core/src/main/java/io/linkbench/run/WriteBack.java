package io.linkbench.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Waits until the file system holding a store's data has written its dirty pages: {@code sync -f DIR}
 * (coreutils' {@code syncfs(2)}), or a plain {@code sync} of every file system when {@code -f} fails.
 * Java cannot call {@code syncfs} itself. A stop request ends the wait (the command is left to finish).
 */
final class WriteBack {
    private static final long TIMEOUT_MINUTES = 60;

    private WriteBack() {
    }

    /**
     * Why the wait cannot run for {@code dataDir}, or empty when it can.
     *
     * @param enabled {@code load_writeback}
     */
    static Optional<String> skipReason(boolean enabled, Optional<Path> dataDir) {
        if (!enabled) {
            return Optional.of("load_writeback = false");
        }
        if (dataDir.isEmpty()) {
            return Optional.of("no local data directory (remote server, or a store without files)");
        }
        if (!Files.isDirectory(dataDir.get())) {
            return Optional.of("data directory " + dataDir.get() + " not found on this host");
        }
        return Optional.empty();
    }

    /**
     * Syncs the file system of {@code dataDir}.
     *
     * @return the command that succeeded, e.g. {@code sync -f /data}
     * @throws IOException when neither command succeeds, or {@code control} stopped the run meanwhile
     */
    static String sync(Path dataDir, RunControl control) throws IOException, InterruptedException {
        List<String> syncfs = List.of("sync", "-f", dataDir.toString());
        if (run(syncfs, control)) {
            return String.join(" ", syncfs);
        }
        if (!control.interrupted() && run(List.of("sync"), control)) {
            return "sync";
        }
        if (control.interrupted()) {
            throw new IOException("stopped before the dirty pages of " + dataDir + " were written");
        }
        throw new IOException("neither 'sync -f " + dataDir + "' nor 'sync' succeeded");
    }

    private static boolean run(List<String> command, RunControl control) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(TIMEOUT_MINUTES);
            while (!p.waitFor(100, TimeUnit.MILLISECONDS)) {
                if (control.interrupted() || System.nanoTime() > deadline) {
                    p.destroy();
                    return false;
                }
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        }
    }
}
