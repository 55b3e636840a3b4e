package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One line of {@code /proc/diskstats}: a block device's counters since boot. Counters are unsigned
 * (compare them with {@link Long#compareUnsigned}).
 *
 * @param major           device major number
 * @param minor           device minor number
 * @param name            kernel device name ({@code sda}, {@code nvme0n1p2}, {@code dm-0})
 * @param readsCompleted  field 4: reads completed
 * @param sectorsRead     field 6: 512-byte sectors read
 * @param writesCompleted field 8: writes completed
 * @param sectorsWritten  field 10: 512-byte sectors written
 * @param ioMillis        field 13: milliseconds spent doing I/O
 */
public record DiskStat(int major, int minor, String name, long readsCompleted, long sectorsRead,
                       long writesCompleted, long sectorsWritten, long ioMillis) {

    /** Every device in {@code procRoot/diskstats}, by name, in file order. */
    public static Map<String, DiskStat> readAll(Path procRoot) throws IOException {
        return parse(Files.readAllLines(procRoot.resolve("diskstats")));
    }

    /** Parses the lines of {@code /proc/diskstats}; lines in the short pre-2.6.25 partition format are skipped. */
    static Map<String, DiskStat> parse(List<String> lines) {
        Map<String, DiskStat> out = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 14) {
                continue;
            }
            out.put(f[2], new DiskStat(Integer.parseInt(f[0]), Integer.parseInt(f[1]), f[2], unsigned(f[3]),
                    unsigned(f[5]), unsigned(f[7]), unsigned(f[9]), unsigned(f[12])));
        }
        return Collections.unmodifiableMap(out);
    }

    static long unsigned(String s) {
        return Long.parseUnsignedLong(s);
    }
}
