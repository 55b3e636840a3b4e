package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html's charts of store counters per interval, requesters busy at once, and the bucket table. */
class RunFiguresHtmlTest {
    @TempDir
    Path work;

    /** The sample request phase (open loop) with counters and busy figures in every interval. */
    static RunResult run() {
        PhaseResult p = SampleRuns.request();
        List<IntervalPoint> points = new ArrayList<>();
        int i = 0;
        for (IntervalPoint pt : p.intervals()) {
            Map<String, Double> rates = new LinkedHashMap<>(pt.rates());
            rates.put("store.Innodb_buffer_pool_reads", 100.0 + 10 * i);
            rates.put("store.rocksdb_stall_micros", i % 4 == 0 ? 5000.0 : 0.0);
            rates.put("store.never_changes", 0.0);
            for (int k = 0; k < 8; k++) {
                rates.put("store.other_" + k, (double) k * i);
            }
            rates.put(IntervalPoint.BUSY_MEAN, 1.5 + (i % 3) * 0.5);
            rates.put(IntervalPoint.BUSY_MAX, 4.0);
            points.add(new IntervalPoint(pt.offsetSeconds(), pt.seconds(), pt.warmup(), pt.ops(), pt.errors(), rates));
            i++;
        }
        return new RunResult("t", 1_735_787_045_678L, "client1", Map.of("store", "mysql"),
                new io.linkbench.store.StoreInfo("mysql", "8.4", "InnoDB", Map.of(), true),
                List.of(p.with(0, p.cost(), points)), "id");
    }

    @Test
    void counterChartsBusyChartAndBucketTableAreInThePage() throws Exception {
        ReportChecks page = new ReportChecks(new HtmlReport().render(run()));
        String s = "//section[@id='phase-0']";
        assertEquals(CounterCharts.MAX_COUNTER_CHARTS, page.count(s + "//*[local-name()='svg'][starts-with(@id,'phase-0-counter-')]"));
        assertEquals(List.of("Innodb_buffer_pool_reads (change per interval)", "rocksdb_stall_micros (change per interval)"),
                page.texts(s + "//*[local-name()='svg'][@id='phase-0-counter-0' or @id='phase-0-counter-1']"
                        + "/*[local-name()='text'][@class='title']"));
        assertEquals(1, page.count(s + "//*[local-name()='svg'][@id='phase-0-busy']"));
        assertTrue(page.texts(s + "/p[@class='note']").stream().anyMatch(t -> t.contains("mean 1.98") && t.contains("max 4")),
                page.texts(s + "/p[@class='note']").toString());
        assertTrue(page.texts(s + "/p[@class='note']").stream().anyMatch(t -> t.contains("6 of the 9 counters")),
                "counters that never changed (never_changes, other_0) are not counted");
        List<String> bucketHeader = page.texts(s + "//table[@class='buckets']/thead/tr/th");
        assertEquals("op \\ ms <=", bucketHeader.get(0));
        assertTrue(page.count(s + "//table[@class='buckets']/tbody/tr") >= 3, "a row per operation with calls");
    }

    @Test
    void chromiumDrawsTheNewCharts() throws Exception {
        HeadlessChromium.assumePresent();
        Path page = work.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(page, run());
        HeadlessChromium.Outcome dom = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, dom.exitCode(), String.join("\n", dom.stderr()));
        assertEquals(List.of(), dom.pageErrors(page));
        assertTrue(dom.stdout().contains("<svg id=\"phase-0-busy\""), "busy chart in Chromium's DOM");
        assertTrue(dom.stdout().contains("<svg id=\"phase-0-counter-0\""), "counter chart in Chromium's DOM");
        Path png = work.resolve("figures.png");
        HeadlessChromium.Outcome shot = HeadlessChromium.screenshot(page, png, work);
        assertEquals(0, shot.exitCode(), String.join("\n", shot.stderr()));
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(ChromiumReportTest.hasColour(image, Palette.colour(0)));
        Files.createDirectories(ChromiumReportTest.KEEP);
        Files.copy(page, ChromiumReportTest.KEEP.resolve("run-figures.html"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(png, ChromiumReportTest.KEEP.resolve("run-figures.png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
