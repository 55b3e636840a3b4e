package io.linkbench.config;

import io.linkbench.workload.Op;
import io.linkbench.workload.OpMix;
import io.linkbench.workload.WorkloadConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The keys the core reads, with defaults and meaning. Names follow the original benchmark where one
 * exists; the original's own files are read through a translation. Stores declare their own keys in
 * {@link io.linkbench.store.StoreProvider#settings()}.
 */
public final class CoreSettings {
    private CoreSettings() {
    }

    /** Every core key, in the order the README documents them. */
    public static List<Setting> all() {
        List<Setting> s = new ArrayList<>();
        // what and where
        s.add(Setting.of("store", "rocksdb", "store provider: rocksdb (embedded), memory, mysql, mongo, noop, or a plug-in's name"));
        s.add(Setting.of("seed", "20111", "seed of every random stream: the same seed gives the same graph and operations"));
        s.add(Setting.of("schema", "create", "create: refuse to load into a non-empty store; recreate: drop and recreate first"));
        // the graph
        s.add(Setting.of("startid1", "1", "first node id of this client's slice of the graph"));
        s.add(Setting.of("maxid1", "100001", "one past the last node id (nodes startid1 .. maxid1-1)"));
        // a client fleet (distributed.md)
        s.add(Setting.of("client_count", "1", "client hosts that together do what one host would: each loads its slice of startid1..maxid1-1 and runs its share of requests and requestrate with streams of its own"));
        s.add(Setting.of("client_index", "0", "this host's index in the fleet, 0 .. client_count-1 (a Kubernetes Indexed Job's JOB_COMPLETION_INDEX sets it)"));
        s.add(Setting.of("start_at", "", "ISO-8601 instant (e.g. 2026-01-31T12:00:00Z) at which the first phase starts its measured window on every host; also the base time of loaded rows; empty: start at once"));
        s.add(Setting.of("fleet_wait_seconds", "300", "a fleet load: how long clients 1.. wait for client 0 to prepare the schema"));
        s.add(Setting.of("link_type_count", "2", "number of link types; every link operation picks one (link_type_choice)").shapingTheGraph());
        s.add(WorkloadConfig.WORKLOAD_RULES);
        s.add(Setting.of("link_type_split", "raised", "how an id1's out-degree d becomes links per type: raised (2017: each type gets floor(max(d, types) / types)), extra_first (2012: floor(d / types), plus one for the first d - floor(d / types) types), round_robin (link k has type 1 + k mod types)").shapingTheGraph());
        s.add(Setting.of("link_id2_rule", "next", "id2 of an id1's j-th link of a type: next (id1 + 1 + j, wrapping inside startid1..maxid1-1) or offset (the original's id1 + j, no wrap)").shapingTheGraph());
        s.add(Setting.of("nlinks_file", "", "file of the out-degree CDF (sections of 'value cumulative-percent' rows); empty: built-in fit to the published data").shapingTheGraph());
        s.add(Setting.of("nlinks_section", "nlinks", "section of nlinks_file to read").shapingTheGraph());
        s.add(Setting.of("nlinks_max_share", "0.001", "largest out-degree as a share of all links, so the tail scales with the graph").shapingTheGraph());
        s.add(WorkloadConfig.NLINKS_TAIL);
        s.add(Setting.of("link_time_spread_ms", "4294967296", "loaded links get times spread uniformly over this many ms before the load (the original: 2^32 ms, about 50 days)").shapingTheGraph());
        s.add(Setting.of("node_datasize", "168", "median node payload in bytes (2011 benchmark: 128)").shapingTheGraph());
        s.add(Setting.of("link_datasize", "23", "median link payload in bytes (2011 benchmark: 8)").shapingTheGraph());
        s.add(WorkloadConfig.NODE_DATASIZE_LIMIT);
        s.add(WorkloadConfig.LINK_DATASIZE_LIMIT);
        s.add(Setting.of("node_data_uniqueness", "0.63", "node payloads: probability that a chunk is random rather than a motif copy (repeat content: the compressed fraction)").shapingTheGraph());
        s.add(Setting.of("link_data_uniqueness", "0.225", "link payloads: probability that a chunk is random rather than a motif copy (repeat content: the compressed fraction)").shapingTheGraph());
        s.add(Setting.of("payload_content", "motif", "payload bytes: motif (the original's: 128-byte chunks, each random with probability *_data_uniqueness, else a copy from a 512-byte motif) or repeat (each 256-byte block repeats a random run; *_data_uniqueness is the compressed fraction)").shapingTheGraph());
        s.add(Setting.of("payload_chunk_length", "128", "motif content: bytes per chunk (random, or copied from the 512-byte motif), 1 to 512").shapingTheGraph());
        s.add(Setting.of("node_data_firstbyte", "50", "motif content: smallest byte value of node payloads").shapingTheGraph());
        s.add(Setting.of("node_data_lastbyte", "220", "motif content: largest byte value of node payloads").shapingTheGraph());
        s.add(Setting.of("link_data_firstbyte", "32", "motif content: smallest byte value of link payloads").shapingTheGraph());
        s.add(Setting.of("link_data_lastbyte", "100", "motif content: largest byte value of link payloads").shapingTheGraph());
        s.add(Setting.of("write_versions", "original", "versions written: original (ADD_NODE 1, UPDATE_NODE 2, links 0) or random").shapingTheGraph());
        // load phase
        s.add(Setting.of("loaders", "2", "link loader threads (one more thread loads nodes)"));
        s.add(Setting.of("bulk_insert_count", "1024", "rows per bulk-load batch"));
        s.add(Setting.of("load_chunk_size", "1024", "node ids a link loader takes at a time"));
        s.add(Setting.of("progressfreq", "5", "seconds between load progress reports"));
        s.add(Setting.of("load_writeback", "true", "after the post-load steps, wait (sync -f) until the data directory's file system has written its dirty pages, timed and charged to the load as its write-back step; false: the load's cost ends without it (pages still dirty are charged to nobody)"));
        // request phase
        s.add(Setting.of("allow_incomplete_load", "false", "-r without -l: true runs the request phase on a store whose last load did not complete (killed, interrupted, failed) or that records none; false refuses"));
        s.add(Setting.of("requesters", "2", "request threads"));
        s.add(Setting.of("requests", "10000000", "requests after warm-up: in total over all requesters, or per requester (request_counts)"));
        s.add(Setting.of("request_counts", "total", "total: requests and requestrate are over all requesters; per_requester: per requester, as in the original's files"));
        s.add(Setting.of("maxtime", "60", "seconds of measured request phase (after warm-up)"));
        s.add(Setting.of("warmup_time", "0", "seconds run before measuring starts"));
        s.add(Setting.of("requestrate", "0", "open loop: target ops/s (over all requesters, or per requester: request_counts); 0: closed loop, as fast as possible"));
        s.add(Setting.of("arrival", "poisson", "open-loop arrival schedule: poisson or uniform"));
        s.add(Setting.of("displayfreq", "10", "seconds between status lines"));
        s.add(Setting.of("max_retries", "5", "retries of an operation that hit a deadlock, lock timeout or lost connection"));
        s.add(Setting.of("retry_backoff_ms", "10", "first back-off before a retry; doubles each time, with jitter"));
        // cost probe
        s.add(Setting.of("probe_devices", "", "block devices to count IO on (comma-separated, e.g. nvme0n1); empty: those holding the store's data"));
        s.add(Setting.of("probe_server_pid", "", "pid of the database server for its CPU and RSS; empty: as the store reports it"));
        // access distributions
        s.add(Setting.of("read_function", "zipf", "id1 distribution of link reads: zipf or uniform"));
        s.add(Setting.of("read_shape", "0.8", "Zipf shape of link reads"));
        s.add(Setting.of("read_uncorr_function", "zipf", "id1 distribution of the uncorrelated share of link reads: zipf or uniform"));
        s.add(Setting.of("read_uncorr_shape", "0.8", "Zipf shape of the uncorrelated share of link reads"));
        s.add(Setting.of("read_uncorr_blend", "99.5", "percent of link reads whose hot ids are independent of out-degree"));
        s.add(Setting.of("write_function", "zipf", "id1 distribution of the correlated share of link writes: zipf or uniform"));
        s.add(Setting.of("write_shape", "0.741", "Zipf shape of the correlated share of link writes"));
        s.add(Setting.of("link_write_uncorr", "read_uncorr", "keys of the uncorrelated share of link writes: read_uncorr (the original's effective behaviour: read_uncorr_function, _shape and _blend) or write_uncorr (write_uncorr_function, _shape and _blend)"));
        s.add(Setting.of("write_uncorr_function", "zipf", "with link_write_uncorr = write_uncorr: id1 distribution of the uncorrelated share of link writes"));
        s.add(Setting.of("write_uncorr_shape", "0.741", "with link_write_uncorr = write_uncorr: its Zipf shape"));
        s.add(Setting.of("write_uncorr_blend", "95", "with link_write_uncorr = write_uncorr: percent of link writes whose hot ids are independent of out-degree"));
        s.add(Setting.of("node_read_function", "zipf", "id distribution of GET_NODE: zipf or uniform"));
        s.add(Setting.of("node_read_shape", "0.625", "Zipf shape of GET_NODE"));
        s.add(Setting.of("node_update_function", "zipf", "id distribution of UPDATE_NODE: zipf or uniform"));
        s.add(Setting.of("node_update_shape", "0.606", "Zipf shape of UPDATE_NODE"));
        s.add(Setting.of("node_delete_function", "uniform", "id distribution of DELETE_NODE: zipf or uniform"));
        s.add(Setting.of("node_delete_shape", "0.5", "Zipf shape of DELETE_NODE when zipf"));
        s.add(Setting.of("node_permutation", "separate", "hot node ids: separate (node operations have their own permutation of hot ids, as in the original) or shared (the link operations' permutation)"));
        s.add(Setting.of("link_type_choice", "uniform", "link type of every link operation: uniform among link_type_count (the original) or by_degree (weighted by the id1's links of each type)"));
        // id2 choice, multiget, lists
        s.add(Setting.of("addlink_existing_pct", "5", "percent of ADD_LINK calls that target an existing link"));
        s.add(Setting.of("link_existing_pct", "90", "percent of UPDATE_LINK and DELETE_LINK calls that target an existing link"));
        s.add(Setting.of("updatelink_missing", "insert", "UPDATE_LINK of a missing link: insert (2017: update, else insert as ADD_LINK, one transaction), upsert (2012: always ADD_LINK's upsert) or skip (change nothing)"));
        s.add(Setting.of("deletelink_expunge_pct", "0", "percent of DELETE_LINK calls that remove the row instead of hiding it"));
        s.add(Setting.of("link_multiget_dist_min", "1", "fewest id2s in a MULTIGET_LINK"));
        s.add(Setting.of("link_multiget_dist_max", "128", "most id2s in a MULTIGET_LINK"));
        s.add(Setting.of("link_multiget_dist_prob", "0.382", "geometric p of the MULTIGET_LINK size"));
        s.add(Setting.of("link_multiget_size", "ceil", "MULTIGET_LINK size: ceil (the original: min + ceil(ln(1-u) / ln(1-p)), at most max - 1) or truncated (a geometric truncated to [min, max])"));
        s.add(Setting.of("link_multiget_existing_pct", "50", "percent of MULTIGET_LINK id2s that are one of the group's loaded id2s"));
        s.add(Setting.of("link_multiget_miss", "uniform", "the other MULTIGET_LINK id2s: uniform (the original: uniform in [0, maxid1)) or absent (an id2 the group does not hold)"));
        s.add(Setting.of("link_multiget_distinct", "false", "true: remove duplicate id2s from a MULTIGET_LINK (the 2012 code); false: keep them (2017)"));
        s.add(Setting.of("getlinklist_history", "0.3", "percent of GET_LINKS_LIST calls that continue a remembered list that filled its page (the original's key; 0.3 means 0.3%)"));
        s.add(Setting.of("getlinklist_continue", "time", "how a continuation asks for the next page: time (the original: time <= the last returned link's time, offset 1) or offset (offset + limit)"));
        s.add(Setting.of("getlinklist_limit", "10000", "page size (limit) of GET_LINKS_LIST"));
        for (Op op : Op.values()) {
            s.add(Setting.of(op.mixKey(), String.format(Locale.ROOT, "%s", OpMix.MIX_2017.get(op)),
                    "percent of " + op.name() + " in the mix"));
        }
        return Collections.unmodifiableList(s);
    }
}
