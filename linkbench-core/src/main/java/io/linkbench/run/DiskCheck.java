package io.linkbench.run;

import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadHooks;
import io.linkbench.store.StoreMetrics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The load's disk check: once the first percent of the load is written, the store's estimate of its peak
 * ({@link LoadHooks.DiskEstimate}) times the logical bytes the whole load will write (projected from those
 * written so far) against the free space of the store's data directory. One line, made once: the estimate,
 * or a warning when the rest of the load needs more than is free, with the settings that lower it.
 *
 * <p>Used by the load phase's watching thread only.
 */
final class DiskCheck {
    /** The share of the load written before the projection is trusted. */
    static final double AT_FRACTION = 0.01;

    private final LoadHooks.DiskEstimate estimate;
    private final Path dir;
    private boolean made;

    private DiskCheck(LoadHooks.DiskEstimate estimate, Path dir) {
        this.estimate = estimate;
        this.dir = dir;
    }

    /** The check of {@code store}'s load, empty when the store gives no estimate or no local data directory. */
    static Optional<DiskCheck> of(GraphStore store) {
        if (!(store instanceof LoadHooks hooks) || !(store instanceof StoreMetrics metrics)) {
            return Optional.empty();
        }
        Optional<LoadHooks.DiskEstimate> e = hooks.loadDiskEstimate();
        Optional<Path> d = metrics.dataDirectory();
        return e.isPresent() && d.isPresent() ? Optional.of(new DiskCheck(e.get(), d.get())) : Optional.empty();
    }

    /**
     * At a progress report: the check's line once {@code fraction} of the load is written, else empty (and
     * empty after it was made, or when the free space cannot be read).
     *
     * @param fraction     the share of the load written, 0 to 1
     * @param logicalBytes the keys' and payloads' bytes written so far
     */
    Optional<Result> at(double fraction, long logicalBytes) {
        if (made || fraction < AT_FRACTION || logicalBytes <= 0) {
            return Optional.empty();
        }
        made = true;
        long free;
        try {
            free = Files.getFileStore(Files.exists(dir) ? dir : dir.toAbsolutePath().getParent()).getUsableSpace();
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // no figure to compare with: the load goes on unchecked
        }
        return Optional.of(judge(estimate, fraction, logicalBytes, free, dir));
    }

    /** What the check says, and whether it is a warning. */
    record Result(String line, boolean warning) {
    }

    /** The check's verdict for a load {@code fraction} done, {@code logicalBytes} written so far, {@code free} bytes free. */
    static Result judge(LoadHooks.DiskEstimate estimate, double fraction, long logicalBytes, long free, Path dir) {
        double logical = logicalBytes / fraction;
        double peak = estimate.peakPerLogicalByte() * logical;
        double rest = peak * (1 - fraction); // what is on disk so far is about the same share of the peak
        String figures = String.format(Locale.ROOT, "the store estimates the load's peak at %s (%.2fx the %s of keys and"
                + " payloads it writes); %s free under %s", gb(peak), estimate.peakPerLogicalByte(), gb(logical), gb(free), dir);
        if (rest <= free) {
            return new Result("load disk: " + figures, false);
        }
        return new Result("the load will likely run out of disk: " + figures
                + (estimate.lowerWith().isEmpty() ? "" : "; lower it with " + estimate.lowerWith()), true);
    }

    private static String gb(double bytes) {
        return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }
}
