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
 * ({@code 0.85x}, under a blank header), and a note. Then, when the runs recorded any, a second table
 * of the {@link WorkloadFigure}s: one row per figure, one column per run.
 *
 * <p>CSV: {@code label,dir,<column>,<column>_ratio,...,note,<workload figure>,...}, values unrounded
 * (size and rss in bytes), ratios as plain numbers; RFC 4180 quoting.
 */
public final class ComparisonRenderer {
    /** The comparison in {@code format}; the text ends with a newline. */
    public String render(Comparison c, ComparisonFormat format) {
        return switch (format) {
            case TEXT -> tables(c, "\n", ComparisonRenderer::aligned);
            case CSV -> csv(c);
            case MARKDOWN -> tables(c, "\n\n", ComparisonRenderer::markdownTable);
        };
    }

    /** How a table of cells (header row first) is appended; {@code noteLast}: its last column is a note. */
    private interface TableFormat {
        void append(StringBuilder out, List<String[]> rows, boolean noteLast);
    }

    /** Caption and summary table, then, when there are figures, the workload caption and table. */
    private static String tables(Comparison c, String afterCaption, TableFormat table) {
        StringBuilder out = new StringBuilder(caption(c)).append(afterCaption);
        table.append(out, summaryRows(c), true);
        if (!c.workload().isEmpty()) {
            out.append('\n').append(workloadCaption(c)).append(afterCaption);
            table.append(out, workloadRows(c), false);
        }
        return out.toString();
    }

    /** Aligned columns two spaces apart: the first (and the last, a note) left-aligned, the others right-aligned. */
    private static void aligned(StringBuilder out, List<String[]> rows, boolean noteLast) {
        int n = rows.get(0).length;
        int[] widths = new int[n];
        for (String[] row : rows) {
            for (int i = 0; i < n; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < n; i++) {
                String pad = " ".repeat(widths[i] - row[i].length());
                boolean left = i == 0 || (noteLast && i == n - 1);
                line.append(i == 0 ? "" : "  ").append(left ? row[i] + pad : pad + row[i]);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** The header row, the alignment row, then the other rows. */
    private static void markdownTable(StringBuilder out, List<String[]> rows, boolean noteLast) {
        markdownLine(out, rows.get(0));
        String[] align = new String[rows.get(0).length];
        for (int i = 0; i < align.length; i++) {
            align[i] = i == 0 || (noteLast && i == align.length - 1) ? ":---" : "---:";
        }
        out.append("| ").append(String.join(" | ", align)).append(" |\n");
        rows.subList(1, rows.size()).forEach(r -> markdownLine(out, r));
    }

    /** The header, then one row per run. */
    private static List<String[]> summaryRows(Comparison c) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(c));
        for (int r = 0; r < c.rows().size(); r++) {
            rows.add(cells(c, r));
        }
        return rows;
    }

    /** A header (figure, then the runs' labels), then one row per workload figure. */
    private static List<String[]> workloadRows(Comparison c) {
        int runs = c.rows().size();
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[runs + 1];
        header[0] = "figure";
        for (int r = 0; r < runs; r++) {
            header[r + 1] = c.rows().get(r).label();
        }
        rows.add(header);
        for (WorkloadFigure f : c.workload()) {
            String[] cells = new String[runs + 1];
            cells[0] = f.name();
            for (int r = 0; r < runs; r++) {
                cells[r + 1] = f.unit().format(f.values().get(r));
            }
            rows.add(cells);
        }
        return rows;
    }

    private static String workloadCaption(Comparison c) {
        return ("load".equals(c.phase()) ? "graph loaded" : "operation statistics (hit: an existing row was found)")
                + "; runs of the same workload show close values";
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
        out.append(",note");
        c.workload().forEach(f -> out.append(',').append(csvCell(f.name())));
        out.append('\n');
        for (int r = 0; r < c.rows().size(); r++) {
            Comparison.Row row = c.rows().get(r);
            out.append(csvCell(row.label())).append(',').append(csvCell(row.dir().toString()));
            for (int i = 0; i < c.columns().size(); i++) {
                out.append(',').append(plain(row.value(i))).append(',').append(plain(c.ratio(r, i)));
            }
            out.append(',').append(csvCell(row.note()));
            int run = r;
            c.workload().forEach(f -> out.append(',').append(plain(f.values().get(run))));
            out.append('\n');
        }
        return out.toString();
    }

    private static String caption(Comparison c) {
        return c.phase() + (Comparison.PHASES.contains(c.phase()) ? " phase" : "")
                + ("request".equals(c.phase()) ? " (last loop)" : "")
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
