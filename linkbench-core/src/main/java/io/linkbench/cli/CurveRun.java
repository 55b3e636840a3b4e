package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.Slo;
import io.linkbench.report.CurveTable;
import io.linkbench.run.CapacitySearch;
import io.linkbench.run.PhaseContext;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunControl;
import io.linkbench.run.Sweep;
import io.linkbench.store.GraphStore;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import picocli.CommandLine.Option;

/**
 * A capacity curve instead of {@code --loops}: {@code --sweep} runs one request phase per step,
 * {@code --slo} searches for the highest open-loop rate that meets the conditions
 * ({@link CapacitySearch}). Each step is a request phase with its own warm-up on the same graph, written
 * like a loop with its {@link PhaseResult.StepTarget}; the run ends with the {@link CurveTable}.
 */
final class CurveRun {
    /** The SLO search's first rate when {@code requestrate} is not set. */
    static final double DEFAULT_START = 1000;
    /** Steps an SLO search runs at most. */
    static final int MAX_SEARCH_STEPS = 24;

    /** The options, as a picocli mixin of the main command. */
    static final class Options {
        @Option(names = "--sweep", paramLabel = "KNOB=V1,V2,...",
                description = "a capacity curve: one request phase per value, requestrate=1000,2000,... (open loop)"
                        + " or requesters=1,2,4,... (closed loop)")
        String sweep;

        @Option(names = "--slo", paramLabel = "CONDITIONS",
                description = "find the highest open-loop rate where the conditions hold, e.g. 'p99 < 5ms' or"
                        + " 'p99(GET_LINKS_LIST) < 5ms, p99(UPDATE_LINK) < 20ms' (starts at requestrate, else 1000)")
        String slo;

        /** The curve asked for, or null; a {@link ConfigException} when the options are wrong or clash. */
        CurveRun plan(boolean requests, int loops) {
            if (sweep == null && slo == null) {
                return null;
            }
            String option = sweep != null ? "--sweep" : "--slo";
            if (sweep != null && slo != null) {
                throw new ConfigException("--sweep and --slo: give one of them (a sweep runs given steps, --slo finds its own)");
            }
            if (!requests) {
                throw new ConfigException(option + ": needs -r (the curve is made of request phases)");
            }
            if (loops != 1) {
                throw new ConfigException(option + " and --loops: give one of them (every step is a loop of its own)");
            }
            return sweep != null ? new CurveRun(Sweep.parse(sweep), null) : new CurveRun(null, Slo.parse(slo));
        }
    }

    private final Sweep sweep;
    private final Slo slo;

    private CurveRun(Sweep sweep, Slo slo) {
        this.sweep = sweep;
        this.slo = slo;
    }

    /** The store sessions the steps need at most. */
    int requesters(RunConfig run) {
        return sweep == null ? run.requesters() : sweep.maxRequesters(run.requesters());
    }

    /**
     * Runs the steps on an opened, loaded store, hands each to {@code each} as it ends, and returns the
     * curve table and, for an SLO search, its verdict, for the console and {@code summary.txt}.
     */
    String run(PhaseContext ctx, GraphStore store, Consumer<PhaseResult> each) throws Exception {
        RunConfig run = ctx.run();
        RunControl control = ctx.control();
        PrintStream out = ctx.out();
        List<PhaseResult> steps = new ArrayList<>();
        String verdict = "";
        if (sweep != null) {
            for (int i = 0; i < sweep.values().size() && !control.interrupted(); i++) {
                double v = sweep.values().get(i);
                out.println(sweep.describe(i, v));
                PhaseResult p = ctx.with(sweep.configure(run, v)).requests(i).execute(store).with(sweep.target(v));
                steps.add(p);
                each.accept(p);
            }
        } else {
            double start = run.openLoop() ? run.requestRate() : DEFAULT_START;
            Sweep rates = new Sweep(Sweep.REQUESTRATE, List.of(start));
            CapacitySearch search = new CapacitySearch(slo, start, 0.05, MAX_SEARCH_STEPS, out);
            CapacitySearch.Outcome o = search.search(rate -> {
                out.printf(Locale.ROOT, "SLO search step %d: requestrate=%,.0f%n", steps.size() + 1, rate);
                PhaseResult p = ctx.with(rates.configure(run, rate)).requests(steps.size()).execute(store)
                        .with(new PhaseResult.StepTarget(Sweep.REQUESTRATE, rate, slo.describe()));
                steps.add(p);
                each.accept(p);
                return p;
            }, control);
            verdict = verdict(o);
        }
        return steps.isEmpty() ? "" : new CurveTable().render(steps) + verdict;
    }

    private String verdict(CapacitySearch.Outcome o) {
        String bracket = o.complete() ? "" : " (search stopped early: bracket not narrowed to 5%)";
        if (o.proof() == null) {
            return "capacity under SLO (" + slo.describe() + "): none found, no step met it" + bracket + "\n";
        }
        return String.format(Locale.ROOT, "capacity under SLO (%s): %,.0f ops/s, proved by step %d (achieved %,.0f ops/s)%s%n",
                slo.describe(), o.capacity(), o.steps().indexOf(o.proof()) + 1, o.proof().throughput(), bracket);
    }
}
