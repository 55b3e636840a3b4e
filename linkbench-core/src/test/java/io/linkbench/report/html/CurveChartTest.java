package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.store.StoreInfo;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The capacity curve in report.html: drawn from the steps, a log p99 axis, the SLO and saturation, in Chromium. */
class CurveChartTest {
    @TempDir
    Path work;

    /** An SLO search's step: open loop at {@code target}, {@code achieved} ops/s, GET_NODE at {@code p99Ms}. */
    static PhaseResult step(double target, long achieved, double p99Ms, int loop) {
        Histogram get = new Histogram(3);
        get.recordValueWithCount((long) (p99Ms * 1e6), achieved);
        Histogram update = new Histogram(3);
        update.recordValueWithCount((long) (p99Ms * 4e6), achieved / 10);
        return new PhaseResult(Phase.REQUEST, loop, new PhaseResult.Window(0, 1000, 1.1),
                new PhaseResult.Latency(true, target, List.of(new OpStats("GET_NODE", get, get, 0, Map.of(), 0, 0),
                        new OpStats("UPDATE_LINK", update, update, 0, Map.of(), 0, 0)), new Histogram(3)),
                PhaseEnd.legacy(false), List.of(), null, Map.of(), null, List.of(), null)
                .with(new PhaseResult.StepTarget("requestrate", target, "p99 < 5ms, p99.9(GET_NODE) < 9ms"));
    }

    static RunResult curveRun() {
        return new RunResult("dev", 1_735_787_046_000L, "client1", Map.of("store", "memory"),
                new StoreInfo("memory", "", "", Map.of(), false),
                List.of(step(1000, 1100, 0.8, 0), step(2000, 2200, 2.5, 1), step(4000, 3300, 40, 2)), "run-1");
    }

    @Test
    void theCurveHasALinePerOperationTheSloAndTheSaturatedStepRinged() {
        String html = new HtmlReport().render(curveRun());

        assertTrue(html.contains("<a href=\"#curve\">Capacity curve</a>"), "in the contents");
        assertTrue(html.contains(">request phase, step 3 (requestrate=4000)</a>"), "each step named by its target");
        assertTrue(html.contains("<svg id=\"curve-chart\""), html);
        assertEquals(3, html.split("<g class=\"series\"><title>", -1).length - 1, "all operations, GET_NODE, UPDATE_LINK");
        assertEquals(3, html.split("class=\"saturated\"", -1).length - 1, "the third step, on each line");
        assertTrue(html.contains(">SLO p99 &lt; 5ms</text>"), "the p99 limit is drawn");
        assertFalse(html.contains("SLO p99.9"), "only p99 limits: the chart plots p99");
        for (String decade : List.of(">0.1</text>", ">1</text>", ">10</text>", ">100</text>")) {
            assertTrue(html.contains(decade), "log axis decade " + decade);
        }
    }

    @Test
    void aRunWithoutCurveStepsHasNoCurve() {
        String html = new HtmlReport().render(SampleRuns.run());
        assertFalse(html.contains("curve"), "no section, no link");
    }

    @Test
    void theCurveOpensInChromiumWithoutErrorsAndShowsTheSaturatedMark() throws Exception {
        HeadlessChromium.assumePresent();
        Path page = work.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(page, curveRun());
        HeadlessChromium.Outcome dom = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, dom.exitCode(), String.join("\n", dom.stderr()));
        assertEquals(List.of(), dom.pageErrors(page));
        assertTrue(dom.stdout().contains("<svg id=\"curve-chart\""), "Chromium kept the chart");

        Path png = work.resolve("curve.png");
        HeadlessChromium.Outcome shot = HeadlessChromium.screenshot(page, png, work);
        assertEquals(0, shot.exitCode(), String.join("\n", shot.stderr()));
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(ChromiumReportTest.hasColour(image, CurveChart.SATURATED), "the saturated ring is on screen");
        assertTrue(ChromiumReportTest.hasColour(image, Palette.colour(0)), "GET_NODE's line is on screen");
        Files.createDirectories(ChromiumReportTest.KEEP);
        Files.copy(png, ChromiumReportTest.KEEP.resolve("curve-report.png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
