package io.linkbench.report;

import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.IntervalSample;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseObserver;
import java.io.Closeable;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes the interval data of a run as it happens, so an interrupted run keeps it:
 * <ul>
 *   <li>{@code intervals.csv}: one row per {@code displayfreq} interval (and per load progress report):
 *       phase, loop, offset and length in seconds, warm-up flag, errors, the host rates, the store counters'
 *       deltas over the interval ({@code store.<counter>}), the requesters busy at once in an open loop
 *       ({@code busy_requesters_mean}, {@code busy_requesters_max}; empty otherwise), GET_LINKS_LIST's rows
 *       and skipped entries per call ({@code list_rows_per_call}, {@code list_skipped_per_call}), then for every
 *       operation its ops/s (rows/s for load steps), p50, p99 and max in ms;</li>
 *   <li>{@code latency.hlog}: an HdrHistogram interval log, one histogram per operation and interval,
 *       tagged with the operation's name (response time in open loop, else service time, in ns),
 *       readable by HdrHistogram's {@code HistogramLogProcessor -tag GET_NODE}.</li>
 * </ul>
 * The CSV header is fixed at the first interval: its rate columns are those the first interval had.
 *
 * <p>A write that fails (a full disk) does not stop the run: that file keeps what was written before,
 * gets no more, and {@link #failures()} names it with the reason.
 */
public final class IntervalFiles implements PhaseObserver, Closeable {
    /** File names in the run directory. */
    public static final String CSV = "intervals.csv";
    public static final String HLOG = "latency.hlog";

    private final List<String> opNames;
    private final FailureKeeping csvOut;
    private final FailureKeeping hlogOut;
    private final PrintStream csv;
    private final PrintStream hlogStream;
    private final HistogramLogWriter hlog;
    private List<String> rateNames;

    /**
     * @param dir     the run directory (exists)
     * @param opNames every operation and load step name, in column order
     */
    public IntervalFiles(Path dir, List<String> opNames, long startEpochMs) throws IOException {
        this.opNames = List.copyOf(opNames);
        this.csvOut = new FailureKeeping(Files.newOutputStream(dir.resolve(CSV)));
        this.hlogOut = new FailureKeeping(Files.newOutputStream(dir.resolve(HLOG)));
        this.csv = new PrintStream(csvOut, false, StandardCharsets.UTF_8);
        this.hlogStream = new PrintStream(hlogOut, false, StandardCharsets.UTF_8);
        this.hlog = new HistogramLogWriter(hlogStream);
        hlog.outputComment("linkbench latency log: one histogram per operation (tag) and interval, values in ns");
        hlog.outputLogFormatVersion();
        hlog.outputStartTime(startEpochMs);
        hlog.setBaseTime(startEpochMs);
        hlog.outputLegend();
        hlogStream.flush();
    }

    @Override
    public synchronized void interval(Phase phase, int loop, String[] names, IntervalPoint point, IntervalSample sample) {
        if (rateNames == null) {
            rateNames = new ArrayList<>(point.rates().keySet());
            for (String always : List.of(IntervalPoint.BUSY_MEAN, IntervalPoint.BUSY_MAX, IntervalPoint.LIST_ROWS_PER_CALL,
                    IntervalPoint.LIST_SKIPPED_PER_CALL)) {
                if (!rateNames.contains(always)) { // the load comes first and has no requesters and no list reads
                    rateNames.add(always);
                }
            }
            csv.println(header());
        }
        StringBuilder row = new StringBuilder();
        row.append(phase.label()).append(',').append(loop).append(',').append(num(point.offsetSeconds())).append(',')
                .append(num(point.seconds())).append(',').append(point.warmup()).append(',').append(point.errors());
        for (String r : rateNames) {
            row.append(',').append(num(point.rates().getOrDefault(r, Double.NaN)));
        }
        for (String op : opNames) {
            IntervalPoint.OpInterval o = find(point, op);
            if (o == null) {
                row.append(",,,,");
                continue;
            }
            double perSecond = point.seconds() > 0 ? (o.rows() > 0 ? o.rows() : o.count()) / point.seconds() : Double.NaN;
            row.append(',').append(num(perSecond)).append(',').append(num(o.p50Ms())).append(',')
                    .append(num(o.p99Ms())).append(',').append(num(o.maxMs()));
        }
        csv.println(row);
        csv.flush();
        long endMs = System.currentTimeMillis();
        long startMs = endMs - Math.round(point.seconds() * 1000);
        Histogram[] histograms = sample.response() != null ? sample.response() : sample.service();
        for (int i = 0; i < names.length; i++) {
            Histogram h = histograms[i];
            if (h.getTotalCount() == 0) {
                continue;
            }
            h.setTag(names[i]);
            h.setStartTimeStamp(startMs);
            h.setEndTimeStamp(endMs);
            hlog.outputIntervalHistogram(h);
        }
        hlogStream.flush();
    }

    /**
     * One line per file that could not be written completely, {@code "<file>: <reason>"}; empty when
     * both were.
     */
    public synchronized List<String> failures() {
        List<String> out = new ArrayList<>();
        if (csvOut.failure != null) {
            out.add(CSV + ": " + csvOut.failure);
        }
        if (hlogOut.failure != null) {
            out.add(HLOG + ": " + hlogOut.failure);
        }
        return out;
    }

    private String header() {
        StringBuilder h = new StringBuilder("phase,loop,offset_s,interval_s,warmup,errors");
        for (String r : rateNames) {
            h.append(',').append(r);
        }
        for (String op : opNames) {
            h.append(',').append(op).append("_per_s,").append(op).append("_p50_ms,").append(op).append("_p99_ms,")
                    .append(op).append("_max_ms");
        }
        return h.toString();
    }

    private static IntervalPoint.OpInterval find(IntervalPoint p, String name) {
        for (IntervalPoint.OpInterval o : p.ops()) {
            if (o.name().equals(name)) {
                return o;
            }
        }
        return null;
    }

    private static String num(double v) {
        return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "";
    }

    @Override
    public synchronized void close() {
        csv.close();
        hlogStream.close();
    }

    /**
     * Remembers the first failure of its stream and from then on drops what is written, so the file
     * keeps what it had and the run goes on. {@link PrintStream} alone would swallow the reason.
     */
    private static final class FailureKeeping extends FilterOutputStream {
        private volatile String failure;

        FailureKeeping(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (failure == null) {
                try {
                    out.write(b, off, len);
                } catch (IOException e) {
                    failure = AtomicFile.reason(e);
                }
            }
        }

        @Override
        public void flush() {
            if (failure == null) {
                try {
                    out.flush();
                } catch (IOException e) {
                    failure = AtomicFile.reason(e);
                }
            }
        }

        @Override
        public void close() {
            flush();
            try {
                out.close();
            } catch (IOException e) {
                if (failure == null) {
                    failure = AtomicFile.reason(e);
                }
            }
        }
    }
}
