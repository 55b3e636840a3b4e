package io.linkbench.measure;

import java.util.Locale;

/** The two kinds of phase a run has: the load ({@code -l}) and the request phase ({@code -r}). */
public enum Phase {
    LOAD, REQUEST;

    /** The lower-case name used in files, tables and the command line: {@code load}, {@code request}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The phase named {@code label}.
     *
     * @throws IllegalArgumentException when it is neither {@code load} nor {@code request}
     */
    public static Phase of(String label) {
        for (Phase p : values()) {
            if (p.label().equals(label)) {
                return p;
            }
        }
        throw new IllegalArgumentException("not a phase: " + label + " (load or request)");
    }
}
