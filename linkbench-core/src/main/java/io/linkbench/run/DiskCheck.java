package io.linkbench.run;

import io.linkbench.config.ByteSize;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.StoreMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The load's disk check: the free space of the store's data directory, read once before the inserts, against
 * the store's estimate of the load's peak ({@link LoadHooks.DiskEstimate}) times the logical bytes the whole load
 * will write, projected once its first percent is written (or from the whole of a load that ended before the
 * load phase looked, a short one). One line, made once: the estimate, or a warning
 * when the load needs more than was free, with the settings that lower it. The watching thread only does
 * arithmetic: the one file-system call is made before the load, where the store has just opened the directory.
 *
 * <p>Used by the load phase's thread only.
 */
final class DiskCheck {
    /** The share of the load written before the projection is trusted. */
    static final double AT_FRACTION = 0.01;

    private final LoadHooks.DiskEstimate estimate;
    private final Path dir;
    private final long free;
    private Result result;

    private DiskCheck(LoadHooks.DiskEstimate estimate, Path dir, long free) {
        this.estimate = estimate;
        this.dir = dir;
        this.free = free;
    }

    /**
     * The check of {@code store}'s load, with the free space now; empty when the store gives no estimate or no
     * local data directory, or the free space cannot be read.
     */
    static Optional<DiskCheck> of(GraphStore store) {
        if (!(store instanceof LoadHooks hooks) || !(store instanceof StoreMetrics metrics)) {
            return Optional.empty();
        }
        Optional<LoadHooks.DiskEstimate> e = hooks.loadDiskEstimate();
        Optional<Path> d = metrics.dataDirectory();
        if (e.isEmpty() || d.isEmpty()) {
            return Optional.empty();
        }
        try {
            Path dir = d.get();
            long free = Files.getFileStore(Files.exists(dir) ? dir : dir.toAbsolutePath().getParent()).getUsableSpace();
            return Optional.of(new DiskCheck(e.get(), dir, free));
        } catch (IOException | RuntimeException ex) {
            return Optional.empty(); // no figure to compare with: the load goes on unchecked
        }
    }

    /**
     * During the load or at its end: the check's result once {@code fraction} of the load is written, else empty
     * (and empty after it was made).
     *
     * @param fraction     the share of the load written, 0 to 1
     * @param logicalBytes the keys' and payloads' bytes written so far
     */
    Optional<Result> at(double fraction, long logicalBytes) {
        if (result != null || fraction < AT_FRACTION || logicalBytes <= 0) {
            return Optional.empty();
        }
        result = judge(estimate, logicalBytes / fraction, free, dir);
        return Optional.of(result);
    }

    /** The warning the check made, for the phase's result; empty when it made none (or no check). */
    Optional<String> warning() {
        return result != null && result.warning() ? Optional.of(result.line()) : Optional.empty();
    }

    /** What the check says, and whether it is a warning. */
    record Result(String line, boolean warning) {
    }

    /** The check's verdict for a load of {@code logical} bytes of keys and payloads, {@code free} bytes free before it. */
    static Result judge(LoadHooks.DiskEstimate estimate, double logical, long free, Path dir) {
        double peak = estimate.peakPerLogicalByte() * logical;
        String figures = String.format(Locale.ROOT, "the store estimates the load's peak at %s (%.2fx the %s of keys and"
                + " payloads it writes); %s free under %s", size(peak), estimate.peakPerLogicalByte(), size(logical), size(free), dir);
        if (peak <= free) {
            return new Result("load disk: " + figures, false);
        }
        return new Result("the load will likely run out of disk: " + figures
                + (estimate.lowerWith().isEmpty() ? "" : "; lower it with " + estimate.lowerWith()), true);
    }

    /** In binary units chosen by magnitude: a small disk's free space reads 38.1 MiB, not 0.0 GB. */
    private static String size(double bytes) {
        return ByteSize.of(Math.round(bytes));
    }
}
