package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineChartTest {
    private static final double NAN = Double.NaN;

    private final LineChart chart = new LineChart("c-1", "Throughput (ops/s)", "seconds", "ops/s", "nothing here");

    private static Series series(String name, double[] x, double[] y) {
        return new Series(name, x, y, Palette.colour(0), false);
    }

    private static ReportChecks parse(String svg) throws Exception {
        return new ReportChecks(svg);
    }

    @Test
    void noSeriesDrawsTheFrameAndSaysSo() throws Exception {
        ReportChecks svg = parse(chart.render(List.of(), null));
        assertEquals(List.of("nothing here"), svg.texts("//text[@class='empty']"));
        assertEquals(List.of("Throughput (ops/s)"), svg.texts("/svg/title"));
        assertEquals(0, svg.count("//polyline") + svg.count("//circle") + svg.count("//g[@class='legend']"));
    }

    @Test
    void seriesWithoutAFiniteValueCountAsEmpty() throws Exception {
        String out = chart.render(List.of(series("A", new double[] {1, 2}, new double[] {NAN, NAN}),
                series("B", new double[0], new double[0])), null);
        assertEquals(List.of("nothing here"), parse(out).texts("//text[@class='empty']"));
    }

    @Test
    void aSinglePointIsADot() throws Exception {
        ReportChecks svg = parse(chart.render(List.of(series("A", new double[] {3}, new double[] {7})), null));
        assertEquals(0, svg.count("//polyline"));
        assertTrue(svg.count("//g[@class='series']/circle") >= 1);
        assertEquals(List.of("A"), svg.texts("//g[@class='legend']/text"));
    }

    @Test
    void nanValuesBreakTheLineAndLonePointsBecomeDots() throws Exception {
        double[] x = {1, 2, 3, 4, 5, 6, 7, 8};
        double[] y = {1, 2, NAN, 4, NAN, 6, 7, 8};
        ReportChecks svg = parse(chart.render(List.of(series("A", x, y)), null));
        List<String> pieces = svg.texts("//polyline/@points");
        assertEquals(2, pieces.size(), "1-2 and 6-8; 4 stands alone");
        assertEquals(2, pieces.get(0).split(" ").length);
        assertEquals(3, pieces.get(1).split(" ").length);
        assertEquals(1, svg.count("//circle[@r='3.0']"), "the lone point");
    }

    @Test
    void axesHaveNiceTicksAndTitles() throws Exception {
        double[] x = {10, 20, 30, 37};
        double[] y = {100, 900, 1200, 12345};
        ReportChecks svg = parse(chart.render(List.of(series("A", x, y)), null));
        List<String> labels = svg.texts("//g[@class='axes']/text[not(@class)]");
        assertEquals(List.of("0", "2k", "4k", "6k", "8k", "10k", "12k", "14k", "0", "10", "20", "30", "40"), labels);
        assertEquals(List.of("seconds", "ops/s"), svg.texts("//g[@class='axes']/text[@class='axis-title']"));
    }

    @Test
    void pointsStayInsideThePlotAndNoNonFiniteCoordinateIsWritten() throws Exception {
        double[] x = {0, 1, 2, 3};
        double[] y = {0, Double.POSITIVE_INFINITY, 5, 0.5};
        String out = chart.render(List.of(series("A", x, y)), new LineChart.Band(0, 1.5, "warm-up"));
        assertFalse(out.contains("NaN") || out.contains("Infinity"), out);
        ReportChecks svg = parse(out);
        double[] plot = {76, 40, 760, 268};
        for (String pair : String.join(" ", svg.texts("//polyline/@points")).split(" ")) {
            double px = Double.parseDouble(pair.split(",")[0]);
            double py = Double.parseDouble(pair.split(",")[1]);
            assertTrue(px >= plot[0] && px <= plot[2] && py >= plot[1] && py <= plot[3], pair);
        }
        assertEquals(List.of("warm-up"), svg.texts("//g[@class='band']/text"));
    }

    @Test
    void everySeriesGetsALegendEntryAndTheChartGrowsToFitThem() throws Exception {
        List<Series> many = new java.util.ArrayList<>();
        for (int i = 0; i < 16; i++) {
            many.add(new Series("OP_" + i, new double[] {1, 2}, new double[] {i, i + 1}, Palette.colour(i), i == 15));
        }
        ReportChecks svg = parse(chart.render(many, null));
        assertEquals(16, svg.count("//g[@class='legend']/text"));
        assertTrue(Integer.parseInt(svg.element("/svg").getAttribute("height")) >= 40 + 16 * 18);
        assertEquals(1, svg.count("//g[@class='series']/polyline[@stroke-dasharray]"));
    }

    @Test
    void legendTextIsEscaped() throws Exception {
        String out = chart.render(List.of(series("<b>&\"'", new double[] {1}, new double[] {1})), null);
        assertFalse(out.contains("<b>"));
        assertEquals(List.of("<b>&\"'"), parse(out).texts("//g[@class='legend']/text"));
    }

    @Test
    void idsMustBeConstantsNotData() {
        assertThrows(IllegalArgumentException.class, () -> new LineChart("a\" onload=\"x", "t", "x", "y", "e"));
        assertThrows(IllegalArgumentException.class, () -> series("A", new double[1], new double[2]));
    }
}
