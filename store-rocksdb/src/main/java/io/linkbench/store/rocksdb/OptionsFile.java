package io.linkbench.store.rocksdb;

import io.linkbench.store.StoreException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The engine's whole configuration as RocksDB itself wrote it: the newest {@code OPTIONS-NNNNNN} file of
 * the database directory (RocksDB writes one each time it opens or its options change), read as
 * {@code <section>.<name> = <value>}, e.g. {@code CFOptions "links".write_buffer_size = 67108864}.
 */
final class OptionsFile {
    private OptionsFile() {
    }

    /** The options of the newest OPTIONS file in {@code dir}; a REJECTED StoreException when none can be read. */
    static Map<String, String> read(Path dir) throws StoreException {
        Path file = newest(dir).orElseThrow(() -> new StoreException(StoreException.Kind.REJECTED,
                "no RocksDB OPTIONS file in " + dir));
        try {
            Map<String, String> out = parse(Files.readAllLines(file));
            out.put("options_file", file.getFileName().toString());
            return out;
        } catch (IOException e) {
            throw new StoreException(StoreException.Kind.OTHER, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** Parses the INI text of an OPTIONS file: comments and blank lines skipped, keys prefixed by their section. */
    static Map<String, String> parse(List<String> lines) {
        Map<String, String> out = new TreeMap<>();
        String section = "";
        for (String raw : lines) {
            String line = raw.trim();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[") && line.endsWith("]")) {
                section = line.substring(1, line.length() - 1).trim();
                continue;
            }
            int eq = line.indexOf('=');
            if (eq > 0) {
                out.put(section + "." + line.substring(0, eq).trim(), line.substring(eq + 1).trim());
            }
        }
        return out;
    }

    private static Optional<Path> newest(Path dir) throws StoreException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().matches("OPTIONS-\\d+"))
                    .max(Comparator.comparingLong(p -> Long.parseLong(p.getFileName().toString().substring(8))));
        } catch (IOException e) {
            throw new StoreException(StoreException.Kind.OTHER, "cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
