package io.linkbench.report.compare;

import io.linkbench.config.ConfigException;
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
 * Several runs side by side: one {@link SummaryRow} per run for one phase, and each value's ratio to
 * the first run's, like the published "engine vs InnoDB" tables; then the {@link WorkloadFigure}s
 * (hit% and rows per call per operation, or the graph loaded) that show whether the runs ran the
 * same workload.
 *
 * <p>The phase of a run is the last one of that name, i.e. the last loop of a request phase run with
 * {@code --loops}. A run without that phase gives a row without values, whose note says so.
 *
 * @param phase   {@code load} or {@code request}, or {@code load, part NAME} ({@link #ofPart})
 * @param columns {@link SummaryRow#LOAD_COLUMNS} or {@link SummaryRow#REQUEST_COLUMNS}
 * @param rows     one per run, in the order given; the first is the baseline of the ratios
 * @param workload the workload figures, each with one value per row; empty when no run recorded any
 */
public record Comparison(String phase, List<String> columns, List<Row> rows, List<WorkloadFigure> workload) {
    /** The phases that can be compared. */
    public static final List<String> PHASES = java.util.Arrays.stream(Phase.values()).map(Phase::label).toList();

    /**
     * One run's row.
     *
     * @param label   the run's label
     * @param dir     its directory
     * @param summary its summary row, or null when the run has no such phase
     * @param note    what else the reader must know ("no request phase", "interrupted", ...), or ""
     */
    public record Row(String label, Path dir, SummaryRow summary, String note) {
        /** The value of column {@code i}, NaN when unavailable or when the run lacks the phase. */
        public double value(int i) {
            return summary == null ? Double.NaN : summary.values()[i];
        }
    }

    public Comparison {
        columns = List.copyOf(columns);
        rows = List.copyOf(rows);
        workload = List.copyOf(workload);
    }

    /**
     * Compares the runs on {@code phase}.
     *
     * @param labels labels for the first runs, in order; the others get the default label
     *               ({@code <store> <engine>}); labels that collide get the directory name appended
     * @throws ConfigException when there are more labels than runs
     */
    public static Comparison of(List<LoadedRun> runs, List<String> labels, Phase phase) {
        if (labels.size() > runs.size()) {
            throw new ConfigException(labels.size() + " labels for " + runs.size() + " run directories");
        }
        List<String> names = labels(runs, labels);
        List<Row> rows = new ArrayList<>();
        List<PhaseResult> compared = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            RunResult run = runs.get(i).run();
            List<PhaseResult> matching = run.phases().stream().filter(p -> p.phase() == phase).toList();
            if (matching.isEmpty()) {
                rows.add(new Row(names.get(i), runs.get(i).dir(), null, "no " + phase.label() + " phase"));
                compared.add(null);
                continue;
            }
            PhaseResult p = matching.get(matching.size() - 1);
            compared.add(p);
            List<String> notes = new ArrayList<>();
            if (matching.size() > 1) {
                notes.add("last of " + matching.size() + " loops");
            }
            if (p.interrupted()) {
                notes.add(p.end().status().label());
            }
            rows.add(new Row(names.get(i), runs.get(i).dir(), SummaryRow.of(names.get(i), p), String.join("; ", notes)));
        }
        return new Comparison(phase.label(), phase == Phase.LOAD ? SummaryRow.LOAD_COLUMNS : SummaryRow.REQUEST_COLUMNS, rows,
                WorkloadFigure.of(compared));
    }

    /**
     * The runs' load phases compared on one part of their cost ({@link SummaryRow#ofParts}: {@code insert},
     * {@code step: NAME}, or {@code load} for the total), in {@link SummaryRow#PART_COLUMNS}; a run whose load
     * has no such part gives a row without values.
     */
    public static Comparison ofPart(List<LoadedRun> runs, List<String> labels, String part) {
        List<String> names = labels(runs, labels);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            SummaryRow found = partRows(runs.get(i).run()).stream().filter(r -> r.label().equals(part)).findFirst()
                    .orElse(null);
            rows.add(new Row(names.get(i), runs.get(i).dir(),
                    found == null ? null : new SummaryRow(names.get(i), found.columns(), found.values()),
                    found == null ? "no load part " + part : ""));
        }
        return new Comparison("load, part " + part, SummaryRow.PART_COLUMNS, rows, List.of());
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

    /** Given labels first, then {@code <store> <engine>}; colliding labels get " (directory name)". */
    static List<String> labels(List<LoadedRun> runs, List<String> given) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            names.add(i < given.size() ? given.get(i) : defaultLabel(runs.get(i).run()));
        }
        Map<String, Integer> uses = new HashMap<>();
        names.forEach(n -> uses.merge(n, 1, Integer::sum));
        List<String> unique = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            unique.add(uses.get(n) > 1 ? n + " (" + runs.get(i).name() + ")" : n);
        }
        return unique;
    }

    private static String defaultLabel(RunResult run) {
        if (run.store() == null) {
            return "unknown store";
        }
        String engine = run.store().engine();
        return engine.isEmpty() ? run.store().store() : run.store().store() + " " + engine;
    }
}
