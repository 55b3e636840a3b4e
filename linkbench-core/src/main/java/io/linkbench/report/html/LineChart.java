package io.linkbench.report.html;

import java.util.List;
import java.util.Locale;

/**
 * An inline SVG line chart: a title, a y axis from 0 with gridlines and tick labels, an x axis with
 * tick labels, axis titles with units, one line per {@link Series} (NaN values break the line, lone
 * points are drawn as dots) and a legend on the right. An optional shaded x range marks e.g. a
 * warm-up. With no finite point at all the chart still draws its frame and says {@link #emptyText}.
 *
 * <p>The SVG is written with XML syntax (every element closed, text escaped) so it is valid both
 * inline in HTML and on its own. Element ids are the caller's constant {@code id}; no data is ever put
 * into an id, class or style.
 */
final class LineChart {
    private static final int WIDTH = 960;
    private static final int MIN_HEIGHT = 320;
    private static final int EMPTY_HEIGHT = 160;
    private static final int LEFT = 76;
    private static final int TOP = 40;
    private static final int BOTTOM_MARGIN = 52;
    private static final int LEGEND_WIDTH = 200;
    private static final int LEGEND_ROW = 18;
    private static final int MARKERS_UP_TO = 24;

    private final String id;
    private final String title;
    private final String xTitle;
    private final String yTitle;
    private final String emptyText;

    /**
     * @param id        the svg element's id (a constant made of letters, digits and '-')
     * @param title     drawn above the plot
     * @param xTitle    x axis title with unit
     * @param yTitle    y axis title with unit
     * @param emptyText what to say when there is nothing to draw
     */
    LineChart(String id, String title, String xTitle, String yTitle, String emptyText) {
        if (!id.matches("[A-Za-z][A-Za-z0-9-]*")) {
            throw new IllegalArgumentException("bad chart id: " + id);
        }
        this.id = id;
        this.title = title;
        this.xTitle = xTitle;
        this.yTitle = yTitle;
        this.emptyText = emptyText;
    }

    /** A shaded x range with a label, e.g. the warm-up. */
    record Band(double from, double to, String label) {
    }

    /** The chart as an {@code <svg>} element; {@code band} may be null. */
    String render(List<Series> series, Band band) {
        List<Series> drawn = series.stream().filter(s -> !s.isEmpty()).toList();
        int height = drawn.isEmpty() ? EMPTY_HEIGHT
                : Math.max(MIN_HEIGHT, TOP + LEGEND_ROW * drawn.size() + BOTTOM_MARGIN);
        Frame f = new Frame(LEFT, TOP, WIDTH - LEGEND_WIDTH, height - BOTTOM_MARGIN,
                Scale.covering(max(drawn, true)), Scale.covering(max(drawn, false)));
        StringBuilder out = new StringBuilder(4096);
        out.append("<svg id=\"").append(id).append("\" class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\"")
                .append(" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(Html.esc(title)).append("\">\n");
        out.append("<title>").append(Html.esc(title)).append("</title>\n");
        out.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" fill=\"#ffffff\"/>\n");
        text(out, (f.left + f.right) / 2, 22, "middle", "title", title);
        if (drawn.isEmpty()) {
            axes(out, f, false);
            text(out, (f.left + f.right) / 2.0, (f.top + f.bottom) / 2.0, "middle", "empty", emptyText);
        } else {
            if (band != null && band.to() > band.from()) {
                band(out, f, band);
            }
            axes(out, f, true);
            for (Series s : drawn) {
                line(out, f, s);
            }
            legend(out, f, drawn);
        }
        out.append("</svg>\n");
        return out.toString();
    }

    /** The plot area in pixels and the scales that map data into it. */
    private record Frame(double left, double top, double right, double bottom, Scale x, Scale y) {
        double px(double v) {
            return left + (right - left) * v / x.max();
        }

        double py(double v) {
            return bottom - (bottom - top) * v / y.max();
        }
    }

    private static double max(List<Series> series, boolean ofX) {
        double m = Double.NaN;
        for (Series s : series) {
            for (int i = 0; i < s.x().length; i++) {
                if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    double v = ofX ? s.x()[i] : s.y()[i];
                    m = Double.isNaN(m) ? v : Math.max(m, v);
                }
            }
        }
        return m;
    }

    private void axes(StringBuilder out, Frame f, boolean withTicks) {
        out.append("<g class=\"axes\" font-size=\"11\" fill=\"#444444\">\n");
        if (withTicks) {
            for (double t : f.y().ticks()) {
                double y = f.py(t);
                out.append("<line x1=\"").append(n(f.left)).append("\" y1=\"").append(n(y)).append("\" x2=\"")
                        .append(n(f.right)).append("\" y2=\"").append(n(y)).append("\" stroke=\"#e3e3e3\"/>\n");
                text(out, f.left - 6, y + 4, "end", null, f.y().label(t));
            }
            for (double t : f.x().ticks()) {
                double x = f.px(t);
                out.append("<line x1=\"").append(n(x)).append("\" y1=\"").append(n(f.bottom)).append("\" x2=\"")
                        .append(n(x)).append("\" y2=\"").append(n(f.bottom + 5)).append("\" stroke=\"#888888\"/>\n");
                text(out, x, f.bottom + 18, "middle", null, f.x().label(t));
            }
        }
        out.append("<rect x=\"").append(n(f.left)).append("\" y=\"").append(n(f.top)).append("\" width=\"")
                .append(n(f.right - f.left)).append("\" height=\"").append(n(f.bottom - f.top))
                .append("\" fill=\"none\" stroke=\"#888888\"/>\n");
        text(out, (f.left + f.right) / 2, f.bottom + 40, "middle", "axis-title", xTitle);
        double yMid = (f.top + f.bottom) / 2;
        out.append("<text x=\"18\" y=\"").append(n(yMid)).append("\" text-anchor=\"middle\" class=\"axis-title\"")
                .append(" transform=\"rotate(-90 18 ").append(n(yMid)).append(")\">").append(Html.esc(yTitle))
                .append("</text>\n");
        out.append("</g>\n");
    }

    private static void band(StringBuilder out, Frame f, Band band) {
        double x0 = f.px(Math.max(0, band.from()));
        double x1 = f.px(Math.min(f.x().max(), band.to()));
        out.append("<g class=\"band\"><rect x=\"").append(n(x0)).append("\" y=\"").append(n(f.top))
                .append("\" width=\"").append(n(x1 - x0)).append("\" height=\"").append(n(f.bottom - f.top))
                .append("\" fill=\"#f1f1f1\"/>\n");
        text(out, x0 + 4, f.top + 13, "start", "band-label", band.label());
        out.append("</g>\n");
    }

    private static void line(StringBuilder out, Frame f, Series s) {
        out.append("<g class=\"series\"><title>").append(Html.esc(s.name())).append("</title>\n");
        String stroke = " stroke=\"" + s.colour() + "\"";
        int finite = 0;
        StringBuilder run = new StringBuilder();
        int runLength = 0;
        double lastX = 0;
        double lastY = 0;
        for (int i = 0; i <= s.x().length; i++) {
            boolean ok = i < s.x().length && Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i]);
            if (ok) {
                finite++;
                lastX = f.px(s.x()[i]);
                lastY = f.py(s.y()[i]);
                run.append(runLength == 0 ? "" : " ").append(n(lastX)).append(',').append(n(lastY));
                runLength++;
            } else if (runLength > 0) {
                if (runLength == 1) {
                    dot(out, lastX, lastY, 3, s.colour());
                } else {
                    out.append("<polyline fill=\"none\" stroke-width=\"1.8\" stroke-linejoin=\"round\"")
                            .append(stroke).append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "")
                            .append(" points=\"").append(run).append("\"/>\n");
                }
                run.setLength(0);
                runLength = 0;
            }
        }
        if (finite <= MARKERS_UP_TO) {
            for (int i = 0; i < s.x().length; i++) {
                if (Double.isFinite(s.x()[i]) && Double.isFinite(s.y()[i])) {
                    dot(out, f.px(s.x()[i]), f.py(s.y()[i]), 2, s.colour());
                }
            }
        }
        out.append("</g>\n");
    }

    private static void dot(StringBuilder out, double x, double y, double r, String colour) {
        out.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(colour).append("\"/>\n");
    }

    private static void legend(StringBuilder out, Frame f, List<Series> drawn) {
        double x = f.right + 16;
        out.append("<g class=\"legend\" font-size=\"12\">\n");
        for (int i = 0; i < drawn.size(); i++) {
            Series s = drawn.get(i);
            double y = f.top + 6 + i * LEGEND_ROW;
            out.append("<line x1=\"").append(n(x)).append("\" y1=\"").append(n(y)).append("\" x2=\"")
                    .append(n(x + 22)).append("\" y2=\"").append(n(y)).append("\" stroke=\"").append(s.colour())
                    .append("\" stroke-width=\"2.5\"").append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "")
                    .append("/>\n");
            text(out, x + 28, y + 4, "start", null, s.name());
        }
        out.append("</g>\n");
    }

    private static void text(StringBuilder out, double x, double y, String anchor, String cssClass, String s) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"")
                .append(anchor).append('"');
        if (cssClass != null) {
            out.append(" class=\"").append(cssClass).append('"');
        }
        out.append('>').append(Html.esc(s)).append("</text>\n");
    }

    /** A pixel coordinate with one decimal. */
    private static String n(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
