package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import io.linkbench.report.SummaryRow;
import io.linkbench.report.compare.ComparisonRenderer;
import io.linkbench.report.compare.RunMerger;
import io.linkbench.store.StoreProviders;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare} and {@code merge} on result directories written by real in-process runs of the memory store. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompareMergeTest {
    private Path tmp;

    private final List<Path> runs = new ArrayList<>();
    private final List<RunResult> results = new ArrayList<>();
    private final ResultFiles files = new ResultFiles();
    private ByteArrayOutputStream out;
    private ByteArrayOutputStream err;

    /** Three load + request runs of the memory store with different seeds, each in its own directory. */
    @BeforeAll
    void runTheBenchmarkThreeTimes(@TempDir Path shared) throws IOException {
        tmp = shared;
        Path base = tmp.resolve("results");
        for (int seed = 1; seed <= 3; seed++) {
            Set<Path> before = list(base);
            out = new ByteArrayOutputStream();
            err = new ByteArrayOutputStream();
            assertEquals(0, run("-D", "store=memory", "-D", "maxid1=3001", "-D", "maxtime=2", "-D", "seed=" + seed,
                    "-l", "-r", "--results", base.toString()), err());
            Set<Path> created = list(base);
            created.removeAll(before);
            assertEquals(1, created.size(), created.toString());
            Path dir = created.iterator().next();
            runs.add(dir);
            results.add(files.read(dir));
        }
    }

    @BeforeEach
    void freshStreams() {
        out = new ByteArrayOutputStream();
        err = new ByteArrayOutputStream();
    }

    private int run(String... args) {
        return Main.run(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                StoreProviders.discover(), args);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static Set<Path> list(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return new HashSet<>();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return new HashSet<>(s.toList());
        }
    }

    private String[] args(String command, String... more) {
        List<String> a = new ArrayList<>(List.of(command));
        runs.forEach(r -> a.add(r.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    private SummaryRow requestRow(int run) {
        List<PhaseResult> phases = results.get(run).phases();
        return SummaryRow.of("", phases.get(phases.size() - 1));
    }

    /** Same store, no engine: the labels collide and get the directory names. */
    private String label(int run) {
        return "memory (" + runs.get(run).getFileName() + ")";
    }

    @Test
    void compareTextGivesThePublishedTablesOneRowPerRunLabelLastThenTheRepeats() {
        assertEquals(0, run(args("compare")), err());
        String text = out();
        assertTrue(text.startsWith("load: one row per run:\n"), text);
        List<String> lines = table(text, "requests: one row per run:");
        assertEquals(1 + runs.size(), lines.size(), text);
        assertEquals(String.join(" ", SummaryRow.REQUEST_COLUMNS) + " label", String.join(" ", lines.get(0).trim().split("\\s+")));
        for (int r = 0; r < runs.size(); r++) {
            String[] cells = lines.get(1 + r).trim().split("\\s{2,}");
            assertEquals(label(r), cells[cells.length - 1], "the label last");
            SummaryRow expected = requestRow(r);
            for (int i = 0; i < expected.columns().size(); i++) {
                String col = expected.columns().get(i);
                assertEquals(ComparisonRenderer.value(col, expected.values()[i]), cells[i], col + " of run " + r);
            }
        }
        assertTrue(text.contains("  gn: p99 ms of GET_NODE\n"), "a legend under the table: " + text);
        // three runs of one store and no tag: one label, so repeats: one ratio row, and their noise
        List<String> ratios = table(text.substring(text.indexOf("requests: one row per run:")),
                "ratios to memory (means of the repeats):");
        assertEquals(2, ratios.size(), text);
        assertTrue(ratios.get(1).startsWith("1.00x") && ratios.get(1).endsWith("  memory"), ratios.get(1));
        assertTrue(text.contains("memory mean (3 runs)") && text.contains("memory cv%"), text);
        assertTrue(text.contains("operation statistics"), "the workload figures follow: " + text);
    }

    @Test
    void compareCsvHoldsTheExactValues() {
        assertEquals(0, run(args("compare", "--phase", "request", "--format", "csv")), err());
        List<String> lines = out().lines().toList();
        List<String> header = Arrays.asList(lines.get(0).split(",", -1));
        assertEquals(SummaryRow.REQUEST_COLUMNS, header.subList(0, header.size() - 1));
        assertEquals("label", header.get(header.size() - 1));
        for (int r = 0; r < runs.size(); r++) {
            List<String> cells = Arrays.asList(lines.get(1 + r).split(",", -1));
            assertEquals(header.size(), cells.size());
            assertEquals(label(r), cells.get(cells.size() - 1));
            SummaryRow expected = requestRow(r);
            for (String col : expected.columns()) {
                String cell = cells.get(header.indexOf(col));
                double v = expected.get(col);
                if (Double.isNaN(v)) {
                    assertEquals("", cell, col);
                } else {
                    assertEquals(v, Double.parseDouble(cell), col);
                }
            }
        }
        assertEquals("", lines.get(1 + runs.size()), "an empty line, then the ratios");
        List<String> ratio = Arrays.asList(lines.get(3 + runs.size()).split(",", -1));
        assertEquals(1.0, Double.parseDouble(ratio.get(header.indexOf("tps"))));
        assertEquals("", ratio.get(header.indexOf("r/t")), "no device IO measured by the memory store run");
    }

    @Test
    void compareTheLoadPartsOneTablePerPartWithTheTotalLast() {
        assertEquals(0, run(args("compare", "--phase", "load", "--parts", "--label", "base")), err());
        String text = out();
        int insert = text.indexOf("load, part insert: one row per run:");
        int total = text.indexOf("load, part load: one row per run:");
        assertTrue(text.startsWith("load: one row per run:") && insert > 0 && total > insert, text);
        assertTrue(text.substring(insert).lines().skip(1).findFirst().orElse("").matches(
                "\\s*secs\\s+ips\\s+r/i\\s+rKB/i\\s+wKB/i\\s+Mcpu/i\\s+srv_us/i\\s+cli_us/i\\s+srv_wKB/i\\s+label"), text);
        assertEquals(Main.BAD_INPUT, run(args("compare", "--parts")), "--parts needs --phase load");
    }

    @Test
    void compareHtmlWritesThePageWithTheSameTables(@TempDir Path out) throws IOException {
        Path page = out.resolve("compare.html");
        assertEquals(0, run(args("compare", "--html", page.toString())), err());
        String html = Files.readString(page);
        assertTrue(html.contains(table(out(), "load: one row per run:").get(1)), "the console's table is on the page");
        assertTrue(html.contains("No run has curve steps"), "these runs ran loops, not curves");
    }

    @Test
    void compareMarkdownWithLabelsAndTheLoadPhase() {
        assertEquals(0, run(args("compare", "--format", "markdown", "--phase", "load", "--label", "base", "--label", "second")),
                err());
        List<String> lines = out().lines().toList();
        assertEquals("load: one row per run", lines.get(0));
        assertEquals("| ips | wKB/i | Mcpu/i | size | rss | rMB/s | wMB/s | cpu | label |", lines.get(2));
        // the load's total: rows over the insert window and the post-load steps
        String ips = ComparisonRenderer.value("ips", SummaryRow.of("base", results.get(0).phases().get(0)).get("ips"));
        assertTrue(lines.get(4).startsWith("| " + ips + " |") && lines.get(4).endsWith("| base |"), lines.get(4));
        assertTrue(lines.get(5).endsWith("| second |"), lines.get(5));
        assertTrue(lines.get(6).endsWith("| memory |"), "the third label no longer collides: " + lines.get(6));
        assertTrue(out().contains("- ips: rows inserted per second"), out());
    }

    @Test
    void aRunWithoutThePhaseIsSaidSoInTheNotes() throws IOException {
        Path loadOnly = tmp.resolve("load-only");
        Files.createDirectories(loadOnly);
        RunResult r = results.get(1);
        files.write(loadOnly, new RunResult(r.linkbenchVersion(), r.startedEpochMs(), r.host(), r.config(), r.store(),
                r.phases().subList(0, 1), r.runId() + "-load"), "load only\n");
        assertEquals(0, run("compare", runs.get(0).toString(), loadOnly.toString()), err());
        assertTrue(out().contains("  memory (load-only): no request phase\n"), out());
    }

    /**
     * Run 1 as a second host at the same time as run 0 would have written it: a copy of its directory whose phase
     * windows are run 0's (the runs themselves were made one after the other, and a merge refuses those).
     */
    private Path sameTimeAsRun0() throws IOException {
        Path copy = Files.createDirectories(tmp.resolve("run-1-beside-run-0"));
        Files.copy(runs.get(1).resolve(ResultFiles.RESULT_JSON), copy.resolve(ResultFiles.RESULT_JSON));
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode root = mapper.readTree(copy.resolve(ResultFiles.RESULT_JSON).toFile());
        for (int p = 0; p < root.get("phases").size(); p++) {
            com.fasterxml.jackson.databind.node.ObjectNode phase = (com.fasterxml.jackson.databind.node.ObjectNode) root
                    .get("phases").get(p);
            phase.put("start_epoch_ms", results.get(0).phases().get(p).window().startEpochMs());
            phase.put("end_epoch_ms", results.get(0).phases().get(p).window().endEpochMs());
        }
        mapper.writeValue(copy.resolve(ResultFiles.RESULT_JSON).toFile(), root);
        return copy;
    }

    @Test
    void runsMadeOneAfterTheOtherAreNotMergedIntoOneThroughput() {
        assertEquals(2, run("merge", runs.get(0).toString(), runs.get(1).toString(), "--out", tmp.resolve("apart").toString()));
        String line = err().strip();
        assertTrue(line.startsWith("linkbench: cannot merge: the load windows do not overlap (latest start "), line);
        assertTrue(line.endsWith("): they did not run at the same time; merge the runs of client hosts that ran at the same"
                + " time"), line);
        assertEquals(1, line.lines().count(), line);
        assertFalse(Files.exists(tmp.resolve("apart")), "nothing written on a refused merge");
    }

    @Test
    void mergeAddsTheHistogramsAndSumsThroughput() throws IOException {
        List<Path> clients = List.of(runs.get(0), sameTimeAsRun0());
        Path merged = tmp.resolve("merged");
        assertEquals(0, run("merge", clients.get(0).toString(), clients.get(1).toString(), "--out", merged.toString()), err());
        assertTrue(out().contains("results: " + merged), out());
        RunResult m = files.read(merged);
        RunResult a = files.read(clients.get(0));
        RunResult b = files.read(clients.get(1));
        assertEquals(a.phases().size(), m.phases().size());
        for (int p = 0; p < m.phases().size(); p++) {
            PhaseResult pa = a.phases().get(p);
            PhaseResult pb = b.phases().get(p);
            PhaseResult pm = m.phases().get(p);
            double sum = pa.throughput() + pb.throughput();
            assertEquals(sum, pm.throughput(), sum * 1e-9, pm.phase().label());
            assertEquals(Math.min(pa.window().startEpochMs(), pb.window().startEpochMs()), pm.window().startEpochMs());
            assertEquals(Math.max(pa.window().endEpochMs(), pb.window().endEpochMs()), pm.window().endEpochMs());
            for (String counter : pa.storeCounters().keySet()) {
                assertEquals(pa.storeCounters().get(counter) + pb.storeCounters().getOrDefault(counter, 0L),
                        pm.storeCounters().get(counter), counter);
            }
            assertEquals(Math.max(pa.sizeBytes(), pb.sizeBytes()), pm.sizeBytes());
            int checked = 0;
            for (OpStats sm : pm.ops()) {
                OpStats sa = pa.op(sm.name());
                OpStats sb = pb.op(sm.name());
                assertNotNull(sa, sm.name());
                assertNotNull(sb, sm.name());
                assertEquals(sa.count() + sb.count(), sm.count(), sm.name());
                assertEquals(sa.rows() + sb.rows(), sm.rows(), sm.name());
                assertEquals(sa.errors() + sb.errors(), sm.errors(), sm.name());
                Histogram byHand = sa.service().copy();
                byHand.add(sb.service());
                assertEquals(byHand.getTotalCount(), sm.service().getTotalCount(), sm.name());
                for (double q : new double[] {50, 99}) {
                    assertEquals(byHand.getValueAtPercentile(q), sm.service().getValueAtPercentile(q), sm.name() + " p" + q);
                }
                assertEquals(byHand.getMaxValue(), sm.service().getMaxValue(), sm.name() + " max");
                checked += sm.count() > 0 ? 1 : 0;
            }
            assertTrue(checked >= 3, pm.phase() + ": ops with calls " + checked);
        }
        assertEquals(clients.get(0).toAbsolutePath() + ", " + clients.get(1).toAbsolutePath(), m.config().get(RunMerger.MERGED_FROM));
        String summary = Files.readString(merged.resolve(ResultFiles.SUMMARY_TXT));
        assertTrue(summary.startsWith("linkbench merge: 2 client results of store=memory"), summary);
        assertTrue(summary.contains("GET_NODE"), summary);
        assertEquals(0, run("compare", merged.toString(), clients.get(0).toString(), "--format", "csv"), err());
    }

    @Test
    void badInputIsExitCode2WithOneLineNamingIt() throws IOException {
        Path missing = tmp.resolve("no-such-run");
        assertEquals(2, run("compare", runs.get(0).toString(), missing.toString()));
        assertOneLine(missing + ": no such directory");

        Path empty = Files.createDirectories(tmp.resolve("empty-dir"));
        freshStreams();
        assertEquals(2, run("merge", runs.get(0).toString(), empty.toString(), "--out", tmp.resolve("m1").toString()));
        assertOneLine(empty + ": no result.json (not a run directory)");

        Path requestOnly = tmp.resolve("request-only");
        Files.createDirectories(requestOnly);
        RunResult r = results.get(1);
        files.write(requestOnly, new RunResult(r.linkbenchVersion(), r.startedEpochMs(), r.host(), r.config(), r.store(),
                r.phases().subList(1, 2), r.runId() + "-request"), "request only\n");
        freshStreams();
        assertEquals(2, run("merge", runs.get(0).toString(), requestOnly.toString(), "--out", tmp.resolve("m2").toString()));
        assertOneLine("cannot merge: " + requestOnly + " has phases [request] but " + runs.get(0)
                + " has [load, request]; merge runs of the same phases");
        assertFalse(Files.exists(tmp.resolve("m2")), "nothing written on a refused merge");

        Path nonEmpty = Files.createDirectories(tmp.resolve("taken"));
        Files.writeString(nonEmpty.resolve("x.txt"), "x");
        freshStreams();
        assertEquals(2, run("merge", runs.get(0).toString(), runs.get(1).toString(), "--out", nonEmpty.toString()));
        assertOneLine("--out " + nonEmpty + ": directory is not empty; give a new or empty directory");

        freshStreams();
        assertEquals(2, run(args("compare", "--format", "html")));
        assertOneLine("--format html: must be one of text, csv, markdown");
    }

    @Test
    void aResultWithAFieldOfTheWrongTypeOrRangeIsRefusedNamingTheField() throws IOException {
        String json = Files.readString(runs.get(1).resolve(ResultFiles.RESULT_JSON));
        String[][] cases = {
            {"\"throughput\": [0-9.]+", "\"throughput\": \"fast\"", "phases[0].throughput: expected a number >= 0, found \"fast\""},
            {"\"seconds\": [0-9.]+", "\"seconds\": -3", "phases[0].seconds: expected a number >= 0, found -3"},
            {"\"open_loop\": false", "\"open_loop\": \"no\"", "phases[0].open_loop: expected true or false, found \"no\""},
            {"\"size_bytes\": [0-9-]+", "\"size_bytes\": 1.5", "phases[0].size_bytes: expected a whole number >= -1, found 1.5"},
        };
        for (String[] c : cases) {
            Path bad = Files.createDirectories(tmp.resolve("bad-" + Math.abs(c[1].hashCode())));
            Files.writeString(bad.resolve(ResultFiles.RESULT_JSON), json.replaceFirst(c[0], c[1]));
            freshStreams();
            assertEquals(2, run("compare", runs.get(0).toString(), bad.toString()), c[1]);
            assertOneLine("cannot use " + bad.resolve(ResultFiles.RESULT_JSON) + ": " + c[2]);
        }
    }

    @Test
    void oneRunCopiedIntoTwoDirectoriesIsNotTwoHosts() throws IOException {
        Path copy = Files.createDirectories(tmp.resolve("copy-of-run-0"));
        Files.copy(runs.get(0).resolve(ResultFiles.RESULT_JSON), copy.resolve(ResultFiles.RESULT_JSON));
        assertEquals(2, run("merge", runs.get(0).toString(), copy.toString(), "--out", tmp.resolve("m3").toString()));
        assertOneLine("cannot merge: " + copy + " and " + runs.get(0) + " hold the same run (run id "
                + results.get(0).runId() + "); each client host counts once");
        assertFalse(results.get(0).runId().isEmpty(), "every run has its own id");
        assertFalse(results.get(0).runId().equals(results.get(1).runId()));
    }

    private void assertOneLine(String message) {
        assertEquals("linkbench: " + message, err().strip());
        assertEquals(1, err().strip().lines().count(), err());
    }

    /** The lines of the first table: up to the first empty line after its title (the operation statistics follow). */
    /** The lines of the table under {@code caption} (header first), up to the legend or an empty line. */
    static List<String> table(String text, String caption) {
        List<String> lines = text.lines().toList();
        int start = lines.indexOf(caption) + 1;
        assertTrue(start > 0, "no " + caption + " in " + text);
        int end = start;
        while (end < lines.size() && !lines.get(end).isEmpty() && !lines.get(end).matches("  \\S+: .*")) {
            end++;
        }
        return lines.subList(start, end);
    }
}
