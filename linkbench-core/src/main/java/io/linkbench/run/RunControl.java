package io.linkbench.run;

/**
 * The stop signal shared by the threads of a run: set by Ctrl-C (the CLI's shutdown hook), or by a
 * fatal failure (then the run is also marked failed). Workers poll it between operations.
 */
public final class RunControl {
    private volatile boolean interrupted;
    private volatile boolean failed;
    private volatile String reason = "";

    /** Asks every phase to stop as soon as it can and report what it measured. */
    public void interrupt(String why) {
        if (!interrupted) {
            reason = why;
        }
        interrupted = true;
    }

    /** Stops the run because of a failure that makes going on pointless. */
    public void fail(String why) {
        if (!failed) {
            reason = why;
        }
        failed = true;
        interrupted = true;
    }

    public boolean interrupted() {
        return interrupted;
    }

    public boolean failed() {
        return failed;
    }

    /** Why the run stopped early, or "". */
    public String reason() {
        return reason;
    }
}
