package io.linkbench.workload;

import io.linkbench.config.CoreSettings;
import io.linkbench.config.Settings;
import java.util.HashMap;
import java.util.Map;

/** Workload configs for tests: the defaults with a few keys changed. */
final class TestWorkloads {
    private TestWorkloads() {
    }

    static WorkloadConfig with(String... keyValues) {
        Map<String, String> m = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return WorkloadConfig.from(Settings.withDefaults(m, CoreSettings.all()));
    }
}
