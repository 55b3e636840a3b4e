package io.linkbench.store;

import java.util.List;

/**
 * A store with work to do after a bulk load (build a secondary index, compact, flush). The load phase
 * runs each step once every loader is done and reports it as timed. When the run is interrupted
 * (Ctrl-C) while a step runs, the driver calls {@link #cancelFinishLoadStep()} from another thread.
 */
public interface LoadHooks extends GraphStore {

    /** Names of the steps {@link #finishLoad()} will run, for the progress output. */
    List<String> finishLoadSteps();

    /** Runs one step named by {@link #finishLoadSteps()}. */
    void runFinishLoadStep(String step) throws StoreException;

    /**
     * Asks the step that is running, if any, to stop as soon as it can; it then returns or throws, and
     * the driver reports the load as interrupted. Called from another thread than the step's, maybe
     * when no step runs; it must not wait for the step. The default does nothing, which suits a store
     * whose steps are short.
     */
    default void cancelFinishLoadStep() {
    }

    /** Runs every step in order. */
    default void finishLoad() throws StoreException {
        for (String step : finishLoadSteps()) {
            runFinishLoadStep(step);
        }
    }
}
