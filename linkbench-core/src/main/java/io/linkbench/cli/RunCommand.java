package io.linkbench.cli;

import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.report.LatencyTable;
import io.linkbench.report.ResultFiles;
import io.linkbench.run.LoadPhase;
import io.linkbench.run.RequestPhase;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunControl;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreProviders;
import io.linkbench.workload.GraphShape;
import io.linkbench.workload.LoadGenerator;
import io.linkbench.workload.WorkloadConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs the phases asked for on the command line: validates the configuration, opens the store, runs
 * the load and/or request phase, prints each phase's table, and writes {@code result.json} and
 * {@code summary.txt}. Ctrl-C stops the running phase; what it measured is still printed and written.
 */
final class RunCommand implements Callable<Integer> {
    private final PrintStream out;
    private final StoreProviders providers;
    private final Main.CommonOptions common;
    private final Path resultsBase;
    private final boolean load;
    private final boolean requests;

    RunCommand(PrintStream out, StoreProviders providers, Main.CommonOptions common, Path resultsBase, boolean load,
               boolean requests) {
        this.out = out;
        this.providers = providers;
        this.common = common;
        this.resultsBase = resultsBase;
        this.load = load;
        this.requests = requests;
    }

    @Override
    public Integer call() throws Exception {
        ConfigLoader.Loaded cfg = ConfigLoader.load(common.configFiles, common.overrides, providers);
        RunConfig run = RunConfig.from(cfg.settings());
        WorkloadConfig workload = WorkloadConfig.from(cfg.settings());
        GraphShape shape = new GraphShape(workload, run.seed());
        RunControl control = new RunControl();
        CountDownLatch finished = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            control.interrupt("interrupted");
            try {
                finished.await(60, TimeUnit.SECONDS); // let the report be written
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "linkbench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        long started = System.currentTimeMillis();
        int sessions = Math.max(run.loaders() + 1, run.requesters());
        List<PhaseResult> phases = new ArrayList<>();
        StringBuilder summary = new StringBuilder();
        StoreInfo info = new StoreInfo(cfg.provider().name(), "", "", java.util.Map.of());
        try (GraphStore store = cfg.provider().open(new StoreContext(cfg.settings(), sessions))) {
            info = store.info();
            String header = String.format("linkbench %s: store=%s%s%s, startid1=%d, maxid1=%d, seed=%d%n", Main.version(),
                    info.store(), info.engine().isEmpty() ? "" : " engine=" + info.engine(),
                    info.version().isEmpty() ? "" : " version=" + info.version(), workload.startId1(), workload.maxId1(),
                    run.seed());
            out.print(header);
            summary.append(header);
            if (load) {
                LoadGenerator generator = new LoadGenerator(workload, shape, run.seed(), started);
                PhaseResult p = new LoadPhase(run, generator, control, out, System.console() != null).execute(store);
                phases.add(p);
                report(p, summary);
            }
            if (requests && !control.interrupted()) {
                PhaseResult p = new RequestPhase(run, workload, shape, control, out, 0).execute(store);
                phases.add(p);
                report(p, summary);
            }
        } finally {
            try {
                if (!phases.isEmpty()) {
                    write(cfg, started, info, phases, summary);
                }
            } finally {
                finished.countDown();
                removeHook(hook);
            }
        }
        if (control.failed()) {
            out.println("linkbench: " + control.reason());
            return Main.FAILED;
        }
        return control.interrupted() ? Main.INTERRUPTED : Main.OK;
    }

    private void report(PhaseResult p, StringBuilder summary) {
        String table = new LatencyTable().render(p);
        out.println();
        out.print(table);
        out.println();
        summary.append('\n').append(table).append('\n');
    }

    private void write(ConfigLoader.Loaded cfg, long started, StoreInfo info, List<PhaseResult> phases,
                       StringBuilder summary)
            throws IOException {
        ResultFiles files = new ResultFiles();
        String storeName = cfg.provider().name();
        Path dir = files.createRunDirectory(resultsBase, storeName, Instant.ofEpochMilli(started));
        RunResult result = new RunResult(Main.version(), started, hostName(), cfg.settings().redacted(cfg.declared()),
                info, phases);
        files.write(dir, result, summary.toString());
        out.println("results: " + dir);
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is shutting down (Ctrl-C): the hook is running
        }
    }
}
