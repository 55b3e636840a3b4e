package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.SummaryRow;
import io.linkbench.report.compare.Comparison;
import io.linkbench.report.compare.ComparisonFormat;
import io.linkbench.report.compare.ComparisonRenderer;
import io.linkbench.report.compare.FailCondition;
import io.linkbench.report.compare.LoadedRun;
import io.linkbench.report.compare.LoopChoice;
import io.linkbench.report.compare.RequestAlignment;
import io.linkbench.report.compare.SettingsDiff;
import io.linkbench.run.LoadStep;
import io.linkbench.workload.Op;
import io.linkbench.workload.tao.RequestKind;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code linkbench compare DIR...}: the published tables of the runs (load, then requests: one row per
 * run, label last, a legend below), the ratios to the first run, the repeats' noise, the workload
 * figures, the trend over the loops of each {@code --loops} run, and the settings that differ; with
 * {@code --fail-if}, exit {@value #REGRESSION} when a run falls short of the baseline. A directory without
 * {@code result.json} is bad input.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare runs in the tables database engineers publish, one row per run with its label last: "
                + "load (ips wKB/i Mcpu/i size rss rMB/s wMB/s cpu) and requests (tps r/t rKB/t wKB/t Mcpu/t size "
                + "un gn ul gl rMB/s wMB/s cpu), each with a legend; then the ratios to the first run; for runs "
                + "sharing a label (repeats) mean, standard deviation and cv%%; then the workload figures (hit%% and "
                + "rows/call per operation; the graph loaded), the trend over the loops of --loops runs, and the "
                + "settings that differ (linkbench keys, store, server variables, host, JVM)."})
final class CompareCommand implements Callable<Integer> {
    /** The exit code when a --fail-if condition fails. */
    static final int REGRESSION = 3;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "run directories (holding result.json); the first is the baseline")
    List<Path> dirs = new ArrayList<>();

    @Option(names = "--label", paramLabel = "L",
            description = "label of the next run, in order (repeatable; default: the run's tag, else <store> <engine>);"
                    + " runs with the same label are repeats")
    List<String> labels = new ArrayList<>();

    @Option(names = "--format", paramLabel = "FORMAT", description = "text, csv or markdown (default: ${DEFAULT-VALUE})")
    String format = "text";

    @Option(names = "--phase", paramLabel = "PHASE",
            description = "load, request or all (default: ${DEFAULT-VALUE}: each phase some run has)")
    String phase = "all";

    @Option(names = "--loop", paramLabel = "N|last|all",
            description = "which loop of a --loops run the request table shows (default: ${DEFAULT-VALUE}, as published)")
    String loop = "last";

    @Option(names = "--parts", description = "with --phase load: then one table per part of the load's cost "
            + "(insert window, each post-load step, load = the total): secs ips r/i rKB/i wKB/i Mcpu/i srv_us/i cli_us/i srv_wKB/i")
    boolean parts;

    @Option(names = "--by-requests", paramLabel = "N",
            description = "then line the request phases up by requests done: a row every N requests with each run's"
                    + " ops/s and GET_LINKS_LIST rows per call (the lists grow with the requests, not the time); at most 10,000 rows")
    Long byRequests;

    @Option(names = "--baseline", paramLabel = "DIR",
            description = "the run the others are compared with (ratios, --fail-if); default: the first DIR")
    Path baseline;

    @Option(names = "--fail-if", paramLabel = "COND",
            description = "exit 3 when a run breaks COND against the baseline, one line per failure (repeatable): "
                    + "FIGURE < LIMIT or FIGURE > LIMIT, e.g. 'tps < -5%%' (fell more than 5%%), "
                    + "'p99(GET_LINKS_LIST) > +10%%', 'gl > 20' (ms)")
    List<String> failIf = new ArrayList<>();

    @Option(names = "--html", paramLabel = "FILE",
            description = "also write a self-contained page with these tables and the runs' capacity curves overlaid")
    Path html;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        labels.forEach(l -> RunLabel.oneLine("--label", l));
        ComparisonFormat f = ComparisonFormat.parse(format);
        List<Phase> phases = phases();
        LoopChoice chosenLoop = LoopChoice.parse(loop);
        if (parts && !phases.equals(List.of(Phase.LOAD))) {
            throw new ConfigException("--parts needs --phase load");
        }
        if (byRequests != null && byRequests < 1) {
            throw new ConfigException("--by-requests " + byRequests + ": must be 1 or more (requests between two rows)");
        }
        List<String> operations = Stream.of(Arrays.stream(Op.values()), Stream.of(RequestKind.READ_TRANSACTION,
                        RequestKind.WRITE_TRANSACTION), Arrays.stream(LoadStep.values())).flatMap(s -> s)
                .map(Enum::name).toList();
        List<FailCondition> conditions = failIf.stream().map(c -> FailCondition.parse(c, operations)).toList();
        List<Path> all = new ArrayList<>();
        if (baseline != null) {
            all.add(baseline);
        }
        all.addAll(dirs);
        List<LoadedRun> runs = LoadedRun.readAll(all);
        if (byRequests != null) { // the rows would not fit in a table, nor in memory
            RequestAlignment.refusal(requestPhases(runs, chosenLoop), byRequests).ifPresent(why -> {
                throw new ConfigException(why);
            });
        }
        List<String> failures = check(conditions, runs); // a condition that cannot be checked is refused first
        List<Comparison> shown = new ArrayList<>();
        String text = tables(runs, phases, chosenLoop, f, shown);
        PrintWriter out = spec.commandLine().getOut();
        out.print(text);
        failures.forEach(line -> out.println("fail-if: " + line));
        out.flush();
        if (html != null) {
            String page = f == ComparisonFormat.TEXT ? text : tables(runs, phases, chosenLoop, ComparisonFormat.TEXT, new ArrayList<>());
            writePage(runs, shown.get(0), page);
        }
        return failures.isEmpty() ? Main.OK : REGRESSION;
    }

    /** Every table in {@code f}: each phase's, the parts, the trends, the settings; {@code shown} gets the comparisons. */
    private String tables(List<LoadedRun> runs, List<Phase> phases, LoopChoice chosenLoop, ComparisonFormat f,
                          List<Comparison> shown) {
        StringBuilder text = new StringBuilder();
        ComparisonRenderer renderer = new ComparisonRenderer();
        for (Phase p : phases) {
            if (phases.size() > 1 && runs.stream().noneMatch(r -> r.run().phases().stream().anyMatch(x -> x.phase() == p))) {
                continue;
            }
            Comparison c = Comparison.of(runs, labels, p, chosenLoop);
            shown.add(c);
            append(text, renderer.render(c, f));
        }
        if (shown.isEmpty()) {
            Comparison c = Comparison.of(runs, labels, Phase.REQUEST, chosenLoop);
            shown.add(c);
            append(text, renderer.render(c, f));
        }
        if (parts) {
            for (String part : Comparison.partNames(runs)) {
                append(text, renderer.render(Comparison.ofPart(runs, labels, part), f));
            }
        }
        List<String> names = Comparison.labels(runs, labels);
        for (int i = 0; i < runs.size(); i++) {
            List<PhaseResult> loops = runs.get(i).run().phases().stream().filter(x -> x.phase() == Phase.REQUEST).toList();
            if (loops.size() > 1) {
                append(text, renderer.renderTrend(names.get(i),
                        loops.stream().map(x -> SummaryRow.trend(Integer.toString(x.loop() + 1), x)).toList(), f));
            }
        }
        if (byRequests != null) {
            List<PhaseResult> requestPhases = requestPhases(runs, chosenLoop);
            append(text, renderer.renderTable("requests lined up by requests done (after warm-up), not by time",
                    RequestAlignment.rows(requestPhases, names, byRequests), f, List.of()));
        }
        settings(text, runs, names, renderer, f);
        return text.toString();
    }

    /** The request phase of each run that {@code --by-requests} lines up (the last loop unless one is chosen). */
    private List<PhaseResult> requestPhases(List<LoadedRun> runs, LoopChoice chosenLoop) {
        return runs.stream().map(r -> chosenPhase(r, Phase.REQUEST, chosenLoop.number() < 0 ? LoopChoice.LAST : chosenLoop))
                .toList();
    }

    private List<Phase> phases() {
        if (phase.equalsIgnoreCase("all")) {
            return List.of(Phase.LOAD, Phase.REQUEST);
        }
        try {
            return List.of(Phase.of(phase));
        } catch (IllegalArgumentException e) {
            throw new ConfigException("--phase " + phase + ": must be one of " + String.join(", ", Comparison.PHASES) + ", all");
        }
    }

    private static void append(StringBuilder text, String section) {
        if (!text.isEmpty()) {
            text.append('\n');
        }
        text.append(section);
    }

    private static void settings(StringBuilder text, List<LoadedRun> runs, List<String> names, ComparisonRenderer renderer,
                                 ComparisonFormat f) {
        if (runs.size() < 2) {
            return;
        }
        List<SettingsDiff> diffs = SettingsDiff.of(runs);
        if (diffs.isEmpty()) {
            append(text, f == ComparisonFormat.CSV ? "" : "settings that differ: none recorded differ\n");
            return;
        }
        for (SettingsDiff d : diffs) {
            List<String[]> rows = new ArrayList<>();
            String[] header = new String[names.size() + 1];
            header[0] = "setting";
            for (int i = 0; i < names.size(); i++) {
                header[i + 1] = names.get(i);
            }
            rows.add(header);
            rows.addAll(d.rows());
            append(text, renderer.renderTable("settings that differ: " + d.name(), rows, f,
                    d.more() > 0 ? List.of(d.more() + " more differ (not shown)") : List.of()));
        }
    }

    /**
     * The failures of every condition: each label's mean against the baseline label's (the first run's).
     *
     * @throws ConfigException (one line) for a condition some run cannot be checked on: its phase or loop is not
     *                         there, the figure was not measured or the operation had no calls, or a change in percent
     *                         of a baseline of 0
     */
    private List<String> check(List<FailCondition> conditions, List<LoadedRun> runs) {
        List<String> failures = new ArrayList<>();
        if (conditions.isEmpty()) {
            return failures;
        }
        LoopChoice chosen = LoopChoice.parse(loop).number() < 0 ? LoopChoice.LAST : LoopChoice.parse(loop);
        List<String> groups = new ArrayList<>();
        Comparison.of(runs, labels, Phase.REQUEST, chosen).rows().forEach(r -> groups.add(r.group()));
        if (groups.stream().distinct().count() == 1) { // one label for all: each run against the first
            groups.clear();
            groups.addAll(Comparison.labels(runs, labels));
        }
        for (FailCondition c : conditions) {
            Map<String, double[]> sums = new LinkedHashMap<>(); // label -> {sum, n}
            for (int i = 0; i < runs.size(); i++) {
                double v = value(c, runs.get(i), chosen);
                double[] s = sums.computeIfAbsent(groups.get(i), k -> new double[2]);
                s[0] += v;
                s[1]++;
            }
            String base = groups.get(0);
            double baseMean = sums.get(base)[0] / sums.get(base)[1];
            if (c.relative() && baseMean == 0) {
                throw new ConfigException("--fail-if '" + c.text() + "': the baseline " + base + " has " + c.figure()
                        + " 0, so a change in percent means nothing; give an absolute limit such as '" + c.figure()
                        + (c.above() ? " > " : " < ") + "10'");
            }
            sums.forEach((label, s) -> {
                if (!label.equals(base) || sums.size() == 1) {
                    c.check(label, s[0] / s[1], base, baseMean).ifPresent(failures::add);
                }
            });
        }
        return failures;
    }

    /** The condition's figure in a run's chosen phase; a refusal naming the run when it has none. */
    private static double value(FailCondition c, LoadedRun run, LoopChoice chosen) {
        String refusal = "--fail-if '" + c.text() + "': " + run.dir() + " ";
        String allowed = "; give a figure every compared run has";
        PhaseResult p = chosenPhase(run, c.phase(), chosen);
        if (p == null) {
            boolean hasPhase = run.run().phases().stream().anyMatch(x -> x.phase() == c.phase());
            throw new ConfigException(refusal + "has no " + c.phase().label() + " phase" + (hasPhase ? " loop "
                    + chosen.number() : "") + " (" + c.figure() + " is a figure of the " + c.phase().label() + " phase)"
                    + allowed);
        }
        double v = c.value(p);
        if (!Double.isFinite(v)) {
            throw new ConfigException(refusal + "has no " + c.figure() + ": " + c.missing(p) + " in its "
                    + c.phase().label() + " phase" + allowed);
        }
        return v;
    }

    private static PhaseResult chosenPhase(LoadedRun run, Phase phase, LoopChoice loop) {
        List<PhaseResult> matching = run.run().phases().stream().filter(p -> p.phase() == phase).toList();
        if (matching.isEmpty()) {
            return null;
        }
        if (loop.number() == 0 || phase == Phase.LOAD) {
            return matching.get(matching.size() - 1);
        }
        return loop.number() <= matching.size() ? matching.get(loop.number() - 1) : null;
    }

    /** The --html page: the text tables and the runs' curves; a file that cannot be written is a failure. */
    private void writePage(List<LoadedRun> runs, Comparison comparison, String tables) {
        try {
            new io.linkbench.report.html.ComparisonPage().write(html, tables, runs.stream().map(LoadedRun::run).toList(),
                    comparison.rows().stream().map(Comparison.Row::label).toList());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + html + ": " + io.linkbench.report.AtomicFile.reason(e), e);
        }
    }
}
