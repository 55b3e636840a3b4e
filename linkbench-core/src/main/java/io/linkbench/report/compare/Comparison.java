package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
import io.linkbench.config.MessageText;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.SummaryRow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Several runs side by side on one phase: one {@link SummaryRow} per run in the published columns, and
 * each value's ratio to the first run's, like the published "engine vs InnoDB" tables; then the
 * {@link WorkloadFigure}s (hit% and rows per call per operation, or the graph loaded) that show whether the
 * runs ran the same workload.
 *
 * <p>Runs with the same label (their {@code tag}) are repeats: {@link #groups()} gathers them, and the
 * ratios and the noise are computed over each group's mean ({@link #mean}, {@link #stddev}).
 *
 * <p>The request phase of a run with {@code --loops} is its last loop unless a {@link LoopChoice} says
 * otherwise. A run without the phase gives a row without values, whose note says so.
 *
 * @param phase   the phase compared
 * @param part    the part of the load's cost compared ({@link #ofPart}), or "" for the whole phase
 * @param columns {@link SummaryRow#LOAD_COLUMNS} or {@link SummaryRow#REQUEST_COLUMNS}
 * @param rows     one per run (per loop with {@link LoopChoice#ALL}), in the order given; the first is the baseline
 * @param workload the workload figures, each with one value per row; empty when no run recorded any
 */
public record Comparison(Phase phase, String part, List<String> columns, List<Row> rows, List<WorkloadFigure> workload) {
    /** The phases that can be compared. */
    public static final List<String> PHASES = java.util.Arrays.stream(Phase.values()).map(Phase::label).toList();

    /**
     * One run's row.
     *
     * @param label   the row's label, unique in the comparison
     * @param group   the label its repeats share (the run's tag); equal to {@code label} without repeats
     * @param dir     its directory
     * @param summary its summary row, or null when the run has no such phase
     * @param note    what else the reader must know ("no request phase", "interrupted", ...), or ""
     */
    public record Row(String label, String group, Path dir, SummaryRow summary, String note) {
        /** A row that is its own group. */
        public Row(String label, Path dir, SummaryRow summary, String note) {
            this(label, label, dir, summary, note);
        }

        /** The value of column {@code i}, NaN when unavailable or when the run lacks the phase. */
        public double value(int i) {
            return summary == null ? Double.NaN : summary.values()[i];
        }
    }

    /**
     * Runs with the same label.
     *
     * @param name the label
     * @param rows indexes into {@link #rows()}, of rows with values
     */
    public record Group(String name, List<Integer> rows) {
        public Group {
            rows = List.copyOf(rows);
        }
    }

    public Comparison {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        workload = List.copyOf(workload);
    }

    /** Compares the runs on {@code phase}, the last loop of a request phase. */
    public static Comparison of(List<LoadedRun> runs, List<String> labels, Phase phase) {
        return of(runs, labels, phase, LoopChoice.LAST);
    }

    /**
     * Compares the runs on {@code phase}.
     *
     * @param labels labels for the first runs, in order; the others get their {@code tag}, else the default
     *               label ({@code <store> <engine>}); runs with the same label are repeats, and their rows get the
     *               directory name appended
     * @param loop   which loop of a request phase run with {@code --loops}
     * @throws ConfigException when there are more labels than runs
     */
    public static Comparison of(List<LoadedRun> runs, List<String> labels, Phase phase, LoopChoice loop) {
        if (labels.size() > runs.size()) {
            throw new ConfigException(labels.size() + " labels for " + runs.size() + " run directories");
        }
        List<String> groups = groupNames(runs, labels);
        List<String> names = unique(runs, groups);
        List<Row> rows = new ArrayList<>();
        List<PhaseResult> compared = new ArrayList<>();
        List<Integer> runIndex = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResult run = runs.get(i).run();
            List<PhaseResult> matching = run.phases().stream().filter(p -> p.phase() == phase).toList();
            if (matching.isEmpty()) {
                rows.add(new Row(names.get(i), groups.get(i), runs.get(i).dir(), null, "no " + phase.label() + " phase"));
                compared.add(null);
                runIndex.add(i);
                continue;
            }
            List<PhaseResult> chosen;
            if (loop.number() < 0) {
                chosen = matching;
            } else if (loop.number() == 0) {
                chosen = List.of(matching.get(matching.size() - 1));
            } else if (loop.number() <= matching.size()) {
                chosen = List.of(matching.get(loop.number() - 1));
            } else {
                rows.add(new Row(names.get(i), groups.get(i), runs.get(i).dir(), null,
                        "no loop " + loop.number() + " (" + matching.size() + (matching.size() == 1 ? " loop)" : " loops)")));
                compared.add(null);
                runIndex.add(i);
                continue;
            }
            for (PhaseResult p : chosen) {
                boolean perLoop = chosen.size() > 1;
                String label = perLoop ? names.get(i) + " loop " + (p.loop() + 1) : names.get(i);
                List<String> notes = new ArrayList<>();
                if (!perLoop && matching.size() > 1) {
                    notes.add((loop.number() == 0 ? "last of " : "loop " + loop.number() + " of ") + matching.size()
                            + " loops");
                }
                if (p.interrupted()) {
                    notes.add(p.end().status().label());
                }
                rows.add(new Row(label, perLoop ? groups.get(i) + " loop " + (p.loop() + 1) : groups.get(i),
                        runs.get(i).dir(), SummaryRow.of(label, p), String.join("; ", notes)));
                compared.add(p);
                runIndex.add(i);
            }
        }
        List<WorkloadFigure> workload = new ArrayList<>(WorkloadFigure.of(compared));
        if (phase == Phase.LOAD) {
            List<Double> logical = new ArrayList<>();
            List<Double> amplification = new ArrayList<>();
            for (int row = 0; row < rows.size(); row++) {
                PhaseResult p = compared.get(row);
                LoadedRun run = runs.get(runIndex.get(row));
                long bytes = p == null ? -1 : run.facts().logicalBytes(run.run().phases().indexOf(p));
                logical.add(bytes > 0 ? (double) bytes : Double.NaN);
                amplification.add(bytes > 0 && p.sizeBytes() >= 0 ? (double) p.sizeBytes() / bytes : Double.NaN);
            }
            WorkloadFigure.add(workload, "logical bytes (keys and payloads)", WorkloadFigure.Unit.COUNT, logical);
            WorkloadFigure.add(workload, "space amplification (size / logical)", WorkloadFigure.Unit.MEAN, amplification);
        }
        return new Comparison(phase, "", phase == Phase.LOAD ? SummaryRow.LOAD_COLUMNS : SummaryRow.REQUEST_COLUMNS, rows,
                workload);
    }

    /** The groups of rows with the same label, in order of first appearance; rows without values are left out. */
    public List<Group> groups() {
        Map<String, List<Integer>> by = new java.util.LinkedHashMap<>();
        for (int r = 0; r < rows.size(); r++) {
            List<Integer> members = by.computeIfAbsent(rows.get(r).group(), k -> new ArrayList<>());
            if (rows.get(r).summary() != null) {
                members.add(r);
            }
        }
        List<Group> out = new ArrayList<>();
        by.forEach((name, members) -> out.add(new Group(name, members)));
        return out;
    }

    /** True when some label has more than one run with values. */
    public boolean hasRepeats() {
        return groups().stream().anyMatch(g -> g.rows().size() > 1);
    }

    /** The mean of column {@code column} over the group's runs with a value; NaN when none has one. */
    public double mean(Group g, int column) {
        double sum = 0;
        int n = 0;
        for (int r : g.rows()) {
            double v = rows.get(r).value(column);
            if (Double.isFinite(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The sample standard deviation of the column over the group's runs; NaN with fewer than two values. */
    public double stddev(Group g, int column) {
        double mean = mean(g, column);
        double sq = 0;
        int n = 0;
        for (int r : g.rows()) {
            double v = rows.get(r).value(column);
            if (Double.isFinite(v)) {
                sq += (v - mean) * (v - mean);
                n++;
            }
        }
        return n < 2 ? Double.NaN : Math.sqrt(sq / (n - 1));
    }

    /**
     * The group's mean over the first group's; NaN when either is NaN or the ratio is not finite (a baseline of 0).
     */
    public double groupRatio(Group g, int column) {
        double r = mean(g, column) / mean(groups().get(0), column);
        return Double.isFinite(r) ? r : Double.NaN;
    }

    /**
     * True when the difference between the group's mean and the first group's is not larger than the noise
     * of the repeats: the two groups' standard deviations added (a group of one run counts the other's
     * alone); false when neither group has repeats.
     */
    public boolean withinNoise(Group g, int column) {
        Group base = groups().get(0);
        double a = stddev(base, column);
        double b = stddev(g, column);
        if (Double.isNaN(a) && Double.isNaN(b)) {
            return false;
        }
        double noise = (Double.isNaN(a) ? 0 : a) + (Double.isNaN(b) ? 0 : b);
        return Math.abs(mean(g, column) - mean(base, column)) <= noise;
    }

    /**
     * The runs' load phases compared on one part of their cost ({@link SummaryRow#ofParts}: {@code insert},
     * {@code step: NAME}, or {@code load} for the total), in {@link SummaryRow#PART_COLUMNS}; a run whose load
     * has no such part gives a row without values.
     */
    public static Comparison ofPart(List<LoadedRun> runs, List<String> labels, String part) {
        List<String> names = unique(runs, groupNames(runs, labels));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            SummaryRow found = partRows(runs.get(i).run()).stream().filter(r -> r.label().equals(part)).findFirst()
                    .orElse(null);
            rows.add(new Row(names.get(i), runs.get(i).dir(),
                    found == null ? null : new SummaryRow(names.get(i), found.columns(), found.values()),
                    found == null ? "no load part " + part : ""));
        }
        return new Comparison(Phase.LOAD, part, SummaryRow.PART_COLUMNS, rows, List.of());
    }

    /** The names of the parts of the runs' loads, in order of appearance, then {@code load} (the total). */
    public static List<String> partNames(List<LoadedRun> runs) {
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
        runs.forEach(r -> partRows(r.run()).forEach(row -> names.add(row.label())));
        names.remove("load");
        if (!names.isEmpty()) {
            names.add("load");
        }
        return List.copyOf(names);
    }

    /** The part rows of the run's last load phase, the total last and labelled {@code load}. */
    private static List<SummaryRow> partRows(RunResult run) {
        List<PhaseResult> loads = run.phases().stream().filter(PhaseResult::isLoad).toList();
        return loads.isEmpty() ? List.of() : SummaryRow.ofParts(loads.get(loads.size() - 1).cost(), "load");
    }

    /**
     * The ratio of row {@code row}'s value in column {@code column} to the first row's; NaN when
     * either is NaN or the ratio is not finite (a baseline of 0).
     */
    public double ratio(int row, int column) {
        double r = rows.get(row).value(column) / rows.get(0).value(column);
        return Double.isFinite(r) ? r : Double.NaN;
    }

    /** Given labels first, then each run's tag, then {@code <store> <engine>}. */
    static List<String> groupNames(List<LoadedRun> runs, List<String> given) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            String tag = runs.get(i).facts().tag();
            names.add(i < given.size() ? given.get(i) : !tag.isEmpty() ? tag : defaultLabel(runs.get(i).run()));
        }
        return names;
    }

    /** The labels made unique: a label several runs share gets " (directory name)". */
    static List<String> unique(List<LoadedRun> runs, List<String> names) {
        Map<String, Integer> uses = new HashMap<>();
        names.forEach(n -> uses.merge(n, 1, Integer::sum));
        List<String> unique = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            // a tag of an older result (or a directory name) may hold a line break or a terminal escape: shown escaped
            unique.add(MessageText.printable(uses.get(n) > 1 ? n + " (" + runs.get(i).name() + ")" : n));
        }
        return unique;
    }

    /** The labels of the runs as the tables show them ({@link #groupNames}, made {@link #unique}). */
    public static List<String> labels(List<LoadedRun> runs, List<String> given) {
        return unique(runs, groupNames(runs, given));
    }

    private static String defaultLabel(RunResult run) {
        if (run.store() == null) {
            return "unknown store";
        }
        String engine = run.store().engine();
        return engine.isEmpty() ? run.store().store() : run.store().store() + " " + engine;
    }
}
