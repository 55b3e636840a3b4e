package io.linkbench.cli;

import io.linkbench.config.BoundedFile;
import io.linkbench.config.ConfigException;
import io.linkbench.run.CoreSettings;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.workload.dist.DegreeDistribution;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Reads a properties file of the original LinkBench (the 2012 Facebook code and its forks, such as the
 * 2017 ones with MongoDB stores and warm-up) in linkbench's keys. A pure function of the file's keys
 * and values: {@link ConfigLoader} reads the files, merges them, keeps the store keys the chosen store
 * declares and converts the per-requester counts ({@link #perRequesterToTotal}) once every file and
 * {@code -D} is known. The full mapping is in {@code src/site/markdown/original-configs.md}.
 */
final class OriginalConfig {
    /** Keys that only the original's files have: one of them makes a file an original one. */
    private static final Set<String> ORIGINAL_ONLY = Set.of("linkstore", "nodestore", "linkstorefactory",
            "nodestorefactory", "workload_file", "data_file", "loader_chunk_size", "debuglevel", "maxsamples",
            "max_failed_requests", "generate_nodes", "randomid2max", "id2gen_config", "nlinks_func", "nlinks_config",
            "nlinks_default", "load_random_seed", "request_random_seed", "load_progress_interval",
            "req_progress_interval", "link_multiget_dist", "never_change");
    /** The 2011 mix's addlink share: the 2012 code's FBWorkload.properties. */
    private static final String MIX_2011_ADDLINK = "8.9886601";
    /** The 2017 mix's addlink share: the 2017 fork's workload file. */
    private static final String MIX_2017_ADDLINK = "5.35038";
    private static final Pattern ORIGINAL_CLASS = Pattern.compile("com\\.(facebook|percona)\\.LinkBench\\..*");
    private static final Set<String> STORE_KEYS = Set.of("linkstore", "nodestore", "linkstorefactory", "nodestorefactory");
    private static final Map<String, String> RENAMED = Map.of("loader_chunk_size", "load_chunk_size",
            "link_multiget_min", "link_multiget_dist_min", "link_multiget_max", "link_multiget_dist_max");
    private static final Set<String> ACCESS_FUNCTIONS = Set.of("read_function", "read_uncorr_function", "write_function",
            "write_uncorr_function", "node_read_function", "node_update_function", "node_delete_function");
    /** Keys whose value, when it is this one, is what linkbench always does. */
    private static final Map<String, String> OUR_BEHAVIOUR = Map.of("generate_nodes", "true", "randomid2max", "0",
            "id2gen_config", "0", "nlinks_func", "real");
    private static final Pattern GENERATOR = Pattern.compile("(link|node)_(add|up)_datagen(?:_(\\w+))?");
    private static final Map<String, String> GENERATOR_KEYS = Map.of("startbyte", "_data_firstbyte",
            "endbyte", "_data_lastbyte", "uniqueness", "_data_uniqueness");
    /** A store class of the original (its simple name, lower case) and linkbench's store. */
    private static final List<Map.Entry<Pattern, String>> STORES = List.of(
            Map.entry(Pattern.compile(".*(mysql|myrocks).*"), "mysql"),
            Map.entry(Pattern.compile(".*rocks.*"), "rocksdb"),
            Map.entry(Pattern.compile(".*mongo.*"), "mongo"),
            Map.entry(Pattern.compile(".*memory.*"), "memory"));

    /**
     * The translation table by our key: the original's keys each core key is read from in an original
     * file (its own name when the original has the same key). Every core key is here or in
     * {@link #NEW_IN_LINKBENCH}; {@code src/site/markdown/original-configs.md} has the conversions.
     */
    static final Map<String, List<String>> FROM_ORIGINAL = fromOriginal();
    /**
     * Core keys with no counterpart in the original's files: what the original does is their default,
     * or the original has no such choice. {@code workload_rules = 2012} sets four of them.
     */
    static final Set<String> NEW_IN_LINKBENCH = Set.of("schema", "workload", "taobench_workload", "taobench_aim_existing", "client_count", "client_index", "start_at",
            "fleet_wait_seconds", "load_writeback", "allow_incomplete_load", "verify_sample", "verify_seed", "request_counts", "arrival", "max_retries",
            "retry_backoff_ms", "retry_for", "probe_devices", "probe_server_pid", "stall_limit", "load_stall_limit", "link_type_split",
            "link_id2_rule",
            "link_time_spread_ms", "write_versions", "node_permutation", "link_type_choice", "updatelink_missing",
            "link_multiget_size", "link_multiget_existing_pct", "link_multiget_miss", "link_multiget_distinct",
            "getlinklist_continue", "getlinklist_history_index", "link_write_uncorr", "nlinks_section", "nlinks_max_share", "nlinks_tail",
            "node_datasize_limit", "link_datasize_limit", "payload_chunk_length", "addlink_existing_pct",
            "link_existing_pct", "deletelink_expunge_pct", "getlinklist_limit");

    private OriginalConfig() {
    }

    private static Map<String, List<String>> fromOriginal() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("store", List.of("linkstore", "nodestore", "linkstorefactory", "nodestorefactory", "store"));
        m.put("seed", List.of("load_random_seed", "request_random_seed"));
        m.put("bulk_insert_count", List.of("*_bulk_insert_batch"));
        RENAMED.forEach((original, ours) -> m.computeIfAbsent(ours, k -> new ArrayList<>()).add(original));
        for (String same : List.of("startid1", "maxid1", "link_type_count", "loaders", "requesters", "requests",
                "requestrate", "maxtime", "warmup_time", "displayfreq", "progressfreq", "addnode", "updatenode",
                "deletenode", "getnode", "addlink", "deletelink", "updatelink", "countlink", "getlink", "getlinklist",
                "getlinklist_history", "link_multiget_dist_min", "link_multiget_dist_max", "link_multiget_dist_prob",
                "read_shape", "read_uncorr_shape", "read_uncorr_blend", "write_shape", "write_uncorr_shape",
                "write_uncorr_blend", "node_read_shape", "node_update_shape", "node_delete_shape", "link_datasize",
                "node_datasize")) {
            m.computeIfAbsent(same, k -> new ArrayList<>()).add(same);
        }
        ACCESS_FUNCTIONS.forEach(key -> m.put(key, List.of(key)));
        m.put("payload_content", List.of("link_add_datagen", "node_add_datagen"));
        for (String kind : List.of("link", "node")) {
            GENERATOR_KEYS.forEach((original, suffix) -> m.put(kind + suffix, List.of(kind + "_add_datagen_" + original)));
        }
        m.put("nlinks_file", List.of("data_file"));
        m.put("workload_rules", List.of("never_change"));
        m.replaceAll((ours, originals) -> List.copyOf(originals));
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * One original file in linkbench's keys.
     *
     * @param values       core keys with their values (requests and requestrate still per requester)
     * @param notes        core key to what it was made from, e.g. {@code loader_chunk_size = 2048}
     * @param storeKeys    keys that are none of the core's: kept when the chosen store declares them
     * @param perRequester the keys of {@code values} that count per requester
     * @param ignored      keys with no equivalent, some with their value and why
     * @param sameAsOurs   settings that are what linkbench always does, e.g. {@code generate_nodes=true}
     * @param workloadFile the file named by {@code workload_file}, read below this one by the original
     * @param rules        the rule set the file implies ({@link OriginalRules}), if it shows one
     */
    record Translation(Map<String, String> values, Map<String, String> notes, Map<String, String> storeKeys,
                       Set<String> perRequester, List<String> ignored, List<String> sameAsOurs,
                       Optional<String> workloadFile, Optional<OriginalRules.Choice> rules) {
    }

    /** True when the file has a key only the original has, or names one of its classes. */
    static boolean isOriginal(Map<String, String> properties) {
        for (Map.Entry<String, String> e : properties.entrySet()) {
            String key = e.getKey();
            if (ORIGINAL_ONLY.contains(key) || GENERATOR.matcher(key).matches() || key.endsWith("_bulk_insert_batch")
                    || ORIGINAL_CLASS.matcher(e.getValue()).matches()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Translates one original file.
     *
     * @param file     the file's name, for messages
     * @param original its keys and values
     * @param existing the path of a data file the original names (relative to its home), when it exists
     * @throws ConfigException for a store class linkbench has no store for
     */
    static Translation translate(String file, Map<String, String> original, Function<String, Optional<String>> existing) {
        Builder b = new Builder();
        Map<String, String> defaults = CoreSettings.all().stream()
                .collect(Collectors.toMap(Setting::key, s -> s.defaultValue() == null ? "" : s.defaultValue()));
        for (Map.Entry<String, String> e : original.entrySet()) {
            String key = e.getKey();
            String value = e.getValue();
            Matcher generator = GENERATOR.matcher(key);
            if (STORE_KEYS.contains(key) || key.equals("store") && value.contains(".")) {
                store(file, key, value, b);
            } else if (key.equals("workload_file")) {
                b.workloadFile = value;
            } else if (RENAMED.containsKey(key)) {
                b.put(RENAMED.get(key), value, key + " = " + value);
            } else if (key.endsWith("_bulk_insert_batch")) {
                b.put("bulk_insert_count", value, key + " = " + value);
            } else if (key.equals("requests") || key.equals("requestrate")) {
                b.put(key, negativeIsZero(value), null);
                b.perRequester.add(key);
            } else if (key.equals("link_datasize") || key.equals("node_datasize")) {
                String rounded = rounded(value);
                b.put(key, rounded, rounded.equals(value) ? null : key + " = " + value + ", rounded");
            } else if (key.equals("load_random_seed") || key.equals("request_random_seed")) {
                seed(original, key, value, b);
            } else if (ACCESS_FUNCTIONS.contains(key)) {
                accessFunction(key, value, defaults.get(key), b);
            } else if (generator.matches()) {
                generator(original, generator, value, b);
            } else if (key.equals("link_multiget_dist")) {
                b.multigetDistribution = value; // after the loop: an empty one wins over its _min and _max
            } else if (key.equals("never_change")) {
                b.neverChange = value.trim();
            } else if (key.equals("data_file")) {
                Optional<String> path = existing.apply(value);
                if (path.isPresent()) {
                    b.put("nlinks_file", path.get(), key + " = " + value);
                    b.dataHasZeroDegrees = hasZeroDegreeRow(path.get());
                } else {
                    b.missingDataFile = value;
                }
            } else if (OUR_BEHAVIOUR.containsKey(key)) {
                if (OUR_BEHAVIOUR.get(key).equalsIgnoreCase(value)) {
                    b.sameAsOurs.add(key + "=" + value);
                } else {
                    b.ignored.add(key + "=" + value);
                }
            } else if (defaults.containsKey(key)) {
                b.put(key, value, null);
            } else {
                b.storeKeys.put(key, value);
            }
        }
        if (b.multigetDistribution != null) {
            multigetDistribution(b.multigetDistribution, b);
        }
        Optional<OriginalRules.Choice> rules = chooseRules(original, b);
        return new Translation(b.values, b.notes, b.storeKeys, b.perRequester, b.ignored, b.sameAsOurs,
                Optional.ofNullable(b.workloadFile).filter(v -> !v.isBlank()), rules);
    }

    /**
     * Which rules the file's workload is, and how strongly it says so ({@link OriginalRules.Strength}):
     * {@code never_change} (the fork's own switch: true is the 2012 code's behaviour); a {@code data_file}
     * that is read (the 2011 data's zero-degree row: the 2012 code's); the operation mix (2011 or 2017); a
     * fork's class (the 2017 fork's); a {@code data_file} that is missing (the 2012 code's). Empty when the
     * file shows none of these: the other files choose.
     */
    private static Optional<OriginalRules.Choice> chooseRules(Map<String, String> original, Builder b) {
        OriginalRules.Choice c = null;
        String mix = original.getOrDefault("addlink", "").trim();
        if (b.neverChange != null) {
            boolean rules2012 = Boolean.parseBoolean(b.neverChange);
            c = new OriginalRules.Choice(rules2012, OriginalRules.Strength.SWITCH, "never_change = " + b.neverChange
                    + (rules2012 ? " (the fork's switch to the 2012 code's behaviour)" : " (the fork's own behaviour)"));
        } else if (b.dataHasZeroDegrees != null) {
            boolean rules2012 = b.dataHasZeroDegrees;
            c = new OriginalRules.Choice(rules2012, OriginalRules.Strength.DATA, "data_file " + (rules2012
                    ? "holds the 2011 data (a degree-0 row)" : "holds the 2017 data (no degree-0 row)"));
        } else if (MIX_2011_ADDLINK.equals(mix) || MIX_2017_ADDLINK.equals(mix)) {
            boolean rules2012 = MIX_2011_ADDLINK.equals(mix);
            c = new OriginalRules.Choice(rules2012, OriginalRules.Strength.MIX,
                    rules2012 ? "the 2011 operation mix" : "the 2017 operation mix");
        } else if (original.values().stream().anyMatch(v -> v.trim().startsWith("com.percona.")
                || v.toLowerCase(Locale.ROOT).contains("mongo"))) {
            c = new OriginalRules.Choice(false, OriginalRules.Strength.GUESS, "a class of the 2017 fork");
        }
        if (b.missingDataFile != null) {
            String fit = c == null || c.rules2012() ? "2011" : "2017";
            b.ignored.add("data_file=" + b.missingDataFile + " (not found: the built-in fit of the " + fit
                    + " data is used" + (c == null ? " with the 2012 rules" : "") + ")");
            if (c == null) {
                c = new OriginalRules.Choice(true, OriginalRules.Strength.GUESS, "data_file names the 2012 code's data");
            }
        }
        return Optional.ofNullable(c);
    }

    /** True when the {@code nlinks} section of a data file has a row of value 0 (the 2011 file's 45.3%). */
    private static Boolean hasZeroDegreeRow(String path) {
        String text;
        try {
            text = BoundedFile.text(Path.of(path), "nlinks_file=" + path, DegreeDistribution.CDF_FILE_MAX,
                    DegreeDistribution.CDF_FILE);
        } catch (RuntimeException e) {
            return null; // unusable: the typed config reports it when it reads the file
        }
        boolean inSection = false;
        for (String line : (Iterable<String>) text.lines()::iterator) {
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (Character.isLetter(t.charAt(0))) {
                if (inSection) {
                    return false;
                }
                inSection = t.equals("nlinks");
            } else if (inSection) {
                return t.split("\\s+")[0].equals("0");
            }
        }
        return false;
    }

    /**
     * A per-requester count times the requesters, as an integer when both are; empty when the value is
     * not a number (the typed config then rejects it with the usual message).
     */
    static Optional<String> perRequesterToTotal(String perRequester, int requesters) {
        try {
            long v = Settings.parseInteger(perRequester);
            return Optional.of(Long.toString(Math.multiplyExact(v, (long) requesters)));
        } catch (NumberFormatException | ArithmeticException e) {
            try {
                return Optional.of(plain(Settings.parseNumber(perRequester.trim()) * requesters));
            } catch (NumberFormatException notANumber) {
                return Optional.empty();
            }
        }
    }

    /** The one warning line of a file, or empty when nothing was left out. */
    static Optional<String> warning(String file, List<String> ignored) {
        if (ignored.isEmpty()) {
            return Optional.empty();
        }
        List<String> sorted = ignored.stream().sorted().toList();
        return Optional.of("linkbench: warning: " + file + ": no equivalent for " + sorted.size()
                + (sorted.size() == 1 ? " key" : " keys") + ", ignored: " + String.join(", ", sorted));
    }

    private static void store(String file, String key, String value, Builder b) {
        if (value.isBlank()) {
            return; // no node store: the original then runs no node operations; ours always has one
        }
        String simple = value.substring(value.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        String store = STORES.stream().filter(s -> s.getKey().matcher(simple).matches()).map(Map.Entry::getValue)
                .findFirst().orElseThrow(() -> new ConfigException(file + ": " + key + "=" + value
                        + ": no linkbench store for this class; allowed: a MySQL (LinkStoreMysql), RocksDB"
                        + " (LinkStoreRocksDb), MongoDB (LinkStoreMongoDb...) or memory (MemoryLinkStore) class,"
                        + " or give our own key store = <name> (--list-keys shows the stores)"));
        String before = b.values.get("store");
        if (before != null && !before.equals(store)) {
            throw new ConfigException(file + ": " + key + "=" + value + ": names store " + store + " but "
                    + b.notes.get("store") + " names " + before + "; allowed: classes of one store");
        }
        b.put("store", store, key + " = " + value);
    }

    private static void seed(Map<String, String> original, String key, String value, Builder b) {
        String load = original.get("load_random_seed");
        if (key.equals("request_random_seed") && load != null && !load.equals(value)) {
            b.ignored.add(key + "=" + value + " (one seed: load_random_seed's is used)");
        } else if (key.equals("load_random_seed") || load == null) {
            b.put("seed", value, key + " = " + value);
        }
    }

    private static void accessFunction(String key, String value, String ourDefault, Builder b) {
        String simple = value.substring(value.lastIndexOf('.') + 1);
        String ours = switch (simple.toLowerCase(Locale.ROOT)) {
            case "zipfdistribution", "zipf" -> "zipf";
            case "uniformdistribution", "uniform" -> "uniform";
            default -> null;
        };
        if (ours == null) {
            b.ignored.add(key + "=" + simple + " (" + ourDefault + " kept)");
        } else {
            b.put(key, ours, ours.equals(value) ? null : key + " = " + value);
        }
    }

    /** The add generators set the payload; the update generators may only repeat them. */
    private static void generator(Map<String, String> original, Matcher m, String value, Builder b) {
        String kind = m.group(1);
        String setting = m.group(3);
        String key = m.group(0);
        if (m.group(2).equals("up")) {
            String add = original.get(kind + "_add_datagen" + (setting == null ? "" : "_" + setting));
            if (add == null || !simpleName(add).equals(simpleName(value))) {
                b.ignored.add(key + "=" + simpleName(value) + " (updates use the add generator's "
                        + (add == null ? "settings" : simpleName(add)) + " too)");
            }
        } else if (setting == null) {
            switch (simpleName(value)) {
                case "MotifDataGenerator" -> b.put("payload_content", "motif", key + " = " + value);
                case "UniformDataGenerator" -> {
                    b.put("payload_content", "motif", key + " = " + value);
                    b.put(kind + "_data_uniqueness", "1", key + " = " + value + ": every chunk random");
                }
                default -> b.ignored.add(key + "=" + simpleName(value) + " (motif kept)");
            }
        } else if (GENERATOR_KEYS.containsKey(setting)) {
            boolean uniform = "UniformDataGenerator".equals(simpleName(original.getOrDefault(kind + "_add_datagen", "")));
            if (!(uniform && setting.equals("uniqueness"))) {
                b.put(kind + GENERATOR_KEYS.get(setting), value, key + " = " + value);
            }
        } else if (setting.equals("motif_length")) {
            // which length the original's key sets (motif or chunk) is not known here: not mapped
            b.ignored.add(key + "=" + value + " (linkbench copies 128-byte chunks from a 512-byte motif;"
                    + " payload_chunk_length sets the chunk)");
        } else {
            b.ignored.add(key);
        }
    }

    private static void multigetDistribution(String value, Builder b) {
        if (value.isBlank()) { // the original then reads one id2 per MULTIGET_LINK
            b.put("link_multiget_dist_min", "1", "link_multiget_dist is empty: one id2 per MULTIGET_LINK");
            b.put("link_multiget_dist_max", "1", "link_multiget_dist is empty: one id2 per MULTIGET_LINK");
        } else if (simpleName(value).equals("GeometricDistribution")) {
            b.sameAsOurs.add("link_multiget_dist=GeometricDistribution");
        } else {
            b.ignored.add("link_multiget_dist=" + simpleName(value) + " (geometric kept)");
        }
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1).trim();
    }

    private static String negativeIsZero(String value) {
        try {
            return Double.parseDouble(value) < 0 ? "0" : value; // the original: <= 0 is no limit
        } catch (NumberFormatException e) {
            return value;
        }
    }

    private static String rounded(String value) {
        try {
            return Long.toString(Math.round(Double.parseDouble(value)));
        } catch (NumberFormatException e) {
            return value;
        }
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 9e18 ? Long.toString((long) v)
                : java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }

    /** The translation of one file as it is built. */
    private static final class Builder {
        final Map<String, String> values = new LinkedHashMap<>();
        final Map<String, String> notes = new LinkedHashMap<>();
        final Map<String, String> storeKeys = new LinkedHashMap<>();
        final Set<String> perRequester = new LinkedHashSet<>();
        final List<String> ignored = new ArrayList<>();
        final List<String> sameAsOurs = new ArrayList<>();
        String workloadFile;
        String multigetDistribution;
        String neverChange;
        String missingDataFile;
        Boolean dataHasZeroDegrees;

        void put(String key, String value, String note) {
            values.put(key, value);
            if (note == null) {
                notes.remove(key);
            } else {
                notes.put(key, note);
            }
        }
    }
}
