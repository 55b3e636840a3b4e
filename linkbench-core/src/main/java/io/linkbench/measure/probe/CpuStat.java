package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The host-wide counters of {@code /proc/stat}: the aggregate {@code cpu} line, in clock ticks
 * summed over all CPUs, and {@code ctxt}. The kernel already includes guest time in user and nice, so
 * the guest columns are not read.
 *
 * @param contextSwitches the {@code ctxt} line: context switches since boot
 */
public record CpuStat(long user, long nice, long system, long idle, long iowait, long irq, long softirq, long steal,
                      long contextSwitches) {

    /** Ticks the CPUs were busy: user + nice + system + irq + softirq + steal. */
    public long busyTicks() {
        return user + nice + system + irq + softirq + steal;
    }

    /** All ticks: busy + idle + iowait. */
    public long totalTicks() {
        return busyTicks() + idle + iowait;
    }

    /** Reads {@code procRoot/stat}. */
    public static CpuStat read(Path procRoot) throws IOException {
        return parse(Files.readAllLines(procRoot.resolve("stat")));
    }

    /** Parses the lines of {@code /proc/stat}; IllegalArgumentException when the cpu or ctxt line is missing or short. */
    static CpuStat parse(List<String> lines) {
        long[] cpu = null;
        Long ctxt = null;
        for (String line : lines) {
            if (!line.startsWith("cpu ") && !line.startsWith("ctxt ")) {
                continue;   // skips the per-CPU lines and the long intr and softirq lines
            }
            String[] f = line.trim().split("\\s+");
            if (f[0].equals("cpu")) {
                if (f.length < 9) {
                    throw new IllegalArgumentException("cpu line has " + (f.length - 1) + " fields, needs 8: " + line);
                }
                cpu = new long[8];
                for (int i = 0; i < 8; i++) {
                    cpu[i] = DiskStat.unsigned(f[i + 1]);
                }
            } else if (f[0].equals("ctxt") && f.length > 1) {
                ctxt = DiskStat.unsigned(f[1]);
            }
        }
        if (cpu == null || ctxt == null) {
            throw new IllegalArgumentException(cpu == null ? "no cpu line" : "no ctxt line");
        }
        return new CpuStat(cpu[0], cpu[1], cpu[2], cpu[3], cpu[4], cpu[5], cpu[6], cpu[7], ctxt);
    }
}
