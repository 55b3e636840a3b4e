package io.linkbench.run;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The stop signal shared by the threads of a run: set by Ctrl-C (the CLI's shutdown hook), or by a
 * fatal failure (then the run is also marked failed). Workers poll it between operations; work that
 * cannot poll (a store's post-load step) registers an action to run on the stop ({@link #onInterrupt}).
 */
public final class RunControl {
    private volatile boolean interrupted;
    private volatile boolean failed;
    private volatile String reason = "";
    private final List<Runnable> onInterrupt = new CopyOnWriteArrayList<>();

    /** An action registered with {@link #onInterrupt}; closing it unregisters the action. */
    public interface Registration extends AutoCloseable {
        @Override
        void close();
    }

    /** Asks every phase to stop as soon as it can and report what it measured. */
    public void interrupt(String why) {
        if (!interrupted) {
            reason = why;
        }
        interrupted = true;
        runActions();
    }

    /** Stops the run because of a failure that makes going on pointless. */
    public void fail(String why) {
        if (!failed) {
            reason = why;
        }
        failed = true;
        interrupted = true;
        runActions();
    }

    /**
     * Runs {@code action} (on the interrupting thread) when the run is interrupted, at once when it
     * already is, until the returned registration is closed.
     */
    public Registration onInterrupt(Runnable action) {
        onInterrupt.add(action);
        if (interrupted) {
            action.run();
        }
        return () -> onInterrupt.remove(action);
    }

    private void runActions() {
        for (Runnable action : onInterrupt) {
            try {
                action.run();
            } catch (RuntimeException e) {
                // a failed cancel leaves the work to end by itself; the stop goes on
            }
        }
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
