package io.linkbench.measure.probe;

import io.linkbench.measure.RunMeta;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the facts about this host that a result keeps ({@link RunMeta.HostFacts}): CPU model, cores,
 * memory, kernel, the model of the devices holding the data and the data directory's filesystem. Every
 * fact that cannot be read is "unknown" (or -1), never an error.
 */
public final class HostDescription {
    static final String UNKNOWN = "unknown";

    private final Path procRoot;
    private final Path sysRoot;

    /** Reads {@code procRoot} (normally {@code /proc}) and {@code sysRoot} (normally {@code /sys}). */
    public HostDescription(Path procRoot, Path sysRoot) {
        this.procRoot = procRoot;
        this.sysRoot = sysRoot;
    }

    /** This host's {@code /proc} and {@code /sys}. */
    public static HostDescription local() {
        return new HostDescription(Path.of("/proc"), Path.of("/sys"));
    }

    /**
     * @param devices       block devices holding the data (as the cost probe found them), possibly empty
     * @param dataDirectory the store's local data directory, if any
     */
    public RunMeta.HostFacts describe(List<String> devices, Optional<Path> dataDirectory) {
        return new RunMeta.HostFacts(cpuModel(), Runtime.getRuntime().availableProcessors(), memoryBytes(),
                System.getProperty("os.name", "") + " " + System.getProperty("os.version", ""), deviceModels(devices),
                dataDirectory.map(HostDescription::filesystem).orElse(UNKNOWN));
    }

    String cpuModel() {
        for (String line : lines(procRoot.resolve("cpuinfo"))) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals("model name")) {
                return line.substring(colon + 1).trim();
            }
        }
        return UNKNOWN;
    }

    long memoryBytes() {
        for (String line : lines(procRoot.resolve("meminfo"))) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 2 && f[0].equals("MemTotal:")) {
                try {
                    return Long.parseLong(f[1]) * 1024;
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** The distinct models of {@code devices} (a partition's is its disk's), joined by ", ". */
    String deviceModels(List<String> devices) {
        Set<String> models = new LinkedHashSet<>();
        for (String d : devices) {
            models.add(deviceModel(d));
        }
        return models.isEmpty() ? UNKNOWN : String.join(", ", models);
    }

    private String deviceModel(String device) {
        Path dev = sysRoot.resolve("class/block").resolve(device);
        List<Path> candidates = new ArrayList<>(List.of(dev.resolve("device/model"), dev.resolve("../device/model")));
        try {
            Path real = dev.toRealPath();
            candidates.add(real.resolve("device/model"));
            candidates.add(real.getParent().resolve("device/model"));
        } catch (IOException | RuntimeException e) {
            // not in sysfs: try the plain paths only
        }
        for (Path p : candidates) {
            List<String> l = lines(p);
            if (!l.isEmpty() && !l.get(0).isBlank()) {
                return device + ": " + l.get(0).trim();
            }
        }
        for (Path p : candidates) { // no model (a virtual disk): its driver says what it is, e.g. virtio_blk
            try {
                Path driver = p.resolveSibling("driver").toRealPath();
                return device + ": " + driver.getFileName() + " (no model)";
            } catch (IOException | RuntimeException e) {
                // try the next
            }
        }
        return device + ": " + (device.startsWith("dm-") ? "device-mapper" : UNKNOWN);
    }

    private static String filesystem(Path dir) {
        try {
            return Files.getFileStore(dir).type();
        } catch (IOException | RuntimeException e) {
            return UNKNOWN;
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }
}
