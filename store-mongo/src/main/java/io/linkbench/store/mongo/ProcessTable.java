package io.linkbench.store.mongo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The processes of this host as one scan of {@code /proc} shows them: each one's parent, command and the
 * socket inodes its file descriptors hold ({@code /proc/PID/fd/N -> socket:[INODE]}); a process whose
 * descriptors this user cannot read holds none here. The scan is bounded: at most {@link #MAX_PROCESSES}
 * processes, {@link #MAX_FDS} descriptors each and {@link #MAX_FILE_BYTES} per file, and it gives up when its
 * deadline passes.
 */
final class ProcessTable {
    static final int MAX_PROCESSES = 100_000;
    static final int MAX_FDS = 100_000;
    static final int MAX_FILE_BYTES = 16 << 20;

    /** One process: its parent, {@code comm}, and the sockets it holds. */
    record Process(long pid, long parent, String command, Set<Long> sockets) {
    }

    /** The scan took longer than its deadline, or /proc held more than its bounds. */
    static final class TooBig extends IOException {
        private static final long serialVersionUID = 1L;

        TooBig(String message) {
            super(message);
        }
    }

    private final Path procRoot;
    private final Map<Long, Process> processes;
    private final Map<Long, List<Long>> children = new HashMap<>();
    private final Map<Long, Set<Long>> holders = new HashMap<>();

    private ProcessTable(Path procRoot, Map<Long, Process> processes) {
        this.procRoot = procRoot;
        this.processes = processes;
        for (Process p : processes.values()) {
            children.computeIfAbsent(p.parent(), k -> new ArrayList<>()).add(p.pid());
            for (long inode : p.sockets()) {
                holders.computeIfAbsent(inode, k -> new HashSet<>()).add(p.pid());
            }
        }
    }

    /** Scans {@code procRoot} (normally {@code /proc}) until {@code deadlineNanos} ({@link System#nanoTime()}). */
    static ProcessTable scan(Path procRoot, long deadlineNanos) throws IOException {
        Map<Long, Process> processes = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(procRoot, ProcessTable::isPid)) {
            for (Path dir : dirs) {
                if (processes.size() >= MAX_PROCESSES) {
                    throw new TooBig("more than " + MAX_PROCESSES + " processes");
                }
                checkDeadline(deadlineNanos);
                try {
                    String stat = read(dir.resolve("stat"));
                    int open = stat.indexOf('(');
                    int close = stat.lastIndexOf(')');
                    long pid = Long.parseLong(dir.getFileName().toString());
                    long parent = Long.parseLong(stat.substring(close + 2).split(" ")[1]); // field 4, after the state
                    processes.put(pid, new Process(pid, parent, stat.substring(open + 1, close),
                            sockets(dir.resolve("fd"), deadlineNanos)));
                } catch (TooBig e) {
                    throw e;
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile
                }
            }
        }
        return new ProcessTable(procRoot, processes);
    }

    /** The socket inodes among the process's descriptors; none when they cannot be read. */
    private static Set<Long> sockets(Path fdDir, long deadlineNanos) throws TooBig {
        Set<Long> out = new LinkedHashSet<>();
        int n = 0;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                if (++n > MAX_FDS) {
                    throw new TooBig(fdDir + " holds more than " + MAX_FDS + " descriptors");
                }
                if ((n & 255) == 0) {
                    checkDeadline(deadlineNanos);
                }
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[") && target.endsWith("]")) {
                        out.add(Long.parseLong(target.substring(8, target.length() - 1)));
                    }
                } catch (IOException | RuntimeException e) {
                    // closed meanwhile
                }
            }
        } catch (TooBig e) {
            throw e;
        } catch (IOException e) {
            return Set.of(); // another user's process
        }
        return out;
    }

    static void checkDeadline(long deadlineNanos) throws TooBig {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new TooBig("the scan of /proc took longer than its deadline");
        }
    }

    /** A file of /proc, at most {@link #MAX_FILE_BYTES} of it (longer is {@link TooBig}). */
    static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes(MAX_FILE_BYTES + 1);
            if (b.length > MAX_FILE_BYTES) {
                throw new TooBig(file + " is longer than " + MAX_FILE_BYTES + " bytes");
            }
            return new String(b, StandardCharsets.US_ASCII);
        }
    }

    private static boolean isPid(Path p) {
        String name = p.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }

    Optional<Process> process(long pid) {
        return Optional.ofNullable(processes.get(pid));
    }

    /**
     * The process that holds socket {@code inode} and whose parent does not (a listening socket is inherited by
     * forked children: the server is their ancestor); empty when no process this user can read holds it.
     */
    Optional<Long> holder(long inode) {
        Set<Long> all = holders.getOrDefault(inode, Set.of());
        return all.stream().filter(p -> !all.contains(processes.get(p).parent())).min(Long::compare);
    }

    /** {@code pid} and all its descendants. */
    Set<Long> tree(long pid) {
        Set<Long> out = new LinkedHashSet<>();
        ArrayDeque<Long> todo = new ArrayDeque<>(List.of(pid));
        while (!todo.isEmpty()) {
            long p = todo.poll();
            if (out.add(p)) {
                todo.addAll(children.getOrDefault(p, List.of()));
            }
        }
        return out;
    }

    /** The working directory of {@code pid} (a postmaster's is its data directory), when it can be read. */
    Optional<Path> workingDirectory(long pid) {
        try {
            return Optional.of(Files.readSymbolicLink(procRoot.resolve(Long.toString(pid)).resolve("cwd")));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
