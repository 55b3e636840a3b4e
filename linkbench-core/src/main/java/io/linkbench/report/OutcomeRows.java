package io.linkbench.report;

import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.SizeCounts;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The operation statistics of a request phase, shared by the console table and the HTML report: per
 * operation with recorded outcomes its calls, hit% and rows per call (MULTIGET_LINK, GET_LINKS_LIST;
 * {@code -} for the others, where it equals the hit rate), then notes on the figures only some
 * operations have: COUNT_LINK's mean count (a count read, not rows), MULTIGET_LINK's size and found
 * share, UPDATE_LINK's updates against inserts or misses, GET_LINKS_LIST's history continuations, and
 * TAOBench's transactions: their mean size, statements, conflicts and the percentiles of their sizes.
 * Two runs of the same workload show close figures.
 */
public final class OutcomeRows {
    /** The column headers. */
    public static final List<String> COLUMNS = List.of("op", "calls", "hit%", "rows/call");
    /** The operations whose rows per call is a figure of its own. */
    private static final Set<String> ROW_OPS = Set.of("MULTIGET_LINK", "GET_LINKS_LIST");
    /** The operation that reads one count per call: its figure is the mean count, not rows. */
    private static final String COUNT_OP = "COUNT_LINK";

    private OutcomeRows() {
    }

    /** The operations with recorded outcomes, in the phase's order; empty when none has any. */
    public static List<OpStats> recorded(PhaseResult phase) {
        return phase.ops().stream().filter(s -> s.outcomes().calls() > 0).toList();
    }

    /** One row per operation with recorded outcomes; empty when there are none (loads, older results). */
    public static List<String[]> of(PhaseResult phase) {
        List<String[]> rows = new ArrayList<>();
        for (OpStats s : recorded(phase)) {
            OpOutcomes o = s.outcomes();
            rows.add(new String[] {s.name(), Long.toString(o.calls()), Formats.percent(o.hitRate()),
                Formats.mean(rowsPerCall(s))});
        }
        return rows;
    }

    /** Mean rows per call of MULTIGET_LINK and GET_LINKS_LIST; NaN for others or without calls. */
    public static double rowsPerCall(OpStats s) {
        return ROW_OPS.contains(s.name()) ? s.outcomes().rowsPerCall() : Double.NaN;
    }

    /** COUNT_LINK's mean count read (visible links of the group); NaN for the other operations. */
    public static double meanCount(OpStats s) {
        return s.name().equals(COUNT_OP) ? s.outcomes().rowsPerCall() : Double.NaN;
    }

    /**
     * One line each, where the operation ran: e.g. {@code MULTIGET_LINK: 4.21 id2s asked per call, 61.3% found},
     * {@code UPDATE_LINK: 9,120 updates (91.2%), 880 inserts or misses},
     * {@code GET_LINKS_LIST: 12 of 4,000 calls (0.3%) continued a remembered full page (history)}; with
     * none, {@code (history: no full page met)}: a call continues only a page that came back full
     * (getlinklist_limit rows), and with the capped degree tail no list reaches 10,000 rows below
     * about 10^7 ids.
     */
    public static List<String> notes(PhaseResult phase) {
        List<String> notes = new ArrayList<>();
        for (OpStats s : recorded(phase)) {
            OpOutcomes o = s.outcomes();
            switch (s.name()) {
                case COUNT_OP -> notes.add(s.name() + ": the count read averaged " + Formats.mean(meanCount(s))
                        + " links (one count row per call)");
                case "MULTIGET_LINK" -> notes.add(s.name() + ": " + Formats.mean(o.askedPerCall())
                        + " id2s asked per call, " + Formats.percent(o.foundShare()) + "% found");
                case "UPDATE_LINK" -> notes.add(s.name() + ": " + Formats.count(o.hits()) + " updates ("
                        + Formats.percent(o.hitRate()) + "%), " + Formats.count(o.misses()) + " inserts or misses");
                case "GET_LINKS_LIST" -> notes.add(s.name() + ": " + Formats.count(phase.graph().continuations()) + " of "
                        + Formats.count(o.calls()) + " calls (" + Formats.percent(continuedShare(phase))
                        + "%) continued a remembered full page (history" + (phase.graph().continuations() == 0
                                ? ": no full page met)" : "), reading " + Formats.count(phase.graph().continuationRows())
                                + " rows, " + Formats.mean(continuationRowsPerCall(phase)) + " per list call"));
                case "READ_TRANSACTION", "WRITE_TRANSACTION" -> notes.add(s.name() + ": "
                        + Formats.mean(o.askedPerCall()) + " operations per transaction (" + Formats.mean(o.rowsPerCall())
                        + " statements with the edge constraints' checks and inverse edges), " + Formats.count(s.retries()) + " conflicts retried ("
                        + Formats.mean(perThousand(s.retries(), o.calls() + s.errors())) + " per 1,000), "
                        + Formats.count(s.errors()) + " given up" + sizes(phase.graph().transactionSizes().get(s.name())));
                default -> {
                    // the table says it all
                }
            }
        }
        OpStats readTx = phase.op("READ_TRANSACTION");
        OpStats writeTx = phase.op("WRITE_TRANSACTION");
        if (readTx != null && writeTx != null && phase.seconds() > 0) {
            long ops = 0;
            for (OpStats s : phase.ops()) {
                ops += s == readTx || s == writeTx ? s.outcomes().asked() : s.count();
            }
            notes.add(String.format(java.util.Locale.ROOT, "throughput: %,.0f requests/s (a transaction is one), %,.0f"
                    + " operations/s (a transaction counts its operations)", phase.throughput(), ops / phase.seconds()));
        }
        if (!phase.graph().keysByShard().isEmpty()) {
            notes.add("keys: " + Formats.percent(phase.graph().hotShardShare()) + "% in virtual shard 0, the hot one, of "
                    + Formats.count(phase.graph().keysByShard().stream().mapToLong(Long::longValue).sum())
                    + " drawn over " + phase.graph().keysByShard().size() + " shards (warm-up included)");
        }
        return notes;
    }

    /**
     * The sizes of a transaction type's transactions, e.g. {@code ; sizes p50 4, p90 7, p99 26, max 26 over
     * 2,553 executed (warm-up included)}; empty when not recorded (older results).
     */
    private static String sizes(SizeCounts sizes) {
        if (sizes == null || sizes.isEmpty()) {
            return "";
        }
        return "; sizes p50 " + sizes.percentile(50) + ", p90 " + sizes.percentile(90) + ", p99 " + sizes.percentile(99)
                + ", max " + sizes.max() + " over " + Formats.count(sizes.total()) + " executed (warm-up included)";
    }

    private static double perThousand(long n, long of) {
        return of == 0 ? Double.NaN : 1000.0 * n / of;
    }

    /** Rows read by history continuations per GET_LINKS_LIST call; NaN when it did not run. */
    public static double continuationRowsPerCall(PhaseResult phase) {
        OpStats list = phase.op("GET_LINKS_LIST");
        long calls = list == null ? 0 : list.outcomes().calls();
        return calls == 0 ? Double.NaN : (double) phase.graph().continuationRows() / calls;
    }

    /** Share of GET_LINKS_LIST calls that continued a remembered full page; NaN when it did not run. */
    private static double continuedShare(PhaseResult phase) {
        OpStats list = phase.op("GET_LINKS_LIST");
        long calls = list == null ? 0 : list.outcomes().calls();
        return calls == 0 ? Double.NaN : (double) phase.graph().continuations() / calls;
    }
}
