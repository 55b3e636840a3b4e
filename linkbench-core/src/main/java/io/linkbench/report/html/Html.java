package io.linkbench.report.html;

/**
 * Escaping of text for HTML element content and quoted attribute values (also valid inside inline
 * SVG and in XML, so the page parses as XHTML too). Every string that comes from a run result (config
 * values, op names, store facts, warnings) goes through {@link #esc}.
 */
final class Html {
    private Html() {
    }

    /** {@code s} with {@code & < > " '} replaced by character references; null becomes "". */
    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            String rep = switch (c) {
                case '&' -> "&amp;";
                case '<' -> "&lt;";
                case '>' -> "&gt;";
                case '"' -> "&quot;";
                case '\'' -> "&#39;";
                default -> null;
            };
            if (rep == null && isForbidden(c)) {
                rep = "\uFFFD";
            }
            if (rep != null) {
                if (out == null) {
                    out = new StringBuilder(s.length() + 16).append(s, 0, i);
                }
                out.append(rep);
            } else if (out != null) {
                out.append(c);
            }
        }
        return out == null ? s : out.toString();
    }

    /** Control characters that neither HTML nor XML allow in text (tab, newline and CR are fine). */
    private static boolean isForbidden(char c) {
        return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || c == 0xFFFE || c == 0xFFFF;
    }
}
