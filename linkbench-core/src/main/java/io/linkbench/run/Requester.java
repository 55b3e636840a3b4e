package io.linkbench.run;

import io.linkbench.measure.WorkerRecorder;
import io.linkbench.store.StoreException;
import io.linkbench.store.StoreSession;
import io.linkbench.store.TransactionalSession;
import io.linkbench.workload.Op;
import io.linkbench.workload.Request;
import io.linkbench.workload.RequestGenerator;
import io.linkbench.workload.Seeds;
import io.linkbench.workload.tao.RequestKind;
import io.linkbench.workload.tao.TaoRequest;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request thread: generates an operation, calls the store, records the time around that call
 * alone (retries of retryable failures included), until its share of {@code requests} (counted after
 * warm-up, as in the original), the phase's deadline, or a stop request. Open loop: waits for its next slot of the global schedule and records
 * response time from the intended start as well.
 *
 * <p>Public for the JMH benchmarks alone, which time {@link #step} (through {@link #closedLoop}) rather
 * than a copy of it.
 */
public final class Requester implements Runnable {
    private static final Logger LOG = LoggerFactory.getLogger(Requester.class);

    private final StoreSession session;
    private final RequestGenerator generator;
    private final WorkerRecorder recorder;
    /** Read by the phase after this thread ended (Thread.join orders the writes before the read). */
    private long succeeded;
    private long failed;
    private final OpCalls calls;
    private final Retrier retrier;
    private final long quota;
    private final long warmupEndNanos;
    private final WarmupGate warmup;
    private boolean measuring;
    private final long deadlineNanos;
    private final ArrivalSchedule schedule;
    private final RunControl control;
    private final StoreCalls.Marks inCall;
    private final boolean[] reportedUnexpected = new boolean[Op.count() + 2];
    private long done;
    /** With {@code workload = taobench}: runs TAOBench's requests in place of the generator's. */
    private TaoCalls tao;

    Requester(StoreSession session, RequestGenerator generator, WorkerRecorder recorder, OpCalls calls,
              Retrier retrier, long quota, long warmupEndNanos, WarmupGate warmup, long deadlineNanos,
              ArrivalSchedule schedule, RunControl control) {
        this(session, generator, recorder, calls, retrier, quota, warmupEndNanos, warmup, deadlineNanos, schedule, control,
                null);
    }

    /**
     * @param inCall this requester's marks around each store call, retries included ({@link StoreCalls}, and in
     *               an open loop {@link BusyRequesters} too), or null
     */
    Requester(StoreSession session, RequestGenerator generator, WorkerRecorder recorder, OpCalls calls,
              Retrier retrier, long quota, long warmupEndNanos, WarmupGate warmup, long deadlineNanos,
              ArrivalSchedule schedule, RunControl control, StoreCalls.Marks inCall) {
        this.inCall = inCall;
        this.session = session;
        this.generator = generator;
        this.recorder = recorder;
        this.calls = calls;
        this.retrier = retrier;
        this.quota = quota;
        this.warmupEndNanos = warmupEndNanos;
        this.warmup = warmup;
        this.deadlineNanos = deadlineNanos;
        this.schedule = schedule;
        this.control = control;
    }

    /**
     * A closed-loop requester without warm-up, quota or deadline, retrying as {@code run} configures:
     * what a benchmark of {@link #step} needs. Its {@code i} is the requester's index, which seeds the
     * retries' jitter as in a request phase.
     */
    public static Requester closedLoop(StoreSession session, RequestGenerator generator, WorkerRecorder recorder,
                                       OpCalls calls, RunConfig run, RunControl control, int i) {
        WarmupGate noWarmup = new WarmupGate();
        noWarmup.open();
        Retrier retrier = new Retrier(run.maxRetries(), run.retryBackoffMs(), run.retrySeconds(), control,
                Seeds.derive(run.seed(), Seeds.Stream.REQUESTS, -1 - i));
        return new Requester(session, generator, recorder, calls, retrier, Long.MAX_VALUE, Long.MIN_VALUE, noWarmup,
                Long.MAX_VALUE, null, control, null);
    }

    /**
     * Makes this requester run TAOBench's requests through {@code calls} (on its session, which must be
     * transactional) in place of LinkBench's; called before it starts.
     */
    Requester runningTao(TaoCalls calls) {
        if (!(session instanceof TransactionalSession)) {
            throw new IllegalStateException("TAOBench needs a TransactionalSession, not a " + session.getClass().getName());
        }
        this.tao = calls;
        return this;
    }

    /** The TAOBench calls of this requester, or null in a LinkBench phase. */
    TaoCalls tao() {
        return tao;
    }

    @Override
    public void run() {
        try {
            while (done < quota && !control.interrupted()) {
                if (!step()) {
                    break;
                }
            }
        } catch (OutOfMemoryError e) { // frees the run's heap reserve first: the message needs heap too
            control.outOfMemory(Thread.currentThread().getName());
        } catch (Error e) { // a requester that dies must not leave the phase to end as if done
            control.fail(Thread.currentThread().getName() + " stopped: " + e);
        }
    }

    /**
     * One request: past the warm-up's end waits for the measured window, in an open loop waits for the
     * next slot, then generates the request, calls the store (retrying retryable failures) and records
     * the call. False, with nothing called, when the phase's deadline or a stop ends this requester.
     */
    public boolean step() {
        if (!measuring && System.nanoTime() >= warmupEndNanos) {
            if (!warmup.await(control)) {
                return false;
            }
            measuring = true;
        }
        long intended = 0;
        if (schedule != null) {
            intended = schedule.nextSlot();
            if (intended >= deadlineNanos) { // no slot left: the phase still lasts until its deadline
                waitUntil(deadlineNanos);
                return false;
            }
            if (!waitUntil(intended)) {
                return false;
            }
        }
        Request r = tao == null ? generator.next() : null;
        TaoRequest t = tao == null ? null : tao.next();
        long start = System.nanoTime();
        if (start >= deadlineNanos) {
            return false;
        }
        if (inCall != null) {
            inCall.enter(start);
        }
        try {
            if (tao == null) {
                execute(r, intended, start);
            } else {
                tao.execute(this, (TransactionalSession) session, t, intended, start);
            }
        } finally {
            if (inCall != null) {
                inCall.exit();
            }
        }
        if (measuring) {
            done++;
        }
        return true;
    }

    /** Requests issued after warm-up (including failed ones). */
    long done() {
        return done;
    }

    /** Calls that succeeded, warm-up included. */
    long succeeded() {
        return succeeded;
    }

    /** Calls that failed after their retries, warm-up included. */
    long failed() {
        return failed;
    }

    /** True once this requester issued its whole share of {@code requests}. */
    boolean usedQuota() {
        return done >= quota;
    }

    private void execute(Request r, long intended, long start) {
        int op = r.op.ordinal();
        OpCalls.Call call = calls.of(r.op);
        for (int attempt = 0; ; attempt++) {
            try {
                int rows = call.run(session, r);
                boolean measured = recorded(op, intended, start, r.found, rows, r.op == Op.MULTIGET_LINK ? r.id2Count : 1);
                if (measured && r.op == Op.GET_LINKS_LIST && r.fromHistory) {
                    recorder.recordContinuation(rows);
                }
                if (r.op == Op.GET_LINKS_LIST) {
                    generator.listReturned(r, rows);
                }
                return;
            } catch (StoreException e) {
                if (retry(e, attempt, op)) {
                    continue;
                }
                failed(op, intended, start, e.kind(), e);
                return;
            } catch (RuntimeException e) {
                failed(op, intended, start, StoreException.Kind.OTHER, e);
                return;
            }
        }
    }

    /**
     * Records a call of row {@code row} that succeeded now, begun at {@code start} (intended at {@code intended}
     * in an open loop); true when it counts in the measure (it did not straddle the warm-up's end).
     *
     * @param rows  rows it found, returned or changed (a transaction: the statements it ran)
     * @param asked ids it asked for (a transaction: its size)
     */
    boolean recorded(int row, long intended, long start, boolean found, int rows, int asked) {
        long end = System.nanoTime();
        succeeded++;
        if (straddlesWarmupEnd()) {
            recorder.recordUnmeasuredOutcome(row, found, rows, asked);
            return false;
        }
        if (schedule == null) {
            recorder.recordService(row, end - start);
        } else {
            recorder.recordOpenLoop(row, intended, start, end);
        }
        recorder.recordOutcome(row, found, rows, asked);
        return true;
    }

    /** Whether to repeat the call of row {@code row} that failed with {@code e} on attempt {@code attempt}. */
    boolean retry(StoreException e, int attempt, int row) {
        return retrier.retry(e, attempt, deadlineNanos, row, recorder);
    }

    /**
     * True for a call that started during warm-up and ended after the warm-up's records were cleared:
     * it belongs to the warm-up, so it is neither recorded nor counted.
     */
    private boolean straddlesWarmupEnd() {
        return !measuring && warmup.isOpen();
    }

    /** Records a call of row {@code op} that failed past its retries. */
    void failed(int op, long intended, long start, StoreException.Kind kind, Exception e) {
        failed++;
        if (kind == StoreException.Kind.FATAL) {
            control.fail(oneLine(e)); // the store can serve nothing more: the run stops, failed
        }
        if (!straddlesWarmupEnd()) {
            recorder.recordError(op, kind);
            if (schedule != null) {
                recorder.recordLag(intended, start);
            }
        }
        if (!reportedUnexpected[op] && (kind == StoreException.Kind.OTHER || kind == StoreException.Kind.REJECTED)) {
            reportedUnexpected[op] = true;
            LOG.warn("{} failed ({}): {} (further {} failures of this thread are counted, not logged)",
                    op < Op.count() ? Op.ofOrdinal(op) : op == TaoCalls.READ_TRANSACTION_ROW ? RequestKind.READ_TRANSACTION
                            : RequestKind.WRITE_TRANSACTION, kind, oneLine(e), kind);
            LOG.debug("stack trace", e);
        }
    }

    private static String oneLine(Exception e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Parks until {@code intended}; false when the run was stopped meanwhile. */
    private boolean waitUntil(long intended) {
        long now;
        while ((now = System.nanoTime()) < intended) {
            if (control.interrupted()) {
                return false;
            }
            LockSupport.parkNanos(Math.min(intended - now, 50_000_000L));
        }
        return true;
    }
}
