package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.RunResult;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare --html}: the tables and the runs' curves overlaid, one line per run, opened in Chromium. */
class ComparisonPageTest {
    @TempDir
    Path work;

    private static final String TABLES = "request  tps <b>x</b>\nrun2     1.5x\n";

    @Test
    void theCurvesOfEveryRunAreOverlaidNextToTheTables() throws Exception {
        RunResult first = CurveChartTest.curveRun();
        RunResult noCurve = SampleRuns.run();
        String html = new ComparisonPage().render(TABLES, List.of(first, noCurve, first), List.of("innodb", "plain", "myrocks"));

        assertTrue(html.contains("<pre>request  tps &lt;b&gt;x&lt;/b&gt;"), "the tables, escaped");
        assertTrue(html.contains("<svg id=\"compare-curve\""), html);
        assertEquals(2, html.split("<g class=\"series\"><title>", -1).length - 1, "a line per run with curve steps");
        assertTrue(html.contains(">innodb</text>") && html.contains(">myrocks</text>"), "labelled by run");
        assertTrue(html.contains(">SLO p99 &lt; 5ms</text>"), "the SLO");
        assertEquals(2, html.split("class=\"saturated\"", -1).length - 1, "each run's saturated step");

        HeadlessChromium.assumePresent();
        Path page = work.resolve("compare.html");
        new ComparisonPage().write(page, TABLES, List.of(first, noCurve, first), List.of("innodb", "plain", "myrocks"));
        HeadlessChromium.Outcome dom = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, dom.exitCode(), String.join("\n", dom.stderr()));
        assertEquals(List.of(), dom.pageErrors(page));
        assertTrue(dom.stdout().contains("<svg id=\"compare-curve\""));
        Path png = work.resolve("compare.png");
        HeadlessChromium.Outcome shot = HeadlessChromium.screenshot(page, png, work);
        assertEquals(0, shot.exitCode(), String.join("\n", shot.stderr()));
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(ChromiumReportTest.hasColour(image, Palette.colour(0)), "the first run's line is on screen (on top of the third, same data)");
        assertTrue(ChromiumReportTest.hasColour(image, CurveChart.SATURATED), "the saturated ring is on screen");
    }

    @Test
    void withoutCurvesThePageSaysSo() {
        String html = new ComparisonPage().render(TABLES, List.of(SampleRuns.run()), List.of("a"));
        assertTrue(html.contains("No run has curve steps"), html);
    }
}
