package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.StoreSession;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The GET_LINKS_LIST history rule, measured on a small graph with giant nodes against a model of the
 * rule written here from its statement (workload.md, rule 7), on the group sizes the store holds: each
 * requester remembers a list whose ordinary call returned a full page unless its index knows it; with
 * probability h and a non-empty history a call continues a random entry instead, which moves on when
 * the page is full again and ends otherwise; the original's index forgets a list only when its entry
 * left from the last slot. Only list calls run, so the graph does not change.
 */
class ListHistoryRateTest {
    /** Two ids of 2,000 links (1,000 per type: 10 pages) and four of 400 (2 pages per type). */
    private static final String CDF = "nlinks\n1 90\n40 97\n400 99\n2000 100\n";
    private static final int IDS = 200;
    private static final int LIMIT = 100;
    private static final double HISTORY = 0.10;
    private static final int REQUESTERS = 2;
    private static final int CALLS = 15_000; // per requester
    private static final int MODEL_RUNS = 400;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"original", "exact"})
    void continuationsFollowTheRule(String index) throws Exception {
        Path file = Files.writeString(dir.resolve("Distribution.dat"), CDF);
        RunSpec spec = RunSpec.withDefaults("maxid1", String.valueOf(IDS + 1), "nlinks_tail", "original",
                "nlinks_file", file.toString(), "link_id2_rule", "offset", "store", "memory",
                "read_function", "uniform", "read_uncorr_function", "uniform",
                "getlinklist", "100", "getnode", "0", "addnode", "0", "updatenode", "0", "deletenode", "0",
                "addlink", "0", "deletelink", "0", "updatelink", "0", "countlink", "0", "getlink", "0",
                "getlinklist_limit", String.valueOf(LIMIT), "getlinklist_history", String.valueOf(HISTORY * 100),
                "getlinklist_history_index", index, "requesters", String.valueOf(REQUESTERS),
                "requests", String.valueOf(REQUESTERS * CALLS), "warmup_time", "0", "maxtime", "600");
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        long[] sizes = new long[IDS * 2];
        PhaseResult req;
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(spec.settings(), spec.sessions()))) {
            TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).load(TestPhases.BASE).execute(store);
            try (StoreSession s = store.session(0)) {
                for (int id = 0; id < IDS; id++) {
                    for (int t = 0; t < 2; t++) {
                        sizes[id * 2 + t] = s.countLinks(id + 1, t + 1);
                    }
                }
            }
            req = TestPhases.context(spec, new RunControl(), out, PhaseObserver.NONE).requests(0).execute(store);
        }
        long calls = req.op("GET_LINKS_LIST").outcomes().calls();
        assertEquals((long) REQUESTERS * CALLS, calls);
        double measured = (double) req.graph().continuations() / calls;
        double measuredRows = (double) req.graph().continuationRows() / calls;

        Model original = Model.run(sizes, true);
        Model exact = Model.run(sizes, false);
        Model expected = index.equals("original") ? original : exact;
        String figures = String.format(Locale.ROOT, "measured %.5f continuations and %.3f rows per list call;"
                        + " model (original index) %.5f +- %.5f, %.3f rows; model (exact index) %.5f +- %.5f, %.3f rows",
                measured, measuredRows, original.mean, original.sd, original.rowsMean, exact.mean, exact.sd, exact.rowsMean);
        System.out.println(index + ": " + figures);
        assertTrue(Math.abs(original.mean - exact.mean) > 6 * (original.sd + exact.sd),
                "the two index rules give rates the test tells apart: " + figures);
        assertTrue(Math.abs(measured - expected.mean) < 4 * expected.sd, index + ": " + figures);
        assertTrue(Math.abs(measuredRows - expected.rowsMean) < 4 * expected.rowsSd, index + ": " + figures);
    }

    /** The rule simulated MODEL_RUNS times: the mean and spread of the pooled per-call figures. */
    private record Model(double mean, double sd, double rowsMean, double rowsSd) {
        static Model run(long[] sizes, boolean originalIndex) {
            SplittableRandom random = new SplittableRandom(42);
            double[] rates = new double[MODEL_RUNS];
            double[] rows = new double[MODEL_RUNS];
            for (int r = 0; r < MODEL_RUNS; r++) {
                long continuations = 0;
                long read = 0;
                for (int q = 0; q < REQUESTERS; q++) {
                    long[] one = requester(sizes, originalIndex, random);
                    continuations += one[0];
                    read += one[1];
                }
                rates[r] = (double) continuations / (REQUESTERS * CALLS);
                rows[r] = (double) read / (REQUESTERS * CALLS);
            }
            return new Model(mean(rates), sd(rates), mean(rows), sd(rows));
        }

        /** One requester's CALLS list calls: {continuations, rows they read}. */
        static long[] requester(long[] sizes, boolean originalIndex, SplittableRandom random) {
            List<long[]> entries = new ArrayList<>(); // {group, rows read so far}
            Set<Long> known = new HashSet<>();
            long continuations = 0;
            long read = 0;
            for (int i = 0; i < CALLS; i++) {
                if (!entries.isEmpty() && random.nextDouble() < HISTORY) {
                    int k = random.nextInt(entries.size());
                    long[] e = entries.get(k);
                    long rows = Math.min(LIMIT, sizes[(int) e[0]] - e[1]);
                    continuations++;
                    read += rows;
                    if (rows == LIMIT) {
                        e[1] += LIMIT;
                        continue;
                    }
                    int last = entries.size() - 1;
                    if (k == last || !originalIndex) {
                        known.remove(e[0]);
                    }
                    entries.set(k, entries.get(last));
                    entries.remove(last);
                } else {
                    long g = random.nextInt(sizes.length); // a uniform id1 and a uniform type
                    if (sizes[(int) g] >= LIMIT && known.add(g)) {
                        entries.add(new long[] {g, LIMIT});
                    }
                }
            }
            return new long[] {continuations, read};
        }

        static double mean(double[] v) {
            double s = 0;
            for (double x : v) {
                s += x;
            }
            return s / v.length;
        }

        static double sd(double[] v) {
            double m = mean(v);
            double s = 0;
            for (double x : v) {
                s += (x - m) * (x - m);
            }
            return Math.sqrt(s / (v.length - 1));
        }
    }
}
