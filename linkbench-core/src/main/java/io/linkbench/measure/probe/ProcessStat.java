package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * One process's counters from {@code /proc/<pid>/stat}, {@code status} and {@code io}.
 *
 * @param pid            process id
 * @param command        {@code comm}, the executable name as the kernel shows it
 * @param utimeTicks     field 14 of {@code stat}: user CPU in clock ticks
 * @param stimeTicks     field 15: system CPU in clock ticks
 * @param startTimeTicks field 22: start time in ticks after boot; a different value under the same pid means a
 *                       different process
 * @param rssKb          {@code VmRSS} of {@code status} in KiB; empty for kernel threads or when unreadable
 * @param readBytes      {@code read_bytes} of {@code io} (bytes the process caused to be read from storage);
 *                       empty when {@code io} is unreadable (another user's process) or absent
 * @param writeBytes     {@code write_bytes} of {@code io}; empty like readBytes
 */
public record ProcessStat(long pid, String command, long utimeTicks, long stimeTicks, long startTimeTicks,
                          OptionalLong rssKb, OptionalLong readBytes, OptionalLong writeBytes) {

    /** User plus system CPU in clock ticks. */
    public long cpuTicks() {
        return utimeTicks + stimeTicks;
    }

    /**
     * Reads the process's files under {@code procRoot/<pid>}. Throws {@link java.nio.file.NoSuchFileException} when
     * the process does not exist; {@code status} and {@code io} are optional.
     */
    public static ProcessStat read(Path procRoot, long pid) throws IOException {
        Path dir = procRoot.resolve(Long.toString(pid));
        String stat = Files.readString(dir.resolve("stat"));
        List<String> status = readOptional(dir.resolve("status"));
        List<String> io = readOptional(dir.resolve("io"));
        return parse(stat, status, io);
    }

    /**
     * A server of several processes (a postmaster and its backends) as one: the process {@code pid}
     * with its command, start time and RSS, and CPU and IO summed over it and all its descendants
     * alive now, plus the CPU of descendants that have exited and been waited for ({@code cutime},
     * {@code cstime} of {@code stat}; the kernel adds their IO to the parent's {@code io} itself). A
     * process without children reads as {@link #read} plus its reaped children's CPU.
     */
    public static ProcessStat readTree(Path procRoot, long pid) throws IOException {
        Path dir = procRoot.resolve(Long.toString(pid));
        String rootStat = Files.readString(dir.resolve("stat"));
        ProcessStat root = parse(rootStat, readOptional(dir.resolve("status")), readOptional(dir.resolve("io")));
        String[] rf = fields(rootStat);
        long user = root.utimeTicks + DiskStat.unsigned(rf[13]);
        long system = root.stimeTicks + DiskStat.unsigned(rf[14]);
        OptionalLong read = root.readBytes;
        OptionalLong write = root.writeBytes;
        for (long child : ProcessTree.descendants(procRoot, pid)) {
            try {
                Path cdir = procRoot.resolve(Long.toString(child));
                String stat = Files.readString(cdir.resolve("stat"));
                ProcessStat c = parse(stat, List.of(), readOptional(cdir.resolve("io")));
                String[] cf = fields(stat);
                user += c.utimeTicks + DiskStat.unsigned(cf[13]);
                system += c.stimeTicks + DiskStat.unsigned(cf[14]);
                read = sum(read, c.readBytes);
                write = sum(write, c.writeBytes);
            } catch (IOException | RuntimeException e) {
                // exited meanwhile: its CPU and IO pass to its parent when it is waited for
            }
        }
        return new ProcessStat(root.pid, root.command, user, system, root.startTimeTicks, root.rssKb, read, write);
    }

    private static OptionalLong sum(OptionalLong a, OptionalLong b) {
        return a.isPresent() && b.isPresent() ? OptionalLong.of(a.getAsLong() + b.getAsLong()) : OptionalLong.empty();
    }

    /** The fields of {@code stat} after "pid (comm)": element 0 is field 3 (state), so field n is [n - 3]. */
    static String[] fields(String stat) {
        // "pid (comm) state ...": comm may hold spaces and parentheses, so split after the last ')'.
        int close = stat.lastIndexOf(')');
        if (stat.indexOf('(') < 0 || close < stat.indexOf('(')) {
            throw new IllegalArgumentException("no (comm) in stat: " + stat);
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        if (f.length < 22) {
            throw new IllegalArgumentException("stat has " + (f.length + 2) + " fields, needs 24");
        }
        return f;
    }

    /** Parses the three files; status and io may be empty. */
    static ProcessStat parse(String stat, List<String> status, List<String> io) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        String[] f = fields(stat);
        // f[0] is field 3 (state), so field n is f[n - 3].
        return new ProcessStat(Long.parseLong(stat.substring(0, open).trim()), stat.substring(open + 1, close),
                DiskStat.unsigned(f[11]), DiskStat.unsigned(f[12]), DiskStat.unsigned(f[19]),
                field(status, "VmRSS:"), field(io, "read_bytes:"), field(io, "write_bytes:"));
    }

    private static OptionalLong field(List<String> lines, String key) {
        for (String line : lines) {
            if (line.startsWith(key)) {
                String[] f = line.substring(key.length()).trim().split("\\s+");
                return OptionalLong.of(DiskStat.unsigned(f[0]));
            }
        }
        return OptionalLong.empty();
    }

    private static List<String> readOptional(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            return List.of();
        }
    }
}
