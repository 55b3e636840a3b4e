package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.cli.Main;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The report of a real (short) load and request run on the memory store, read back from its
 * {@code result.json}: its content, and the page in headless Chromium. The run happens once for the
 * class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealRunReportTest {
    private Path results;
    private Path runDir;
    private RunResult run;

    @BeforeAll
    void runLinkbench() throws IOException {
        results = Files.createTempDirectory("linkbench-html-run-");
        int exit = Main.run("-D", "store=memory", "-D", "maxid1=3001", "-D", "maxtime=3", "-D", "displayfreq=0.5",
                "-l", "-r", "--results", results.toString());
        assertEquals(0, exit, "linkbench exit code");
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> all = dirs.filter(Files::isDirectory).toList();
            assertEquals(1, all.size(), "one run directory: " + all);
            runDir = all.get(0);
        }
        run = new ResultFiles().read(runDir);
    }

    @AfterAll
    void removeResults() throws IOException {
        if (results != null) {
            try (Stream<Path> all = Files.walk(results)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @Test
    void reportOfARealRunHoldsEveryChartTableAndConfigKey() throws Exception {
        assertEquals(List.of(Phase.LOAD, Phase.REQUEST), run.phases().stream().map(PhaseResult::phase).toList());
        assertFalse(SampleRuns.ranOps(run.phases().get(1)).isEmpty(), "requests ran");
        Path file = runDir.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(file, run);
        String html = Files.readString(file);
        new ReportChecks(html).assertHoldsRun(run);
        ReportChecks.assertSelfContained(html);
        assertTrue(run.config().containsKey("maxid1") && html.contains(">maxid1</td><td>3001</td>"), "config shown");
    }

    @Test
    void reportOfARealRunOpensInHeadlessChromium() throws Exception {
        HeadlessChromium.assumePresent();
        Path work = Files.createTempDirectory(results, "chromium-");
        Path page = work.resolve(HtmlReport.FILE_NAME);
        new HtmlReport().write(page, run);
        HeadlessChromium.Outcome o = HeadlessChromium.dumpDom(page, work);
        assertEquals(0, o.exitCode(), String.join("\n", o.stderr()));
        assertEquals(List.of(), o.pageErrors(page));
        ChromiumReportTest.assertDomHoldsCharts(o.stdout(), run.phases().size());

        Path png = work.resolve("report.png");
        HeadlessChromium.Outcome shot = HeadlessChromium.screenshot(page, png, work);
        assertEquals(0, shot.exitCode(), String.join("\n", shot.stderr()));
        assertEquals(List.of(), shot.pageErrors(page));
        assertTrue(Files.size(png) > 0, "screenshot written");
        Files.createDirectories(ChromiumReportTest.KEEP);
        Files.copy(png, ChromiumReportTest.KEEP.resolve("real-run-report.png"), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(page, ChromiumReportTest.KEEP.resolve("real-run-report.html"), StandardCopyOption.REPLACE_EXISTING);
    }
}
