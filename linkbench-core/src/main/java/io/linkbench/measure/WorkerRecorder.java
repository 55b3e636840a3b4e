package io.linkbench.measure;

import io.linkbench.store.StoreException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.WriterReaderPhaser;

/**
 * The recorders of one worker thread: per kind of operation a histogram of service time (and, open
 * loop, of response time, with the schedule lag), plus error, retry, row and outcome counters. Only
 * the owning thread writes; the {@link PhaseRecorder} takes interval snapshots without stopping it.
 * The histograms are double-buffered behind one {@link WriterReaderPhaser}, so an interval's service,
 * response and lag histograms always hold the same calls (a call is never split across two intervals,
 * whatever moment the snapshot comes at). Recording is wait-free: no shared lock or shared counter.
 */
public final class WorkerRecorder {
    static final int SIGNIFICANT_DIGITS = 3;
    private static final int KINDS = StoreException.Kind.values().length;
    /** Outcome counters per op, in this order: calls, hits, rows, asked. */
    private static final int CALLS = 0;
    private static final int HITS = 1;
    private static final int ROWS = 2;
    private static final int ASKED = 3;
    private static final int OUTCOME_FIELDS = 4;

    /** What one interval recorded: service times per op and, open loop, response times per op and the lag. */
    static final class Interval {
        final Histogram[] service;
        final Histogram[] response;
        final Histogram lag;

        private Interval(int ops, boolean openLoop) {
            service = new Histogram[ops];
            response = openLoop ? new Histogram[ops] : null;
            for (int i = 0; i < ops; i++) {
                service[i] = new Histogram(SIGNIFICANT_DIGITS);
                if (openLoop) {
                    response[i] = new Histogram(SIGNIFICANT_DIGITS);
                }
            }
            lag = openLoop ? new Histogram(SIGNIFICANT_DIGITS) : null;
        }

        private void reset() {
            for (int i = 0; i < service.length; i++) {
                service[i].reset();
                if (response != null) {
                    response[i].reset();
                }
            }
            if (lag != null) {
                lag.reset();
            }
        }
    }

    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    /** Written by this worker inside the phaser's critical sections; swapped by {@link #flip}. */
    private volatile Interval active;
    /** The interval the last {@link #flip} returned; reused by the next one (under the reader lock). */
    private Interval spare;
    private final AtomicLongArray errors;
    private final AtomicLongArray retries;
    private final AtomicLongArray rows;
    private final AtomicLongArray outcomes;
    private final AtomicLongArray unmeasured;
    /** Per op, the most rows one successful call returned, over the whole phase (never reset). */
    private final AtomicLongArray maxRows;
    private final AtomicLong continuations = new AtomicLong();
    private final AtomicLong continuationRows = new AtomicLong();

    WorkerRecorder(int ops, boolean openLoop) {
        active = new Interval(ops, openLoop);
        spare = new Interval(ops, openLoop);
        errors = new AtomicLongArray(ops * KINDS);
        retries = new AtomicLongArray(ops);
        rows = new AtomicLongArray(ops);
        outcomes = new AtomicLongArray(ops * OUTCOME_FIELDS);
        unmeasured = new AtomicLongArray(ops * OUTCOME_FIELDS);
        maxRows = new AtomicLongArray(ops);
    }

    /** A successful closed-loop call of operation {@code op} that took {@code nanos}. */
    public void recordService(int op, long nanos) {
        long c = phaser.writerCriticalSectionEnter();
        try {
            active.service[op].recordValue(Math.max(nanos, 1));
        } finally {
            phaser.writerCriticalSectionExit(c);
        }
    }

    /**
     * A successful open-loop call: {@code intendedStart} is when the schedule wanted it to start,
     * {@code start} and {@code end} when it ran (all {@link System#nanoTime()}).
     */
    public void recordOpenLoop(int op, long intendedStart, long start, long end) {
        long c = phaser.writerCriticalSectionEnter();
        try {
            Interval in = active;
            in.service[op].recordValue(Math.max(end - start, 1));
            in.response[op].recordValue(Math.max(end - intendedStart, 1));
            in.lag.recordValue(Math.max(start - intendedStart, 0));
        } finally {
            phaser.writerCriticalSectionExit(c);
        }
    }

    /** Open loop: a failed call still started late or on time. */
    public void recordLag(long intendedStart, long start) {
        long c = phaser.writerCriticalSectionEnter();
        try {
            active.lag.recordValue(Math.max(start - intendedStart, 0));
        } finally {
            phaser.writerCriticalSectionExit(c);
        }
    }

    public void recordError(int op, StoreException.Kind kind) {
        errors.incrementAndGet(op * KINDS + kind.ordinal());
    }

    public void recordRetry(int op) {
        retries.incrementAndGet(op);
    }

    /** Rows written by a load step. */
    public void addRows(int op, long n) {
        rows.addAndGet(op, n);
    }

    /**
     * What a successful call of {@code op} found; call it after {@link #recordService} or
     * {@link #recordOpenLoop}. Wait-free and allocation-free: only this worker's thread writes these
     * counters, so each is a plain read and an ordered store, with the call count stored last.
     *
     * @param hit   the call found an existing row (see {@link OpOutcomes#hits})
     * @param rows  rows returned (MULTIGET_LINK, GET_LINKS_LIST), the count read (COUNT_LINK), else 1 or 0
     * @param asked id2s asked for (MULTIGET_LINK), else 0 or 1
     */
    public void recordOutcome(int op, boolean hit, int rows, int asked) {
        add(outcomes, op, hit, rows, asked);
    }

    /**
     * The outcome of a call that belongs to no window (it straddled the end of warm-up, so it is not
     * measured): it still changed the store, so it counts in {@link PhaseRecorder#wholePhaseOutcomes}.
     */
    public void recordUnmeasuredOutcome(int op, boolean hit, int rows, int asked) {
        add(unmeasured, op, hit, rows, asked);
    }

    private void add(AtomicLongArray counters, int op, boolean hit, int rows, int asked) {
        int i = op * OUTCOME_FIELDS;
        if (hit) {
            add(counters, i + HITS, 1);
        }
        add(counters, i + ROWS, rows);
        add(counters, i + ASKED, asked);
        add(counters, i + CALLS, 1);
        if (rows > maxRows.getPlain(op)) {
            maxRows.setRelease(op, rows);
        }
    }

    /** A successful GET_LINKS_LIST that continued a remembered full page ("history") and read {@code rows}. Wait-free. */
    public void recordContinuation(long rows) {
        continuations.setRelease(continuations.getPlain() + 1);
        continuationRows.setRelease(continuationRows.getPlain() + rows);
    }

    private static void add(AtomicLongArray counters, int index, long n) {
        counters.setRelease(index, counters.getPlain(index) + n);
    }

    /**
     * What was recorded since the last flip, all histograms cut at one moment; valid until the next flip.
     * One reader at a time (the {@link PhaseRecorder}, under its own lock).
     */
    Interval flip() {
        phaser.readerLock();
        try {
            Interval done = active;
            spare.reset();
            active = spare;
            phaser.flipPhase(); // returns once no recording into the previous interval is under way
            spare = done;
            return done;
        } finally {
            phaser.readerUnlock();
        }
    }

    long errors(int op, int kind) {
        return errors.get(op * KINDS + kind);
    }

    long retries(int op) {
        return retries.get(op);
    }

    long rows(int op) {
        return rows.get(op);
    }

    /**
     * The outcome counters of {@code op}. The call count is read first, so the other counters cover at least
     * every counted call: a window between two readings (warm-up reset, end) then never has more hits,
     * rows or id2s asked than its calls account for.
     */
    OpOutcomes outcomes(int op) {
        return read(outcomes, op);
    }

    /** The outcomes of calls that were not measured ({@link #recordUnmeasuredOutcome}). */
    OpOutcomes unmeasuredOutcomes(int op) {
        return read(unmeasured, op);
    }

    private static OpOutcomes read(AtomicLongArray counters, int op) {
        int i = op * OUTCOME_FIELDS;
        long calls = counters.get(i + CALLS);
        return new OpOutcomes(calls, counters.get(i + HITS), counters.get(i + ROWS), counters.get(i + ASKED));
    }

    /** The most rows one successful call of {@code op} returned so far, warm-up included. */
    long maxRows(int op) {
        return maxRows.get(op);
    }

    long continuations() {
        return continuations.get();
    }

    long continuationRows() {
        return continuationRows.get();
    }
}
