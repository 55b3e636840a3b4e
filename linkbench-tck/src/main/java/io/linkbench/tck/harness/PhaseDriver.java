package io.linkbench.tck.harness;

import io.linkbench.config.Settings;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.PhaseContext;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunControl;
import io.linkbench.run.RunSpec;
import io.linkbench.store.GraphStore;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.WorkloadConfig;
import java.io.PrintStream;
import java.time.Instant;

/**
 * Runs a load or a request phase on an opened store, as {@code linkbench -l} and {@code -r} do (the
 * same {@link RunSpec} and {@link PhaseContext}), with the core keys given (the rest at their
 * defaults) and the status lines on stdout.
 */
public final class PhaseDriver {
    public final RunSpec spec;
    public final Settings settings;
    public final RunConfig run;
    public final WorkloadConfig workload;
    public final GraphShape shape;

    /** {@code kv}: core keys and values, e.g. {@code "maxid1", "5001"}. */
    public PhaseDriver(String... kv) {
        spec = RunSpec.withDefaults(kv);
        settings = spec.settings();
        run = spec.run();
        workload = spec.workload();
        shape = spec.shape();
    }

    /** Sessions a store must allow for both phases. */
    public int sessions() {
        return spec.sessions();
    }

    /** A context of this driver's run: {@code control}, lines on {@code out}, seen by {@code observer}. */
    public PhaseContext context(RunControl control, PrintStream out, PhaseObserver observer) {
        return new PhaseContext(spec, control, out, false, observer);
    }

    public PhaseResult load(GraphStore store, PhaseObserver observer) throws Exception {
        return context(new RunControl(), System.out, observer).load(Instant.now()).execute(store);
    }

    public PhaseResult requests(GraphStore store, PhaseObserver observer) throws Exception {
        return context(new RunControl(), System.out, observer).requests(0).execute(store);
    }
}
