package io.linkbench.store;

import java.util.List;

/**
 * A store with work to do after a bulk load (build a secondary index, compact, flush). The load phase
 * calls {@link #finishLoad()} once every loader is done and reports each step it returns as timed.
 */
public interface LoadHooks extends GraphStore {

    /** Names of the steps {@link #finishLoad()} will run, for the progress output. */
    List<String> finishLoadSteps();

    /** Runs one step named by {@link #finishLoadSteps()}. */
    void runFinishLoadStep(String step) throws StoreException;

    /** Runs every step in order. */
    default void finishLoad() throws StoreException {
        for (String step : finishLoadSteps()) {
            runFinishLoadStep(step);
        }
    }
}
