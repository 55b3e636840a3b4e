package io.linkbench.measure.probe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Finds the block devices that hold a directory: the mount holding it and the mounts below it, from
 * {@code /proc/self/mountinfo}, mapped to names by major:minor in {@code /proc/diskstats} (or, for file
 * systems with anonymous device numbers such as btrfs, by the mount source). A partition or
 * device-mapper volume counts as itself. When two chosen devices are stacked (a partition and its disk,
 * a dm volume and what it sits on), the upper one is left out, since its IO is also counted below it.
 */
final class DeviceFinder {
    /** Devices found, and one line saying how (or why none). */
    record Choice(List<String> devices, String origin) {
        Choice {
            devices = List.copyOf(devices);
        }
    }

    private record Mount(String majorMinor, String mountPoint, String fsType, String source) {
    }

    private final Path procRoot;
    private final Path sysRoot;

    DeviceFinder(Path procRoot, Path sysRoot) {
        this.procRoot = procRoot;
        this.sysRoot = sysRoot;
    }

    /** Devices named by the user ({@code probe_devices}); a leading {@code /dev/} is dropped. */
    Choice given(List<String> names) {
        Set<String> devices = new LinkedHashSet<>();
        for (String n : names) {
            String t = n.trim();
            if (!t.isEmpty()) {
                devices.add(t.startsWith("/dev/") ? t.substring(5) : t);
            }
        }
        List<String> notes = new ArrayList<>();
        List<String> kept = withoutStacked(new ArrayList<>(devices), notes);
        return new Choice(kept, "probe_devices " + String.join(",", kept) + notes(notes));
    }

    /** Devices of a directory; when it does not exist yet, of its nearest existing parent. */
    Choice holding(Path directory) {
        Path p = directory.toAbsolutePath().normalize();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        try {
            return holdingPath(p == null ? "/" : p.toRealPath().toString());
        } catch (IOException e) {
            return new Choice(List.of(), "cannot resolve " + directory + ": " + HostProbe.describe(e));
        }
    }

    /**
     * Devices holding several directories (the data directories of a cluster's nodes, by node name), each
     * device once: the union of {@link #holding(Path)}, stacked devices left out as there.
     */
    Choice holding(Map<String, Path> directories) {
        return union(directories, this::holding);
    }

    /** As {@link #holding(Map)} for absolute, already resolved paths. */
    Choice holdingPaths(Map<String, String> paths) {
        return union(paths, this::holdingPath);
    }

    private <T> Choice union(Map<String, T> directories, Function<T, Choice> find) {
        Set<String> devices = new LinkedHashSet<>();
        List<String> how = new ArrayList<>();
        directories.forEach((node, dir) -> {
            Choice c = find.apply(dir);
            devices.addAll(c.devices());
            how.add(node + ": " + c.origin());
        });
        List<String> notes = new ArrayList<>();
        List<String> kept = withoutStacked(new ArrayList<>(devices), notes);
        return new Choice(kept, String.join("; ", how) + notes(notes));
    }

    /** Devices of an absolute, already resolved path. */
    Choice holdingPath(String path) {
        List<Mount> mounts;
        Map<String, String> byNumber = new LinkedHashMap<>();
        try {
            mounts = mounts(Files.readAllLines(procRoot.resolve("self").resolve("mountinfo")));
            for (DiskStat d : DiskStat.readAll(procRoot).values()) {
                byNumber.put(d.major() + ":" + d.minor(), d.name());
            }
        } catch (IOException | RuntimeException e) {
            return new Choice(List.of(), "cannot map " + path + " to devices: " + HostProbe.describe(e));
        }
        Mount holder = null;
        for (Mount m : mounts) {
            if (under(path, m.mountPoint()) && (holder == null || m.mountPoint().length() >= holder.mountPoint().length())) {
                holder = m;     // the longest mount point wins; of equal ones the last, which hides the others
            }
        }
        if (holder == null) {
            return new Choice(List.of(), "no mount in mountinfo holds " + path);
        }
        Optional<String> holderDevice = device(holder, byNumber);
        if (holderDevice.isEmpty()) {
            return new Choice(List.of(), path + " is on " + holder.fsType() + " (" + holder.source()
                    + ", mount " + holder.mountPoint() + "), not a block device; name devices with probe_devices");
        }
        Set<String> devices = new LinkedHashSet<>();
        List<String> how = new ArrayList<>();
        devices.add(holderDevice.get());
        how.add(holderDevice.get() + " (" + holder.fsType() + " on " + holder.mountPoint() + ")");
        for (Mount m : mounts) {
            if (!m.mountPoint().equals(path) && under(m.mountPoint(), path)) {
                Optional<String> d = device(m, byNumber);
                if (d.isPresent() && devices.add(d.get())) {
                    how.add(d.get() + " (" + m.fsType() + " on " + m.mountPoint() + ")");
                }
            }
        }
        List<String> notes = new ArrayList<>();
        List<String> kept = withoutStacked(new ArrayList<>(devices), notes);
        return new Choice(kept, "devices holding " + path + ": " + String.join(", ", how) + notes(notes));
    }

    private static String notes(List<String> notes) {
        return notes.isEmpty() ? "" : "; " + String.join("; ", notes);
    }

    private static boolean under(String path, String mountPoint) {
        return mountPoint.equals("/") || path.equals(mountPoint) || path.startsWith(mountPoint + "/");
    }

    private Optional<String> device(Mount m, Map<String, String> byNumber) {
        String byNum = byNumber.get(m.majorMinor());
        if (byNum != null) {
            return Optional.of(byNum);
        }
        if (!m.source().startsWith("/dev/")) {
            return Optional.empty();
        }
        String name = m.source().substring(m.source().lastIndexOf('/') + 1);
        if (byNumber.containsValue(name)) {
            return Optional.of(name);
        }
        return m.source().startsWith("/dev/mapper/") ? dmDevice(name) : Optional.empty();
    }

    /** The {@code dm-N} whose {@code /sys/block/dm-N/dm/name} is the given mapper name. */
    private Optional<String> dmDevice(String mapperName) {
        for (String dev : list(sysRoot.resolve("block"))) {
            try {
                Path name = sysRoot.resolve("block").resolve(dev).resolve("dm").resolve("name");
                if (Files.exists(name) && Files.readString(name).trim().equals(mapperName)) {
                    return Optional.of(dev);
                }
            } catch (IOException e) {
                // not this one
            }
        }
        return Optional.empty();
    }

    /** Drops every device whose IO is also counted by another chosen device below it. */
    private List<String> withoutStacked(List<String> devices, List<String> notes) {
        List<String> kept = new ArrayList<>();
        for (String d : devices) {
            Optional<String> lower = below(d).stream().filter(devices::contains).findFirst();
            if (lower.isPresent()) {
                notes.add(d + " left out: its IO is counted in " + lower.get());
            } else {
                kept.add(d);
            }
        }
        return kept;
    }

    /** All devices under {@code dev}: a partition's disk, a dm or md volume's slaves, recursively. */
    Set<String> below(String dev) {
        Set<String> out = new LinkedHashSet<>();
        Deque<String> todo = new ArrayDeque<>(List.of(dev));
        while (!todo.isEmpty()) {
            String d = todo.pop();
            List<String> next = new ArrayList<>(list(sysRoot.resolve("block").resolve(d).resolve("slaves")));
            for (String disk : list(sysRoot.resolve("block"))) {
                if (Files.exists(sysRoot.resolve("block").resolve(disk).resolve(d).resolve("partition"))) {
                    next.add(disk);
                }
            }
            for (String n : next) {
                if (out.add(n)) {
                    todo.push(n);
                }
            }
        }
        return out;
    }

    private static List<String> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Parses mountinfo: id parent major:minor root mount-point options [optional...] - fstype source super-options. */
    private static List<Mount> mounts(List<String> lines) {
        List<Mount> out = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.trim().split(" ");
            int dash = List.of(f).indexOf("-");
            if (f.length < 5 || dash < 5 || dash + 2 >= f.length) {
                continue;
            }
            out.add(new Mount(f[2], unescape(f[4]), f[dash + 1], unescape(f[dash + 2])));
        }
        return out;
    }

    /** Undoes the kernel's octal escapes of space, tab, newline and backslash ({@code \040}). */
    static String unescape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).chars().allMatch(x -> x >= '0' && x <= '7')) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
