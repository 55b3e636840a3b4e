package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.RunResult;
import io.linkbench.report.ResultFiles;
import io.linkbench.report.compare.LoadedRun;
import io.linkbench.report.compare.MergeSummary;
import io.linkbench.report.compare.RunMerger;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linkbench merge DIR... --out DIR}: combines the results of client hosts that ran the same
 * phases at the same time (see {@link RunMerger} for the rules) into a new run directory.
 */
@Command(name = "merge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Merge the results of several client hosts that ran the same phases at the same time: "
                + "histograms added, throughput and cost totals summed. Writes result.json and summary.txt to --out. "
                + "Runs whose windows do not overlap, runs of different fleets and a fleet without all its clients' "
                + "runs are refused."})
final class MergeCommand implements Callable<Integer> {
    @Parameters(arity = "2..*", paramLabel = "DIR", description = "run directories (holding result.json), one per client host")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "where the merged result goes: a new or empty directory (created)")
    Path outDir;

    @Option(names = "--shared-server", description = "the hosts ran against one server: take its CPU, IO and "
            + "store counters once (the largest of the hosts' measurements) instead of summing them")
    boolean sharedServer;

    @Option(names = "--allow-missing", description = "merge the runs of a fleet (client_count > 1) even when some "
            + "clients' runs are not given; the result says which are missing (default: refuse)")
    boolean allowMissing;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        checkOut(outDir);
        List<LoadedRun> runs = LoadedRun.readAll(dirs);
        RunResult merged = new RunMerger(sharedServer, allowMissing).merge(runs);
        String summary = new MergeSummary().render(runs, merged);
        Files.createDirectories(outDir);
        new ResultFiles().write(outDir, merged, summary);
        PrintWriter out = spec.commandLine().getOut();
        out.print(summary);
        out.println("results: " + outDir);
        out.flush();
        return Main.OK;
    }

    private static void checkOut(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        if (!Files.isDirectory(dir)) {
            throw new ConfigException("--out " + dir + ": exists and is not a directory");
        }
        try (Stream<Path> entries = Files.list(dir)) {
            if (entries.findAny().isPresent()) {
                throw new ConfigException("--out " + dir + ": directory is not empty; give a new or empty directory");
            }
        }
    }
}
