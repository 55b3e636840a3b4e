package io.linkbench.workload;

import io.linkbench.run.CoreSettings;
import io.linkbench.config.Settings;
import io.linkbench.graph.Link;
import io.linkbench.graph.LinkCount;
import java.util.HashMap;
import java.util.List;
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

    /** Appends all the links and count rows of {@code id1}, streamed in batches of 100; returns the links. */
    static long allLinks(LoadGenerator g, long id1, List<Link> links, List<LinkCount> counts) {
        LoadGenerator.LinkStream s = g.linksOf(id1);
        while (!s.done()) {
            s.next(links, 100, counts);
        }
        return s.links();
    }
}
