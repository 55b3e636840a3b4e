package io.linkbench.config;

import io.linkbench.workload.Op;
import io.linkbench.workload.OpMix;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The keys the core reads, with defaults and meaning. Names follow the original benchmark where one
 * exists, so existing configuration files carry over. Stores declare their own keys in
 * {@link io.linkbench.store.StoreProvider#settings()}.
 */
public final class CoreSettings {
    private CoreSettings() {
    }

    /** Every core key, in the order the README documents them. */
    public static List<Setting> all() {
        List<Setting> s = new ArrayList<>();
        // what and where
        s.add(Setting.of("store", "rocksdb", "store provider: rocksdb (embedded), memory, mysql, or a plug-in's name"));
        s.add(Setting.of("seed", "20111", "seed of every random stream: the same seed gives the same graph and operations"));
        s.add(Setting.of("schema", "create", "create: refuse to load into a non-empty store; recreate: drop and recreate first"));
        // the graph
        s.add(Setting.of("startid1", "1", "first node id of this client's slice of the graph"));
        s.add(Setting.of("maxid1", "100001", "one past the last node id (nodes startid1 .. maxid1-1)"));
        s.add(Setting.of("link_type_count", "2", "number of link types; link k of a node has type 1 + k mod link_type_count"));
        s.add(Setting.of("nlinks_file", "", "file of the out-degree CDF (sections of 'value cumulative-percent' rows); empty: built-in fit to the published data"));
        s.add(Setting.of("nlinks_section", "nlinks", "section of nlinks_file to read"));
        s.add(Setting.of("nlinks_max_share", "0.001", "largest out-degree as a share of all links, so the tail scales with the graph"));
        s.add(Setting.of("node_datasize", "168", "median node payload in bytes (2011 benchmark: 128)"));
        s.add(Setting.of("link_datasize", "23", "median link payload in bytes (2011 benchmark: 8)"));
        s.add(Setting.of("node_data_uniqueness", "0.63", "fraction of node payload bytes that are random (the rest compresses away)"));
        s.add(Setting.of("link_data_uniqueness", "0.225", "fraction of link payload bytes that are random"));
        // load phase
        s.add(Setting.of("loaders", "2", "link loader threads (one more thread loads nodes)"));
        s.add(Setting.of("bulk_insert_count", "1024", "rows per bulk-load batch"));
        s.add(Setting.of("load_chunk_size", "1024", "node ids a link loader takes at a time"));
        s.add(Setting.of("progressfreq", "5", "seconds between load progress reports"));
        // request phase
        s.add(Setting.of("requesters", "2", "request threads"));
        s.add(Setting.of("requests", "10000000", "total requests over all requesters (warm-up included)"));
        s.add(Setting.of("maxtime", "60", "seconds of measured request phase (after warm-up)"));
        s.add(Setting.of("warmup_time", "0", "seconds run before measuring starts"));
        s.add(Setting.of("requestrate", "0", "open loop: target ops/s over all requesters; 0: closed loop, as fast as possible"));
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
        s.add(Setting.of("read_uncorr_blend", "99.5", "percent of link reads whose hot ids are independent of out-degree"));
        s.add(Setting.of("write_function", "zipf", "id1 distribution of link writes: zipf or uniform"));
        s.add(Setting.of("write_shape", "0.741", "Zipf shape of link writes"));
        s.add(Setting.of("write_uncorr_blend", "95", "percent of link writes whose hot ids are independent of out-degree"));
        s.add(Setting.of("node_read_function", "zipf", "id distribution of GET_NODE: zipf or uniform"));
        s.add(Setting.of("node_read_shape", "0.625", "Zipf shape of GET_NODE"));
        s.add(Setting.of("node_update_function", "zipf", "id distribution of UPDATE_NODE: zipf or uniform"));
        s.add(Setting.of("node_update_shape", "0.606", "Zipf shape of UPDATE_NODE"));
        s.add(Setting.of("node_delete_function", "uniform", "id distribution of DELETE_NODE: zipf or uniform"));
        s.add(Setting.of("node_delete_shape", "0.5", "Zipf shape of DELETE_NODE when zipf"));
        // id2 choice, multiget, lists
        s.add(Setting.of("addlink_existing_pct", "5", "percent of ADD_LINK calls that target an existing link"));
        s.add(Setting.of("link_existing_pct", "90", "percent of UPDATE_LINK, DELETE_LINK and MULTIGET_LINK ids that target existing links"));
        s.add(Setting.of("deletelink_expunge_pct", "0", "percent of DELETE_LINK calls that remove the row instead of hiding it"));
        s.add(Setting.of("link_multiget_dist_min", "1", "fewest id2s in a MULTIGET_LINK"));
        s.add(Setting.of("link_multiget_dist_max", "128", "most id2s in a MULTIGET_LINK"));
        s.add(Setting.of("link_multiget_dist_prob", "0.382", "geometric p of the MULTIGET_LINK size"));
        s.add(Setting.of("getlinklist_history", "30", "percent of GET_LINKS_LIST calls that continue a recent list that filled its page"));
        s.add(Setting.of("getlinklist_limit", "10000", "page size (limit) of GET_LINKS_LIST"));
        for (Op op : Op.values()) {
            s.add(Setting.of(op.mixKey(), String.format(Locale.ROOT, "%s", OpMix.MIX_2017.get(op)),
                    "percent of " + op.name() + " in the mix"));
        }
        return Collections.unmodifiableList(s);
    }
}
