package io.linkbench.tck.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The kernel's counters read by the tests themselves, written apart from {@code io.linkbench.measure.probe}
 * so that a test can check the probe against an independent reading of the same window. Every reading
 * is optional: empty when the file cannot be read here (not Linux, another user's process, no device).
 *
 * @param server the server process, or -1 for none
 * @param device the block device name in {@code /proc/diskstats}, or null for none
 */
public record ProcReadings(long server, String device) {

    /** One reading of everything, at {@code nanos} ({@link System#nanoTime()}). */
    public record Reading(long nanos, OptionalLong selfCpuTicks, OptionalLong serverCpuTicks,
                          OptionalLong serverReadBytes, OptionalLong serverWriteBytes, OptionalLong serverRssKb,
                          Optional<long[]> disk, Optional<long[]> host) {

        public OptionalLong disk(Disk field) {
            return disk.isPresent() ? OptionalLong.of(disk.get()[field.ordinal()]) : OptionalLong.empty();
        }

        /** Busy ticks are user+nice+system+irq+softirq+steal. */
        public OptionalLong host(Host field) {
            return host.isPresent() ? OptionalLong.of(host.get()[field.ordinal()]) : OptionalLong.empty();
        }
    }

    /** The device counters kept: reads completed, sectors read, sectors written. */
    public enum Disk { READS, SECTORS_READ, SECTORS_WRITTEN }

    /** The host counters kept: busy ticks, busy+idle+iowait ticks, context switches. */
    public enum Host { BUSY, TOTAL, CTXT }

    public Reading read() {
        long now = System.nanoTime();
        return new Reading(now, cpuTicks(ProcessHandle.current().pid()), cpuTicks(server),
                ioField(server, "read_bytes"), ioField(server, "write_bytes"), rssKb(server), diskLine(), hostLine());
    }

    /** USER_HZ as the C library reports it ({@code getconf CLK_TCK}), or 100 (USER_HZ on mainstream Linux). */
    public static long ticksPerSecond() {
        try {
            Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
            return p.waitFor() == 0 ? Long.parseLong(out) : 100;
        } catch (IOException | NumberFormatException e) {
            return 100;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }

    /**
     * The device in {@code /proc/diskstats} whose major:minor is the {@code st_dev} of {@code path} (or of its
     * nearest existing parent), or null when there is none (tmpfs, overlayfs, btrfs: anonymous device numbers).
     */
    public static String deviceHolding(Path path) throws IOException {
        Path p = path.toAbsolutePath();
        while (!Files.exists(p)) {
            p = p.getParent();
        }
        long dev = ((Number) Files.getAttribute(p, "unix:dev")).longValue();
        long major = ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
        long minor = (dev & 0xff) | ((dev >>> 12) & ~0xffL);
        for (String line : Files.readAllLines(Path.of("/proc/diskstats"))) {
            String[] f = line.trim().split("\\s+");
            if (Long.parseLong(f[0]) == major && Long.parseLong(f[1]) == minor) {
                return f[2];
            }
        }
        return null;
    }

    /** utime + stime of {@code pid}, fields 14 and 15 of its stat (counted after the command's closing parenthesis). */
    private static OptionalLong cpuTicks(long pid) {
        Optional<String> stat = readFile(pid, "stat");
        if (stat.isEmpty()) {
            return OptionalLong.empty();
        }
        String[] f = stat.get().substring(stat.get().lastIndexOf(')') + 2).split(" ");
        return OptionalLong.of(Long.parseLong(f[11]) + Long.parseLong(f[12])); // fields 14 and 15, from field 3 on
    }

    private static OptionalLong ioField(long pid, String name) {
        return field(readFile(pid, "io"), name + ":", 1);
    }

    private static OptionalLong rssKb(long pid) {
        return field(readFile(pid, "status"), "VmRSS:", 1);
    }

    private static OptionalLong field(Optional<String> text, String key, int column) {
        if (text.isPresent()) {
            for (String line : text.get().split("\n")) {
                if (line.startsWith(key)) {
                    return OptionalLong.of(Long.parseLong(line.trim().split("\\s+")[column]));
                }
            }
        }
        return OptionalLong.empty();
    }

    private static Optional<String> readFile(long pid, String name) {
        if (pid < 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readString(Path.of("/proc", Long.toString(pid), name), StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** reads completed (field 4), sectors read (6), sectors written (10) of the device. */
    private Optional<long[]> diskLine() {
        if (device == null) {
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(Path.of("/proc/diskstats"))) {
                String[] f = line.trim().split("\\s+");
                if (f[2].equals(device)) {
                    return Optional.of(new long[] {Long.parseLong(f[3]), Long.parseLong(f[5]), Long.parseLong(f[9])});
                }
            }
        } catch (IOException e) {
            // no diskstats: not Linux
        }
        return Optional.empty();
    }

    /** The {@code cpu} and {@code ctxt} lines of /proc/stat. */
    private static Optional<long[]> hostLine() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/stat"));
            long[] out = new long[3];
            for (String line : lines) {
                String[] f = line.trim().split("\\s+");
                if (f[0].equals("cpu")) { // user nice system idle iowait irq softirq steal
                    long[] v = new long[8];
                    for (int i = 0; i < 8 && i + 1 < f.length; i++) {
                        v[i] = Long.parseLong(f[i + 1]);
                    }
                    out[Host.BUSY.ordinal()] = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
                    out[Host.TOTAL.ordinal()] = out[Host.BUSY.ordinal()] + v[3] + v[4];
                } else if (f[0].equals("ctxt")) {
                    out[Host.CTXT.ordinal()] = Long.parseLong(f[1]);
                }
            }
            return Optional.of(out);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
