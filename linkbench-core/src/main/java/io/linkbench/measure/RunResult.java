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
 * @param runId            a random id unique to this invocation (a merge gets its own), by which {@code merge}
 *                         and {@code compare} tell copies of one run from distinct runs; "" when not recorded
 * @param meta             what is needed to reproduce the run (tag, command line, host, JVM, build);
 *                         {@link RunMeta#NONE} when not recorded
 */
public record RunResult(String linkbenchVersion, long startedEpochMs, String host, Map<String, String> config,
                        StoreInfo store, List<PhaseResult> phases, String runId, RunMeta meta) {
    /** Version of the result.json layout; bump it when fields change meaning. */
    public static final int SCHEMA_VERSION = 1;

    public RunResult {
        config = Map.copyOf(config);
        phases = List.copyOf(phases);
        runId = runId == null ? "" : runId;
        meta = meta == null ? RunMeta.NONE : meta;
    }

    /** A run without reproduction facts. */
    public RunResult(String linkbenchVersion, long startedEpochMs, String host, Map<String, String> config,
                     StoreInfo store, List<PhaseResult> phases, String runId) {
        this(linkbenchVersion, startedEpochMs, host, config, store, phases, runId, RunMeta.NONE);
    }

    /** This run with other reproduction facts. */
    public RunResult with(RunMeta newMeta) {
        return new RunResult(linkbenchVersion, startedEpochMs, host, config, store, phases, runId, newMeta);
    }

    /** A new random run id. */
    public static String newRunId() {
        return java.util.UUID.randomUUID().toString();
    }
}
