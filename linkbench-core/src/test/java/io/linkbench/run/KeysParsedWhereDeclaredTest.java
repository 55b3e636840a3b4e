package io.linkbench.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.workload.WorkloadConfig;
import io.linkbench.workload.tao.TaoConfig;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A key is declared next to the code that parses it: every key of {@link RunConfig#SETTINGS} is read by
 * {@link RunConfig#from} and every key of {@link WorkloadConfig#SETTINGS} by {@link WorkloadConfig#from}, shown
 * by a bad value of the key making that parser fail with a message that names it.
 */
class KeysParsedWhereDeclaredTest {
    /** Free text that no value makes wrong where it is parsed: a path (read later) and a device list. */
    private static final Set<String> FREE_TEXT = Set.of("nlinks_file", "probe_devices");
    /** Keys read only when another key chooses them. */
    private static final Map<String, Map<String, String>> CONTEXT = Map.of(
            "write_uncorr_function", Map.of("link_write_uncorr", "write_uncorr"),
            "write_uncorr_shape", Map.of("link_write_uncorr", "write_uncorr"),
            "write_uncorr_blend", Map.of("link_write_uncorr", "write_uncorr"),
            "taobench_workload", Map.of("workload", "taobench"),
            "taobench_aim_existing", Map.of("workload", "taobench"));

    @Test
    void everyRunKeyIsReadByRunConfig() {
        assertEquals(List.of(), notParsed(RunConfig.SETTINGS, RunConfig::from));
    }

    @Test
    void everyWorkloadKeyIsReadByWorkloadConfig() {
        assertEquals(List.of(), notParsed(WorkloadConfig.SETTINGS, WorkloadConfig::from));
    }

    @Test
    void everyTaoBenchKeyIsReadByTaoConfig() {
        assertEquals(List.of(), notParsed(TaoConfig.SETTINGS, TaoConfig::from));
    }

    @Test
    void aKeyDeclaredWithTheWrongParserIsCaught() {
        List<Setting> misplaced = List.of(Setting.of("maxtime", "60", "declared with the workload by mistake"));
        assertEquals(List.of("maxtime"), notParsed(misplaced, WorkloadConfig::from));
    }

    /** The declared keys (free text left out) that no bad value makes {@code parser} reject by name. */
    private static List<String> notParsed(List<Setting> declared, Consumer<Settings> parser) {
        List<String> out = new ArrayList<>();
        for (Setting s : declared) {
            if (FREE_TEXT.contains(s.key())) {
                continue;
            }
            boolean named = false;
            for (String bad : List.of("x!", " ")) {
                Map<String, String> given = new HashMap<>(CONTEXT.getOrDefault(s.key(), Map.of()));
                given.put(s.key(), bad);
                Settings settings = Settings.withDefaults(given, CoreSettings.all());
                try {
                    parser.accept(settings);
                } catch (ConfigException e) {
                    named |= Pattern.compile("\\b" + Pattern.quote(s.key()) + "\\b").matcher(e.getMessage()).find();
                }
            }
            if (!named) {
                out.add(s.key());
            }
        }
        return out;
    }

    @Test
    void theCoreKeysAreTheDeclaredListsWithoutNulls() {
        List<Setting> all = CoreSettings.all();
        assertEquals(RunConfig.SETTINGS.size() + LoadRecord.SETTINGS.size() + SampledVerify.SETTINGS.size()
                + WorkloadConfig.SETTINGS.size() + TaoConfig.SETTINGS.size(), all.size());
        assertEquals(List.of(), all.stream().filter(s -> s == null).toList());
        assertThrows(UnsupportedOperationException.class, () -> all.add(all.get(0)));
    }
}
