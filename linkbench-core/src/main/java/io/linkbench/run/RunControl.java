package io.linkbench.run;

/**
 * The stop signal shared by the threads of a run: set by Ctrl-C (the CLI's shutdown hook), by a
 * phase reaching its limit, or by a fatal failure. Workers poll it between operations.
 */
public final class RunControl {
    private volatile boolean interrupted;
    private volatile String reason = "";

    /** Asks every phase to stop as soon as it can and report what it measured. */
    public void interrupt(String why) {
        reason = why;
        interrupted = true;
    }

    public boolean interrupted() {
        return interrupted;
    }

    public String reason() {
        return reason;
    }
}
