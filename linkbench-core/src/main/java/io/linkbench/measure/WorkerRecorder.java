package io.linkbench.measure;

import io.linkbench.store.StoreException;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The recorders of one worker thread: per kind of operation a wait-free single-writer histogram of
 * service time (and, open loop, of response time), plus error, retry and row counters. Only the owning
 * thread writes; the {@link PhaseRecorder} reads interval snapshots without stopping it. There is no
 * shared lock or shared counter on the recording path.
 */
public final class WorkerRecorder {
    static final int SIGNIFICANT_DIGITS = 3;
    private static final int KINDS = StoreException.Kind.values().length;

    private final SingleWriterRecorder[] service;
    private final SingleWriterRecorder[] response;
    private final SingleWriterRecorder lag;
    private final AtomicLongArray errors;
    private final AtomicLongArray retries;
    private final AtomicLongArray rows;

    WorkerRecorder(int ops, boolean openLoop) {
        service = new SingleWriterRecorder[ops];
        response = openLoop ? new SingleWriterRecorder[ops] : null;
        for (int i = 0; i < ops; i++) {
            service[i] = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
            if (openLoop) {
                response[i] = new SingleWriterRecorder(SIGNIFICANT_DIGITS);
            }
        }
        lag = openLoop ? new SingleWriterRecorder(SIGNIFICANT_DIGITS) : null;
        errors = new AtomicLongArray(ops * KINDS);
        retries = new AtomicLongArray(ops);
        rows = new AtomicLongArray(ops);
    }

    /** A successful closed-loop call of operation {@code op} that took {@code nanos}. */
    public void recordService(int op, long nanos) {
        service[op].recordValue(Math.max(nanos, 1));
    }

    /**
     * A successful open-loop call: {@code intendedStart} is when the schedule wanted it to start,
     * {@code start} and {@code end} when it ran (all {@link System#nanoTime()}).
     */
    public void recordOpenLoop(int op, long intendedStart, long start, long end) {
        service[op].recordValue(Math.max(end - start, 1));
        response[op].recordValue(Math.max(end - intendedStart, 1));
        lag.recordValue(Math.max(start - intendedStart, 0));
    }

    /** Open loop: a failed call still started late or on time. */
    public void recordLag(long intendedStart, long start) {
        lag.recordValue(Math.max(start - intendedStart, 0));
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

    /** Moves the service times recorded since the last call into {@code target} (replacing its content). */
    void intervalService(int op, Histogram target) {
        service[op].getIntervalHistogramInto(target);
    }

    /** Open loop only: as {@link #intervalService} for response times. */
    void intervalResponse(int op, Histogram target) {
        response[op].getIntervalHistogramInto(target);
    }

    /** Open loop only: the schedule lag recorded since the last call. */
    void intervalLag(Histogram target) {
        lag.getIntervalHistogramInto(target);
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
}
