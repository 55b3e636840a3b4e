package io.linkbench.jmh.core;

import io.linkbench.run.CoreSettings;
import io.linkbench.config.Settings;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.LoadPhase;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunControl;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.Op;
import io.linkbench.workload.WorkloadConfig;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the core benchmarks share: the configuration objects built exactly as the CLI builds them (the
 * core defaults with a few overrides), a single-operation mix, and loading a store with the real
 * {@link LoadPhase}.
 */
public final class BenchSetup {
    /** The CLI's default seed, so the benchmarks see the graph a default run loads. */
    public static final long SEED = 20111;

    /** The configuration of one benchmark: settings plus the typed objects built from them. */
    public record Config(Settings settings, RunConfig run, WorkloadConfig workload, GraphShape shape) {
    }

    private BenchSetup() {
    }

    /**
     * The core defaults with {@code keyValues} (key, value, key, value ...) over them; {@code store}
     * defaults to {@code noop} and {@code schema} to {@code recreate}.
     */
    public static Config config(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("store", "noop");
        m.put("schema", "recreate");
        m.put("seed", Long.toString(SEED));
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        Settings s = Settings.withDefaults(m, CoreSettings.all());
        RunConfig run = RunConfig.from(s);
        WorkloadConfig w = WorkloadConfig.from(s);
        return new Config(s, run, w, new GraphShape(w, run.seed()));
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
        LoadGenerator generator = new LoadGenerator(c.workload(), c.shape(), c.run().seed(), System.currentTimeMillis());
        RunControl control = new RunControl();
        PhaseResult p = new LoadPhase(c.run(), generator, control, quiet(), false, PhaseObserver.NONE).execute(store);
        if (control.failed()) {
            throw new IllegalStateException("load failed: " + control.reason());
        }
        return p;
    }
}
