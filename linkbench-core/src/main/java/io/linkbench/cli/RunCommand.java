package io.linkbench.cli;

import io.linkbench.config.MessageText;
import io.linkbench.measure.GrowthVerdict;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunMeta;
import io.linkbench.measure.RunResult;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.report.CostTable;
import io.linkbench.report.IntervalFiles;
import io.linkbench.report.LatencyBuckets;
import io.linkbench.report.LatencyTable;
import io.linkbench.report.ResultFiles;
import io.linkbench.run.CostProbe;
import io.linkbench.run.LoadRecord;
import io.linkbench.run.LoadStep;
import io.linkbench.run.MetricsReader;
import io.linkbench.run.PhaseContext;
import io.linkbench.run.RequestPhase;
import io.linkbench.run.RunConfig;
import io.linkbench.run.RunControl;
import io.linkbench.run.RunSpec;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreInfo;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.TransactionSupport;
import io.linkbench.workload.WorkloadConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs the phases asked for on the command line: validates the configuration, opens the store, runs
 * the load and/or request phase (the latter {@code --loops} times), prints each phase's tables, writes
 * the interval files as it goes and {@code result.json} and {@code summary.txt} at the end. Ctrl-C
 * stops the running phase; what it measured is still printed and written. A file that cannot be
 * written (a full disk) is named on the error stream, the others are still written, and the exit code
 * is 1 ({@link RunFiles}). The store's facts, configuration, counters and size are read within deadlines
 * ({@link MetricsReader}), and the store is closed within {@link #CLOSE_WAIT}, so a server that stops
 * answering delays neither the status lines nor the result files.
 */
final class RunCommand implements Callable<Integer> {
    /** How long the run waits for the store to close (its server may not answer) before it goes on without. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

    private final PrintStream out;
    private final PrintStream err;
    private final StoreProviders providers;
    private final Main.CommonOptions common;
    private final Path resultsBase;
    private final boolean load;
    private final boolean requests;
    private final int loops;
    private final CurveRun curve;
    private final MetricsOption metrics;
    private final boolean details;
    private final RunLabel label;

    /**
     * @param curve   a capacity curve instead of loops, or null
     * @param details print every cost figure and the store counters after each phase, not only the published row
     * @param label   {@code --tag}, {@code --notes} and the command line
     */
    RunCommand(PrintStream out, PrintStream err, StoreProviders providers, Main.CommonOptions common, Path resultsBase,
               boolean load, boolean requests, int loops, CurveRun curve, MetricsOption metrics, boolean details,
               RunLabel label) {
        this.details = details;
        this.label = label;
        this.loops = loops;
        this.curve = curve;
        this.metrics = metrics;
        this.out = out;
        this.err = err;
        this.providers = providers;
        this.common = common;
        this.resultsBase = resultsBase;
        this.load = load;
        this.requests = requests;
    }

    @Override
    public Integer call() throws Exception {
        ConfigLoader.Loaded cfg = ConfigLoader.load(common.configFiles, common.overrides, providers);
        cfg.printMessages(err);
        RunSpec spec = RunSpec.from(cfg.settings());
        if (load) {
            FleetRun.loadBase(spec.run().fleet(), 0); // refuses a fleet load without start_at before the store opens
        }
        RunFiles.checkResultsBase(resultsBase); // before the store is opened: a load would be lost
        try (io.linkbench.metrics.LiveMetrics live = metrics.start(out)) {
            return call(cfg, spec, MetricsOption.observer(live));
        }
    }

    private Integer call(ConfigLoader.Loaded cfg, RunSpec spec, PhaseObserver live) throws Exception {
        RunConfig run = spec.run();
        WorkloadConfig workload = spec.workload();
        RunControl control = new RunControl();
        CountDownLatch finished = new CountDownLatch(1);
        ReceivedSignal signal = new ReceivedSignal(); // the JVM exits 128 + the signal's number
        Thread hook = new Thread(() -> {
            // on a thread of its own: a post-load step's canceller whose server stalled must not hold the JVM's exit
            Thread stop = new Thread(() -> control.interrupt(signal.reason()), "linkbench-stop");
            stop.setDaemon(true);
            stop.start();
            try {
                finished.await(60, TimeUnit.SECONDS); // let the report be written
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "linkbench-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        long started = System.currentTimeMillis();
        String runId = RunResult.newRunId();
        int sessions = Math.max(run.loaders(), curve == null ? run.requesters() : curve.requesters(run));
        List<PhaseResult> phases = new ArrayList<>();
        StringBuilder summary = new StringBuilder();
        StoreInfo info = new StoreInfo(cfg.provider().name(), "", "", java.util.Map.of(), false);
        ResultFiles files = new ResultFiles();
        Path dir = null;
        IntervalFiles intervals = null;
        RunMeta meta = RunMeta.NONE;
        boolean written = true;
        boolean[] closed = {true};
        MetricsReader reads = new MetricsReader();
        GraphStore store = null;
        try {
            store = cfg.provider().open(new StoreContext(cfg.settings(), sessions));
            dir = files.createRunDirectory(resultsBase, cfg.provider().name(), Instant.ofEpochMilli(started));
            intervals = new IntervalFiles(dir, operationNames(spec.tao().isPresent()), started);
            CostProbe cost = CostProbe.local(store, run, reads);
            PhaseContext ctx = new PhaseContext(spec, control, out, System.console() != null,
                    PhaseObserver.of(cost, intervals, live), reads);
            info = facts(store, info, reads);
            Map<String, String> facts = new LinkedHashMap<>(info.facts());
            facts.put("probe devices", cost.devicesOrigin());
            cost.nodesFact().ifPresent(n -> facts.put("server nodes", n));
            if (requests && spec.tao().isPresent()) { // before a load that would be wasted
                TransactionSupport tx = store.transactions();
                if (!tx.offered()) {
                    err.println("linkbench: workload = taobench runs read and write transactions, which store "
                            + cfg.provider().name() + " declines: " + tx.detail());
                    return Main.FAILED;
                }
                facts.put("transactions", tx.detail());
                facts.put("workload", "TAOBench " + spec.tao().get().name());
            }
            if (requests && !load) {
                LoadRecord.Verdict verdict = LoadRecord.check(store, cfg.settings());
                if (verdict.refusal().isPresent()) {
                    err.println("linkbench: " + verdict.refusal().get());
                    return Main.FAILED;
                }
                verdict.warnings().forEach(w -> err.println("linkbench: warning: " + w));
                verdict.fact().ifPresent(f -> facts.put("load_state", f));
            }
            info = new StoreInfo(info.store(), info.version(), info.engine(), facts, info.transactional());
            meta = RunRecord.meta(label, info, cfg.declared(), store, cost, dir, facts, reads);
            info = new StoreInfo(info.store(), info.version(), info.engine(), facts, info.transactional());
            String header = String.format("linkbench %s: store=%s%s%s, startid1=%d, maxid1=%d, seed=%d%n", Main.version(),
                    info.store(), info.engine().isEmpty() ? "" : " engine=" + info.engine(),
                    info.version().isEmpty() ? "" : " version=" + info.version(), workload.startId1(), workload.maxId1(),
                    run.seed()) + FleetRun.headerLine(run.fleet());
            out.print(header);
            summary.append(header);
            if (load) {
                Instant base = FleetRun.loadBase(run.fleet(), started); // a fleet's hosts write the same rows
                PhaseResult p = ctx.load(base).execute(store, LoadRecord.starting(cfg.settings(), base));
                phases.add(p);
                report(p, summary);
                info = factsAfterLoad(store, info, reads);
            }
            if (requests && curve != null) {
                String table = curve.run(ctx, store, p -> {
                    phases.add(p);
                    report(p, summary);
                });
                out.print(table);
                summary.append('\n').append(table);
            }
            List<PhaseResult> loopResults = new ArrayList<>();
            for (int loop = 0; requests && curve == null && loop < loops && !control.interrupted(); loop++) {
                if (loops > 1) {
                    out.printf("loop %d of %d%n", loop + 1, loops);
                }
                PhaseResult p = ctx.requests(loop).execute(store);
                phases.add(p);
                loopResults.add(p);
                report(p, summary);
            }
            if (loopResults.size() > 1) {
                String table = new CostTable().renderLoops(loopResults);
                out.print(table);
                summary.append('\n').append(table);
                GrowthVerdict.acrossLoops(loopResults, spec.shape().startId(), spec.shape().nodeCount(),
                        spec.workload().rules().is2012()).ifPresent(line -> {
                    out.println(line);
                    summary.append(line).append('\n');
                    if (line.startsWith(GrowthVerdict.WARNING)) { // result.json and the report: on the last loop
                        phases.set(phases.size() - 1,
                                phases.get(phases.size() - 1).withWarning(line.substring(GrowthVerdict.WARNING.length())));
                    }
                });
            }
        } catch (OutOfMemoryError e) { // the phases measured so far are still written, and the reason in one line
            control.outOfMemory("the run's main thread");
        } finally {
            try { // the files first: closing a store whose server stalled may take a while
                if (intervals != null) {
                    intervals.close();
                }
                if (dir != null && phases.isEmpty()) {
                    removeEmptyRun(dir); // nothing ran (e.g. a refused load): leave no empty run behind
                } else if (dir != null) {
                    written = write(dir, cfg, started, runId, info, meta, phases, summary, intervals);
                }
            } finally {
                closed[0] = close(store, reads);
                finished.countDown();
                removeHook(hook);
                signal.close();
            }
        }
        if (control.failed()) {
            err.println("linkbench: " + control.reason());
            return Main.FAILED;
        }
        if (!written || !closed[0]) {
            return Main.FAILED; // results were lost, or the store's last writes may be
        }
        return control.interrupted() ? Main.INTERRUPTED : Main.OK;
    }

    /** The store's facts, or {@code fallback} with the reason when the server did not answer in time. */
    private static StoreInfo facts(GraphStore store, StoreInfo fallback, MetricsReader reads) {
        MetricsReader.Reading<StoreInfo> r = reads.read("store facts", store::info, MetricsReader.SLOW);
        if (r.read()) {
            return r.value();
        }
        return new StoreInfo(fallback.store(), "", "", Map.of("facts", r.missing()), fallback.transactional());
    }

    /**
     * The facts as the load left the schema (the collections it sharded, the tables it distributed) in place of
     * those read before it, which described what a recreated schema replaced; the run's own facts stay. The
     * facts before the load when the server does not answer in time.
     */
    private static StoreInfo factsAfterLoad(GraphStore store, StoreInfo before, MetricsReader reads) {
        MetricsReader.Reading<StoreInfo> r = reads.read("store facts", store::info, MetricsReader.SLOW);
        if (!r.read()) {
            return before;
        }
        Map<String, String> facts = new LinkedHashMap<>(before.facts());
        facts.putAll(r.value().facts());
        return new StoreInfo(before.store(), before.version(), before.engine(), facts, before.transactional());
    }

    /**
     * Closes the store. While a read of its figures is still stuck inside it (its server stalled), waits at most
     * {@link #CLOSE_WAIT} and goes on without it; otherwise waits as long as the close takes (an embedded store
     * writes its memtables on close).
     *
     * @return false when the close failed (named on the error stream)
     */
    private boolean close(GraphStore store, MetricsReader reads) {
        if (store == null) {
            return true;
        }
        boolean[] ok = {true};
        Runnable close = () -> {
            try {
                store.close();
            } catch (StoreException | RuntimeException e) {
                ok[0] = false;
                err.println("linkbench: closing the store failed: " + MessageText.line(String.valueOf(e.getMessage())));
            }
        };
        if (!reads.stuck()) {
            close.run();
        } else if (!MetricsReader.runWithin("store-close", close, CLOSE_WAIT)) {
            err.println("linkbench: warning: the store did not close within " + CLOSE_WAIT.toSeconds()
                    + " s (its server does not answer); going on without it");
        }
        return ok[0];
    }

    /** Every operation and load step, in the column order of intervals.csv. */
    private static List<String> operationNames(boolean transactions) {
        List<String> names = new ArrayList<>(List.of(LoadStep.names()));
        names.addAll(RequestPhase.rowNames(transactions));
        return names;
    }

    /** The phase's tables: on the console short unless --details, in summary.txt in detail. */
    private void report(PhaseResult p, StringBuilder summary) {
        String detailed = new LatencyTable().render(p, true) + new CostTable().render(p, true);
        out.println();
        out.print(details ? detailed : new LatencyTable().render(p, false) + new CostTable().render(p, false));
        out.println();
        summary.append('\n').append(detailed).append('\n');
        summary.append(LatencyBuckets.render(p)); // summary.txt only: too wide for the console
    }

    private boolean write(Path dir, ConfigLoader.Loaded cfg, long started, String runId, StoreInfo info, RunMeta meta,
                          List<PhaseResult> phases, StringBuilder summary, IntervalFiles intervals) {
        RunResult result = new RunResult(Main.version(), started, hostName(), cfg.settings().redacted(cfg.declared()),
                info, phases, runId, meta);
        return new RunFiles(out, err).write(dir, result, summary.toString(),
                intervals == null ? List.of() : intervals.failures());
    }

    private static void removeEmptyRun(Path dir) {
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
            for (Path f : files.toList()) {
                java.nio.file.Files.deleteIfExists(f);
            }
            java.nio.file.Files.deleteIfExists(dir);
        } catch (IOException e) {
            // a leftover empty directory is harmless
        }
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
