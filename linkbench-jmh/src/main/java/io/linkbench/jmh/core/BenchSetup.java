package io.linkbench.jmh.core;

import io.linkbench.config.Settings;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.LoadPhase;
import io.linkbench.run.PhaseContext;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunSpec;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.Op;
import io.linkbench.workload.WorkloadConfig;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Instant;

/**
 * What the core benchmarks share: the configuration objects built exactly as the CLI builds them (the
 * core defaults with a few overrides), a single-operation mix, and loading a store with the real
 * {@link LoadPhase}.
 */
public final class BenchSetup {
    /** The CLI's default seed, so the benchmarks see the graph a default run loads. */
    public static final long SEED = 20111;

    /** The configuration of one benchmark: the run spec the CLI would build from the same settings. */
    public record Config(RunSpec spec) {
        public Settings settings() {
            return spec.settings();
        }

        public RunConfig run() {
            return spec.run();
        }

        public WorkloadConfig workload() {
            return spec.workload();
        }

        public GraphShape shape() {
            return spec.shape();
        }

        /** A context for one phase: its own control, no lines, no observer. */
        public PhaseContext context() {
            return PhaseContext.quiet(spec);
        }
    }

    private BenchSetup() {
    }

    /**
     * The core defaults with {@code keyValues} (key, value, key, value ...) over them; {@code store}
     * defaults to {@code noop} and {@code schema} to {@code recreate}.
     */
    public static Config config(String... keyValues) {
        String[] kv = new String[keyValues.length + 6];
        kv[0] = "store";
        kv[1] = "noop";
        kv[2] = "schema";
        kv[3] = "recreate";
        kv[4] = "seed";
        kv[5] = Long.toString(SEED);
        System.arraycopy(keyValues, 0, kv, 6, keyValues.length); // later values win
        return new Config(RunSpec.withDefaults(kv));
    }

    /** The same configuration with a mix of 100% {@code op}: a generator then yields only that op. */
    public static Config singleOp(Config base, Op op, String... keyValues) {
        String[] kv = new String[2 * Op.count() + keyValues.length + 4];
        int i = 0;
        kv[i++] = "maxid1";
        kv[i++] = Long.toString(base.workload().maxId1());
        kv[i++] = "startid1";
        kv[i++] = Long.toString(base.workload().startId1());
        for (Op o : Op.values()) {
            kv[i++] = o.mixKey();
            kv[i++] = o == op ? "100" : "0";
        }
        System.arraycopy(keyValues, 0, kv, i, keyValues.length);
        return config(kv);
    }

    /** A stream that drops everything (for the phases' progress lines). */
    public static PrintStream quiet() {
        return new PrintStream(OutputStream.nullOutputStream());
    }

    /** Runs the load phase of {@code c} into {@code store} and returns its result. */
    public static PhaseResult load(Config c, GraphStore store) throws StoreException, InterruptedException {
        PhaseContext ctx = c.context();
        PhaseResult p = ctx.load(Instant.now()).execute(store);
        if (ctx.control().failed()) {
            throw new IllegalStateException("load failed: " + ctx.control().reason());
        }
        return p;
    }
}
