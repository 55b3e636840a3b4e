package io.linkbench.run;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/** Formats the status line printed every {@code displayfreq} seconds of a request phase. */
final class StatusLine {
    private static final int BUSIEST = 4;

    private StatusLine() {
    }

    /**
     * {@code [  20s] 123,456 ops/s  p99 ms: GET_NODE 0.120  GET_LINKS_LIST 0.410 ...  errors 0}: the
     * interval throughput and the p99 of the busiest operations.
     */
    static String format(String label, double elapsedSeconds, IntervalSample s, String[] names) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "[%6.0fs]%s %,12.0f ops/s  p99 ms:", elapsedSeconds, label,
                s.seconds() > 0 ? s.totalCount() / s.seconds() : 0.0));
        Histogram[] h = s.response() != null ? s.response() : s.service();
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (h[i].getTotalCount() > 0) {
                order.add(i);
            }
        }
        order.sort((a, c) -> Long.compare(h[c].getTotalCount(), h[a].getTotalCount()));
        for (int i = 0; i < Math.min(BUSIEST, order.size()); i++) {
            int op = order.get(i);
            b.append(String.format(Locale.ROOT, "  %s %.3f", names[op], h[op].getValueAtPercentile(99) / 1e6));
        }
        long errors = 0;
        for (long e : s.errors()) {
            errors += e;
        }
        b.append("  errors ").append(errors);
        if (s.lag() != null && s.lag().getTotalCount() > 0) {
            b.append(String.format(Locale.ROOT, "  lag p99 %.3f ms", s.lag().getValueAtPercentile(99) / 1e6));
        }
        return b.toString();
    }

    /**
     * {@code   GET_LINKS_LIST 3.7 rows/call, 1.6 skipped/call}: what the list reads returned (and, when the
     * store counts them, the invisible entries they passed over) in the interval, where a request phase's
     * throughput drift comes from; "" when no list read completed.
     */
    static String listFigures(IntervalPoint p) {
        Double rows = p.rates().get(IntervalPoint.LIST_ROWS_PER_CALL);
        if (rows == null) {
            return "";
        }
        Double skipped = p.rates().get(IntervalPoint.LIST_SKIPPED_PER_CALL);
        return String.format(Locale.ROOT, "  %s %.1f rows/call%s", IntervalPoint.LIST_OP, rows,
                skipped == null ? "" : String.format(Locale.ROOT, ", %.1f skipped/call", skipped));
    }
}
