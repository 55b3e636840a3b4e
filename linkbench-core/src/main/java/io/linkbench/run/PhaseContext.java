package io.linkbench.run;

import io.linkbench.measure.PhaseObserver;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Instant;

/**
 * What every phase of a run receives: the run's {@link RunSpec}, the control that stops it, where its
 * status lines go, who observes it (cost probe, interval files, live metrics) and the reader of the
 * store's figures, whose deadlines it shares across phases.
 *
 * @param spec         the run
 * @param control      stop requests and failures, shared by the run's phases
 * @param out          status and progress lines
 * @param liveProgress a redrawn progress bar (a terminal) instead of plain lines
 * @param observer     called from the phase's monitoring thread
 * @param reads        reads the store's counters and size with a deadline
 */
public record PhaseContext(RunSpec spec, RunControl control, PrintStream out, boolean liveProgress,
                           PhaseObserver observer, MetricsReader reads) {

    /** A context with a reader of its own. */
    public PhaseContext(RunSpec spec, RunControl control, PrintStream out, boolean liveProgress, PhaseObserver observer) {
        this(spec, control, out, liveProgress, observer, new MetricsReader());
    }

    /** A context that prints nothing and observes nothing, with a control of its own. */
    public static PhaseContext quiet(RunSpec spec) {
        return new PhaseContext(spec, new RunControl(), new PrintStream(OutputStream.nullOutputStream()), false,
                PhaseObserver.NONE);
    }

    /** The run keys. */
    public RunConfig run() {
        return spec.run();
    }

    /** This context with another observer. */
    public PhaseContext with(PhaseObserver other) {
        return new PhaseContext(spec, control, out, liveProgress, other, reads);
    }

    /** This context with other run keys (a step of a capacity curve). */
    public PhaseContext with(RunConfig other) {
        return new PhaseContext(spec.with(other), control, out, liveProgress, observer, reads);
    }

    /** The load phase, its rows' times counted from {@code base}. */
    public LoadPhase load(Instant base) {
        return new LoadPhase(this, spec.loadGenerator(base));
    }

    /** The request phase of loop {@code loop} (0-based; each loop draws other random streams). */
    public RequestPhase requests(int loop) {
        return new RequestPhase(this, loop);
    }
}
