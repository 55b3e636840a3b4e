package io.linkbench.store;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Supplier;

/**
 * A store with work to do after a bulk load (build a secondary index, compact, flush). The load phase
 * runs each step once every loader is done and reports it as timed. When the run is interrupted
 * (Ctrl-C) while a step runs, the driver calls that step's canceller from another thread.
 */
public interface LoadHooks extends GraphStore {

    /** A step's work. */
    @FunctionalInterface
    interface Work {
        void run() throws StoreException;
    }

    /**
     * One post-load step.
     *
     * @param name      what the progress output and the report call it, e.g. {@code build index id1_type}
     * @param work      the step itself
     * @param canceller asks the running step to stop as soon as it can (it then returns or throws, and the
     *                  load is reported as interrupted); called from another thread, maybe when the step
     *                  does not run; it must not wait for the step
     * @param answers   asks the step's server whether it still answers, on a connection other than the step's
     *                  (which waits for its statement as long as the step takes), and fails (any
     *                  {@link StoreException}) when it does not; called from another thread every second or so
     *                  while the step runs, one call at a time, each given up by the driver after a deadline of
     *                  its own. While it gets no answer the status lines say so, and after {@code load_stall_limit}
     *                  the load ends failed: the server stalled. {@link #NOT_ASKED} for a step whose server
     *                  cannot be asked (an embedded store): it is waited for as long as it takes. Its failure's
     *                  message names what does not answer (a cluster's node), for the status lines and the reason
     * @param unfinished what the step leaves undone when it ends early (it failed, was cancelled, or was left behind
     *                  on a server that stopped answering), for the load's warnings, e.g. {@code id1_type is not built
     *                  on backend2 127.0.0.1:3342 and the head (built on backend1 127.0.0.1:3341)}; "" when it cannot
     *                  say. Called from another thread than the step's, maybe while the step still runs; it must
     *                  answer at once (no server call)
     */
    record Step(String name, Work work, Runnable canceller, Work answers, Supplier<String> unfinished) {
        /** The {@code answers} of a step whose server is not asked. */
        public static final Work NOT_ASKED = () -> { };

        public Step {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(canceller, "canceller");
            Objects.requireNonNull(answers, "answers");
            Objects.requireNonNull(unfinished, "unfinished");
        }

        /** A step that cannot say what it leaves undone. */
        public Step(String name, Work work, Runnable canceller, Work answers) {
            this(name, work, canceller, answers, () -> "");
        }

        /** A step whose server is not asked whether it answers. */
        public Step(String name, Work work, Runnable canceller) {
            this(name, work, canceller, NOT_ASKED);
        }

        /** A step that cannot be cancelled, which suits a short one. */
        public Step(String name, Work work) {
            this(name, work, () -> { });
        }

        /** Runs the step. */
        public void run() throws StoreException {
            work.run();
        }

        /** True when the step's server can be asked whether it answers ({@code answers} is not {@link #NOT_ASKED}). */
        public boolean asksServer() {
            return answers != NOT_ASKED;
        }
    }

    /** The steps to run after a load, in order; empty when there is nothing to do. */
    List<Step> finishLoadSteps();

    /**
     * The store's estimate of how long its post-load steps ({@link #finishLoadSteps}) will take, as a
     * multiple of the load's insert window: 0.5 when they take half as long as the inserts did. The load's
     * ETA adds it, and says so. A store answers from its configuration and what it knows of its steps'
     * costs; it is asked once, before the inserts, and must answer at once (no server call). Empty (the
     * default) when it cannot say: the ETA then says it leaves the steps out.
     */
    default OptionalDouble finishLoadEstimate() {
        return OptionalDouble.empty();
    }

    /**
     * The disk a load needs at its peak, as the store estimates it: the driver projects the load's logical
     * bytes (keys and payloads, the results' {@code logical_bytes}) from its first percent, multiplies, and
     * compares the product with the free space of {@link StoreMetrics#dataDirectory()}, so a user learns
     * within seconds that a load of hours would run out of disk. For example, a store that keeps every loaded
     * byte uncompressed until its post-load compaction, and writes the compacted copy beside it:
     *
     * <pre>{@code
     * new DiskEstimate(2.0, "compression=zstd,none,lz4 (L0 in zstd: 1.15x)");
     * }</pre>
     *
     * @param peakPerLogicalByte bytes on disk at the load's peak (post-load steps included) per logical byte
     *                           loaded; greater than 0
     * @param lowerWith          the settings that lower it, for the warning when it does not fit; empty when none
     */
    record DiskEstimate(double peakPerLogicalByte, String lowerWith) {
        public DiskEstimate {
            if (!(peakPerLogicalByte > 0) || Double.isInfinite(peakPerLogicalByte)) {
                throw new IllegalArgumentException("peakPerLogicalByte must be above 0: " + peakPerLogicalByte);
            }
            Objects.requireNonNull(lowerWith, "lowerWith");
        }
    }

    /**
     * The store's {@link DiskEstimate} for a load under its configuration, asked once before the inserts;
     * it must answer at once (no server call). Empty (the default) when it cannot say: no check is made.
     */
    default Optional<DiskEstimate> loadDiskEstimate() {
        return Optional.empty();
    }

    /** Runs every step in order. */
    default void finishLoad() throws StoreException {
        for (Step step : finishLoadSteps()) {
            step.run();
        }
    }
}
