package io.linkbench.report.compare;

import io.linkbench.measure.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The settings that differ between runs, so that "why is B faster" starts with a list: linkbench's keys
 * (result.json {@code config}), the store's facts, the server's variables (the run's server configuration
 * file), the host's facts and the JVM's. A section whose source no run recorded is left out; a setting a run
 * lacks shows {@code -}.
 *
 * @param name  e.g. {@code linkbench keys}
 * @param rows  one per setting that differs: its name, then one value per run
 * @param more  settings that differ beyond the {@value #SHOWN} shown
 */
public record SettingsDiff(String name, List<String[]> rows, int more) {
    /** Settings shown per section at most; the rest are counted. */
    public static final int SHOWN = 40;

    public SettingsDiff {
        rows = List.copyOf(rows);
    }

    /** The sections with at least one difference, in the order above. */
    public static List<SettingsDiff> of(List<LoadedRun> runs) {
        List<SettingsDiff> out = new ArrayList<>();
        add(out, "linkbench keys", runs, r -> r.run().config());
        add(out, "store", runs, r -> store(r.run()));
        add(out, "server variables", runs, r -> r.facts().serverConfig());
        add(out, "host", runs, r -> r.facts().hostFacts());
        add(out, "jvm", runs, r -> r.facts().jvm());
        return out;
    }

    /** Values longer than {@value #WIDTH} characters, cut to fit a table. */
    static final int WIDTH = 40;

    private static String cut(String v) {
        return v.length() <= WIDTH ? v : v.substring(0, WIDTH - 3) + "...";
    }

    private static Map<String, String> store(RunResult run) {
        Map<String, String> m = new LinkedHashMap<>();
        if (run.store() != null) {
            m.put("store", run.store().store());
            m.put("engine", run.store().engine());
            m.put("version", run.store().version());
            m.putAll(run.store().facts());
        }
        return m;
    }

    private static void add(List<SettingsDiff> out, String name, List<LoadedRun> runs,
                            Function<LoadedRun, Map<String, String>> source) {
        List<Map<String, String>> maps = runs.stream().map(source).toList();
        if (maps.stream().allMatch(Map::isEmpty)) {
            return;
        }
        TreeSet<String> keys = new TreeSet<>();
        maps.stream().filter(m -> !m.isEmpty()).forEach(m -> keys.addAll(m.keySet()));
        List<String[]> rows = new ArrayList<>();
        int differing = 0;
        for (String k : keys) {
            List<String> values = maps.stream().map(m -> m.isEmpty() ? null : m.get(k)).toList();
            // a run that did not record this source at all does not make a difference
            List<String> recorded = new ArrayList<>();
            for (int i = 0; i < maps.size(); i++) {
                if (!maps.get(i).isEmpty()) {
                    recorded.add(values.get(i));
                }
            }
            if (recorded.stream().allMatch(v -> Objects.equals(v, recorded.get(0)))) {
                continue;
            }
            differing++;
            if (rows.size() < SHOWN) {
                String[] row = new String[maps.size() + 1];
                row[0] = k;
                for (int i = 0; i < maps.size(); i++) {
                    row[i + 1] = maps.get(i).isEmpty() ? "(not recorded)" : values.get(i) == null ? "-" : cut(values.get(i));
                }
                rows.add(row);
            }
        }
        if (differing > 0) {
            out.add(new SettingsDiff(name, rows, differing - rows.size()));
        }
    }
}
