package io.linkbench.store.rocksdb;

import io.linkbench.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.rocksdb.CompressionType;

/** The block compression choices offered by the store (the codecs built into rocksdbjni that matter). */
enum Compression {
    NONE(CompressionType.NO_COMPRESSION),
    LZ4(CompressionType.LZ4_COMPRESSION),
    ZSTD(CompressionType.ZSTD_COMPRESSION);

    /** RocksDB's default number of levels: L0 to L6. */
    static final int LEVELS = 7;

    private final CompressionType type;

    Compression(CompressionType type) {
        this.type = type;
    }

    CompressionType type() {
        return type;
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    static Compression parse(String key, String text) {
        for (Compression c : values()) {
            if (c.label().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw ConfigException.badValue(key, text, "must be none, lz4 or zstd");
    }

    /**
     * A per-level list "L0,L1,...": one to seven codecs; the last one given applies to every deeper
     * level, so a single value means every level.
     */
    static List<Compression> parseLevels(String key, String text) {
        String[] parts = text.split(",", -1);
        if (parts.length > LEVELS) {
            throw ConfigException.badValue(key, text, "at most " + LEVELS + " comma-separated codecs (L0 to L6)");
        }
        List<Compression> levels = new ArrayList<>(LEVELS);
        for (String p : parts) {
            try {
                levels.add(parse(key, p));
            } catch (ConfigException e) {
                throw ConfigException.badValue(key, text,
                        "must be none, lz4 or zstd, or a comma-separated list of them for L0, L1, ...");
            }
        }
        while (levels.size() < LEVELS) {
            levels.add(levels.get(levels.size() - 1));
        }
        return List.copyOf(levels);
    }

    /** As {@link #format}, without the trailing repeats that {@link #parseLevels} adds back: "zstd,none,lz4". */
    static String formatShort(List<Compression> levels) {
        int n = levels.size();
        while (n > 1 && levels.get(n - 1) == levels.get(n - 2)) {
            n--;
        }
        return format(levels.subList(0, n));
    }

    static String format(List<Compression> levels) {
        StringBuilder sb = new StringBuilder();
        for (Compression c : levels) {
            sb.append(sb.length() == 0 ? "" : ",").append(c.label());
        }
        return sb.toString();
    }
}
