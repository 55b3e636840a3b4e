package io.linkbench.measure;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a request phase's figures depend on its length: it grew the graph by more than
 * {@link #GROWTH_LIMIT_PCT} of what was loaded, or its throughput drifted beyond the run's own noise
 * ({@link ThroughputDrift#beyondNoise()}). The workload adds links (ADD_LINK, and UPDATE_LINK of a missing
 * link), so a fast store grows its own graph, its hot lists get longer and its later intervals slower: two
 * stores compared on such a run compare how fast each grew its graph. The warning says what happened and
 * the {@code maxid1} that would keep a run of this length at this rate under the limit: the links a run
 * adds scale with its rate, its length and the mix's net share of inserts; the loaded links scale with the
 * nodes, so the nodes needed are the nodes loaded times the growth over the limit.
 */
public final class GrowthVerdict {
    /** Growth of the links, in % of the loaded ones, above which a phase's figures depend on its length. */
    public static final double GROWTH_LIMIT_PCT = 10;
    /** How a console line that is a warning starts. */
    public static final String WARNING = "WARNING: ";

    private GrowthVerdict() {
    }

    /**
     * The warning for one request phase, or empty when neither its growth nor its drift is past the limits.
     *
     * @param growth  what the phase did to the graph, with what was loaded (null: not judged)
     * @param drift   its throughput drift, or null with too few intervals
     * @param seconds the phase's length, warm-up included (the growth counts warm-up's writes too)
     * @param startId1 the first node id
     * @param nodes   the nodes loaded ({@code maxid1 - startid1})
     */
    public static Optional<String> warning(GraphGrowth growth, ThroughputDrift drift, double seconds, long startId1,
                                           long nodes) {
        double pct = growth == null ? Double.NaN : growth.linksGrowthPct();
        boolean grew = pct > GROWTH_LIMIT_PCT;
        boolean drifted = drift != null && drift.beyondNoise();
        if (!grew && !drifted) {
            return Optional.empty();
        }
        StringBuilder w = new StringBuilder();
        if (grew) {
            w.append(fmt("the graph grew %.1f%% during this phase (%+,d links on the %,d loaded)", pct,
                    growth.netLinks(), growth.loadedLinks()));
            if (drift != null) {
                w.append(fmt(" and throughput went %s %.1f%% from its first interval to its last",
                        drift.lastVsFirstPct() < 0 ? "down" : "up", Math.abs(drift.lastVsFirstPct())));
            }
            w.append(fmt(": its figures depend on its length; use maxid1 >= %,d for a run of this length (%.0f s,"
                            + " warm-up included, adding %,d links), or reload between runs",
                    maxId1UnderLimit(pct, startId1, nodes), seconds, growth.netLinks()));
        } else {
            w.append(fmt("throughput went %s %.1f%% over this phase (%s): its figures depend on its length;"
                            + " look at intervals.csv, and run a warm-up (warmup_time) or a longer phase",
                    drift.trendPct() < 0 ? "down" : "up", Math.abs(drift.trendPct()), drift.describe()));
        }
        return Optional.of(w.toString());
    }

    /**
     * The {@code maxid1} that would keep a phase that grew the graph by {@code growthPct} under the limit:
     * {@code startid1} plus the nodes loaded times the growth over the limit, rounded up to two significant
     * digits (maxid1 is one past the last id).
     */
    public static long maxId1UnderLimit(double growthPct, long startId1, long nodes) {
        double needed = Math.ceil(nodes * growthPct / GROWTH_LIMIT_PCT);
        double scale = Math.pow(10, Math.max(0, Math.floor(Math.log10(Math.max(needed, 1))) - 1));
        return startId1 + (long) (Math.ceil(needed / scale) * scale);
    }

    /**
     * One line for several loops of the request phase on one graph ({@code --loops}): how much the graph
     * grew since the load over all of them and how the loops' throughput moved; a warning line when the
     * growth is past the limit. Empty for fewer than two loops.
     */
    public static Optional<String> acrossLoops(List<PhaseResult> loops, long startId1, long nodes) {
        if (loops.size() < 2) {
            return Optional.empty();
        }
        long net = 0;
        long loaded = -1;
        for (PhaseResult p : loops) {
            GraphGrowth g = p.graph().growth();
            if (g == null) {
                return Optional.empty();
            }
            net += g.netLinks();
            loaded = Math.max(loaded, g.loadedLinks());
        }
        double first = loops.get(0).throughput();
        double last = loops.get(loops.size() - 1).throughput();
        String line = fmt("across %d loops: throughput %,.0f -> %,.0f ops/s from the first loop to the last (%+.1f%%)",
                loops.size(), first, last, first > 0 ? 100 * (last - first) / first : Double.NaN);
        if (loaded <= 0) {
            return Optional.of(line);
        }
        double pct = 100.0 * net / loaded;
        line += fmt(", the graph grew %.1f%% since the load (%+,d links on the %,d loaded)", pct, net, loaded);
        if (pct > GROWTH_LIMIT_PCT) {
            line = WARNING + line + fmt(": the loops ran on different graphs and are not comparable with each"
                    + " other; reload between them, or use maxid1 >= %,d for this many loops of this length",
                    maxId1UnderLimit(pct, startId1, nodes));
        }
        return Optional.of(line);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
