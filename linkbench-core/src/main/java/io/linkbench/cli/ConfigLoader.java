package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.config.CoreSettings;
import io.linkbench.config.KeyCheck;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Reads the configuration: the properties files of {@code -c} in order, then the {@code -D key=value}
 * overrides, checks every key against the core's and the chosen store's declarations, and fills in
 * the defaults. The result is validated once into typed configs by the caller.
 */
final class ConfigLoader {
    /** What was loaded: the store's provider, every declared key, and the values. */
    record Loaded(StoreProvider provider, List<Setting> declared, Settings settings) {
    }

    private ConfigLoader() {
    }

    static Loaded load(List<Path> files, Map<String, String> overrides, StoreProviders providers) {
        Map<String, String> given = new LinkedHashMap<>();
        for (Path file : files) {
            given.putAll(readProperties(file));
        }
        given.putAll(overrides);
        String storeName = given.getOrDefault("store", defaultOf("store")).trim();
        StoreProvider provider = providers.byName(storeName);
        List<Setting> declared = new ArrayList<>(CoreSettings.all());
        declared.addAll(provider.settings());
        KeyCheck.rejectUnknown(given.keySet(), declared);
        return new Loaded(provider, declared, Settings.withDefaults(given, declared));
    }

    private static String defaultOf(String key) {
        return CoreSettings.all().stream().filter(s -> s.key().equals(key)).findFirst()
                .map(Setting::defaultValue).orElseThrow();
    }

    private static Map<String, String> readProperties(Path file) {
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        } catch (NoSuchFileException e) {
            throw new ConfigException("-c " + file + ": no such file");
        } catch (IOException | IllegalArgumentException e) {
            throw new ConfigException("-c " + file + ": cannot be read as a properties file (" + e.getMessage() + ")");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) {
            m.put(k.trim(), p.getProperty(k).trim());
        }
        return m;
    }
}
