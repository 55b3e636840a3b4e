package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.Phase;
import io.linkbench.report.compare.Comparison;
import io.linkbench.report.compare.ComparisonFormat;
import io.linkbench.report.compare.ComparisonRenderer;
import io.linkbench.report.compare.LoadedRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linkbench compare DIR...}: one row per run with the published summary columns of a phase
 * and each value's ratio to the first run. A directory without {@code result.json} is bad input.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare runs: one row per run directory with the summary columns of a phase "
                + "(request: tps r/t rKB/t wKB/t dirtyKB/t Mcpu/t un gn ul gl; load: ips r/i rKB/i wKB/i Mcpu/i size rss, "
                + "the load's total over the insert window and post-load steps; --parts: each part too) "
                + "and each value's ratio to the first run, then the workload figures side by side "
                + "(request: hit%% and rows/call per operation; load: id1s, link rows, links per id1)."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "DIR", description = "run directories (holding result.json); the first is the baseline")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--label", paramLabel = "L",
            description = "label of the next run, in order (repeatable; default: <store> <engine>)")
    List<String> labels = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "text, csv or markdown (default: ${DEFAULT-VALUE})")
    String format = "text";

    @Option(names = "--phase", paramLabel = "PHASE",
            description = "load or request (default: ${DEFAULT-VALUE}; the last loop when there are several)")
    String phase = "request";

    @Option(names = "--parts", description = "with --phase load: then one table per part of the load's cost "
            + "(insert window, each post-load step, load = the total): secs ips r/i rKB/i wKB/i Mcpu/i srv_us/i cli_us/i srv_wKB/i")
    boolean parts;

    @Option(names = "--html", paramLabel = "FILE",
            description = "also write a self-contained page with these tables and the runs' capacity curves overlaid")
    Path html;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ComparisonFormat f = ComparisonFormat.parse(format);
        Phase compared;
        try {
            compared = Phase.of(phase);
        } catch (IllegalArgumentException e) {
            throw new ConfigException("--phase " + phase + ": must be one of " + String.join(", ", Comparison.PHASES));
        }
        if (parts && compared != Phase.LOAD) {
            throw new ConfigException("--parts needs --phase load");
        }
        List<LoadedRun> runs = LoadedRun.readAll(dirs);
        Comparison comparison = Comparison.of(runs, labels, compared);
        PrintWriter out = spec.commandLine().getOut();
        out.print(new ComparisonRenderer().render(comparison, f));
        if (parts) {
            for (String part : Comparison.partNames(runs)) {
                out.print("\n" + new ComparisonRenderer().render(Comparison.ofPart(runs, labels, part), f));
            }
        }
        out.flush();
        if (html != null) {
            writePage(runs, comparison);
        }
        return Main.OK;
    }

    /** The --html page: the text tables and the runs' curves; a file that cannot be written is a failure. */
    private void writePage(List<LoadedRun> runs, Comparison comparison) {
        String tables = new ComparisonRenderer().render(comparison, ComparisonFormat.parse("text"));
        try {
            new io.linkbench.report.html.ComparisonPage().write(html, tables, runs.stream().map(LoadedRun::run).toList(),
                    comparison.rows().stream().map(Comparison.Row::label).toList());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + html + ": " + io.linkbench.report.AtomicFile.reason(e), e);
        }
    }
}
