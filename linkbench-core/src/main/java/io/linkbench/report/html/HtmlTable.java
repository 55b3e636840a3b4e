package io.linkbench.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * An HTML table built row by row, every cell escaped. In a numeric table the first column is a
 * left-aligned label and the others are right-aligned figures, like the console's text tables.
 */
final class HtmlTable {
    private final String cssClass;
    private final boolean numeric;
    private final String[] header;
    private final List<String[]> rows = new ArrayList<>();
    private final List<String> rowClasses = new ArrayList<>();

    /**
     * @param cssClass the table's class attribute (a constant, not escaped)
     * @param numeric  true to right-align all columns but the first
     * @param header   column headings
     */
    HtmlTable(String cssClass, boolean numeric, String... header) {
        this.cssClass = cssClass;
        this.numeric = numeric;
        this.header = header.clone();
    }

    HtmlTable row(String... cells) {
        return classedRow(null, cells);
    }

    /** A row with a class attribute (a constant, not escaped, or null for none), e.g. {@code total}. */
    HtmlTable classedRow(String rowClass, String... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("expected " + header.length + " cells, got " + cells.length);
        }
        rows.add(cells.clone());
        rowClasses.add(rowClass);
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    void appendTo(StringBuilder out) {
        out.append("<table class=\"").append(cssClass).append("\">\n<thead><tr>");
        for (int i = 0; i < header.length; i++) {
            out.append(i > 0 && numeric ? "<th class=\"n\">" : "<th>").append(Html.esc(header[i])).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (int r = 0; r < rows.size(); r++) {
            String rowClass = rowClasses.get(r);
            out.append(rowClass == null ? "<tr>" : "<tr class=\"" + rowClass + "\">");
            String[] cells = rows.get(r);
            for (int i = 0; i < cells.length; i++) {
                if (i == 0 && numeric) {
                    out.append("<th scope=\"row\">");
                } else {
                    out.append(i > 0 && numeric ? "<td class=\"n\">" : "<td>");
                }
                out.append(Html.esc(cells[i])).append(i == 0 && numeric ? "</th>" : "</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table>\n");
    }
}
