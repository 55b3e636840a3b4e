package io.linkbench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Rows of cells printed as aligned columns: the first column left-aligned, the others
 * right-aligned, two spaces between columns, no trailing blanks.
 */
final class TextTable {
    private final String indent;
    private final List<String[]> rows = new ArrayList<>();

    TextTable(String indent) {
        this.indent = indent;
    }

    TextTable row(String... cells) {
        if (!rows.isEmpty() && cells.length != rows.get(0).length) {
            throw new IllegalArgumentException("expected " + rows.get(0).length + " cells, got " + cells.length);
        }
        rows.add(cells.clone());
        return this;
    }

    void appendTo(StringBuilder out) {
        if (rows.isEmpty()) {
            return;
        }
        int[] widths = new int[rows.get(0).length];
        for (String[] r : rows) {
            for (int i = 0; i < r.length; i++) {
                widths[i] = Math.max(widths[i], r[i].length());
            }
        }
        for (String[] r : rows) {
            StringBuilder line = new StringBuilder(indent);
            for (int i = 0; i < r.length; i++) {
                String pad = " ".repeat(widths[i] - r[i].length());
                if (i == 0) {
                    line.append(r[i]).append(pad);
                } else {
                    line.append("  ").append(pad).append(r[i]);
                }
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
