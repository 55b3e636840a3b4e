package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.report.ResultFiles;
import io.linkbench.store.StoreProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run prints after each phase: short by default, every figure with --details, always in summary.txt. */
class ConsoleDetailsTest {
    private final CliRun cli = new CliRun();

    private Path run(Path results, String... more) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("-D", "store=memory", "-D", "maxid1=2001", "-D", "maxtime=1",
                "-l", "-r", "--results", results.toString()));
        args.addAll(List.of(more));
        assertEquals(0, cli.run(StoreProviders.discover(), args.toArray(String[]::new)), cli.err());
        try (Stream<Path> s = Files.list(results)) {
            return s.findFirst().orElseThrow();
        }
    }

    @Test
    void eachPhasePrintsItsTablesAndOneCostRowTheDetailsGoToSummaryTxt(@TempDir Path tmp) throws IOException {
        Path dir = run(tmp.resolve("short"));
        String out = cli.out();
        assertFalse(out.contains("host_cpu_us/op"), out);
        assertTrue(out.contains("every figure, store counters and what was unavailable"), out);
        String summary = Files.readString(dir.resolve(ResultFiles.SUMMARY_TXT));
        assertTrue(summary.contains("host_cpu_us/op") && summary.contains("unavailable: "), summary);
        // a phase: from its header line to the end of its cost, at most 40 lines
        for (String header : List.of("load phase: ", "request phase: ")) {
            List<String> lines = out.lines().toList();
            int start = -1;
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith(header) && lines.get(i).contains(" s measured")) {
                    start = i;
                }
            }
            assertTrue(start >= 0, out);
            int end = start;
            while (!lines.get(end).contains("summary.txt, or --details")) {
                end++;
            }
            assertTrue(end - start + 1 <= 40, header + (end - start + 1) + " lines:\n" + out);
        }
        assertFalse(out.lines().filter(l -> !l.startsWith("graph growth")) // "-764 links": links deleted
                .anyMatch(l -> l.matches(".*\\s-\\d.*")), "no negative figure: " + out);
    }

    @Test
    void detailsPrintEveryFigureOnTheConsoleToo(@TempDir Path tmp) throws IOException {
        run(tmp.resolve("details"), "--details");
        assertTrue(cli.out().contains("host_cpu_us/op"), cli.out());
        assertFalse(cli.out().contains("summary.txt, or --details"), cli.out());
    }
}
