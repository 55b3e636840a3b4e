package io.linkbench.measure;

import io.linkbench.store.StoreInfo;
import java.util.List;
import java.util.Map;

/**
 * One invocation of linkbench: its effective configuration (secrets removed), the store and the
 * phases it ran.
 *
 * @param linkbenchVersion the version of linkbench that ran
 * @param startedEpochMs   wall clock at start
 * @param host             the client host name
 * @param config           effective configuration, every key with its value, secrets removed
 * @param store            the store's facts
 * @param phases           the phases in the order they ran
 */
public record RunResult(String linkbenchVersion, long startedEpochMs, String host, Map<String, String> config,
                        StoreInfo store, List<PhaseResult> phases) {
    /** Version of the result.json layout; bump it when fields change meaning. */
    public static final int SCHEMA_VERSION = 1;

    public RunResult {
        config = Map.copyOf(config);
        phases = List.copyOf(phases);
    }
}
