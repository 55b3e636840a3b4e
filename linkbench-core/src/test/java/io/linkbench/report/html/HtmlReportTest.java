package io.linkbench.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.RunResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page rendered from the hand-built run of {@link SampleRuns}. */
class HtmlReportTest {
    private final HtmlReport report = new HtmlReport();
    private final RunResult run = SampleRuns.run();

    @TempDir
    Path dir;

    @Test
    void writesTheRenderedPageAndNothingElse() throws Exception {
        Path file = dir.resolve(HtmlReport.FILE_NAME);
        report.write(file, run);
        assertEquals(report.render(run), Files.readString(file, StandardCharsets.UTF_8));
        try (var files = Files.list(dir)) {
            assertEquals(List.of(file), files.toList(), "no temporary file left behind");
        }
        report.write(file, run);
        assertTrue(Files.readString(file).startsWith("<!DOCTYPE html>"), "rewritten in place");
    }

    @Test
    void holdsEveryChartTableAndConfigKey() throws Exception {
        String html = report.render(run);
        new ReportChecks(html).assertHoldsRun(run);
        ReportChecks.assertSelfContained(html);
    }

    @Test
    void escapesEverythingThatComesFromTheResult() throws Exception {
        String html = report.render(run);
        assertFalse(html.contains("<script"), "config value became a script");
        assertFalse(html.contains("<b>bold"), "config value became markup");
        assertFalse(html.contains(SampleRuns.ODD_OP), "op name unescaped");
        assertTrue(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"), "escaped");
        assertTrue(html.contains("ODD&lt;&amp;&gt;&quot;&#39;OP"), "op name escaped");
        ReportChecks page = new ReportChecks(html);
        assertEquals(List.of(SampleRuns.EVIL), page.texts("//section[@id='config']//tr[td[1]='zz_note']/td[2]"));
        assertEquals(List.of("embedded </td></tr></table> x"),
                page.texts("//section[@id='store']//tr[td[1]='topology']/td[2]"));
        assertTrue(page.texts("//svg[@id='phase-1-p99']//g[@class='legend']/text").contains(SampleRuns.ODD_OP),
                "odd op in the chart legend, as text");
        assertTrue(page.texts("//p[@class='run']").get(0).contains("client<1>"), "host as text");
    }

    @Test
    void phaseHeadersSayLoopModeThroughputAndInterruption() throws Exception {
        ReportChecks page = new ReportChecks(report.render(run));
        assertEquals(List.of("load phase", "request phase, loop 1 INTERRUPTED", "request phase, loop 2"),
                page.texts("//section[@class='phase']/h2"));
        assertEquals(List.of("closed loop: latency is service time"),
                page.texts("//section[@id='phase-0']//dt[.='mode']/following-sibling::dd[1]"));
        assertEquals(List.of("open loop at target 500.0 ops/s"),
                page.texts("//section[@id='phase-1']//dt[.='mode']/following-sibling::dd[1]"));
        assertEquals(List.of("8333.3 rows/s (LOAD_NODES 1666.7, LOAD_LINKS 6666.7)"),
                page.texts("//section[@id='phase-0']//dt[.='throughput']/following-sibling::dd[1]"));
        assertEquals(List.of("interrupted: cut short (cause not recorded)"),
                page.texts("//section[@id='phase-1']//dt[.='ended']/following-sibling::dd[1]"));
        assertEquals(List.of("warning: backlog growing: 1200 ops behind <schedule>"),
                page.texts("//section[@id='phase-1']//p[@class='warning']"));
        assertEquals(List.of("117.7 MiB"),
                page.texts("//section[@id='phase-0']//dt[.='size at end']/following-sibling::dd[1]"));
    }

    @Test
    void latencyTablesMirrorTheConsole() throws Exception {
        ReportChecks page = new ReportChecks(report.render(run));
        // closed loop load: LOAD_NODES 50 x 2 ms (percentiles are the bucket's highest equivalent value, as on
        // the console); LOAD_COUNTS had no call and is left out
        assertEquals(List.of("LOAD_NODES", "50", "0", "2.000", "2.001", "2.001", "2.001", "2.001", "2.001", "2.001",
                "2.001", "0.8"),
                page.texts("//section[@id='phase-0']//table[@class='latency']/tbody/tr[1]/*"));
        assertEquals("TOTAL", page.texts("//section[@id='phase-0']//table[@class='latency']//tr[@class='total']/th")
                .get(0));
        // open loop: service and response tables, then the schedule lag
        assertEquals(List.of("Service time (ms, actual start to end)", "Response time (ms, intended start to end)",
                "Errors: 1"), page.texts("//section[@id='phase-1']/h4"));
        assertEquals(2, page.count("//section[@id='phase-1']//table[@class='latency']"));
        assertEquals(List.of("GET_NODE", "1000", "1", "0.501", "0.250", "0.500", "0.750", "0.950", "0.990", "0.999", "1.000",
                "62.5"),
                page.texts("//section[@id='phase-1']//table[@class='latency'][1]/tbody/tr[1]/*"));
        assertEquals("1.001", page.texts(
                "//section[@id='phase-1']//table[@class='latency'][2]/tbody/tr[1]/td[3]").get(0), "response mean");
        assertEquals(List.of("Schedule lag (ms): p50 0.005, p99 0.010, max 0.010"),
                page.texts("//section[@id='phase-1']//p[@class='lag']"));
        assertEquals(List.of("GET_NODE", "1", "TIMEOUT 1"),
                page.texts("//section[@id='phase-1']//table[@class='errors']/tbody/tr/*"));
        assertEquals(List.of("Retries: UPDATE_LINK 3"),
                page.texts("//section[@id='phase-1']/p[starts-with(., 'Retries')]"));
    }

    @Test
    void operationStatisticsAndTheGraphMirrorTheConsole() throws Exception {
        ReportChecks page = new ReportChecks(report.render(run));
        String request = "//section[@id='phase-1']";
        assertEquals(List.of("op", "calls", "hit%", "rows/call"),
                page.texts(request + "//table[@class='outcomes']/thead/tr/th"));
        assertEquals(List.of("GET_NODE", "1000", "99.0", "-", "UPDATE_LINK", "300", "80.0", "-"),
                page.texts(request + "//table[@class='outcomes']/tbody/tr/*"));
        assertEquals(List.of("UPDATE_LINK: 240 updates (80.0%), 60 inserts or misses"),
                page.texts(request + "//ul[@class='notes']/li"));
        assertEquals(0, page.count("//section[@id='phase-2']//table[@class='outcomes']"), "none recorded");
        assertEquals(0, page.count(request + "//table[@class='graph']"), "no graph in a request phase");

        String load = "//section[@id='phase-0']";
        assertEquals(List.of("id1s", "100,000", "link rows", "400,000", "links per id1", "4.00",
                "links per id1, model", "-", "count rows", "150,000", "most links of one id1", "3,000"),
                page.texts(load + "//table[@class='graph']/tbody/tr/*"));
        assertEquals(List.of("0", "0", "0.0", "1", "80,000", "80.0", "2", "10,000", "10.0", "3-10", "8,000", "8.0",
                "11-100", "1,900", "1.9", ">100", "100", "0.1"), page.texts(load + "//table[@class='degrees']/tbody/tr/*"));
        assertEquals(0, page.count(load + "//table[@class='outcomes']"));
    }

    @Test
    void costTablesShowFiguresUnavailableNotesAndTheSummaryRow() throws Exception {
        ReportChecks page = new ReportChecks(report.render(run));
        String request = "//section[@id='phase-1']";
        assertEquals(List.of("", "tps", "r/t", "rKB/t", "wKB/t", "Mcpu/t", "size", "un", "gn", "ul", "gl", "rMB/s",
                        "wMB/s", "cpu"),
                page.texts(request + "//table[@class='summary']/thead/tr/th"));
        assertEquals(List.of("request, loop 1", "82", "-", "-", "-", "-", "-", "-", "1.980", "2.675", "-", "-", "-", "-"),
                page.texts(request + "//table[@class='summary']/tbody/tr/*"));
        assertEquals(List.of("ops/s", "500", "r/op", "-", "rKB/op", "-", "host_cpu_us/op", "141", "Mcpu/op", "-"),
                page.texts(request + "//table[@class='cost']/tbody/tr/*"));
        assertEquals(3, page.count(request + "//table[@class='cost']/tbody/tr[@class='unavailable']"));
        assertEquals(List.of("unavailable: r/op, rKB/op: no block device holds the data <tmpfs>",
                "unavailable: Mcpu/op: /proc/stat unreadable"), page.texts(request + "//ul[@class='unavailable']/li"));
        assertEquals(List.of("load", "8,333", "0.250", "12.5", "117.7 MiB", "512.0 MiB", "-", "-", "-"),
                page.texts("//section[@id='phase-0']//table[@class='summary']/tbody/tr/*"));
        assertEquals(List.of("No cost figures were measured in this phase."),
                page.texts("//section[@id='phase-2']/p[@class='note'][1]"));
        // the run summary: one load table, one request table with a row per loop
        assertEquals(List.of("load", "request, loop 1", "request, loop 2"),
                page.texts("//section[@id='summary']//table[@class='summary']/tbody/tr/th"));
        assertEquals(List.of("loop 1", "loop 2"), page.texts("//section[@id='summary']//table[@class='trend']/tbody/tr/th"),
                "the trend over the loops");
    }

    @Test
    void stepsAndCounterDeltas() throws Exception {
        ReportChecks page = new ReportChecks(report.render(run));
        assertEquals(List.of("build_index", "4.3", "compact", "1.5"),
                page.texts("//section[@id='phase-0']//table[@class='steps']/tbody/tr/*"));
        assertEquals(List.of("rows_inserted", "500000"),
                page.texts("//section[@id='phase-0']//table[@class='counters']/tbody/tr/*"), "zero deltas left out");
        assertEquals(0, page.count("//section[@id='phase-2']//table[@class='counters']"));
        assertEquals(1, page.count("//section[@id='phase-2']/p[.='No store counter changed.']"));
    }

    @Test
    void chartsDrawIntervalsWithGapsWarmUpAndTotals() throws Exception {
        ReportChecks page = new ReportChecks(report.render(run));
        String throughput = "//svg[@id='phase-1-throughput']";
        assertEquals(List.of("GET_NODE", "UPDATE_LINK", SampleRuns.ODD_OP, "TOTAL"),
                page.texts(throughput + "//g[@class='legend']/text"), "ops with calls, in phase order, then the total");
        assertEquals(List.of("warm-up"), page.texts(throughput + "//g[@class='band']/text"));
        assertTrue(page.texts(throughput + "/text[@class='title']").get(0).contains("(ops/s)"));
        String p99 = "//svg[@id='phase-1-p99']";
        assertTrue(page.texts(p99 + "/text[@class='title']").get(0).contains("response time"), "open loop p99");
        // UPDATE_LINK's p99 has a gap at intervals 9 and 10: two line pieces
        assertEquals(2, page.count(p99 + "//g[@class='series'][title='UPDATE_LINK']/polyline"));
        // ODD_OP ran in one interval only: a lone dot
        assertEquals(0, page.count(p99 + "//g[@class='series'][title=" + ReportChecks.literal(SampleRuns.ODD_OP)
                + "]/polyline"));
        assertTrue(page.texts("//svg[@id='phase-0-throughput']/text[@class='title']").get(0).contains("rows/s"));
        assertEquals(List.of(IntervalCharts.NO_DATA, IntervalCharts.NO_DATA),
                page.texts("//section[@id='phase-2']//svg//text[@class='empty']"));
    }

    @Test
    void aRunWithoutPhasesOrConfigStillRenders() throws Exception {
        RunResult empty = new RunResult("0.1.0", 0, "h", java.util.Map.of(),
                new io.linkbench.store.StoreInfo("noop", "", "", java.util.Map.of(), false), List.of(), "");
        ReportChecks page = new ReportChecks(report.render(empty));
        assertEquals(0, page.count("//svg"));
        assertEquals(List.of("The run has no phases."), page.texts("//section[@id='summary']/p"));
        assertEquals(List.of("No configuration recorded."), page.texts("//section[@id='config']/p"));
    }
}
