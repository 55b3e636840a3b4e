package io.linkbench.workload;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.workload.dist.PayloadSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What the generated graph and operations look like. Built once from the settings (with the declared
 * defaults filled in) and validated.
 *
 * @param startId1          first node id
 * @param maxId1            one past the last node id
 * @param linkTypeCount     number of link types
 * @param nlinksFile        a user-supplied out-degree CDF, or empty for the built-in fit
 * @param nlinksSection     section of that file
 * @param nlinksMaxShare    largest out-degree as a share of all links
 * @param nlinksTail        the capped tail, or the original's uncapped degree rule
 * @param nodePayload       node payloads: median size, content, byte range
 * @param linkPayload       link payloads
 * @param mix               the operation mix
 * @param linkRead          id1 choice of COUNT_LINK, MULTIGET_LINK, GET_LINKS_LIST
 * @param linkWrite         id1 choice of ADD_LINK, DELETE_LINK, UPDATE_LINK
 * @param nodeRead          id choice of GET_NODE
 * @param nodeUpdate        id choice of UPDATE_NODE
 * @param nodeDelete        id choice of DELETE_NODE
 * @param addLinkExistingPct percent of ADD_LINK on an existing link
 * @param linkExistingPct   percent of UPDATE_LINK and DELETE_LINK calls aimed at an existing link
 * @param expungePct        percent of DELETE_LINK that expunge
 * @param multigetMin       fewest id2s per MULTIGET_LINK
 * @param multigetMax       most id2s per MULTIGET_LINK
 * @param multigetP         geometric p of the MULTIGET_LINK size
 * @param historyPct        percent of GET_LINKS_LIST that continue a recent full page
 * @param listLimit         GET_LINKS_LIST page size
 * @param rules             the switches between the original's effective behaviour and the alternatives
 */
public record WorkloadConfig(long startId1, long maxId1, int linkTypeCount, Optional<Path> nlinksFile,
                             String nlinksSection, double nlinksMaxShare, NlinksTail nlinksTail, PayloadSpec nodePayload, PayloadSpec linkPayload, OpMix mix, AccessSpec linkRead,
                             AccessSpec linkWrite, AccessSpec nodeRead, AccessSpec nodeUpdate, AccessSpec nodeDelete,
                             double addLinkExistingPct, double linkExistingPct, double expungePct, int multigetMin,
                             int multigetMax, double multigetP, double historyPct, int listLimit,
                             WorkloadRules rules) {

    /** Largest supported maxid1 - startid1 (ids are longs; the permutation works up to 2^62). */
    public static final long MAX_NODES = 1L << 62;

    /** {@code nlinks_tail}: the capped tail or the original's degree rule. */
    public static final Setting NLINKS_TAIL = Setting.of("nlinks_tail", "capped",
            "capped (the largest degrees scale with the graph: nlinks_max_share) or original (the original's"
            + " rule exactly, uncapped: the top id1 gets nlinks_file's largest degree at any maxid1; needs"
            + " nlinks_file and link_id2_rule = offset)").shapingTheGraph();
    /** {@code node_datasize_limit}: node payload sizes are below this. */
    public static final Setting NODE_DATASIZE_LIMIT = Setting.of("node_datasize_limit", "1048576",
            "node payload sizes are drawn below this many bytes (the original's 1 MiB)").shapingTheGraph();
    /** {@code link_datasize_limit}: link payload sizes are below this. */
    public static final Setting LINK_DATASIZE_LIMIT = Setting.of("link_datasize_limit", "255",
            "link payload sizes are drawn below this many bytes (the original's MAX_LINK_DATA = 255)").shapingTheGraph();
    /** The largest payload size limit a configuration may ask for (1 GiB). */
    public static final int MAX_DATASIZE_LIMIT = 1 << 30;

    /**
     * Every key {@link #from} reads, with its default: its own, then those of its parts ({@link WorkloadRules},
     * {@link AccessSpec}, {@link OpMix}), each declared next to the code that parses it.
     */
    public static final List<Setting> SETTINGS = Stream.of(List.of(
            Setting.of("startid1", "1", "first node id of this client's slice of the graph"),
            Setting.of("maxid1", "100001", "one past the last node id (nodes startid1 .. maxid1-1)"),
            Setting.of("link_type_count", "2", "number of link types; every link operation picks one (link_type_choice)").shapingTheGraph(),
            Setting.of("nlinks_file", "", "file of the out-degree CDF (sections of 'value cumulative-percent' rows); empty: built-in fit to the published data").shapingTheGraph(),
            Setting.of("nlinks_section", "nlinks", "section of nlinks_file to read").shapingTheGraph(),
            Setting.of("nlinks_max_share", "0.001", "largest out-degree as a share of all links, so the tail scales with the graph").shapingTheGraph(),
            NLINKS_TAIL,
            Setting.of("node_datasize", "168", "median node payload in bytes (2011 benchmark: 128)").shapingTheGraph(),
            Setting.of("link_datasize", "23", "median link payload in bytes (2011 benchmark: 8)").shapingTheGraph(),
            NODE_DATASIZE_LIMIT,
            LINK_DATASIZE_LIMIT,
            Setting.of("node_data_uniqueness", "0.63", "node payloads: probability that a chunk is random rather than a motif copy (repeat content: the compressed fraction)").shapingTheGraph(),
            Setting.of("link_data_uniqueness", "0.225", "link payloads: probability that a chunk is random rather than a motif copy (repeat content: the compressed fraction)").shapingTheGraph(),
            Setting.of("payload_content", "motif", "payload bytes: motif (the original's: 128-byte chunks, each random with probability *_data_uniqueness, else a copy from a 512-byte motif) or repeat (each 256-byte block repeats a random run; *_data_uniqueness is the compressed fraction)").shapingTheGraph(),
            Setting.of("payload_chunk_length", "128", "motif content: bytes per chunk (random, or copied from the 512-byte motif), 1 to 512").shapingTheGraph(),
            Setting.of("node_data_firstbyte", "50", "motif content: smallest byte value of node payloads").shapingTheGraph(),
            Setting.of("node_data_lastbyte", "220", "motif content: largest byte value of node payloads").shapingTheGraph(),
            Setting.of("link_data_firstbyte", "32", "motif content: smallest byte value of link payloads").shapingTheGraph(),
            Setting.of("link_data_lastbyte", "100", "motif content: largest byte value of link payloads").shapingTheGraph(),
            Setting.of("addlink_existing_pct", "5", "percent of ADD_LINK calls that target an existing link"),
            Setting.of("link_existing_pct", "90", "percent of UPDATE_LINK and DELETE_LINK calls that target an existing link"),
            Setting.of("deletelink_expunge_pct", "0", "percent of DELETE_LINK calls that remove the row instead of hiding it"),
            Setting.of("link_multiget_dist_min", "1", "fewest id2s in a MULTIGET_LINK"),
            Setting.of("link_multiget_dist_max", "128", "most id2s in a MULTIGET_LINK"),
            Setting.of("link_multiget_dist_prob", "0.382", "geometric p of the MULTIGET_LINK size"),
            Setting.of("getlinklist_history", "0.3", "percent of GET_LINKS_LIST calls that continue a remembered list that filled its page (the original's key; 0.3 means 0.3%)"),
            Setting.of("getlinklist_limit", "10000", "page size (limit) of GET_LINKS_LIST")),
            WorkloadRules.SETTINGS, AccessSpec.SETTINGS, OpMix.SETTINGS).flatMap(List::stream).toList();

    /** {@code nlinks_tail}. */
    public enum NlinksTail {
        /** The largest degree is capped at nlinks_max_share of all links, the tail above the p99.9 compressed. */
        CAPPED,
        /** The original's rule: the id of u = 1 - (id - startid1) / n gets the first row with cdf &gt;= u. */
        ORIGINAL
    }

    public static WorkloadConfig from(Settings s) {
        long start = s.getLong("startid1", 0, MAX_NODES);
        long max = s.getLong("maxid1", 1, Long.MAX_VALUE);
        if (max <= start + 1) {
            throw ConfigException.badValue("maxid1", Long.toString(max),
                    "must be greater than startid1 + 1 (startid1=" + start + ")");
        }
        if (max - start > MAX_NODES) {
            throw ConfigException.badValue("maxid1", Long.toString(max), "maxid1 - startid1 must be at most 2^62");
        }
        int mgMin = s.getInt("link_multiget_dist_min", 1, 1_000_000);
        int mgMax = s.getInt("link_multiget_dist_max", 1, 1_000_000);
        if (mgMax < mgMin) {
            throw ConfigException.badValue("link_multiget_dist_max", Integer.toString(mgMax),
                    "must be at least link_multiget_dist_min (" + mgMin + ")");
        }
        Optional<Path> nlinksFile = s.optional("nlinks_file").map(Path::of);
        NlinksTail tail = s.getEnum(NLINKS_TAIL.key(), NlinksTail.class, NlinksTail.CAPPED);
        WorkloadRules rules = WorkloadRules.from(s);
        if (tail == NlinksTail.ORIGINAL && nlinksFile.isEmpty()) {
            throw ConfigException.badValue(NLINKS_TAIL.key(), "original",
                    "needs nlinks_file (the original's rule gives the top id1 the file's largest degree); allowed: capped");
        }
        if (tail == NlinksTail.ORIGINAL && rules.id2Rule() != WorkloadRules.Id2Rule.OFFSET) {
            throw ConfigException.badValue(NLINKS_TAIL.key(), "original",
                    "needs link_id2_rule = offset (a degree may exceed the node count); allowed: capped");
        }
        return new WorkloadConfig(start, max,
                s.getInt("link_type_count", 1, 1_000_000),
                nlinksFile,
                s.getString("nlinks_section"),
                s.getDouble("nlinks_max_share", 1e-9, 1),
                tail,
                payload(s, "node"),
                payload(s, "link"),
                OpMix.from(s),
                AccessSpec.linkReads(s),
                AccessSpec.linkWrites(s),
                AccessSpec.nodes(s, "node_read"),
                AccessSpec.nodes(s, "node_update"),
                AccessSpec.nodes(s, "node_delete"),
                s.getDouble("addlink_existing_pct", 0, 100),
                s.getDouble("link_existing_pct", 0, 100),
                s.getDouble("deletelink_expunge_pct", 0, 100),
                mgMin, mgMax,
                s.getDouble("link_multiget_dist_prob", 1e-6, 1),
                s.getDouble("getlinklist_history", 0, 100),
                s.getInt("getlinklist_limit", 0, Integer.MAX_VALUE),
                rules);
    }

    /**
     * The payload settings of {@code node} or {@code link}: {@code <kind>_datasize},
     * {@code <kind>_data_uniqueness}, and for motif content {@code <kind>_data_firstbyte}/{@code _lastbyte}
     * and {@code payload_chunk_length}; the ranges here are the ones {@link PayloadSpec} accepts.
     */
    private static PayloadSpec payload(Settings s, String kind) {
        Setting limitKey = kind.equals("node") ? NODE_DATASIZE_LIMIT : LINK_DATASIZE_LIMIT;
        int limit = s.getInt(limitKey.key(), Integer.parseInt(limitKey.defaultValue()), 2, MAX_DATASIZE_LIMIT);
        int median = s.getInt(kind + "_datasize", 0, PayloadSpec.DEFAULT_MAX_SIZE);
        if (median >= limit) {
            throw ConfigException.badValue(kind + "_datasize", Integer.toString(median),
                    "must be below " + limitKey.key() + " (" + limit + ")");
        }
        int maxSize = limit - 1; // the original draws sizes in [0, limit)
        if (s.getEnum("payload_content", PayloadSpec.Content.class) == PayloadSpec.Content.REPEAT) {
            return new PayloadSpec(median, maxSize, s.getDouble(kind + "_data_uniqueness", PayloadSpec.MIN_REPEAT_UNIQUENESS, 1),
                    PayloadSpec.Content.REPEAT, 0, PayloadSpec.MAX_BYTE, PayloadSpec.DEFAULT_REPEAT_BLOCK);
        }
        int first = s.getInt(kind + "_data_firstbyte", 0, PayloadSpec.MAX_BYTE);
        int last = s.getInt(kind + "_data_lastbyte", first, PayloadSpec.MAX_BYTE);
        return new PayloadSpec(median, maxSize, s.getDouble(kind + "_data_uniqueness", 0, 1),
                PayloadSpec.Content.MOTIF, first, last,
                s.getInt("payload_chunk_length", 1, PayloadSpec.MOTIF_LENGTH));
    }

    /** Number of nodes loaded: maxid1 - startid1. */
    public long nodeCount() {
        return maxId1 - startId1;
    }
}
