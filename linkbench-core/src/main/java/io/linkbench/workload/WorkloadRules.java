package io.linkbench.workload;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import java.util.List;

/**
 * The switches between the original LinkBench's effective behaviour (the defaults: what the 2017 fork's
 * code does with its 2017 configuration, quirks included) and the alternatives: the 2012 code's
 * behaviour where it differs ({@code config/workload-2011.properties}) and this project's earlier
 * rules. {@code src/site/markdown/workload.md} describes each rule and its key.
 *
 * @param typeChoice       how a link operation picks its link type ({@code link_type_choice})
 * @param typeSplit        how an id1's out-degree becomes links per type ({@code link_type_split})
 * @param id2Rule          the id2 of an id1's j-th link of a type ({@code link_id2_rule})
 * @param timeSpreadMs     loaded links get times this many ms or less before the load ({@code link_time_spread_ms})
 * @param updateMissing    what UPDATE_LINK does with a link that does not exist ({@code updatelink_missing})
 * @param separateNodeHotIds node operations have a hot-id permutation of their own ({@code node_permutation})
 * @param multigetSize     how a MULTIGET_LINK size is drawn ({@code link_multiget_size})
 * @param multigetExistingPct percent of MULTIGET_LINK id2s taken from the group's loaded id2s
 * @param multigetMiss     what the other MULTIGET_LINK id2s are ({@code link_multiget_miss})
 * @param multigetDistinct duplicate id2s of a MULTIGET_LINK are removed ({@code link_multiget_distinct})
 * @param listContinue     how a GET_LINKS_LIST continuation asks for the next page ({@code getlinklist_continue})
 * @param historyIndex     which lists the GET_LINKS_LIST history may remember again ({@code getlinklist_history_index})
 * @param originalVersions versions as the original writes them rather than random ({@code write_versions})
 * @param generation       whose id2 aiming and degree data: the 2017 fork's or the 2012 code's ({@code workload_rules})
 */
public record WorkloadRules(TypeChoice typeChoice, TypeSplit typeSplit, Id2Rule id2Rule, long timeSpreadMs,
                            UpdateMissing updateMissing, boolean separateNodeHotIds, MultigetSize multigetSize,
                            double multigetExistingPct, MultigetMiss multigetMiss, boolean multigetDistinct,
                            ListContinue listContinue, HistoryIndex historyIndex, boolean originalVersions,
                            Generation generation) {

    /** {@code workload_rules}: which original's behaviour the rules follow; see {@link Generation}. */
    public static final Setting WORKLOAD_RULES = Setting.of("workload_rules", "2017",
            "whose behaviour the workload follows: 2017 (the 2017 fork with its configuration, the default) or 2012"
            + " (the 2012 code with its 2011 files: id2s aimed in a range of ceil(nlinks / p), id1s without links"
            + " kept, the built-in 2011 fit when no nlinks_file is given; needs link_type_split = extra_first,"
            + " link_id2_rule = offset, updatelink_missing = upsert and link_multiget_distinct = true, as"
            + " config/workload-2011.properties sets)").shapingTheGraph();

    /** The keys {@code from} reads, with their defaults. */
    public static final List<Setting> SETTINGS = List.of(
            WORKLOAD_RULES,
            Setting.of("link_type_split", "raised", "how an id1's out-degree d becomes links per type: raised (2017: each type gets floor(max(d, types) / types)), extra_first (2012: floor(d / types), plus one for the first d - floor(d / types) types), round_robin (link k has type 1 + k mod types)").shapingTheGraph(),
            Setting.of("link_id2_rule", "next", "id2 of an id1's j-th link of a type: next (id1 + 1 + j, wrapping inside startid1..maxid1-1) or offset (the original's id1 + j, no wrap)").shapingTheGraph(),
            Setting.of("link_time_spread_ms", "4294967296", "loaded links get times spread uniformly over this many ms before the load (the original: 2^32 ms, about 50 days)").shapingTheGraph(),
            Setting.of("write_versions", "original", "versions written: original (ADD_NODE 1, UPDATE_NODE 2, links 0) or random").shapingTheGraph(),
            Setting.of("node_permutation", "separate", "hot node ids: separate (node operations have their own permutation of hot ids, as in the original) or shared (the link operations' permutation)"),
            Setting.of("link_type_choice", "uniform", "link type of every link operation: uniform among link_type_count (the original) or by_degree (weighted by the id1's links of each type)"),
            Setting.of("updatelink_missing", "insert", "UPDATE_LINK of a missing link: insert (2017: update, else insert as ADD_LINK, one transaction), upsert (2012: always ADD_LINK's upsert) or skip (change nothing)"),
            Setting.of("link_multiget_size", "ceil", "MULTIGET_LINK size: ceil (the original: min + ceil(ln(1-u) / ln(1-p)), at most max - 1) or truncated (a geometric truncated to [min, max])"),
            Setting.of("link_multiget_existing_pct", "50", "percent of MULTIGET_LINK id2s that are one of the group's loaded id2s"),
            Setting.of("link_multiget_miss", "uniform", "the other MULTIGET_LINK id2s: uniform (the original: uniform in [0, maxid1)) or absent (an id2 the group does not hold)"),
            Setting.of("link_multiget_distinct", "false", "true: remove duplicate id2s from a MULTIGET_LINK (the 2012 code); false: keep them (2017)"),
            Setting.of("getlinklist_continue", "time", "how a continuation asks for the next page: time (the original: time <= the last returned link's time, offset 1) or offset (offset + limit)"),
            Setting.of("getlinklist_history_index", "original", "which lists a requester's GET_LINKS_LIST history remembers again: original (as the original's index: a list whose entry was removed from any slot but the last, by its end or by eviction, is never remembered again) or exact (every list whose entry was removed)"));

    /** {@code workload_rules}: the values {@code 2017} and {@code 2012}. */
    public enum Generation {
        /**
         * The 2017 fork with its configuration: an existing link is the j-th of its group for a uniform j
         * below the loaded count, a missing one a j past it; degree-0 rows of a file are dropped.
         */
        RULES_2017("2017"),
        /**
         * The 2012 code with its 2011 files: id2 = id1 + uniform [0, max(1, ceil(nlinks / p))), nlinks the
         * group's loaded count; MULTIGET asks for distinct ids (consecutive ones when the range is at most
         * the size); id1s without links kept (a file's zero rows, or the built-in 2011 fit).
         */
        RULES_2012("2012");

        private final String text;

        Generation(String text) {
            this.text = text;
        }

        /** The key's value, {@code 2017} or {@code 2012}. */
        public String text() {
            return text;
        }

        static Generation parse(String value) {
            for (Generation g : values()) {
                if (g.text.equals(value.strip())) {
                    return g;
                }
            }
            throw ConfigException.badValue(WORKLOAD_RULES.key(), value, "allowed: 2017, 2012");
        }
    }

    /** True for the 2012 code's rules. */
    public boolean is2012() {
        return generation == Generation.RULES_2012;
    }

    /** {@code link_type_choice}. */
    public enum TypeChoice {
        /** Uniform among the link types, whatever id1 holds (the original). */
        UNIFORM,
        /** Weighted by how many links of each type id1 was loaded with. */
        BY_DEGREE
    }

    /** {@code link_type_split}: from the out-degree d of an id1 and n link types to links per type. */
    public enum TypeSplit {
        /** 2017: d is raised to at least n and every type gets floor(max(d, n) / n); the rest is dropped. */
        RAISED,
        /** 2012: floor(d / n) each, plus one for each of the first d - floor(d / n) types. */
        EXTRA_FIRST,
        /** Link k (k &lt; d) has type index k mod n. */
        ROUND_ROBIN
    }

    /** {@code link_id2_rule}. */
    public enum Id2Rule {
        /** id1 + 1 + k, wrapping inside the loaded id range: no self-links, every id2 a loaded node. */
        NEXT,
        /** The original's id1 + k, no wrap: k = 0 is a self-link, and id2s may lie past maxid1. */
        OFFSET
    }

    /** {@code updatelink_missing}. */
    public enum UpdateMissing {
        /** 2017: update the link, or insert it as ADD_LINK would, in one transaction. */
        INSERT,
        /** 2012: ADD_LINK's upsert, whether or not the link exists. */
        UPSERT,
        /** Change nothing. */
        SKIP
    }

    /** {@code link_multiget_size}. */
    public enum MultigetSize {
        /** The original: min + ceil(ln(1 - u) / ln(1 - p)), at most max - 1 (so never min itself). */
        CEIL,
        /** A geometric truncated to [min, max]. */
        TRUNCATED
    }

    /** {@code link_multiget_miss}. */
    public enum MultigetMiss {
        /** The original: uniform in [0, maxid1). */
        UNIFORM,
        /** An id2 the group was not loaded with. */
        ABSENT
    }

    /** {@code getlinklist_continue}. */
    public enum ListContinue {
        /** The original: links with time at most the last returned link's, skipping one. */
        TIME,
        /** The next page by offset (offset + limit). */
        OFFSET
    }

    /** {@code getlinklist_history_index}. */
    public enum HistoryIndex {
        /**
         * The original: the index of remembered lists forgets a list only when its entry leaves from the
         * last slot; one removed from another slot (ended or evicted) stays known, so it is never added again.
         */
        ORIGINAL,
        /** A list whose entry was removed can be remembered again. */
        EXACT
    }

    /** Versions written by the request phase: {@code write_versions}. */
    enum Versions { ORIGINAL, RANDOM }

    /** Node permutation choice: {@code node_permutation}. */
    enum NodePermutation { SEPARATE, SHARED }

    static WorkloadRules from(Settings s) {
        Generation generation = Generation.parse(s.getString(WORKLOAD_RULES.key(),
                WORKLOAD_RULES.defaultValue()));
        if (generation == Generation.RULES_2012) {
            need2012(s, "link_type_split", "extra_first");
            need2012(s, "link_id2_rule", "offset");
            need2012(s, "updatelink_missing", "upsert");
            need2012(s, "link_multiget_distinct", "true");
        }
        return new WorkloadRules(
                s.getEnum("link_type_choice", TypeChoice.class),
                s.getEnum("link_type_split", TypeSplit.class),
                s.getEnum("link_id2_rule", Id2Rule.class),
                s.getLong("link_time_spread_ms", 1, 1L << 50),
                s.getEnum("updatelink_missing", UpdateMissing.class),
                s.getEnum("node_permutation", NodePermutation.class) == NodePermutation.SEPARATE,
                s.getEnum("link_multiget_size", MultigetSize.class),
                s.getDouble("link_multiget_existing_pct", 0, 100),
                s.getEnum("link_multiget_miss", MultigetMiss.class),
                s.getBoolean("link_multiget_distinct"),
                s.getEnum("getlinklist_continue", ListContinue.class),
                s.getEnum("getlinklist_history_index", HistoryIndex.class),
                s.getEnum("write_versions", Versions.class) == Versions.ORIGINAL,
                generation);
    }

    /** The 2012 rules never run mixed with a 2017 one: a key set otherwise is bad input. */
    private static void need2012(Settings s, String key, String wanted) {
        String value = s.getString(key, wanted);
        if (!value.strip().equalsIgnoreCase(wanted)) {
            boolean byDefault = SETTINGS.stream().anyMatch(d -> d.key().equals(key) && value.equals(d.defaultValue()));
            throw new ConfigException("workload_rules=2012: needs " + key + " = " + wanted + ", not " + value
                    + (byDefault ? " (the default)" : "") + "; -c config/workload-2011.properties sets every key the 2012"
                    + " rules need, or set workload_rules = 2017");
        }
    }
}
