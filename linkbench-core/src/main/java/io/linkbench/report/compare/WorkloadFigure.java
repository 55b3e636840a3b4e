package io.linkbench.report.compare;

import io.linkbench.measure.GraphStats;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.ThroughputDrift;
import io.linkbench.report.Formats;
import io.linkbench.report.OutcomeRows;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * One figure that shows which workload a run ran, for several runs side by side: for a request
 * phase each operation's hit% and rows per call (MULTIGET_LINK, GET_LINKS_LIST; COUNT_LINK's mean count) and the
 * share of GET_LINKS_LIST calls that continued history, how much the phase grew the graph and how its
 * throughput drifted ({@link ThroughputDrift}); for a load the id1s, link rows and links per
 * id1. Runs of the same workload show close values.
 *
 * @param name   e.g. {@code GET_NODE hit%}, {@code links per id1}
 * @param unit   how the values print
 * @param values one per run, in order; NaN where a run lacks the figure
 */
public record WorkloadFigure(String name, Unit unit, List<Double> values) {
    /** How a figure's values print ({@link Formats}); {@code -} when NaN. */
    public enum Unit {
        /** A percentage (0..100) with 1 decimal, e.g. {@code 81.2}. */
        PERCENT,
        /** A mean with 2 decimals. */
        MEAN,
        /** A whole count with thousands separators. */
        COUNT;

        /** The value as the text and Markdown tables print it. */
        public String format(double v) {
            return switch (this) {
                case PERCENT -> Formats.percent(v / 100);
                case MEAN -> Formats.mean(v);
                case COUNT -> Double.isFinite(v) ? Formats.count((long) v) : Formats.NONE;
            };
        }
    }

    public WorkloadFigure {
        values = List.copyOf(values);
    }

    /**
     * The figures of the runs' phases (null for a run without the phase), in operation order; a figure
     * no run has is left out.
     */
    static List<WorkloadFigure> of(List<PhaseResult> phases) {
        List<WorkloadFigure> figures = new ArrayList<>();
        Set<String> ops = new LinkedHashSet<>();
        phases.stream().filter(Objects::nonNull).forEach(p -> OutcomeRows.recorded(p).forEach(s -> ops.add(s.name())));
        for (String op : ops) {
            add(figures, op + " hit%", Unit.PERCENT, phases,
                    p -> ofOp(p, op, s -> percent(s.outcomes().hits(), s.outcomes().calls())));
            add(figures, op + " rows/call", Unit.MEAN, phases, p -> ofOp(p, op, OutcomeRows::rowsPerCall));
            add(figures, op + " mean count", Unit.MEAN, phases, p -> ofOp(p, op, OutcomeRows::meanCount));
        }
        add(figures, "GET_LINKS_LIST continued%", Unit.PERCENT, phases,
                p -> ofOp(p, "GET_LINKS_LIST", s -> percent(p.graph().continuations(), s.outcomes().calls())));
        add(figures, "GET_LINKS_LIST continued rows/call", Unit.MEAN, phases, OutcomeRows::continuationRowsPerCall);
        add(figures, "links grown% of loaded", Unit.PERCENT, phases,
                p -> p.graph().growth() == null ? Double.NaN : p.graph().growth().linksGrowthPct());
        add(figures, "longest list / loaded", Unit.MEAN, phases,
                p -> p.graph().growth() == null ? Double.NaN : p.graph().growth().longestListRatio());
        add(figures, "throughput last/first interval%", Unit.PERCENT, phases, p -> drift(p, ThroughputDrift::lastVsFirstPct));
        add(figures, "throughput trend% over phase", Unit.PERCENT, phases, p -> drift(p, ThroughputDrift::trendPct));
        add(figures, "id1s", Unit.COUNT, phases, p -> ofGraph(p, g -> g.id1s()));
        add(figures, "link rows", Unit.COUNT, phases, p -> ofGraph(p, g -> g.linkRows()));
        add(figures, "links per id1", Unit.MEAN, phases, p -> ofGraph(p, GraphStats::linksPerId1));
        return figures;
    }

    private static void add(List<WorkloadFigure> figures, String name, Unit unit, List<PhaseResult> phases,
                            ToDoubleFunction<PhaseResult> value) {
        add(figures, name, unit, phases.stream().map(p -> p == null ? Double.NaN : value.applyAsDouble(p)).toList());
    }

    /** Adds the figure when some run has a value. */
    static void add(List<WorkloadFigure> figures, String name, Unit unit, List<Double> values) {
        if (values.stream().anyMatch(Double::isFinite)) {
            figures.add(new WorkloadFigure(name, unit, values));
        }
    }

    private static double ofOp(PhaseResult p, String op, ToDoubleFunction<OpStats> value) {
        OpStats s = p.op(op);
        return s == null || s.outcomes().calls() == 0 ? Double.NaN : value.applyAsDouble(s);
    }

    /** {@code n} as a percentage of {@code d}, computed so that exact figures stay exact (98.1, not 98.100001). */
    private static double percent(long n, long d) {
        return 100.0 * n / d;
    }

    private static double drift(PhaseResult p, ToDoubleFunction<ThroughputDrift> value) {
        ThroughputDrift d = p.isLoad() ? null : ThroughputDrift.of(p.intervals());
        return d == null ? Double.NaN : value.applyAsDouble(d);
    }

    private static double ofGraph(PhaseResult p, ToDoubleFunction<GraphStats> value) {
        return p.graph().loaded() == null ? Double.NaN : value.applyAsDouble(p.graph().loaded());
    }
}
