package io.linkbench.report.html;

import java.util.List;
import java.util.Locale;

/**
 * An inline SVG latency-versus-throughput chart for capacity curves: achieved ops/s on a linear x axis,
 * p99 in ms on a log y axis (one gridline per decade), one line per {@link Series} in step order,
 * saturated points ringed, and horizontal dashed lines for SLO limits. Same SVG conventions as
 * {@link LineChart}: XML syntax, text escaped, the caller's constant id only.
 */
final class CurveChart {
    private static final int WIDTH = 960;
    private static final int HEIGHT = 400;
    private static final int LEFT = 76;
    private static final int TOP = 40;
    private static final int BOTTOM = 348;
    private static final int RIGHT = 760;
    private static final int LEGEND_ROW = 18;
    static final String SATURATED = "#cc00cc"; // in no line's palette

    private final String id;
    private final String title;

    /**
     * A line of the chart.
     *
     * @param series    its points (x: achieved ops/s, y: p99 ms), name and colour
     * @param saturated per point, whether that step saturated
     */
    record Curve(Series series, boolean[] saturated) {
        Curve {
            if (saturated.length != series.x().length) {
                throw new IllegalArgumentException(series.name() + ": saturation flags do not match the points");
            }
            saturated = saturated.clone();
        }
    }

    /** A horizontal limit line, e.g. {@code p99 < 5ms}. */
    record Limit(String label, double ms) {
    }

    /** @param id the svg element's id (a constant made of letters, digits and '-') */
    CurveChart(String id, String title) {
        if (!id.matches("[A-Za-z][A-Za-z0-9-]*")) {
            throw new IllegalArgumentException("bad chart id: " + id);
        }
        this.id = id;
        this.title = title;
    }

    /** The chart as an {@code <svg>} element. */
    String render(List<Curve> curves, List<Limit> limits) {
        double xMax = 0;
        double yMin = Double.POSITIVE_INFINITY;
        double yMax = 0;
        for (Curve c : curves) {
            for (int i = 0; i < c.series().x().length; i++) {
                double x = c.series().x()[i];
                double y = c.series().y()[i];
                if (Double.isFinite(x) && Double.isFinite(y) && y > 0) {
                    xMax = Math.max(xMax, x);
                    yMin = Math.min(yMin, y);
                    yMax = Math.max(yMax, y);
                }
            }
        }
        for (Limit l : limits) {
            yMin = Math.min(yMin, l.ms());
            yMax = Math.max(yMax, l.ms());
        }
        StringBuilder out = new StringBuilder(4096);
        out.append("<svg id=\"").append(id).append("\" class=\"chart curve\" xmlns=\"http://www.w3.org/2000/svg\"")
                .append(" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT).append("\" viewBox=\"0 0 ")
                .append(WIDTH).append(' ').append(HEIGHT).append("\" role=\"img\" aria-label=\"").append(Html.esc(title))
                .append("\">\n<title>").append(Html.esc(title)).append("</title>\n");
        out.append("<rect x=\"0\" y=\"0\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" fill=\"#ffffff\"/>\n");
        text(out, (LEFT + RIGHT) / 2.0, 22, "middle", "title", title);
        if (yMax == 0) {
            frame(out);
            text(out, (LEFT + RIGHT) / 2.0, (TOP + BOTTOM) / 2.0, "middle", "empty", "no step measured any latency");
            return out.append("</svg>\n").toString();
        }
        Scale x = Scale.covering(xMax);
        int lo = (int) Math.floor(Math.log10(yMin));
        int hi = Math.max(lo + 1, (int) Math.ceil(Math.log10(yMax)));
        Axes a = new Axes(x, lo, hi);
        out.append("<g class=\"axes\" font-size=\"11\" fill=\"#444444\">\n");
        for (int d = lo; d <= hi; d++) {
            double y = a.py(Math.pow(10, d));
            line(out, LEFT, y, RIGHT, y, "#e3e3e3", null);
            text(out, LEFT - 6, y + 4, "end", null, decade(d));
        }
        for (double t : x.ticks()) {
            line(out, a.px(t), BOTTOM, a.px(t), BOTTOM + 5, "#888888", null);
            text(out, a.px(t), BOTTOM + 18, "middle", null, x.label(t));
        }
        frame(out);
        out.append("</g>\n");
        int row = 0;
        for (Limit l : limits) {
            double y = a.py(l.ms());
            out.append("<g class=\"slo\">");
            line(out, LEFT, y, RIGHT, y, "#555555", "8 4");
            text(out, RIGHT - 4, y - 4, "end", "band-label", "SLO " + l.label());
            out.append("</g>\n");
        }
        for (int i = curves.size() - 1; i >= 0; i--) {
            curve(out, a, curves.get(i)); // the first (e.g. every operation together) on top
        }
        for (Curve c : curves) {
            legendRow(out, row++, c.series().colour(), c.series().name(), false, c.series().dashed());
        }
        legendRow(out, row, SATURATED, "saturated step", true, false);
        return out.append("</svg>\n").toString();
    }

    /** Data to pixels: linear x from 0, log10 y over the decades {@code lo..hi}. */
    private record Axes(Scale x, int lo, int hi) {
        double px(double v) {
            return LEFT + (RIGHT - LEFT) * v / x.max();
        }

        double py(double ms) {
            return BOTTOM - (BOTTOM - TOP) * (Math.log10(ms) - lo) / (hi - lo);
        }
    }

    private static void curve(StringBuilder out, Axes a, Curve c) {
        Series s = c.series();
        out.append("<g class=\"series\"><title>").append(Html.esc(s.name())).append("</title>\n");
        StringBuilder points = new StringBuilder();
        StringBuilder marks = new StringBuilder();
        for (int i = 0; i < s.x().length; i++) {
            if (!Double.isFinite(s.x()[i]) || !Double.isFinite(s.y()[i]) || s.y()[i] <= 0) {
                continue;
            }
            double px = a.px(s.x()[i]);
            double py = a.py(s.y()[i]);
            points.append(points.length() == 0 ? "" : " ").append(n(px)).append(',').append(n(py));
            marks.append("<circle cx=\"").append(n(px)).append("\" cy=\"").append(n(py)).append("\" r=\"2.5\" fill=\"")
                    .append(s.colour()).append("\"/>\n");
            if (c.saturated()[i]) {
                marks.append("<circle class=\"saturated\" cx=\"").append(n(px)).append("\" cy=\"").append(n(py))
                        .append("\" r=\"6\" fill=\"none\" stroke=\"").append(SATURATED).append("\" stroke-width=\"1.5\"/>\n");
            }
        }
        out.append("<polyline fill=\"none\" stroke-width=\"1.8\" stroke=\"").append(s.colour()).append('"')
                .append(s.dashed() ? " stroke-dasharray=\"6 4\"" : "").append(" points=\"").append(points).append("\"/>\n")
                .append(marks).append("</g>\n");
    }

    private static void frame(StringBuilder out) {
        out.append("<rect x=\"").append(LEFT).append("\" y=\"").append(TOP).append("\" width=\"").append(RIGHT - LEFT)
                .append("\" height=\"").append(BOTTOM - TOP).append("\" fill=\"none\" stroke=\"#888888\"/>\n");
        text(out, (LEFT + RIGHT) / 2.0, BOTTOM + 40, "middle", "axis-title", "achieved throughput (ops/s)");
        double mid = (TOP + BOTTOM) / 2.0;
        out.append("<text x=\"18\" y=\"").append(n(mid)).append("\" text-anchor=\"middle\" class=\"axis-title\"")
                .append(" transform=\"rotate(-90 18 ").append(n(mid)).append(")\">p99 (ms, log scale)</text>\n");
    }

    private static void legendRow(StringBuilder out, int row, String colour, String name, boolean ring,
                                  boolean dashed) {
        double x = RIGHT + 16;
        double y = TOP + 6 + row * LEGEND_ROW;
        out.append("<g class=\"legend\" font-size=\"12\">");
        if (ring) {
            out.append("<circle cx=\"").append(n(x + 11)).append("\" cy=\"").append(n(y)).append("\" r=\"6\" fill=\"none\"")
                    .append(" stroke=\"").append(colour).append("\" stroke-width=\"1.5\"/>");
        } else {
            line(out, x, y, x + 22, y, colour, dashed ? "6 4" : null);
        }
        text(out, x + 28, y + 4, "start", null, name);
        out.append("</g>\n");
    }

    /** 10^d in ms as a tick label: 0.001, 0.01, ..., 1, 10, 100, 1000. */
    private static String decade(int d) {
        return java.math.BigDecimal.ONE.scaleByPowerOfTen(d).stripTrailingZeros().toPlainString();
    }

    private static void line(StringBuilder out, double x1, double y1, double x2, double y2, String colour, String dash) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(colour).append('"')
                .append(dash == null ? "" : " stroke-dasharray=\"" + dash + "\"").append("/>\n");
    }

    private static void text(StringBuilder out, double x, double y, String anchor, String cssClass, String s) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(anchor)
                .append('"').append(cssClass == null ? "" : " class=\"" + cssClass + "\"").append('>').append(Html.esc(s))
                .append("</text>\n");
    }

    private static String n(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
