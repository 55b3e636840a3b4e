package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.run.SampledVerify;
import io.linkbench.store.CountVerifier;
import io.linkbench.store.GraphStore;
import io.linkbench.store.LoadState;
import io.linkbench.store.LoadStateStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreProviders;
import io.linkbench.store.VerificationReport;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code linkbench verify}: checks that every count equals the visible links of its (id1, link_type). A store with
 * nothing to check (no load recorded, or no count and no link, as after a load killed before its first commit) is
 * refused in one line, exit 1: zero groups checked is no verification. With {@code verify_sample} it checks a
 * random sample of id1s ({@link SampledVerify}), with progress lines (a sample of the whole graph or more runs the
 * full check, and says so); Ctrl-C (SIGINT, SIGTERM, SIGHUP) then
 * ends it after the id1 in hand, and it prints what it checked before the JVM exits (128 + the signal).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Check the count invariant of the stored graph; exit 0 only when every count matches.")
final class VerifyCommand implements Callable<Integer> {
    @CommandLine.Mixin
    Main.CommonOptions common = new Main.CommonOptions();

    /** Options given before the subcommand ({@code linkbench -c f -D k=v verify}) count too. */
    @CommandLine.ParentCommand
    Main parent;

    private final PrintStream out;
    private final PrintStream err;
    private final StoreProviders providers;

    VerifyCommand(PrintStream out, PrintStream err, StoreProviders providers) {
        this.out = out;
        this.err = err;
        this.providers = providers;
    }

    @Override
    public Integer call() throws Exception {
        List<Path> files = new ArrayList<>(parent == null ? List.of() : parent.common.configFiles);
        files.addAll(common.configFiles);
        Map<String, String> overrides = new LinkedHashMap<>(parent == null ? Map.of() : parent.common.overrides);
        overrides.putAll(common.overrides);
        ConfigLoader.Loaded cfg = ConfigLoader.load(files, overrides, providers);
        cfg.printMessages(err);
        try (GraphStore store = cfg.provider().open(new StoreContext(cfg.settings(), 1, true))) {
            if (!(store instanceof CountVerifier verifier)) {
                throw new ConfigException("store=" + cfg.provider().name() + ": this store cannot verify counts");
            }
            Optional<LoadState> last = Optional.empty();
            if (store instanceof LoadStateStore records) {
                last = records.loadState();
                if (last.isEmpty()) {
                    throw StoreException.refusal("nothing loaded to verify: this store records no load (it is empty,"
                            + " was recreated, or is a memory store in a new process); load it first with -l");
                }
            }
            long t0 = System.nanoTime();
            SampledVerify sample = SampledVerify.from(cfg.settings());
            if (sample != null && sample.wholeGraph().isPresent()) {
                out.println("verify: " + sample.wholeGraph().get());
            } else if (sample != null) {
                return sampled(store, sample, cfg, last, t0);
            }
            VerificationReport r = verifier.verifyCounts();
            if (r.groupsChecked() == 0) { // nothing durable: no count and no link to check is no verification
                throw StoreException.refusal("nothing to verify: the store holds no counts and no links"
                        + last.map(l -> l.complete() ? " although its last load completed (" + l.describe() + ")"
                        : ": the last load into it did not complete and left nothing durable (" + l.describe() + ")")
                        .orElse("") + "; load it with -l");
            }
            if (last.isPresent() && !last.get().complete()) {
                out.println("verify: the last load into this store did not complete (" + last.get().describe()
                        + "): mismatches below may be its unfinished work, not the store's fault");
            }
            out.printf(Locale.ROOT, "verify: %,d (id1, link_type) groups checked in %.1f s, %,d mismatches%n",
                    r.groupsChecked(), (System.nanoTime() - t0) / 1e9, r.mismatches());
            printExamples(r);
            return r.ok() ? Main.OK : Main.FAILED;
        }
    }

    private void printExamples(VerificationReport r) {
        for (VerificationReport.Mismatch m : r.examples()) {
            out.printf(Locale.ROOT, "  id1=%d link_type=%d: count row %s, visible links %d%n", m.id1(), m.linkType(),
                    m.storedCount() < 0 ? "missing" : Long.toString(m.storedCount()), m.visibleLinks());
        }
    }

    /**
     * Checks {@code sample}; a signal (the JVM's shutdown) stops it after the id1 in hand, and the shutdown waits
     * up to 10 s for its last lines.
     */
    private int sampled(GraphStore store, SampledVerify sample, ConfigLoader.Loaded cfg, Optional<LoadState> last,
                        long t0) throws StoreException {
        if (last.isPresent() && !last.get().complete()) {
            out.println("verify: the last load into this store did not complete (" + last.get().describe()
                    + "): mismatches below may be its unfinished work, not the store's fault");
        }
        out.println("verify: " + sample.describe(cfg.settings()));
        CountDownLatch printed = new CountDownLatch(1);
        boolean[] stop = new boolean[1];
        Thread hook = new Thread(() -> {
            synchronized (stop) {
                stop[0] = true;
            }
            try {
                printed.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "verify-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            SampledVerify.Outcome o = sample.check(store, out, () -> {
                synchronized (stop) {
                    return stop[0];
                }
            });
            VerificationReport r = o.report();
            if (r.groupsChecked() == 0 && !o.stopped()) {
                throw StoreException.refusal("nothing to verify: the sample's id1s have no counts and no links"
                        + last.map(l -> " (last load: " + l.describe() + ")").orElse("") + "; load it with -l");
            }
            out.printf(Locale.ROOT, "verify: %s: %,d of %,d sampled id1s, %,d (id1, link_type) groups checked in %.1f s,"
                    + " %,d mismatches%n", o.stopped() ? "interrupted (a signal)" : "completed", o.id1sChecked(),
                    sample.size(), r.groupsChecked(), (System.nanoTime() - t0) / 1e9, r.mismatches());
            printExamples(r);
            return r.ok() && !o.stopped() ? Main.OK : Main.FAILED;
        } finally {
            printed.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already: the hook runs
            }
        }
    }
}
