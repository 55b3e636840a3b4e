package io.linkbench.run;

import io.linkbench.config.ConfigException;
import io.linkbench.workload.tao.TaoConfig;
import java.util.Optional;

import io.linkbench.config.Settings;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.WorkloadConfig;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a run is, built once from its validated settings: the run keys, the workload and the graph's
 * shape. The command line, the conformance kit and the JMH benchmarks all build their phases from one
 * of these ({@link PhaseContext}), so a phase is assembled the same way everywhere.
 *
 * <pre>{@code
 * RunSpec spec = RunSpec.from(settings);
 * PhaseContext ctx = new PhaseContext(spec, new RunControl(), System.out, false, PhaseObserver.NONE);
 * PhaseResult load = ctx.load(Instant.now()).execute(store);
 * }</pre>
 *
 * @param settings the settings the spec was built from (store keys included)
 * @param run      the run keys (threads, limits, rate, seed ...)
 * @param workload the workload keys
 * @param shape    the graph the workload describes, for the run's seed
 * @param tao      TAOBench's workload when {@code workload = taobench}: it drives the request phase in
 *                 place of the operation mix; empty for a LinkBench run
 */
public record RunSpec(Settings settings, RunConfig run, WorkloadConfig workload, GraphShape shape,
                      Optional<TaoConfig> tao) {

    /** Parses and checks {@code settings}: a {@link io.linkbench.config.ConfigException} names a bad key. */
    public static RunSpec from(Settings settings) {
        RunConfig run = RunConfig.from(settings);
        WorkloadConfig workload = WorkloadConfig.from(settings);
        Optional<TaoConfig> tao = TaoConfig.from(settings);
        if (tao.isPresent() && workload.nodeCount() < tao.get().workload().shardCount()) {
            throw new ConfigException("maxid1 - startid1 = " + workload.nodeCount() + ": workload = taobench spreads keys"
                    + " over " + tao.get().workload().shardCount() + " virtual shards and needs at least that many nodes");
        }
        return new RunSpec(settings, run, workload, new GraphShape(workload, run.seed()), tao);
    }

    /** The core keys {@code keyValues} (key, value, key, value ...) over the core defaults. */
    public static RunSpec withDefaults(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return from(Settings.withDefaults(m, CoreSettings.all()));
    }

    /** The same workload and graph with other run keys (a step of a capacity curve). */
    public RunSpec with(RunConfig other) {
        return new RunSpec(settings, other, workload, shape, tao);
    }

    /** Sessions a store must allow for a load (one per loader) and a request phase. */
    public int sessions() {
        return Math.max(run.loaders(), run.requesters());
    }

    /** The load's rows, their times counted from {@code base} (the same base writes the same rows). */
    public LoadGenerator loadGenerator(Instant base) {
        return new LoadGenerator(workload, shape, run.seed(), base.toEpochMilli());
    }
}
