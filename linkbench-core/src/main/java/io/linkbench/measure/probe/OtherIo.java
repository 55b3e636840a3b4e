package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The storage IO of every process on the host other than the database server (and its descendants)
 * and linkbench (and its descendants), each from its own {@code /proc/PID/io} ({@code read_bytes},
 * {@code write_bytes}): the same quantity the server's own figures use, so the two compare like with
 * like. The devices' sectors are a different quantity (what reached the disk, later, from the page
 * cache of anyone), so they are never subtracted from either.
 *
 * @param processes  per pid its start time (ticks after boot) and counters
 * @param unreadable processes whose {@code io} could not be read (another user's, without root)
 * @param example    one of them, for the reason line, or ""
 */
public record OtherIo(Map<Long, Counters> processes, int unreadable, String example) {

    /** One process's counters. */
    public record Counters(long startTicks, long readBytes, long writeBytes) {
    }

    public OtherIo {
        processes = Map.copyOf(processes);
    }

    /** Reads every process under {@code procRoot} except {@code serverPids}, {@code clientPid} and their descendants. */
    static OtherIo read(Path procRoot, Collection<Long> serverPids, long clientPid) throws IOException {
        Map<Long, Long> parent = new HashMap<>();
        Map<Long, String> stats = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(procRoot, OtherIo::isPid)) {
            for (Path dir : dirs) {
                try {
                    String stat = Files.readString(dir.resolve("stat"));
                    long pid = Long.parseLong(dir.getFileName().toString());
                    parent.put(pid, Long.parseLong(ProcessStat.fields(stat)[1]));
                    stats.put(pid, stat);
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile
                }
            }
        }
        Set<Long> excluded = family(parent, clientPid);
        serverPids.forEach(p -> excluded.addAll(family(parent, p)));
        Map<Long, Counters> counters = new HashMap<>();
        int unreadable = 0;
        String example = "";
        for (Map.Entry<Long, String> e : stats.entrySet()) {
            if (excluded.contains(e.getKey())) {
                continue;
            }
            Path io = procRoot.resolve(Long.toString(e.getKey())).resolve("io");
            try {
                ProcessStat s = ProcessStat.parse(e.getValue(), List.of(), Files.readAllLines(io));
                if (s.readBytes().isPresent() && s.writeBytes().isPresent()) {
                    counters.put(e.getKey(), new Counters(s.startTimeTicks(), s.readBytes().getAsLong(),
                            s.writeBytes().getAsLong()));
                }
            } catch (NoSuchFileException gone) {
                // exited meanwhile, or a kernel without task IO accounting (then no process has io)
            } catch (AccessDeniedException denied) {
                unreadable++;
                example = example.isEmpty() ? io.toString() : example;
            } catch (IOException | RuntimeException ignored) {
                // gone meanwhile
            }
        }
        return new OtherIo(counters, unreadable, example);
    }

    /**
     * Bytes read and written by the others from {@code start} to {@code end}: per process alive at the end,
     * its counters minus those at the start (or all of them when it started in between). A process that exited
     * and was waited for passes its counters to its parent, which counts them. Never negative: the counters only
     * grow.
     *
     * @return {read, write}
     */
    static long[] between(OtherIo start, OtherIo end) {
        long read = 0;
        long write = 0;
        for (Map.Entry<Long, Counters> e : end.processes.entrySet()) {
            Counters b = e.getValue();
            Counters a = start.processes.get(e.getKey());
            boolean same = a != null && a.startTicks == b.startTicks;
            read += same ? Math.max(0, b.readBytes - a.readBytes) : b.readBytes;
            write += same ? Math.max(0, b.writeBytes - a.writeBytes) : b.writeBytes;
        }
        return new long[] {read, write};
    }

    /** Why the others' IO is not complete, or null when every process's {@code io} was read. */
    String problem() {
        return unreadable == 0 ? null : unreadable + " processes' io unreadable (e.g. " + example
                + ": other users' processes; run linkbench as root or as their user)";
    }

    private static Set<Long> family(Map<Long, Long> parent, long root) {
        Map<Long, List<Long>> children = new HashMap<>();
        parent.forEach((pid, ppid) -> children.computeIfAbsent(ppid, k -> new ArrayList<>()).add(pid));
        Set<Long> out = new HashSet<>();
        ArrayDeque<Long> todo = new ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            long p = todo.poll();
            if (out.add(p)) {
                todo.addAll(children.getOrDefault(p, List.of()));
            }
        }
        return out;
    }

    private static boolean isPid(Path p) {
        String name = p.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }
}
