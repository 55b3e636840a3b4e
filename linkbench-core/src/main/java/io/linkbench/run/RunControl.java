package io.linkbench.run;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The stop signal shared by the threads of a run: set by Ctrl-C (the CLI's shutdown hook), or by a
 * fatal failure (then the run is also marked failed). Workers poll it between operations; work that
 * cannot poll (a store's post-load step) registers an action to run on the stop ({@link #onInterrupt}).
 */
public final class RunControl {
    /** Heap held back for {@link #outOfMemory}: enough to stop, write the results and say why. */
    private static final int HEAP_RESERVE = 4 << 20;

    private volatile byte[] heapReserve = new byte[HEAP_RESERVE];
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

    /**
     * After an {@link OutOfMemoryError}: frees the heap held back for this moment and fails the run
     * with one line that says to give the JVM more heap, so the run can still end and write its files.
     *
     * @param where the thread or phase that ran out, e.g. "requester-3"
     */
    public void outOfMemory(String where) {
        heapReserve = null;
        fail("out of memory in " + where + " (the JVM's heap is " + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MiB): give it more with java -Xmx... (e.g. -Xmx4g), or lower requesters or maxid1");
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
