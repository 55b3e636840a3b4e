package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import io.linkbench.run.CoreSettings;
import io.linkbench.config.KeyCheck;
import io.linkbench.config.MessageText;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.StoreProvider;
import io.linkbench.store.StoreProviders;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Reads the configuration: the properties files of {@code -c} in order, then the {@code -D key=value}
 * overrides, checks every key against the core's and the chosen store's declarations, and fills in
 * the defaults. The result is validated once into typed configs by the caller.
 *
 * <p>A file of the original LinkBench ({@link OriginalConfig#isOriginal}) is translated to our keys;
 * its store keys are kept when the chosen store declares them, and its per-requester {@code requests}
 * and {@code requestrate} become totals with the requesters of the merged configuration. Our own
 * files and {@code -D} are read as they are: an unknown key there is an error.
 */
final class ConfigLoader {
    /**
     * What was loaded.
     *
     * @param provider the chosen store's provider
     * @param declared every declared key: the core's and the store's
     * @param settings the values over the defaults
     * @param notes    a key whose value was translated or converted from an original file: where from
     * @param remarks  about the original files, for {@code --print-config}
     * @param messages for standard error: per original file the keys left out, and each conversion
     */
    record Loaded(StoreProvider provider, List<Setting> declared, Settings settings, Map<String, String> notes,
                  List<String> remarks, List<String> messages) {
        void printMessages(PrintStream err) {
            messages.forEach(m -> err.println(MessageText.line(m)));
        }
    }

    /** One file: our own keys, or an original file's translation. */
    private record Source(String name, Map<String, String> ours, OriginalConfig.Translation original) {
    }

    private static final String PASSWORD = "password";
    private static final String PASSWORD_FILE = "password_file";

    private ConfigLoader() {
    }

    static Loaded load(List<Path> files, Map<String, String> overrides, StoreProviders providers) {
        return load(files, overrides, providers, System.getenv());
    }

    /** As {@link #load(List, Map, StoreProviders)}, with the fleet keys an orchestrator sets in {@code env} ({@link FleetRun}). */
    static Loaded load(List<Path> files, Map<String, String> overrides, StoreProviders providers, Map<String, String> env) {
        List<String> remarks = new ArrayList<>();
        Map<Source, List<String>> ignored = new LinkedHashMap<>();
        List<Source> sources = sources(files, remarks, ignored, Optional.ofNullable(env.get("LINKBENCH_HOME")));
        Map<String, String> given = new LinkedHashMap<>(FleetRun.fromEnvironment(env)); // files and -D win
        Map<String, String> notes = new LinkedHashMap<>();
        Map<String, String> perRequester = new LinkedHashMap<>(); // key -> the original file it came from
        Map<String, Source> storeKeyFrom = new LinkedHashMap<>();
        OriginalRules rules = new OriginalRules();
        for (Source s : sources) {
            Map<String, String> values = s.original == null ? s.ours : s.original.values();
            refuseControlCharacters(values, s.name + ": ");
            refuseBothPasswords(values, s.name);
            if (s.original != null) {
                s.original.rules().ifPresent(c -> rules.offer(s.name, c));
            }
            for (Map.Entry<String, String> e : values.entrySet()) {
                set(given, notes, perRequester, storeKeyFrom, e.getKey(), e.getValue());
                rules.given(s.name, e.getKey(), e.getValue());
            }
            if (s.original != null) {
                s.original.notes().forEach((k, note) -> notes.put(k, s.name + ": " + note));
                s.original.perRequester().forEach(k -> perRequester.put(k, s.name));
                s.original.storeKeys().forEach((k, v) -> {
                    set(given, notes, perRequester, storeKeyFrom, k, v);
                    storeKeyFrom.put(k, s);
                });
            }
        }
        refuseControlCharacters(overrides, "-D ");
        refuseBothPasswords(overrides, "-D");
        overrides.forEach((k, v) -> {
            set(given, notes, perRequester, storeKeyFrom, k, v);
            rules.given("-D", k, v);
        });
        Optional<String> rulesLine = rules.apply(given, notes); // one rule set, whole, or one line refusing
        StoreProvider provider = provider(given, notes, providers);
        Set<String> storeKeys = provider.settings().stream().map(Setting::key).collect(Collectors.toSet());
        List<String> messages = new ArrayList<>();
        for (Map.Entry<Source, List<String>> e : ignored.entrySet()) {
            Source s = e.getKey();
            for (String key : s.original.storeKeys().keySet()) {
                if (!storeKeys.contains(key)) {
                    e.getValue().add(key);
                    if (storeKeyFrom.get(key) == s) { // its value is the one in force
                        given.remove(key);
                    }
                }
            }
            OriginalConfig.warning(s.name, e.getValue()).ifPresent(messages::add);
        }
        List<Setting> declared = new ArrayList<>(CoreSettings.all());
        declared.addAll(provider.settings());
        KeyCheck.rejectUnknown(given.keySet(), declared);
        convertPerRequester(given, notes, perRequester, messages);
        rulesLine.ifPresent(messages::add);
        return new Loaded(provider, declared, Settings.withDefaults(given, declared), notes, remarks, messages);
    }

    /**
     * A key's value is one line of text: a line break or another control character (a terminal escape) in a key or
     * a value would break the one-line messages, {@code --print-config} and the result files. The value itself is
     * not shown: it may be a password.
     */
    private static void refuseControlCharacters(Map<String, String> values, String source) {
        for (Map.Entry<String, String> e : values.entrySet()) {
            int inKey = MessageText.controlCharacter(e.getKey(), true);
            if (inKey >= 0) {
                throw new ConfigException(source + "key '" + MessageText.printable(e.getKey()) + "' holds "
                        + MessageText.describeControl(e.getKey(), inKey) + "; keys are names such as maxid1");
            }
            int inValue = MessageText.controlCharacter(e.getValue(), false);
            if (inValue >= 0) {
                throw new ConfigException(source + e.getKey() + ": the value holds " + MessageText.describeControl(
                        e.getValue(), inValue) + "; a key's value is one line without control characters");
            }
        }
    }

    /** {@code password} and {@code password_file} are two ways to give one secret: one source gives one. */
    private static void refuseBothPasswords(Map<String, String> values, String source) {
        if (!values.getOrDefault(PASSWORD, "").isBlank() && !values.getOrDefault(PASSWORD_FILE, "").isBlank()) {
            throw new ConfigException(source + " sets both " + PASSWORD + " and " + PASSWORD_FILE + ": give one of them");
        }
    }

    /**
     * A value from a later source: it replaces what an earlier file said, and what that file's value meant.
     * A password given one way replaces one an earlier source gave the other way ({@code password} or
     * {@code password_file}), so the later, more specific source wins as it does for every key.
     */
    private static void set(Map<String, String> given, Map<String, String> notes, Map<String, String> perRequester,
                            Map<String, Source> storeKeyFrom, String key, String value) {
        if ((key.equals(PASSWORD) || key.equals(PASSWORD_FILE)) && !value.isBlank()) {
            given.remove(key.equals(PASSWORD) ? PASSWORD_FILE : PASSWORD);
        }
        given.put(key, value);
        notes.remove(key);
        perRequester.remove(key);
        storeKeyFrom.remove(key);
    }

    /**
     * The files in the order they count. An original file's {@code workload_file} is read just before
     * it (its own keys win, as in the original) when it is the only original file given; otherwise the
     * {@code -c} files say what the workload is.
     */
    private static List<Source> sources(List<Path> files, List<String> remarks, Map<Source, List<String>> ignored,
                                        Optional<String> home) {
        List<Map<String, String>> read = files.stream().map(PropertiesFile::read).toList();
        long originals = read.stream().filter(OriginalConfig::isOriginal).count();
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            Path file = files.get(i);
            if (!OriginalConfig.isOriginal(read.get(i))) {
                sources.add(new Source(file.toString(), read.get(i), null));
                continue;
            }
            Source s = original(file, read.get(i), remarks, ignored);
            Optional<String> workload = s.original.workloadFile();
            Optional<Path> workloadPath = workload.flatMap(w -> existing(file, w, home));
            if (workload.isPresent() && originals > 1) {
                remarks.add(s.name + ": workload_file = " + workload.get() + " not read: the -c files give the workload");
            } else if (workloadPath.isPresent()) {
                Map<String, String> w = PropertiesFile.read(workloadPath.get());
                sources.add(OriginalConfig.isOriginal(w) ? original(workloadPath.get(), w, remarks, ignored)
                        : new Source(workloadPath.get().toString(), w, null));
                remarks.add(s.name + ": workload_file = " + workload.get() + " read before it, as the original does");
            } else if (workload.isPresent()) { // the original stops too
                throw new ConfigException(s.name + ": workload_file=" + workload.get() + ": not found (tried "
                        + String.join(", ", candidates(file, workload.get(), home).stream().map(Path::toString).toList())
                        + "); give it with -c or set LINKBENCH_HOME");
            }
            sources.add(s);
        }
        return sources;
    }

    private static Source original(Path file, Map<String, String> properties, List<String> remarks,
                                   Map<Source, List<String>> ignored) {
        String name = file.getFileName() == null ? file.toString() : file.getFileName().toString();
        OriginalConfig.Translation t = OriginalConfig.translate(name, properties,
                value -> existing(file, value).map(Path::toString));
        Source s = new Source(name, Map.of(), t);
        ignored.put(s, new ArrayList<>(t.ignored()));
        remarks.add(name + ": an original LinkBench file, translated (src/site/markdown/original-configs.md)");
        if (!t.sameAsOurs().isEmpty()) {
            remarks.add(name + ": what linkbench always does: " + String.join(", ", t.sameAsOurs()));
        }
        return s;
    }

    /**
     * A file an original file names: absolute, or, as the original's paths are relative to its home
     * directory, relative to {@code LINKBENCH_HOME} when it is set, else to the working directory, the
     * file's directory and its parent.
     */
    private static Optional<Path> existing(Path namedIn, String value, Optional<String> home) {
        return candidates(namedIn, value, home).stream().filter(Files::isRegularFile).findFirst();
    }

    private static Optional<Path> existing(Path namedIn, String value) {
        return existing(namedIn, value, Optional.ofNullable(System.getenv("LINKBENCH_HOME")));
    }

    /** The paths {@link #existing} tries, in order. */
    private static List<Path> candidates(Path namedIn, String value, Optional<String> home) {
        try {
            Path p = Path.of(value.trim());
            if (p.isAbsolute()) {
                return List.of(p);
            }
            List<Path> candidates = new ArrayList<>();
            home.filter(h -> !h.isBlank()).ifPresent(h -> candidates.add(Path.of(h).resolve(p)));
            candidates.add(p);
            Path dir = namedIn.toAbsolutePath().getParent();
            if (dir != null) {
                candidates.add(dir.resolve(p));
                if (dir.getParent() != null) {
                    candidates.add(dir.getParent().resolve(p));
                }
            }
            return candidates;
        } catch (InvalidPathException e) {
            return List.of();
        }
    }

    private static StoreProvider provider(Map<String, String> given, Map<String, String> notes, StoreProviders providers) {
        String storeName = given.getOrDefault("store", defaultOf("store")).trim();
        try {
            return providers.byName(storeName);
        } catch (ConfigException e) {
            if (notes.containsKey("store")) {
                throw new ConfigException(notes.get("store") + " means " + e.getMessage());
            }
            throw e;
        }
    }

    /**
     * The original's requests and requestrate count per requester: they become totals over the
     * requesters of the merged configuration, unless {@code request_counts = per_requester}.
     */
    private static void convertPerRequester(Map<String, String> given, Map<String, String> notes,
                                            Map<String, String> perRequester, List<String> messages) {
        String counts = given.getOrDefault("request_counts", defaultOf("request_counts"));
        boolean keep = counts.trim().replace('-', '_').toLowerCase(Locale.ROOT).equals("per_requester");
        String requestersText = given.getOrDefault("requesters", defaultOf("requesters")).trim();
        String which = given.containsKey("requesters") ? " requesters" : " requesters (the default)";
        for (Map.Entry<String, String> e : perRequester.entrySet()) {
            String key = e.getKey();
            String value = given.get(key);
            if (keep) {
                notes.put(key, e.getValue() + ": " + key + " = " + value + " per requester (request_counts = per_requester)");
                continue;
            }
            Optional<String> total;
            try {
                long requesters = Settings.parseInteger(requestersText);
                total = requesters > 0 && requesters <= Integer.MAX_VALUE
                        ? OriginalConfig.perRequesterToTotal(value, (int) requesters) : Optional.empty();
            } catch (NumberFormatException notAnInteger) {
                total = Optional.empty(); // the typed config rejects requesters with the usual message
            }
            if (total.isPresent()) {
                String how = value + " per requester x " + requestersText + which;
                given.put(key, total.get());
                notes.put(key, e.getValue() + ": " + key + " = " + how);
                if (!total.get().equals(value)) {
                    messages.add("linkbench: " + e.getValue() + ": " + key + " = " + total.get() + " (" + how + ")");
                }
            }
        }
    }

    private static String defaultOf(String key) {
        return CoreSettings.all().stream().filter(s -> s.key().equals(key)).findFirst()
                .map(Setting::defaultValue).orElseThrow();
    }
}
