package io.linkbench.workload;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Settings;
import io.linkbench.workload.dist.PayloadSpec;
import java.nio.file.Path;
import java.util.Optional;

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
                             String nlinksSection, double nlinksMaxShare, PayloadSpec nodePayload, PayloadSpec linkPayload, OpMix mix, AccessSpec linkRead,
                             AccessSpec linkWrite, AccessSpec nodeRead, AccessSpec nodeUpdate, AccessSpec nodeDelete,
                             double addLinkExistingPct, double linkExistingPct, double expungePct, int multigetMin,
                             int multigetMax, double multigetP, double historyPct, int listLimit,
                             WorkloadRules rules) {

    /** Largest supported maxid1 - startid1 (ids are longs; the permutation works up to 2^62). */
    public static final long MAX_NODES = 1L << 62;

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
        return new WorkloadConfig(start, max,
                s.getInt("link_type_count", 1, 1_000_000),
                s.optional("nlinks_file").map(Path::of),
                s.getString("nlinks_section"),
                s.getDouble("nlinks_max_share", 1e-9, 1),
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
                WorkloadRules.from(s));
    }

    /**
     * The payload settings of {@code node} or {@code link}: {@code <kind>_datasize},
     * {@code <kind>_data_uniqueness}, and for motif content {@code <kind>_data_firstbyte}/{@code _lastbyte}
     * and {@code payload_chunk_length}; the ranges here are the ones {@link PayloadSpec} accepts.
     */
    private static PayloadSpec payload(Settings s, String kind) {
        int median = s.getInt(kind + "_datasize", 0, PayloadSpec.DEFAULT_MAX_SIZE);
        if (s.getEnum("payload_content", PayloadSpec.Content.class) == PayloadSpec.Content.REPEAT) {
            return PayloadSpec.repeat(median, s.getDouble(kind + "_data_uniqueness", PayloadSpec.MIN_REPEAT_UNIQUENESS, 1));
        }
        int first = s.getInt(kind + "_data_firstbyte", 0, PayloadSpec.MAX_BYTE);
        int last = s.getInt(kind + "_data_lastbyte", first, PayloadSpec.MAX_BYTE);
        return new PayloadSpec(median, PayloadSpec.DEFAULT_MAX_SIZE, s.getDouble(kind + "_data_uniqueness", 0, 1),
                PayloadSpec.Content.MOTIF, first, last,
                s.getInt("payload_chunk_length", 1, PayloadSpec.MOTIF_LENGTH));
    }

    /** Number of nodes loaded: maxid1 - startid1. */
    public long nodeCount() {
        return maxId1 - startId1;
    }
}
