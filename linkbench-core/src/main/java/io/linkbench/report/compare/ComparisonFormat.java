package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import java.util.Locale;

/** How {@code compare} prints its table. */
public enum ComparisonFormat {
    /** Aligned columns for the console; each value is followed by its ratio to the first run. */
    TEXT,
    /** A header line and one line per run; ratios in their own columns ({@code tps,tps_ratio,...}). */
    CSV,
    /** A GitHub-flavoured Markdown table. */
    MARKDOWN;

    /** The format named {@code name} (any case). */
    public static ComparisonFormat parse(String name) {
        for (ComparisonFormat f : values()) {
            if (f.name().equalsIgnoreCase(name)) {
                return f;
            }
        }
        throw new ConfigException("--format " + name + ": must be one of text, csv, markdown");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
