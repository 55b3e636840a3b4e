package io.linkbench.run;

import io.linkbench.store.GraphStore;

/**
 * How long a phase waits, after a stop request (Ctrl-C, a failure), for the work still inside its store: at
 * least {@link #NANOS}; after that, while the store's counters can still be read its server answers, and the
 * calls (or the post-load step, whose canceller ran) end by themselves, so it waits on, asking again every
 * {@link #NANOS}; once the server does not answer (the read misses its deadline, or an earlier one is still
 * stuck) it gives up, and the phase ends without that work, so that what was measured is written within
 * seconds; when a read is already stuck at the stop request, it gives up at once. A store without counters is
 * always waited for (an embedded store is never closed under a call).
 */
final class StopWait {
    /** The least a phase waits for its work after a stop request, and how often it asks the server again. */
    static final long NANOS = 3_000_000_000L;

    private final PhaseContext ctx;
    private final GraphStore store;
    private long since = -1;

    StopWait(PhaseContext ctx, GraphStore store) {
        this.ctx = ctx;
        this.store = store;
    }

    /** True when the phase should stop waiting for its work now ({@link System#nanoTime()}). */
    boolean giveUp(long now) {
        if (!ctx.control().interrupted()) {
            return false;
        }
        if (since < 0 && ctx.reads().stuck()) {
            return true; // a read of the server has missed its deadline and is still waiting: it does not answer
        }
        if (since < 0 || now - since <= NANOS) {
            since = since < 0 ? now : since;
            return false;
        }
        if (StoreCounters.read(ctx.reads(), store).read()) {
            since = System.nanoTime();
            return false;
        }
        return true;
    }
}
