package io.linkbench.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a request phase's figures depend on its length, and why, in one warning line: it grew the graph by
 * more than {@link #GROWTH_LIMIT_PCT} of what was loaded; its steady intervals' throughput drifted beyond
 * their own noise ({@link DriftReading#drifted()}), with what moved (GET_LINKS_LIST's rows and skipped entries
 * per call, or nothing the run measures); or its first interval ran apart from the rest (JIT and start-up).
 * Each part comes with advice that works for it:
 * <ul>
 *   <li>the list lengths follow the requests done, not the time, so warm-up does not cure them: compare
 *       stores at equal request counts on a fresh load; with the 2017 rules a larger graph slows them
 *       ({@link #LARGER_GRAPH}, measured);</li>
 *   <li>growth with the 2017 rules is linear in the requests, so the nodes needed are the nodes loaded times
 *       the growth over the limit ({@link #maxId1UnderLimit}); the 2012 rules bound each group at 20 times its
 *       loaded links, so no {@code maxid1} follows from a linear model there;</li>
 *   <li>a start-up interval: {@code warmup_time}.</li>
 * </ul>
 */
public final class GrowthVerdict {
    /** Growth of the links, in % of the loaded ones, above which a phase's figures depend on its length. */
    public static final double GROWTH_LIMIT_PCT = 10;
    /** How a console line that is a warning starts. */
    public static final String WARNING = "WARNING: ";
    /** How the verdict of a request phase starts (after {@link #WARNING} on the console). */
    public static final String LEAD = "this phase's figures depend on its length: ";
    /**
     * What a 10 times larger graph does to the growth of GET_LINKS_LIST's rows per call under the 2017 rules,
     * measured ({@code scripts/bench-list-growth.sh}, workload.md).
     */
    public static final String LARGER_GRAPH = "a 10x larger maxid1 grew them 2.7x more slowly per request, measured";

    private GrowthVerdict() {
    }

    /**
     * What a request phase did, for {@link #warning}.
     *
     * @param growth    what the phase did to the graph, with what was loaded (null: not judged)
     * @param drift     where its throughput drift came from
     * @param seconds   the phase's length, warm-up included (the growth counts warm-up's writes too)
     * @param interval  the length of an interval ({@code displayfreq}), seconds
     * @param startId1  the first node id
     * @param nodes     the nodes loaded ({@code maxid1 - startid1})
     * @param bounded   the 2012 rules: each group grows to at most 20 times its loaded links
     */
    public record PhaseFacts(GraphGrowth growth, DriftReading drift, double seconds, double interval, long startId1,
                        long nodes, boolean bounded) {
    }

    /** The warning for one request phase (starting with {@link #LEAD}), or empty when nothing is past its limit. */
    public static Optional<String> warning(PhaseFacts p) {
        List<String> parts = new ArrayList<>();
        GraphGrowth growth = p.growth();
        double pct = growth == null ? Double.NaN : growth.linksGrowthPct();
        DriftReading d = p.drift();
        if (d != null && d.drifted()) {
            parts.add(drift(d, p.bounded()));
        }
        if (pct > GROWTH_LIMIT_PCT) {
            String grew = fmt("the graph grew %.1f%% (%+,d links on the %,d loaded)", pct, growth.netLinks(),
                    growth.loadedLinks());
            parts.add(p.bounded()
                    ? grew + ", more slowly as it goes: the 2012 rules bound each (id1, link_type) group at 20x its loaded"
                            + " links; reload between runs you compare"
                    : grew + fmt(", linearly in the requests: use maxid1 >= %,d for a run of this length (%.0f s,"
                            + " warm-up included), or reload between runs", maxId1UnderLimit(pct, p.startId1(), p.nodes()),
                            p.seconds()));
        }
        if (d != null && d.startup()) {
            parts.add(fmt("the first interval ran %.0f%% %s the rest (JIT compilation and start-up; left out of the drift):"
                    + " set warmup_time to %.0f s or more", Math.abs(d.startupPct()), d.startupPct() < 0 ? "below" : "above",
                    Math.ceil(p.interval())));
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(LEAD + String.join("; ", parts));
    }

    private static String drift(DriftReading d, boolean bounded) {
        ThroughputDrift t = d.steady();
        String moved = fmt("throughput went %s %.1f%% over the phase (trend of the %sintervals, noise %.1f%%)",
                t.trendPct() < 0 ? "down" : "up", Math.abs(t.trendPct()), d.startup() ? "steady " : "", t.noisePct());
        if (d.listsMoved()) {
            return moved + " as " + d.describeLists() + ": the lists read most are the ones the writes grow most, so this"
                    + " follows the requests done, not the time, and warm-up does not cure it; compare stores at equal"
                    + " request counts on a fresh load (-l -r -D requests=N, or compare --by-requests N)"
                    + (bounded ? "" : ", or on a larger graph (" + LARGER_GRAPH + ")");
        }
        String lists = d.describeLists();
        return moved + (lists.isEmpty() ? "" : ", not with the lists read (" + lists + ")")
                + ": look at intervals.csv (the server, its cache, compaction, other processes) and run a longer phase";
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
     * growth is past the limit (with a {@code maxid1} only when the growth is linear: not {@code bounded}).
     * Empty for fewer than two loops.
     */
    public static Optional<String> acrossLoops(List<PhaseResult> loops, long startId1, long nodes, boolean bounded) {
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
            line = WARNING + line + ": the loops ran on different graphs and are not comparable with each other;"
                    + " reload between them" + (bounded ? "" : fmt(", or use maxid1 >= %,d for this many loops of this"
                    + " length", maxId1UnderLimit(pct, startId1, nodes)));
        }
        return Optional.of(line);
    }

    private static String fmt(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
