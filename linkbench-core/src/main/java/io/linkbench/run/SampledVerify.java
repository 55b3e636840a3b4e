package io.linkbench.run;

import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.VerificationReport;
import io.linkbench.workload.GraphShape;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.BooleanSupplier;

/**
 * {@code verify} on a random sample of id1s ({@value #SAMPLE} ids of [startid1, maxid1), drawn with
 * {@value #SEED}): for each id1 and each link type, its count ({@code COUNT_LINK}) against its visible links
 * ({@code GET_LINKS_LIST}, paged), through one session, so every store can be checked this way. A graph of
 * 10^8 ids is checked in minutes instead of a scan of everything; a progress line every {@code progressfreq}
 * seconds; a stop request ends it after the current id1, with what it checked. A group is counted as the full
 * check counts it ({@link io.linkbench.store.CountVerifier}): an (id1, link_type) with a count row or a link;
 * through the session a count row of 0 cannot be told from none, so a group the load wrote (the workload's
 * model says which) is counted whatever its count now. A sample of at least every id of the graph is no
 * sample: {@link #wholeGraph} says so, and {@code verify} runs the full check instead.
 */
public final class SampledVerify {
    /** The number of id1s to check; 0 checks every group through the store's own scan. */
    public static final String SAMPLE = "verify_sample";
    /** The seed of the sample; 0 draws a new one, printed, so a sample can be checked again. */
    public static final String SEED = "verify_seed";
    public static final List<Setting> SETTINGS = List.of(
            Setting.of(SAMPLE, "0", "verify: check this many random id1s of [startid1, maxid1) (all their link types) instead of every group; 0, or at least every id1, checks every group"),
            Setting.of(SEED, "0", "verify: the seed of the verify_sample draw; 0 draws a new one (printed)"));
    private static final int PAGE = 10_000;
    private static final int EXAMPLES = 10;

    private final long[] id1s;
    private final long requested;
    private final GraphShape shape;
    private final long seed;
    private final int linkTypes;
    private final double progressSeconds;

    private SampledVerify(long[] id1s, long requested, GraphShape shape, long seed, int linkTypes, double progressSeconds) {
        this.id1s = id1s;
        this.requested = requested;
        this.shape = shape;
        this.seed = seed;
        this.linkTypes = linkTypes;
        this.progressSeconds = progressSeconds;
    }

    /** The sample {@code settings} ask for, or null when {@value #SAMPLE} is 0 (check every group). */
    public static SampledVerify from(Settings settings) {
        long n = settings.getLong(SAMPLE, 0, 100_000_000);
        if (n == 0) {
            return null;
        }
        RunSpec spec = RunSpec.from(settings);
        long seed = settings.getLong(SEED, Long.MIN_VALUE, Long.MAX_VALUE);
        if (seed == 0) {
            seed = System.nanoTime() ^ System.currentTimeMillis() * 0x9E3779B97F4A7C15L;
            seed = seed == 0 ? 1 : seed;
        }
        long start = spec.shape().startId();
        long range = spec.shape().endId() - start;
        SplittableRandom r = new SplittableRandom(seed);
        long[] ids;
        if (n >= range) {
            ids = new long[(int) Math.min(range, Integer.MAX_VALUE - 8)];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = start + i;
            }
        } else {
            ids = new long[(int) n];
            for (int i = 0; i < ids.length; i++) {
                ids[i] = start + r.nextLong(range);
            }
            Arrays.sort(ids); // in key order: a store reads its neighbours' pages once
            ids = Arrays.stream(ids).distinct().toArray();
        }
        return new SampledVerify(ids, n, spec.shape(), seed, spec.workload().linkTypeCount(), spec.run().progressSeconds());
    }

    /**
     * When the sample asked for is every id1 of the graph or more: the line that says the full check runs instead
     * (it reads each store in key order, where a sample asks id1 by id1: many times slower).
     */
    public Optional<String> wholeGraph() {
        if (requested < shape.endId() - shape.startId()) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "%s = %,d is at least the %,d id1s of [%d, %d): the full check"
                + " of every group instead", SAMPLE, requested, shape.endId() - shape.startId(), shape.startId(),
                shape.endId()));
    }

    /** The id1s drawn. */
    public int size() {
        return id1s.length;
    }

    /** "a random sample of 1,000 id1s of [1, 100000001) (verify_seed = 42), the first 123, 456, ..." */
    public String describe(Settings settings) {
        RunSpec spec = RunSpec.from(settings);
        StringBuilder first = new StringBuilder();
        for (int i = 0; i < Math.min(5, id1s.length); i++) {
            first.append(i == 0 ? "" : ", ").append(id1s[i]);
        }
        return String.format(Locale.ROOT, "a random sample of %,d id1s of [%d, %d) with their %d link types (%s = %d;"
                + " the same seed checks the same id1s), the first %s%s", id1s.length, spec.shape().startId(),
                spec.shape().endId(), linkTypes, SEED, seed, first, id1s.length > 5 ? ", ..." : "");
    }

    /** The result of a sampled check: the report and whether a stop request cut it short. */
    public record Outcome(VerificationReport report, long id1sChecked, boolean stopped) {
    }

    /**
     * Checks the sample on one session of {@code store}, printing progress to {@code out}; stops after the
     * id1 in hand once {@code stop} says so.
     */
    public Outcome check(GraphStore store, PrintStream out, BooleanSupplier stop) throws StoreException {
        long groups = 0;
        long mismatches = 0;
        List<VerificationReport.Mismatch> examples = new ArrayList<>();
        long t0 = System.nanoTime();
        long next = t0 + (long) (progressSeconds * 1e9);
        int i = 0;
        try (StoreSession s = store.session(0)) {
            for (; i < id1s.length && !stop.getAsBoolean(); i++) {
                for (long type = 1; type <= linkTypes; type++) {
                    long count = s.countLinks(id1s[i], type);
                    long visible = visibleLinks(s, id1s[i], type);
                    if (count == 0 && visible == 0 && !loaded(id1s[i], type)) {
                        continue; // no group: no count row, no link
                    }
                    groups++;
                    if (count != visible) {
                        mismatches++;
                        if (examples.size() < EXAMPLES) {
                            examples.add(new VerificationReport.Mismatch(id1s[i], type, count, visible));
                        }
                    }
                }
                long now = System.nanoTime();
                if (now >= next) {
                    double s1 = (now - t0) / 1e9;
                    out.printf(Locale.ROOT, "verify: %,d of %,d id1s (%.1f%%), %,d groups, %,d mismatches, elapsed %.0f s,"
                            + " ETA %.0f s%n", i + 1, id1s.length, 100.0 * (i + 1) / id1s.length, groups, mismatches, s1,
                            s1 * (id1s.length - i - 1) / (i + 1));
                    next = now + (long) (progressSeconds * 1e9);
                }
            }
        }
        return new Outcome(new VerificationReport(groups, mismatches, examples), i, i < id1s.length);
    }

    /** Whether the load wrote the group (id1, type): its count row stays, 0 once its links are deleted. */
    private boolean loaded(long id1, long type) {
        return shape.linksOfType(shape.degree(id1), (int) type - 1) > 0;
    }

    /** The visible links of (id1, type), counted a page at a time. */
    private static long visibleLinks(StoreSession s, long id1, long type) throws StoreException {
        long n = 0;
        while (true) {
            List<Link> page = s.getLinkList(id1, type, 0, Long.MAX_VALUE, (int) Math.min(n, Integer.MAX_VALUE), PAGE);
            n += page.size();
            if (page.size() < PAGE || n >= Integer.MAX_VALUE) {
                return n;
            }
        }
    }
}
