package io.linkbench.report.html;

import java.util.List;

/**
 * Line colours that stay apart from each other on a white background; the same index gets the same
 * colour in every chart, so an operation keeps its colour across a phase's charts.
 */
final class Palette {
    private static final List<String> COLOURS = List.of(
            "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
            "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f",
            "#393b79", "#637939");

    /** Colour of totals. */
    static final String TOTAL = "#222222";

    private Palette() {
    }

    /** The colour for series number {@code i} (0-based); the twelve colours repeat from the 13th on. */
    static String colour(int i) {
        return COLOURS.get(Math.floorMod(i, COLOURS.size()));
    }
}
