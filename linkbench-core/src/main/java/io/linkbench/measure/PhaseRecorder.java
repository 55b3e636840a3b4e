package io.linkbench.measure;

import io.linkbench.store.StoreException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;

/**
 * Collects what the workers of one phase record. Workers get their own {@link WorkerRecorder}; one
 * collector thread calls {@link #sample()} every interval (and once at the end) which moves the
 * workers' interval histograms into the cumulative ones. {@link #reset()} starts the measured window
 * (at the end of warm-up): everything before it is dropped, outcome and continuation counts included.
 */
public final class PhaseRecorder {
    private static final StoreException.Kind[] KINDS = StoreException.Kind.values();

    private final String[] names;
    private final boolean openLoop;
    private final List<WorkerRecorder> workers = new CopyOnWriteArrayList<>();
    private final Histogram[] service;
    private final Histogram[] response;
    private final Histogram lag;
    private final long[][] errorBase;
    private final long[] retryBase;
    private final long[] rowBase;
    private final OpOutcomes[] outcomeBase;
    private long continuationBase;
    private long continuationRowsBase;
    private final long[] lastErrors;
    private final long[] lastRows;
    private final OpOutcomes[] lastOutcomes;
    private long lastSampleNanos = System.nanoTime();

    /**
     * @param names    the operation (or load step) names, indexed as the workers record them
     * @param openLoop whether response time and schedule lag are recorded
     */
    public PhaseRecorder(String[] names, boolean openLoop) {
        this.names = names.clone();
        this.openLoop = openLoop;
        int n = names.length;
        service = new Histogram[n];
        response = openLoop ? new Histogram[n] : null;
        for (int i = 0; i < n; i++) {
            service[i] = newHistogram();
            if (openLoop) {
                response[i] = newHistogram();
            }
        }
        lag = openLoop ? newHistogram() : null;
        errorBase = new long[n][KINDS.length];
        retryBase = new long[n];
        rowBase = new long[n];
        outcomeBase = new OpOutcomes[n];
        Arrays.fill(outcomeBase, OpOutcomes.NONE);
        lastErrors = new long[n];
        lastRows = new long[n];
        lastOutcomes = new OpOutcomes[n];
        Arrays.fill(lastOutcomes, OpOutcomes.NONE);
    }

    private static Histogram newHistogram() {
        return new Histogram(WorkerRecorder.SIGNIFICANT_DIGITS);
    }

    /** A recorder for a new worker thread. */
    public WorkerRecorder newWorker() {
        WorkerRecorder w = new WorkerRecorder(names.length, openLoop);
        workers.add(w);
        return w;
    }

    public String[] names() {
        return names.clone();
    }

    public boolean openLoop() {
        return openLoop;
    }

    /** Drains every worker's interval into the cumulative histograms and returns the interval. */
    public synchronized IntervalSample sample() {
        long now = System.nanoTime();
        int n = names.length;
        Histogram[] intervalService = new Histogram[n];
        Histogram[] intervalResponse = openLoop ? new Histogram[n] : null;
        Histogram intervalLag = openLoop ? newHistogram() : null;
        long[] errorDelta = new long[n];
        long[] rowDelta = new long[n];
        OpOutcomes[] outcomeDelta = new OpOutcomes[n];
        List<WorkerRecorder.Interval> flipped = new ArrayList<>(workers.size());
        for (WorkerRecorder w : workers) {
            flipped.add(w.flip());
        }
        for (int op = 0; op < n; op++) {
            intervalService[op] = newHistogram();
            if (openLoop) {
                intervalResponse[op] = newHistogram();
            }
            for (WorkerRecorder.Interval in : flipped) {
                intervalService[op].add(in.service[op]);
                if (openLoop) {
                    intervalResponse[op].add(in.response[op]);
                }
            }
            long errs = 0;
            long rowsNow = 0;
            for (WorkerRecorder w : workers) {
                for (int k = 0; k < KINDS.length; k++) {
                    errs += w.errors(op, k);
                }
                rowsNow += w.rows(op);
            }
            service[op].add(intervalService[op]);
            if (openLoop) {
                response[op].add(intervalResponse[op]);
            }
            errorDelta[op] = errs - lastErrors[op];
            lastErrors[op] = errs;
            rowDelta[op] = rowsNow - lastRows[op];
            lastRows[op] = rowsNow;
            OpOutcomes outcomesNow = sumOutcomes(op);
            outcomeDelta[op] = outcomesNow.minus(lastOutcomes[op]);
            lastOutcomes[op] = outcomesNow;
        }
        if (openLoop) {
            for (WorkerRecorder.Interval in : flipped) {
                intervalLag.add(in.lag);
            }
            lag.add(intervalLag);
        }
        IntervalSample s = new IntervalSample(lastSampleNanos, now, intervalService, intervalResponse, intervalLag,
                errorDelta, rowDelta, outcomeDelta);
        lastSampleNanos = now;
        return s;
    }

    /** Starts the measured window now: drops everything recorded so far. */
    public synchronized void reset() {
        sample();
        for (int op = 0; op < names.length; op++) {
            service[op].reset();
            if (openLoop) {
                response[op].reset();
            }
            for (int k = 0; k < KINDS.length; k++) {
                errorBase[op][k] = sumErrors(op, k);
            }
            retryBase[op] = sumRetries(op);
            rowBase[op] = lastRows[op];
            outcomeBase[op] = sumOutcomes(op);
        }
        continuationBase = sumContinuations();
        continuationRowsBase = sumContinuationRows();
        if (openLoop) {
            lag.reset();
        }
    }

    /** The cumulative figures of the measured window; call after a final {@link #sample()}. */
    public synchronized List<OpStats> results() {
        List<OpStats> out = new ArrayList<>();
        for (int op = 0; op < names.length; op++) {
            Map<String, Long> byKind = new LinkedHashMap<>();
            long errs = 0;
            for (int k = 0; k < KINDS.length; k++) {
                long e = sumErrors(op, k) - errorBase[op][k];
                if (e > 0) {
                    byKind.put(KINDS[k].name(), e);
                    errs += e;
                }
            }
            out.add(new OpStats(names[op], service[op].copy(), openLoop ? response[op].copy() : null, errs, byKind,
                    sumRetries(op) - retryBase[op], lastRows[op] - rowBase[op],
                    sumOutcomes(op).minus(outcomeBase[op])));
        }
        return out;
    }

    /** GET_LINKS_LIST calls of the measured window that continued a remembered full page. */
    public synchronized long continuations() {
        return sumContinuations() - continuationBase;
    }

    /** The rows those continuations read. */
    public synchronized long continuationRows() {
        return sumContinuationRows() - continuationRowsBase;
    }

    /**
     * The outcome counters of {@code op} over the whole phase, warm-up included (what the store saw,
     * where {@link #results()} has what was measured).
     */
    public synchronized OpOutcomes wholePhaseOutcomes(int op) {
        OpOutcomes sum = OpOutcomes.NONE;
        for (WorkerRecorder w : workers) {
            sum = sum.plus(w.outcomes(op)).plus(w.unmeasuredOutcomes(op));
        }
        return sum;
    }

    /** The most rows one successful call of {@code op} returned in the whole phase, warm-up included. */
    public synchronized long wholePhaseMaxRows(int op) {
        long max = 0;
        for (WorkerRecorder w : workers) {
            max = Math.max(max, w.maxRows(op));
        }
        return max;
    }

    /** The cumulative schedule lag (open loop), else null. */
    public synchronized Histogram scheduleLag() {
        return lag == null ? null : lag.copy();
    }

    private long sumErrors(int op, int kind) {
        long n = 0;
        for (WorkerRecorder w : workers) {
            n += w.errors(op, kind);
        }
        return n;
    }

    private OpOutcomes sumOutcomes(int op) {
        OpOutcomes sum = OpOutcomes.NONE;
        for (WorkerRecorder w : workers) {
            sum = sum.plus(w.outcomes(op));
        }
        return sum;
    }

    private long sumContinuations() {
        long n = 0;
        for (WorkerRecorder w : workers) {
            n += w.continuations();
        }
        return n;
    }

    private long sumContinuationRows() {
        long n = 0;
        for (WorkerRecorder w : workers) {
            n += w.continuationRows();
        }
        return n;
    }

    private long sumRetries(int op) {
        long n = 0;
        for (WorkerRecorder w : workers) {
            n += w.retries(op);
        }
        return n;
    }
}
