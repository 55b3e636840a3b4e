package io.linkbench.run;

import java.util.Arrays;

/**
 * The timed steps of the load's insert window, in the order of its tables and files: each is one
 * bulk-write kind ({@code StoreSession.loadNodes}, {@code loadLinks}, {@code loadCounts}). The
 * ordinal indexes the phase's recorders; the name is what reports and {@code intervals.csv} show.
 */
public enum LoadStep {
    LOAD_NODES, LOAD_LINKS, LOAD_COUNTS;

    /** The steps' names, in order, as the recorders and interval files take them. */
    public static String[] names() {
        return Arrays.stream(values()).map(Enum::name).toArray(String[]::new);
    }
}
