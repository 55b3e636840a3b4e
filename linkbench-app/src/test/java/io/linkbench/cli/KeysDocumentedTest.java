package io.linkbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.config.Setting;
import io.linkbench.run.CoreSettings;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every key is declared once, next to the code that parses it, documented where users look for it (a
 * core key as a row of the README's key table, a store's key on its store page or, for a store without
 * one, in the README) and known to the original-config translation table ({@link OriginalConfig}: read
 * from an original key, or new in linkbench). A key added without these fails here, not in a user's hands.
 */
class KeysDocumentedTest {
    private static final Path ROOT = root();

    private static Path root() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("README.md")) && Files.isDirectory(p.resolve("src/site/markdown"))) {
                return p;
            }
        }
        throw new IllegalStateException("README.md not found above " + Path.of("").toAbsolutePath());
    }

    @Test
    void everyCoreKeyIsARowOfTheReadmesKeyTable() throws IOException {
        List<String> rows = Files.readAllLines(ROOT.resolve("README.md")).stream().filter(l -> l.startsWith("| `")).toList();
        String mixRow = rows.stream().filter(l -> l.startsWith("| `addnode` ... `getlinklist` |")).findFirst().orElse("");
        List<String> missing = new ArrayList<>();
        for (Setting s : CoreSettings.all()) {
            boolean inARow = rows.stream().anyMatch(l -> l.substring(0, l.indexOf(" |", 2)).contains("`" + s.key() + "`"));
            boolean aMixWeight = !mixRow.isEmpty() && java.util.Arrays.stream(io.linkbench.workload.Op.values()).anyMatch(op -> op.mixKey().equals(s.key()));
            if (!inARow && !aMixWeight) {
                missing.add(s.key());
            }
        }
        assertEquals(List.of(), missing, "core keys not named in the first column of a row of README.md's key table");
    }

    @Test
    void everyStoreKeyIsOnItsStorePage() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        List<String> missing = new ArrayList<>();
        Set<String> core = new TreeSet<>();
        CoreSettings.all().forEach(s -> core.add(s.key()));
        for (StoreProvider p : StoreProviders.discover().all()) {
            Path page = ROOT.resolve("src/site/markdown/stores/" + p.name() + ".md");
            String doc = Files.isRegularFile(page) ? Files.readString(page) : readme;
            for (Setting s : p.settings()) {
                if (!core.contains(s.key()) && !doc.contains("`" + s.key() + "`")) {
                    missing.add(p.name() + ": " + s.key());
                }
            }
        }
        assertEquals(List.of(), missing, "store keys not named (in backticks) on their store's page");
    }

    @Test
    void keysThatShapeTheGraphAreTheWorkloadsGraphKeys() {
        Set<String> shaping = new TreeSet<>();
        CoreSettings.all().stream().filter(Setting::shapesGraph).forEach(s -> shaping.add(s.key()));
        assertTrue(shaping.containsAll(Set.of("link_type_count", "nlinks_file", "nlinks_tail", "workload_rules",
                "link_datasize", "node_datasize", "link_datasize_limit", "node_datasize_limit")), shaping.toString());
        assertTrue(shaping.stream().noneMatch(k -> Set.of("requesters", "maxtime", "requestrate", "store").contains(k)),
                "run-time keys do not shape the graph: " + shaping);
    }

    @Test
    void everyCoreKeyIsDeclaredOnce() {
        Set<String> seen = new HashSet<>();
        List<String> twice = CoreSettings.all().stream().map(Setting::key).filter(k -> !seen.add(k)).toList();
        assertEquals(List.of(), twice, "core keys declared more than once (a store's clash with a core key: ProviderContract)");
    }

    @Test
    void everyCoreKeyIsInTheOriginalConfigTranslationTable() {
        List<String> unknown = new ArrayList<>();
        List<String> both = new ArrayList<>();
        Set<String> core = new TreeSet<>();
        for (Setting s : CoreSettings.all()) {
            core.add(s.key());
            boolean translated = OriginalConfig.FROM_ORIGINAL.containsKey(s.key());
            boolean isNew = OriginalConfig.NEW_IN_LINKBENCH.contains(s.key());
            if (!translated && !isNew) {
                unknown.add(s.key());
            } else if (translated && isNew) {
                both.add(s.key());
            }
        }
        assertEquals(List.of(), unknown, "core keys neither translated from an original key (OriginalConfig.FROM_ORIGINAL)"
                + " nor listed as new in linkbench (OriginalConfig.NEW_IN_LINKBENCH)");
        assertEquals(List.of(), both, "core keys both translated from an original key and listed as new");
        Set<String> stale = new TreeSet<>(OriginalConfig.FROM_ORIGINAL.keySet());
        stale.addAll(OriginalConfig.NEW_IN_LINKBENCH);
        stale.removeAll(core);
        assertEquals(Set.of(), stale, "the translation table names keys that are not core keys");
    }

    @Test
    void theKeysNewInLinkbenchAreListedOnTheOriginalConfigsPage() throws IOException {
        String page = Files.readString(ROOT.resolve("src/site/markdown/original-configs.md"));
        int list = page.indexOf("Our keys with no counterpart in the original's files");
        assertTrue(list >= 0, "original-configs.md has no list of our keys without an original counterpart");
        String text = page.substring(list, page.indexOf("\n\n", list) < 0 ? page.length() : page.indexOf("\n\n", list));
        List<String> missing = OriginalConfig.NEW_IN_LINKBENCH.stream().filter(k -> !text.contains("`" + k + "`")).sorted().toList();
        assertEquals(List.of(), missing, "keys new in linkbench not in original-configs.md's list");
    }

    @Test
    void anOriginalKeyOfTheSameNameIsPassedThrough() {
        Map<String, String> defaults = new java.util.HashMap<>();
        CoreSettings.all().forEach(s -> defaults.put(s.key(), s.defaultValue()));
        List<String> dropped = new ArrayList<>();
        OriginalConfig.FROM_ORIGINAL.forEach((ours, originals) -> {
            if (originals.contains(ours)) {
                OriginalConfig.Translation t = OriginalConfig.translate("test.properties", Map.of(ours, defaults.get(ours)),
                        path -> java.util.Optional.empty());
                if (!defaults.get(ours).equals(t.values().get(ours))) {
                    dropped.add(ours + " -> " + t.values());
                }
            }
        });
        assertEquals(List.of(), dropped, "keys the table says the original has under our name, not translated as they are");
    }
}
