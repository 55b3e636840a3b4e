package io.linkbench.store;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

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
     */
    record Step(String name, Work work, Runnable canceller) {
        public Step {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(work, "work");
            Objects.requireNonNull(canceller, "canceller");
        }

        /** A step that cannot be cancelled, which suits a short one. */
        public Step(String name, Work work) {
            this(name, work, () -> { });
        }

        /** Runs the step. */
        public void run() throws StoreException {
            work.run();
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

    /** Runs every step in order. */
    default void finishLoad() throws StoreException {
        for (Step step : finishLoadSteps()) {
            step.run();
        }
    }
}
