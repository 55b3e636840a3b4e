package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.run.Fleet;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The command line's side of a client fleet: the environment variables an orchestrator sets, read
 * here and nowhere else, and the rules {@code run} applies before a fleet's phases.
 */
final class FleetRun {
    /** Environment variable to configuration key: a Kubernetes Indexed Job's completion index, and ours. */
    static final Map<String, String> ENVIRONMENT = Map.of(
            "JOB_COMPLETION_INDEX", "client_index",
            "LINKBENCH_CLIENT_COUNT", "client_count",
            "LINKBENCH_START_AT", "start_at");

    private FleetRun() {
    }

    /** The fleet keys the environment sets (files and {@code -D} win over them). */
    static Map<String, String> fromEnvironment(Map<String, String> env) {
        Map<String, String> keys = new LinkedHashMap<>();
        ENVIRONMENT.forEach((variable, key) -> {
            String v = env.get(variable);
            if (v != null && !v.isBlank()) {
                keys.put(key, v.trim());
            }
        });
        return keys;
    }

    /**
     * The base time of a load's rows: {@code start_at} when given (every host of a fleet, and a later
     * single-host load of the same seed, then writes the same rows), else the run's start.
     *
     * @throws ConfigException for a fleet load without {@code start_at}
     */
    static Instant loadBase(Fleet fleet, long started) {
        if (fleet.shared() && fleet.startAt().isEmpty()) {
            throw new ConfigException("client_count = " + fleet.count() + ": a fleet load needs start_at (the same"
                    + " ISO-8601 instant on every host), which names the load and the base time of its rows");
        }
        return fleet.startAt().orElse(Instant.ofEpochMilli(started));
    }

    /** "fleet: client 1 of 3, start_at ...\n", or "" for a host on its own without start_at. */
    static String headerLine(Fleet fleet) {
        String d = fleet.describe();
        return d.isEmpty() ? "" : "fleet: " + d + System.lineSeparator();
    }
}
