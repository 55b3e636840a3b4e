package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.RunResult;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The hand-built run's report opened in headless Chromium, and a check that the check itself bites. */
class ChromiumReportTest {
    /** Where the screenshot is kept for people to look at (under target/, never committed). */
    static final Path KEEP = Path.of("target", "html-report");

    @TempDir
    Path work;

    @BeforeEach
    void needsChromium() {
        HeadlessChromium.assumePresent();
    }

    @Test
    void aScriptErrorInAPageIsReported() throws Exception {
        Path page = work.resolve("broken.html");
        Files.writeString(page, "<!DOCTYPE html><html><head><title>t</title></head><body><p>x</p>"
                + "<script>notDefinedAnywhere();</script></body></html>");
        HeadlessChromium.Outcome o = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, o.exitCode(), String.join("\n", o.stderr()));
        List<String> errors = o.pageErrors(page);
        assertEquals(1, errors.size(), "the uncaught ReferenceError, and only it: " + o.stderr());
        assertTrue(errors.get(0).contains("notDefinedAnywhere"), errors.get(0));
    }

    @Test
    void reportOpensWithoutErrorsAndHoldsEveryChart() throws Exception {
        RunResult run = SampleRuns.run();
        Path page = work.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(page, run);
        HeadlessChromium.Outcome o = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, o.exitCode(), String.join("\n", o.stderr()));
        assertEquals(List.of(), o.pageErrors(page));
        assertDomHoldsCharts(o.stdout(), run.phases().size());
        assertTrue(o.stdout().contains(IntervalCharts.NO_DATA), "the phase without intervals says so");
        assertTrue(o.stdout().contains("&lt;script&gt;alert"), "the config value stayed text");
    }

    @Test
    void chromiumShowsThePublishedTablesWithTheirLegendsTheTrendAndP25P75() throws Exception {
        Path page = work.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(page, SampleRuns.run());
        HeadlessChromium.Outcome o = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, o.exitCode(), String.join("\n", o.stderr()));
        String dom = o.stdout();
        String summary = dom.substring(dom.indexOf("<section id=\"summary\">"));
        summary = summary.substring(0, summary.indexOf("</section>"));
        for (String column : io.linkbench.report.SummaryRow.REQUEST_COLUMNS) {
            assertTrue(summary.contains("<th class=\"n\">" + column + "</th>"), column + " in " + summary);
        }
        assertTrue(summary.contains("<li>gl: p99 ms of GET_LINKS_LIST</li>"), "the legend: " + summary);
        assertTrue(summary.contains("<li>ips: rows inserted per second"), summary);
        assertTrue(summary.contains("<table class=\"trend\">"), "two request loops: their trend: " + summary);
        assertTrue(dom.contains("<th class=\"n\">p25</th><th class=\"n\">p50</th><th class=\"n\">p75</th>"),
                "p25 and p75 next to p50 in the latency tables");
    }

    @Test
    void screenshotShowsTheCharts() throws Exception {
        Path page = work.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(page, SampleRuns.run());
        Path png = work.resolve("report.png");
        HeadlessChromium.Outcome o = HeadlessChromium.screenshot(page, png, work);
        assertEquals(0, o.exitCode(), String.join("\n", o.stderr()));
        assertEquals(List.of(), o.pageErrors(page));
        BufferedImage image = ImageIO.read(png.toFile());
        assertEquals(1280, image.getWidth());
        assertEquals(2400, image.getHeight());
        assertTrue(hasColour(image, Palette.colour(0)), "the first op's line colour is on screen");
        Files.createDirectories(KEEP);
        Files.copy(png, KEEP.resolve("sample-report.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(page, KEEP.resolve("sample-report.html"), StandardCopyOption.REPLACE_EXISTING);
    }

    /** The DOM Chromium built holds the two charts of every phase, and no script. */
    static void assertDomHoldsCharts(String dom, int phases) {
        for (int i = 0; i < phases; i++) {
            for (String chart : List.of("throughput", "p99")) {
                assertTrue(dom.contains("<svg id=\"phase-" + i + "-" + chart + "\""), "chart phase-" + i + "-" + chart);
            }
        }
        int extra = dom.split("<svg id=\"phase-\\d+-(counter-\\d+|busy)\"", -1).length - 1; // counter and busy charts
        assertEquals(2 * phases, dom.split("<svg ", -1).length - 1 - extra, "number of charts");
        assertFalse(dom.contains("<script"), "no script in the DOM");
    }

    static boolean hasColour(BufferedImage image, String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    return true;
                }
            }
        }
        return false;
    }
}
