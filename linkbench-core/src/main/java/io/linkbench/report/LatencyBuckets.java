package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.Histogram;

/**
 * The response-time bucket table of a phase, as the insert benchmark's reports show it: per operation
 * (and load step), how many calls took at most 1 µs, 2 µs, 4 µs ... doubling up to the bucket holding
 * the slowest call. Columns run from the first bucket that holds a call of any operation to the last;
 * a bucket's count excludes the faster buckets. The latency is response time in an open loop
 * (from the intended start), else service time. Shared by {@code summary.txt} and {@code report.html}.
 */
public final class LatencyBuckets {
    /** Buckets doubling from 1 µs: bucket k holds latencies in (2^(k-1), 2^k] µs, bucket 0 those up to 1 µs. */
    static final int MAX_BUCKETS = 48;

    private LatencyBuckets() {
    }

    /** The header row then one row per operation with calls; empty when no operation has a call. */
    public static List<String[]> rows(PhaseResult phase) {
        List<OpStats> shown = new ArrayList<>();
        List<long[]> counts = new ArrayList<>();
        int first = MAX_BUCKETS;
        int last = -1;
        for (OpStats s : phase.ops()) {
            Histogram h = latency(phase, s);
            if (h == null || h.getTotalCount() == 0) {
                continue;
            }
            long[] c = counts(h);
            for (int k = 0; k < c.length; k++) {
                if (c[k] > 0) {
                    first = Math.min(first, k);
                    last = Math.max(last, k);
                }
            }
            shown.add(s);
            counts.add(c);
        }
        List<String[]> rows = new ArrayList<>();
        if (shown.isEmpty()) {
            return rows;
        }
        String[] header = new String[last - first + 2];
        header[0] = "op \\ ms <=";
        for (int k = first; k <= last; k++) {
            header[k - first + 1] = bound(k);
        }
        rows.add(header);
        for (int i = 0; i < shown.size(); i++) {
            String[] row = new String[header.length];
            row[0] = shown.get(i).name();
            for (int k = first; k <= last; k++) {
                row[k - first + 1] = Long.toString(counts.get(i)[k]);
            }
            rows.add(row);
        }
        return rows;
    }

    /** The table as text for {@code summary.txt}, with a title line; "" when nothing was measured. */
    public static String render(PhaseResult phase) {
        List<String[]> rows = rows(phase);
        if (rows.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder((phase.openLoop() ? "response" : "service")
                + " time buckets (calls taking at most the column's ms and more than the previous column's):\n");
        TextTable t = new TextTable("  ");
        rows.forEach(t::row);
        t.appendTo(out);
        return out.toString();
    }

    /** Calls per bucket of {@code h} (values in ns). */
    static long[] counts(Histogram h) {
        long[] c = new long[MAX_BUCKETS];
        for (HistogramIterationValue v : h.recordedValues()) {
            c[bucket(h.highestEquivalentValue(v.getValueIteratedTo()))] += v.getCountAtValueIteratedTo();
        }
        return c;
    }

    /** The bucket of a latency of {@code nanos}: the smallest k with nanos <= 2^k µs. */
    static int bucket(long nanos) {
        long micros = (nanos + 999) / 1000; // a value just above a bound belongs to the next bucket
        int k = micros <= 1 ? 0 : 64 - Long.numberOfLeadingZeros(micros - 1);
        return Math.min(k, MAX_BUCKETS - 1);
    }

    /** The upper bound of bucket k in ms: 0.001, 0.002 ... 8.192, then rounded: 16, 33, 66 ... */
    static String bound(int k) {
        double ms = (1L << k) / 1000.0;
        return ms < 10 ? String.format(Locale.ROOT, "%.3f", ms) : String.format(Locale.ROOT, "%.0f", ms);
    }

    /** Response time in an open loop, else service time. */
    static Histogram latency(PhaseResult phase, OpStats s) {
        return phase.openLoop() && s.response() != null ? s.response() : s.service();
    }
}
