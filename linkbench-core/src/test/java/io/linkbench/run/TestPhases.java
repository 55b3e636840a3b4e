package io.linkbench.run;

import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.store.GraphStore;
import java.io.PrintStream;
import java.time.Instant;

/** Runs a phase of a {@link RunSpec} in a test, through the {@link PhaseContext} the command line uses. */
public final class TestPhases {
    /** The base time of the rows the tests load. */
    public static final Instant BASE = Instant.ofEpochMilli(1_700_000_000_000L);

    private TestPhases() {
    }

    /** A context of {@code spec} with {@code control}, lines on {@code out}, seen by {@code observer}. */
    public static PhaseContext context(RunSpec spec, RunControl control, PrintStream out, PhaseObserver observer) {
        return new PhaseContext(spec, control, out, false, observer);
    }

    /** Loads {@code spec}'s graph into {@code store}, status lines on stdout. */
    public static PhaseResult load(RunSpec spec, GraphStore store, PhaseObserver observer) throws Exception {
        return context(spec, new RunControl(), System.out, observer).load(Instant.now()).execute(store);
    }

    /** Runs {@code spec}'s first request phase on {@code store}, status lines on stdout. */
    public static PhaseResult requests(RunSpec spec, GraphStore store, PhaseObserver observer) throws Exception {
        return context(spec, new RunControl(), System.out, observer).requests(0).execute(store);
    }
}
