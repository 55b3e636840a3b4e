package io.linkbench.tck;

import io.linkbench.run.CoreSettings;
import io.linkbench.config.Settings;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.LoadPhase;
import io.linkbench.run.RequestPhase;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunControl;
import io.linkbench.store.GraphStore;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.WorkloadConfig;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs a load or a request phase on an opened store, as {@code linkbench -l} and {@code -r} do, with
 * the core keys given (the rest at their defaults) and the status lines on stdout.
 */
public final class PhaseDriver {
    public final Settings settings;
    public final RunConfig run;
    public final WorkloadConfig workload;
    public final GraphShape shape;

    /** {@code kv}: core keys and values, e.g. {@code "maxid1", "5001"}. */
    public PhaseDriver(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        settings = Settings.withDefaults(m, CoreSettings.all());
        run = RunConfig.from(settings);
        workload = WorkloadConfig.from(settings);
        shape = new GraphShape(workload, run.seed());
    }

    /** Sessions a store must allow for both phases. */
    public int sessions() {
        return Math.max(run.loaders() + 1, run.requesters());
    }

    public PhaseResult load(GraphStore store, PhaseObserver observer) throws Exception {
        return new LoadPhase(run, new LoadGenerator(workload, shape, run.seed(), System.currentTimeMillis()),
                new RunControl(), System.out, false, observer).execute(store);
    }

    public PhaseResult requests(GraphStore store, PhaseObserver observer) throws Exception {
        return new RequestPhase(run, workload, shape, new RunControl(), System.out, 0, observer).execute(store);
    }
}
