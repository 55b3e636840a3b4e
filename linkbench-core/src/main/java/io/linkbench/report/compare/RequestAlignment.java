package io.linkbench.report.compare;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.PhaseResult;
import io.linkbench.report.Formats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The request phases of several runs lined up by requests done instead of by time: a row every {@code step}
 * requests, with each run's ops/s and GET_LINKS_LIST rows per call in the interval that reached that many.
 * The workload grows the lists it reads most as requests go on, so a fast store reaches longer lists sooner:
 * at equal request counts two stores read the same lists, at equal times they do not. Requests are counted
 * from the start of the measured window (after warm-up), over the phase's intervals.
 */
public final class RequestAlignment {
    /** The most rows a table may have: a step that gives more is refused ({@link #refusal}). */
    public static final long MOST_ROWS = 10_000;

    private RequestAlignment() {
    }

    /**
     * Why {@code step} cannot line these phases up, or empty when it can: it would give more than
     * {@value #MOST_ROWS} rows (one line naming {@code --by-requests} and the least step that fits).
     */
    public static Optional<String> refusal(List<PhaseResult> phases, long step) {
        long most = 0;
        for (PhaseResult p : phases) {
            long[] c = cumulative(p == null ? List.of() : p.intervals());
            most = Math.max(most, c.length == 0 ? 0 : c[c.length - 1]);
        }
        if (most / step <= MOST_ROWS) {
            return Optional.empty();
        }
        long least = (most + MOST_ROWS - 1) / MOST_ROWS;
        return Optional.of(String.format(Locale.ROOT, "--by-requests %d: the runs did up to %,d requests, which would"
                + " be %,d rows; give %d or more (at most %,d rows)", step, most, most / step, least, MOST_ROWS));
    }

    /**
     * The table's rows, the header first ({@code requests done}, then per run {@code <label> ops/s} and
     * {@code <label> list rows/call}); a run that did not reach a row's count shows {@code -}.
     *
     * @param phases the request phase of each run (null for a run without one)
     * @param labels each run's label
     * @param step   requests between two rows, more than 0, and at most {@value #MOST_ROWS} rows ({@link #refusal})
     */
    public static List<String[]> rows(List<PhaseResult> phases, List<String> labels, long step) {
        refusal(phases, step).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        List<long[]> done = new ArrayList<>();
        long most = 0;
        for (PhaseResult p : phases) {
            long[] cumulative = cumulative(p == null ? List.of() : p.intervals());
            done.add(cumulative);
            most = Math.max(most, cumulative.length == 0 ? 0 : cumulative[cumulative.length - 1]);
        }
        List<String[]> rows = new ArrayList<>();
        String[] header = new String[1 + 2 * phases.size()];
        header[0] = "requests done";
        for (int r = 0; r < phases.size(); r++) {
            header[1 + 2 * r] = labels.get(r) + " ops/s";
            header[2 + 2 * r] = labels.get(r) + " list rows/call";
        }
        rows.add(header);
        for (long at = step; at <= most; at += step) {
            String[] row = new String[header.length];
            row[0] = Formats.count(at);
            for (int r = 0; r < phases.size(); r++) {
                int i = firstReaching(done.get(r), at);
                IntervalPoint p = i < 0 ? null : phases.get(r).intervals().get(i);
                row[1 + 2 * r] = p == null ? Formats.NONE : Formats.count(Math.round(p.opsPerSecond()));
                Double perCall = p == null ? null : p.rates().get(IntervalPoint.LIST_ROWS_PER_CALL);
                row[2 + 2 * r] = perCall == null ? Formats.NONE : Formats.mean(perCall);
            }
            rows.add(row);
        }
        return rows;
    }

    /** Requests done by the end of each interval. */
    private static long[] cumulative(List<IntervalPoint> intervals) {
        long[] out = new long[intervals.size()];
        long sum = 0;
        for (int i = 0; i < out.length; i++) {
            for (IntervalPoint.OpInterval o : intervals.get(i).ops()) {
                sum += o.count();
            }
            out[i] = sum;
        }
        return out;
    }

    private static int firstReaching(long[] cumulative, long at) {
        for (int i = 0; i < cumulative.length; i++) {
            if (cumulative[i] >= at) {
                return i;
            }
        }
        return -1;
    }
}
