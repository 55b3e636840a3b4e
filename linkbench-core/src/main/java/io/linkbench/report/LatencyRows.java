package io.linkbench.report;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The cells of a phase's latency table, shared by the console table and the HTML report so both
 * show the same figures: one row per operation, then a TOTAL row whose percentiles come from the
 * operations' histograms added together. Latencies in ms with 3 decimals; {@code -} when an
 * operation had no successful call.
 */
public final class LatencyRows {
    /** The column headers of a request phase. */
    public static final List<String> COLUMNS =
            List.of("op", "count", "errors", "mean", "p25", "p50", "p75", "p95", "p99", "p99.9", "max",
                    "ops/s");
    /** The column headers of a load, whose calls are batches of rows: counted and timed per batch. */
    public static final List<String> LOAD_COLUMNS =
            List.of("op", "batches", "errors", "mean", "p25", "p50", "p75", "p95", "p99", "p99.9", "max",
                    "batches/s");

    private LatencyRows() {
    }

    /** The column headers of {@code phase}'s table: {@link #LOAD_COLUMNS} for a load. */
    public static List<String> columns(PhaseResult phase) {
        return phase.isLoad() ? LOAD_COLUMNS : COLUMNS;
    }

    /**
     * What a load's latency table counts, for its caption: {@code per batch of 1,021 rows on average; rows/s
     * in the line above}; "" for a request phase.
     */
    public static String loadUnit(PhaseResult phase) {
        long batches = 0;
        long rows = 0;
        for (OpStats s : phase.ops()) {
            batches += s.count();
            rows += s.rows();
        }
        if (!phase.isLoad() || batches == 0) {
            return "";
        }
        return "per batch of " + Formats.count(Math.round((double) rows / batches)) + " rows on average; rows/s in the line above";
    }

    /**
     * The rows of {@code shown}, with TOTAL last.
     *
     * @param which the histogram of an operation to show (service or response time)
     */
    public static List<String[]> of(PhaseResult phase, List<OpStats> shown, Function<OpStats, Histogram> which) {
        List<String[]> rows = new ArrayList<>();
        Histogram total = null;
        long count = 0;
        long errors = 0;
        for (OpStats s : shown) {
            Histogram h = which.apply(s);
            rows.add(row(s.name(), s.count(), s.errors(), h, phase.seconds()));
            count += s.count();
            errors += s.errors();
            if (h != null) {
                if (total == null) {
                    total = new Histogram(h.getNumberOfSignificantValueDigits());
                }
                total.add(h);
            }
        }
        rows.add(row("TOTAL", count, errors, total, phase.seconds()));
        return rows;
    }

    /** Errors by kind, sorted by kind: "CONFLICT 2, TIMEOUT 1"; "" when there are none. */
    public static String errorKinds(Map<String, Long> byKind) {
        List<String> parts = new ArrayList<>();
        new TreeMap<>(byKind).forEach((k, n) -> parts.add(k + " " + n));
        return String.join(", ", parts);
    }

    /** The operations that were retried, with their retries: "ADD_LINK 3, UPDATE_LINK 1"; "" when none was. */
    public static String retries(PhaseResult phase) {
        List<String> parts = new ArrayList<>();
        for (OpStats s : phase.ops()) {
            if (s.retries() > 0) {
                parts.add(s.name() + " " + s.retries());
            }
        }
        return String.join(", ", parts);
    }

    private static String[] row(String name, long count, long errors, Histogram h, double seconds) {
        String[] r = new String[COLUMNS.size()];
        r[0] = name;
        r[1] = Long.toString(count);
        r[2] = Long.toString(errors);
        if (h == null || h.getTotalCount() == 0) {
            for (int i = 3; i < 11; i++) {
                r[i] = Formats.NONE;
            }
        } else {
            Millis.Summary m = Millis.Summary.of(h);
            r[3] = m.mean().toPlainString();
            r[4] = m.p25().toPlainString();
            r[5] = m.p50().toPlainString();
            r[6] = m.p75().toPlainString();
            r[7] = m.p95().toPlainString();
            r[8] = m.p99().toPlainString();
            r[9] = m.p999().toPlainString();
            r[10] = m.max().toPlainString();
        }
        r[11] = String.format(Locale.ROOT, "%.1f", seconds > 0 ? count / seconds : 0);
        return r;
    }
}
