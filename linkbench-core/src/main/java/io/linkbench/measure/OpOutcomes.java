package io.linkbench.measure;

/**
 * What the successful calls of one operation found over a phase's measured window, as recorded by
 * {@link WorkerRecorder#recordOutcome}. Two runs of the same workload give close derived figures
 * (hit rate, rows per call), which is how a reader sees that they ran the same workload.
 *
 * @param calls successful calls whose outcome was recorded
 * @param hits  calls that found an existing row (for UPDATE_LINK: the link existed and was updated;
 *              for COUNT_LINK: a count above 0; for MULTIGET_LINK and GET_LINKS_LIST: at least one row)
 * @param rows  rows returned (MULTIGET_LINK, GET_LINKS_LIST), the count read (COUNT_LINK), else 1 per hit
 * @param asked id2s asked for (MULTIGET_LINK), else 0 or 1 per call
 */
public record OpOutcomes(long calls, long hits, long rows, long asked) {
    /** Nothing recorded: load steps, and results written before outcomes were recorded. */
    public static final OpOutcomes NONE = new OpOutcomes(0, 0, 0, 0);

    /** Share of calls that found a row, 0..1; NaN without calls. */
    public double hitRate() {
        return ratio(hits, calls);
    }

    /** Calls that found nothing; for UPDATE_LINK, the calls that inserted the link or changed nothing. */
    public long misses() {
        return calls - hits;
    }

    /** Mean rows returned per call; NaN without calls. */
    public double rowsPerCall() {
        return ratio(rows, calls);
    }

    /** Mean id2s asked for per call (MULTIGET_LINK's size); NaN without calls. */
    public double askedPerCall() {
        return ratio(asked, calls);
    }

    /** Share of the id2s asked for that were found (MULTIGET_LINK), 0..1; NaN when none was asked for. */
    public double foundShare() {
        return ratio(rows, asked);
    }

    /** The counts of both added: several workers, or several client hosts. */
    public OpOutcomes plus(OpOutcomes o) {
        return new OpOutcomes(calls + o.calls, hits + o.hits, rows + o.rows, asked + o.asked);
    }

    /** The counts since {@code base}, an earlier reading of the same counters. */
    OpOutcomes minus(OpOutcomes base) {
        return new OpOutcomes(calls - base.calls, hits - base.hits, rows - base.rows, asked - base.asked);
    }

    private static double ratio(long n, long d) {
        return d == 0 ? Double.NaN : (double) n / d;
    }
}
