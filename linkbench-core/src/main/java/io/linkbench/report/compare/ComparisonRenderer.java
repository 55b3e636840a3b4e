package io.linkbench.report.compare;

import io.linkbench.report.Formats;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints a {@link Comparison} as text, CSV or Markdown. Unavailable values and ratios print as
 * {@code -} (empty in CSV).
 *
 * <p>Text and Markdown: a caption line naming the phase and the baseline, then one row per run: the
 * label, each column's value ({@link #value}) followed by its ratio to the first run
 * ({@code 0.85x}, under a blank header), and a note.
 *
 * <p>CSV: {@code label,dir,<column>,<column>_ratio,...,note}, values unrounded (size and rss in bytes),
 * ratios as plain numbers; RFC 4180 quoting.
 */
public final class ComparisonRenderer {
    /** The comparison in {@code format}; the text ends with a newline. */
    public String render(Comparison c, ComparisonFormat format) {
        return switch (format) {
            case TEXT -> text(c);
            case CSV -> csv(c);
            case MARKDOWN -> markdown(c);
        };
    }

    private static String text(Comparison c) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(c));
        for (int r = 0; r < c.rows().size(); r++) {
            rows.add(cells(c, r));
        }
        int n = rows.get(0).length;
        int[] widths = new int[n];
        for (String[] row : rows) {
            for (int i = 0; i < n; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder(caption(c)).append('\n');
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < n; i++) {
                String pad = " ".repeat(widths[i] - row[i].length());
                boolean left = i == 0 || i == n - 1; // label and note
                line.append(i == 0 ? "" : "  ").append(left ? row[i] + pad : pad + row[i]);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String markdown(Comparison c) {
        StringBuilder out = new StringBuilder(caption(c)).append("\n\n");
        String[] header = header(c);
        markdownLine(out, header);
        String[] align = new String[header.length];
        for (int i = 0; i < align.length; i++) {
            align[i] = i == 0 || i == align.length - 1 ? ":---" : "---:";
        }
        out.append("| ").append(String.join(" | ", align)).append(" |\n");
        for (int r = 0; r < c.rows().size(); r++) {
            markdownLine(out, cells(c, r));
        }
        return out.toString();
    }

    private static void markdownLine(StringBuilder out, String[] cells) {
        out.append('|');
        for (String cell : cells) {
            out.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        out.append('\n');
    }

    private static String csv(Comparison c) {
        StringBuilder out = new StringBuilder("label,dir");
        for (String col : c.columns()) {
            out.append(',').append(csvCell(col)).append(',').append(csvCell(col + "_ratio"));
        }
        out.append(",note\n");
        for (int r = 0; r < c.rows().size(); r++) {
            Comparison.Row row = c.rows().get(r);
            out.append(csvCell(row.label())).append(',').append(csvCell(row.dir().toString()));
            for (int i = 0; i < c.columns().size(); i++) {
                out.append(',').append(plain(row.value(i))).append(',').append(plain(c.ratio(r, i)));
            }
            out.append(',').append(csvCell(row.note())).append('\n');
        }
        return out.toString();
    }

    private static String caption(Comparison c) {
        return c.phase() + " phase" + ("request".equals(c.phase()) ? " (last loop)" : "")
                + "; each value is followed by its ratio to the first run, " + c.rows().get(0).label();
    }

    /** run, then per column its name and a blank ratio header, then note. */
    private static String[] header(Comparison c) {
        List<String> h = new ArrayList<>();
        h.add("run");
        for (String col : c.columns()) {
            h.add(col);
            h.add("");
        }
        h.add("note");
        return h.toArray(String[]::new);
    }

    private static String[] cells(Comparison c, int r) {
        Comparison.Row row = c.rows().get(r);
        List<String> cells = new ArrayList<>();
        cells.add(row.label());
        for (int i = 0; i < c.columns().size(); i++) {
            cells.add(value(c.columns().get(i), row.value(i)));
            cells.add(ratio(c.ratio(r, i)));
        }
        cells.add(row.note());
        return cells.toArray(String[]::new);
    }

    /**
     * A value as the text and Markdown tables print it: the rules of every report ({@link Formats#figure}).
     */
    public static String value(String column, double v) {
        return Formats.figure(column, v);
    }

    /** A ratio as the text and Markdown tables print it, e.g. {@code 0.85x}; {@code -} when NaN. */
    public static String ratio(double r) {
        return Double.isNaN(r) ? "-" : String.format(Locale.ROOT, "%.2fx", r);
    }

    private static String plain(double v) {
        return Double.isFinite(v) ? BigDecimal.valueOf(v).toPlainString() : "";
    }

    private static String csvCell(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.contains("\r")) {
            return '"' + s.replace("\"", "\"\"") + '"';
        }
        return s;
    }
}
