package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The descendants of a process, found from the parent pid (field 4) of every {@code /proc/<pid>/stat}. */
final class ProcessTree {
    private ProcessTree() {
    }

    /** Every process below {@code pid} alive now (children, their children, ...); empty when there is none. */
    static List<Long> descendants(Path procRoot, long pid) throws IOException {
        Map<Long, List<Long>> children = new HashMap<>();
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(procRoot, ProcessTree::isPidDirectory)) {
            for (Path dir : dirs) {
                try {
                    String[] f = ProcessStat.fields(Files.readString(dir.resolve("stat")));
                    long parent = Long.parseLong(f[1]);
                    children.computeIfAbsent(parent, k -> new ArrayList<>())
                            .add(Long.parseLong(dir.getFileName().toString()));
                } catch (IOException | RuntimeException e) {
                    // gone meanwhile, or not a process directory
                }
            }
        }
        List<Long> out = new ArrayList<>();
        ArrayDeque<Long> todo = new ArrayDeque<>(children.getOrDefault(pid, List.of()));
        while (!todo.isEmpty()) {
            long p = todo.poll();
            out.add(p);
            todo.addAll(children.getOrDefault(p, List.of()));
        }
        return out;
    }

    private static boolean isPidDirectory(Path p) {
        String name = p.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }
}
