package io.linkbench.cli;

import io.linkbench.config.ConfigException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The rules the original's files ask for, resolved as one choice. An original file implies a whole rule
 * set ({@link Choice}): the 2012 code's or the 2017 fork's, each with the original's id2 rule and, when a
 * data file is given, the original's uncapped tail. Of several files the strongest evidence wins
 * ({@link Strength}; a tie: the later file), whole; a later file of ours or {@code -D} may switch
 * {@code workload_rules} (the other set, whole) or the tail, and is refused when it sets any other key
 * of the set otherwise, in one line naming both sources. {@link ConfigLoader} feeds it the sources in
 * order and applies the result.
 */
final class OriginalRules {
    static final String RULES = "workload_rules";
    static final String TAIL = "nlinks_tail";
    private static final String DATA = "nlinks_file";
    /** The keys of a rule set; the tail comes last and is set by the data. */
    static final List<String> KEYS = List.of(RULES, "link_type_split", "link_id2_rule", "updatelink_missing",
            "link_multiget_distinct", TAIL);

    /** How strongly a file says which code it came from; the stronger wins, a tie goes to the later file. */
    enum Strength {
        /** A fork's class in a store file, or a data file that is not there. */
        GUESS,
        /** The operation mix. */
        MIX,
        /** A data file that is read: the 2011 data has a degree-0 row, the 2017 data none. */
        DATA,
        /** {@code never_change}, the fork's own switch. */
        SWITCH
    }

    /**
     * The rule set one original file implies.
     *
     * @param rules2012 the 2012 code's rules; else the 2017 fork's
     * @param strength  how strongly the file says so
     * @param reason    what in the file says so, e.g. {@code the 2011 operation mix}
     */
    record Choice(boolean rules2012, Strength strength, String reason) {
        /** The values of the set's keys but the tail. */
        Map<String, String> values() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(RULES, rules2012 ? "2012" : "2017");
            m.put("link_type_split", rules2012 ? "extra_first" : "raised");
            m.put("link_id2_rule", "offset"); // both originals: id1 + j, no wrap
            m.put("updatelink_missing", rules2012 ? "upsert" : "insert");
            m.put("link_multiget_distinct", rules2012 ? "true" : "false");
            return m;
        }

        String whose() {
            return whose(rules2012);
        }

        static String whose(boolean rules2012) {
            return rules2012 ? "the 2012 code's rules" : "the 2017 fork's rules";
        }
    }

    /** A value that a file of ours or -D gave after the files' choice. */
    private record Later(String source, String value) {
    }

    private String file;
    private Choice choice;
    private String overruled = ""; // the other file's choice that this one outranks or replaces, for the line
    private final Map<String, Later> later = new LinkedHashMap<>();

    /** An original file's choice, in the order of the files. */
    void offer(String fileName, Choice c) {
        if (choice != null && c.strength().compareTo(choice.strength()) < 0) {
            if (c.rules2012() != choice.rules2012()) {
                overruled = ", over " + fileName + ": " + c.whose() + ": " + c.reason();
            }
            return;
        }
        if (choice != null && c.rules2012() != choice.rules2012()) {
            overruled = ", over " + file + ": " + choice.whose() + ": " + choice.reason();
        } else if (choice != null) {
            overruled = "";
        }
        file = fileName;
        choice = c;
        later.clear(); // the file's whole set wins over what came before it
    }

    /** A key of a file of ours, of an original file or of -D, after the choices offered so far. */
    void given(String source, String key, String value) {
        if (KEYS.contains(key)) {
            later.put(key, new Later(source, value));
        }
    }

    /**
     * Puts the chosen set into {@code given} with a note per key, and returns the one line that says
     * which rules, data, split and tail the run has, with the key that changes each; empty when no
     * original file chose rules.
     *
     * @throws ConfigException when a later source sets a key of the set otherwise
     */
    Optional<String> apply(Map<String, String> given, Map<String, String> notes) {
        if (choice == null) {
            return Optional.empty();
        }
        Choice c = choice;
        String origin = file + ": " + c.whose() + ": " + c.reason();
        String reason = file + ": " + c.reason() + overruled;
        Later switched = later.get(RULES);
        if (switched != null && !normal(switched.value()).equals(c.values().get(RULES))) {
            String v = normal(switched.value());
            if (!v.equals("2012") && !v.equals("2017")) {
                return Optional.empty(); // the typed config names the bad value
            }
            c = new Choice(v.equals("2012"), Strength.SWITCH, "");
            origin = switched.source() + " " + RULES + " = " + v + ": " + c.whose() + ", whole";
            reason = switched.source() + ", over " + file + ": " + choice.reason();
        }
        for (Map.Entry<String, String> e : c.values().entrySet()) {
            Later l = later.get(e.getKey());
            if (l != null && !normal(l.value()).equals(e.getValue())) {
                throw new ConfigException(l.source() + " " + e.getKey() + "=" + l.value().strip() + " contradicts "
                        + origin + ", which run " + e.getKey() + " = " + e.getValue() + "; allowed: " + e.getValue()
                        + ", or " + RULES + " = " + (c.rules2012() ? "2017" : "2012") + " for "
                        + Choice.whose(!c.rules2012()) + " whole");
            }
            given.put(e.getKey(), e.getValue());
            notes.put(e.getKey(), origin);
        }
        boolean data = !given.getOrDefault(DATA, "").isBlank();
        Later tail = later.get(TAIL);
        String tailText;
        if (tail != null) {
            tailText = normal(tail.value()) + " (" + TAIL + ", " + tail.source() + ")";
        } else {
            given.put(TAIL, data ? "original" : "capped");
            notes.put(TAIL, data ? origin + ": the original's tail" : origin + ": capped, as the original's tail needs a data file");
            tailText = data ? "original, uncapped (" + TAIL + "; capped scales it to the graph)"
                    : "capped (" + TAIL + "; the original's needs a data file)";
        }
        return Optional.of("linkbench: rules " + c.values().get(RULES) + " (" + RULES + "; " + reason + "), data "
                + (data ? given.get(DATA) : "the built-in fit of the " + (c.rules2012() ? "2011" : "2017") + " data")
                + " (" + DATA + "), split " + c.values().get("link_type_split") + " (link_type_split), tail " + tailText);
    }

    private static String normal(String value) {
        return value.strip().replace('-', '_').toLowerCase(Locale.ROOT);
    }
}
