package io.linkbench.report.compare;

import io.linkbench.config.MessageText;
import io.linkbench.measure.Phase;
import io.linkbench.report.Formats;
import io.linkbench.report.SummaryRow;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Prints a {@link Comparison} as text, CSV or Markdown, in the order the published comparisons use: the
 * values, one row per run in the published columns with the label last and a legend defining every column
 * below; then the ratios to the first run (or the first tag's mean) as a table of their own; with repeats
 * (runs sharing a tag) their mean, standard deviation and coefficient of variation; then the workload
 * figures. Unavailable values and ratios print as {@code -} (empty in CSV).
 *
 * <p>Text and Markdown round values as every report does ({@link Formats#figure}); CSV gives them unrounded
 * (size and rss in bytes), one table after another with an empty line between, without the legends.
 */
public final class ComparisonRenderer {
    /** Which columns of a table are left-aligned text; the others are right-aligned figures. */
    private enum Align {
        /** The last column is the label. */
        LABEL_LAST,
        /** The first column names the row. */
        NAME_FIRST,
        /** Every column is text. */
        TEXT
    }

    /** The mark of a ratio whose difference is within the noise of the repeats. */
    public static final String NOISE_MARK = "~";

    /** The comparison in {@code format}; the text ends with a newline. */
    public String render(Comparison c, ComparisonFormat format) {
        Out out = new Out(format);
        String what = c.phase() == Phase.REQUEST ? "requests" : c.part().isEmpty() ? "load" : "load, part " + c.part();
        out.caption(what + ": one row per run" + loopNote(c));
        out.table(valueRows(c, format), Align.LABEL_LAST);
        out.legend(SummaryRow.legend(c.columns()));
        List<String> notes = new ArrayList<>();
        c.rows().stream().filter(r -> !r.note().isEmpty()).forEach(r -> notes.add(r.label() + ": " + r.note()));
        out.legend(notes);
        List<Comparison.Group> groups = c.groups();
        if (!groups.isEmpty() && !groups.get(0).rows().isEmpty()) {
            out.caption("ratios to " + groups.get(0).name() + (c.hasRepeats() ? " (means of the repeats)" : " (the first run)"));
            out.table(ratioRows(c, format), Align.LABEL_LAST);
            if (c.hasRepeats()) {
                out.legend(List.of(NOISE_MARK + ": the difference is within the noise of the repeats (not larger than the"
                        + " two labels' standard deviations added)"));
                out.caption("repeats (runs with the same label): mean, standard deviation (sd), coefficient of"
                        + " variation (cv% = 100 x sd / mean)");
                out.table(repeatRows(c, format), Align.LABEL_LAST);
            }
        }
        if (!c.workload().isEmpty()) {
            out.caption((c.phase() == Phase.LOAD ? "graph loaded" : "operation statistics (hit: an existing row was found)")
                    + "; runs of the same workload show close values");
            out.table(workloadRows(c, format), Align.NAME_FIRST);
        }
        return out.toString();
    }

    /**
     * The trend over the loops of one run: one row per loop ({@link SummaryRow#TREND_COLUMNS}), the loop last.
     *
     * @param label the run's label
     * @param loops the loops' rows, in order
     */
    public String renderTrend(String label, List<SummaryRow> loops, ComparisonFormat format) {
        Out out = new Out(format);
        out.caption("trend of " + label + ", one row per loop");
        List<String[]> rows = new ArrayList<>();
        rows.add(header(SummaryRow.TREND_COLUMNS, "loop"));
        for (SummaryRow r : loops) {
            rows.add(cells(SummaryRow.TREND_COLUMNS, r.values(), r.label(), format));
        }
        out.table(rows, Align.LABEL_LAST);
        out.legend(SummaryRow.legend(SummaryRow.TREND_COLUMNS));
        return out.toString();
    }

    /** A table of text cells, header first, all left-aligned, in {@code format}; for the settings that differ. */
    public String renderTable(String caption, List<String[]> rows, ComparisonFormat format, List<String> legend) {
        Out out = new Out(format);
        out.caption(caption);
        out.table(rows, Align.TEXT);
        out.legend(legend);
        return out.toString();
    }

    private static String loopNote(Comparison c) {
        return c.rows().stream().anyMatch(r -> r.note().contains(" loops")) ? " (see the notes for the loop shown)" : "";
    }

    private static String[] header(List<String> columns, String last) {
        List<String> h = new ArrayList<>(columns);
        h.add(last);
        return h.toArray(String[]::new);
    }

    private static String[] cells(List<String> columns, double[] values, String label, ComparisonFormat f) {
        String[] cells = new String[columns.size() + 1];
        for (int i = 0; i < columns.size(); i++) {
            cells[i] = f == ComparisonFormat.CSV ? plain(values[i]) : value(columns.get(i), values[i]);
        }
        cells[columns.size()] = label;
        return cells;
    }

    private static List<String[]> valueRows(Comparison c, ComparisonFormat format) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(c.columns(), "label"));
        for (Comparison.Row row : c.rows()) {
            double[] v = new double[c.columns().size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = row.value(i);
            }
            rows.add(cells(c.columns(), v, row.label(), format));
        }
        return rows;
    }

    private static List<String[]> ratioRows(Comparison c, ComparisonFormat format) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(c.columns(), "label"));
        for (Comparison.Group g : c.groups()) {
            String[] cells = new String[c.columns().size() + 1];
            for (int i = 0; i < c.columns().size(); i++) {
                double r = c.groupRatio(g, i);
                cells[i] = format == ComparisonFormat.CSV ? plain(r)
                        : (c.hasRepeats() && !g.equals(c.groups().get(0)) && !Double.isNaN(r) && c.withinNoise(g, i) ? NOISE_MARK : "") + ratio(r);
            }
            cells[c.columns().size()] = g.name();
            rows.add(cells);
        }
        return rows;
    }

    private static List<String[]> repeatRows(Comparison c, ComparisonFormat format) {
        List<String[]> rows = new ArrayList<>();
        rows.add(header(c.columns(), "label"));
        for (Comparison.Group g : c.groups()) {
            int n = c.columns().size();
            double[] mean = new double[n];
            double[] sd = new double[n];
            String[] cv = new String[n + 1];
            for (int i = 0; i < n; i++) {
                mean[i] = c.mean(g, i);
                sd[i] = c.stddev(g, i);
                double v = 100 * sd[i] / mean[i];
                cv[i] = format == ComparisonFormat.CSV ? plain(v) : Formats.percent(v / 100);
            }
            String runs = " (" + g.rows().size() + (g.rows().size() == 1 ? " run)" : " runs)");
            rows.add(cells(c.columns(), mean, g.name() + " mean" + runs, format));
            rows.add(cells(c.columns(), sd, g.name() + " sd", format));
            cv[n] = g.name() + " cv%";
            rows.add(cv);
        }
        return rows;
    }

    /** A header (figure, then the runs' labels), then one row per workload figure. */
    private static List<String[]> workloadRows(Comparison c, ComparisonFormat format) {
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
                double v = f.values().get(r);
                cells[r + 1] = format == ComparisonFormat.CSV ? plain(v) : f.unit().format(v);
            }
            rows.add(cells);
        }
        return rows;
    }

    /** The tables of one rendering, in its format. */
    private static final class Out {
        private final StringBuilder text = new StringBuilder();
        private final ComparisonFormat f;

        Out(ComparisonFormat f) {
            this.f = f;
        }

        void caption(String caption) {
            if (f == ComparisonFormat.CSV) {
                return;
            }
            if (!text.isEmpty()) {
                text.append('\n');
            }
            text.append(MessageText.printable(caption)).append(f == ComparisonFormat.MARKDOWN ? "\n\n" : ":\n");
        }

        void table(List<String[]> given, Align align) {
            // every cell one line that cannot drive the terminal: values of older results may hold anything
            List<String[]> rows = given.stream().map(r -> java.util.Arrays.stream(r).map(MessageText::printable)
                    .toArray(String[]::new)).toList();
            switch (f) {
                case TEXT -> aligned(text, rows, align);
                case MARKDOWN -> markdownTable(text, rows, align);
                case CSV -> {
                    if (!text.isEmpty()) {
                        text.append('\n');
                    }
                    rows.forEach(r -> csvLine(text, r));
                }
            }
        }

        void legend(List<String> given) {
            if (f == ComparisonFormat.CSV || given.isEmpty()) {
                return;
            }
            List<String> lines = given.stream().map(MessageText::printable).toList();
            if (f == ComparisonFormat.MARKDOWN) {
                text.append('\n');
                lines.forEach(l -> text.append("- ").append(l.replace("|", "\\|").replace("*", "\\*")).append('\n'));
            } else {
                lines.forEach(l -> text.append("  ").append(l).append('\n'));
            }
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }

    /** Whether column {@code i} of {@code n} is left-aligned. */
    private static boolean left(Align align, int i, int n) {
        return switch (align) {
            case LABEL_LAST -> i == n - 1;
            case NAME_FIRST -> i == 0;
            case TEXT -> true;
        };
    }

    /** Aligned columns two spaces apart; text columns left-aligned, figures right-aligned. */
    private static void aligned(StringBuilder out, List<String[]> rows, Align align) {
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
                boolean left = left(align, i, n);
                line.append(i == 0 ? "" : "  ").append(left ? row[i] + pad : pad + row[i]);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    /** The header row, the alignment row, then the other rows. */
    private static void markdownTable(StringBuilder out, List<String[]> rows, Align align) {
        markdownLine(out, rows.get(0));
        String[] marks = new String[rows.get(0).length];
        for (int i = 0; i < marks.length; i++) {
            marks[i] = left(align, i, marks.length) ? ":---" : "---:";
        }
        out.append("| ").append(String.join(" | ", marks)).append(" |\n");
        rows.subList(1, rows.size()).forEach(r -> markdownLine(out, r));
    }

    private static void markdownLine(StringBuilder out, String[] cells) {
        out.append('|');
        for (String cell : cells) {
            out.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        out.append('\n');
    }

    private static void csvLine(StringBuilder out, String[] cells) {
        for (int i = 0; i < cells.length; i++) {
            out.append(i == 0 ? "" : ",").append(csvCell(cells[i]));
        }
        out.append('\n');
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
