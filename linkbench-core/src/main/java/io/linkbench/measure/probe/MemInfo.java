package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The host's page cache not yet on disk, from {@code /proc/meminfo}: {@code Dirty:} (waiting to be
 * written) and {@code Writeback:} (being written), in KiB.
 *
 * @param dirtyKb     {@code Dirty:} KiB
 * @param writebackKb {@code Writeback:} KiB
 */
public record MemInfo(long dirtyKb, long writebackKb) {

    /** Dirty plus writeback KiB: written by processes, not yet on the devices. */
    public long unwrittenKb() {
        return dirtyKb + writebackKb;
    }

    /** Reads {@code PROC/meminfo}; empty when it cannot be read or lacks either line. */
    public static Optional<MemInfo> read(Path procRoot) {
        try {
            return parse(Files.readString(procRoot.resolve("meminfo")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Parses the text of {@code /proc/meminfo} ({@code "Dirty:   1234 kB"} lines); empty when a line is missing. */
    public static Optional<MemInfo> parse(String text) {
        long dirty = -1;
        long writeback = -1;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2) {
                continue;
            }
            if (f[0].equals("Dirty:")) {
                dirty = Long.parseLong(f[1]);
            } else if (f[0].equals("Writeback:")) {
                writeback = Long.parseLong(f[1]);
            }
        }
        return dirty < 0 || writeback < 0 ? Optional.empty() : Optional.of(new MemInfo(dirty, writeback));
    }
}
