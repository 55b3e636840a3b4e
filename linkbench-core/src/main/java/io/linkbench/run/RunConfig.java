package io.linkbench.run;

import io.linkbench.config.ConfigException;
import io.linkbench.config.Setting;
import io.linkbench.config.Settings;
import io.linkbench.store.SchemaMode;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * How the phases run: threads, limits, batching, rates and retries. Built once from the settings
 * (with the declared defaults filled in) and validated.
 *
 * @param store            provider name
 * @param seed             root seed of every random stream
 * @param schema           what a load does with existing data
 * @param loaders          loader threads
 * @param bulkInsertCount  rows per bulk batch
 * @param loadChunkSize    ids a loader takes at a time
 * @param progressSeconds  seconds between load progress reports
 * @param requesters       request threads
 * @param requests         total requests over all requesters, warm-up not counted ({@code requests}, times
 *                         {@code requesters} when {@code request_counts = per_requester})
 * @param maxSeconds       measured seconds of the request phase
 * @param warmupSeconds    seconds before measuring starts
 * @param requestRate      target ops/s over all requesters, 0 for closed loop (per requester in the
 *                         key when {@code request_counts = per_requester})
 * @param arrival          arrival schedule of the open loop
 * @param displaySeconds   seconds between status lines
 * @param maxRetries       retries of a retryable failure
 * @param retryBackoffMs   first back-off in ms
 * @param retrySeconds     seconds an operation is retried for after its first failure, in place of
 *                         {@code maxRetries}; 0: {@code maxRetries} ({@code retry_for})
 * @param probeDevices     block devices the IO probe counts, or empty to find those of the store's data
 * @param probeServerPid   the database server's pid for the CPU probe, or empty to ask the store
 * @param loadWriteback    wait for the data's dirty pages at the end of a load, as its write-back step
 * @param stallSeconds     seconds a request phase may run past its end waiting for requesters inside a store
 *                         call before it ends failed, the server stalled ({@code stall_limit})
 * @param loadStallSeconds seconds every loader may wait inside a store call before the load ends failed, the
 *                         server stalled ({@code load_stall_limit})
 * @param fleet            this host's place in a fleet; {@code requests} and {@code requestRate} are
 *                         already this host's share
 */
public record RunConfig(String store, long seed, SchemaMode schema, int loaders, int bulkInsertCount,
                        int loadChunkSize, double progressSeconds, int requesters, long requests,
                        double maxSeconds, double warmupSeconds, double requestRate, Arrival arrival,
                        double displaySeconds, int maxRetries, long retryBackoffMs, double retrySeconds,
                        List<String> probeDevices,
                        OptionalLong probeServerPid, boolean loadWriteback, double stallSeconds,
                        double loadStallSeconds, Fleet fleet) {

    /** Every key {@link #from} reads, with its default: its own, then the {@link Fleet}'s. */
    public static final List<Setting> SETTINGS = Stream.of(List.of(
            Setting.of("store", "rocksdb", "store provider: rocksdb (embedded), memory, mysql, mongo, noop, or a plug-in's name"),
            Setting.of("seed", "20111", "seed of every random stream: the same seed gives the same graph and operations"),
            Setting.of("schema", "create", "create: refuse to load into a non-empty store; recreate: drop and recreate first"),
            Setting.of("loaders", "2", "loader threads (each loads nodes, links and counts of chunks of ids)"),
            Setting.of("bulk_insert_count", "1024", "rows per bulk-load batch"),
            Setting.of("load_chunk_size", "1024", "node ids a loader takes at a time"),
            Setting.of("progressfreq", "5", "seconds between load progress reports"),
            Setting.of("load_writeback", "true", "after the post-load steps, wait (sync -f) until the data directory's file system has written its dirty pages, timed and charged to the load as its write-back step; false: the load's cost ends without it (pages still dirty are charged to nobody)"),
            Setting.of("requesters", "2", "request threads"),
            Setting.of("requests", "10000000", "requests after warm-up: in total over all requesters, or per requester (request_counts)"),
            Setting.of("request_counts", "total", "total: requests and requestrate are over all requesters; per_requester: per requester, as in the original's files"),
            Setting.of("maxtime", "60", "seconds of measured request phase (after warm-up)"),
            Setting.of("warmup_time", "0", "seconds run before measuring starts"),
            Setting.of("requestrate", "0", "open loop: target ops/s (over all requesters, or per requester: request_counts); 0: closed loop, as fast as possible"),
            Setting.of("arrival", "poisson", "open-loop arrival schedule: poisson or uniform"),
            Setting.of("displayfreq", "10", "seconds between status lines"),
            Setting.of("max_retries", "5", "retries of an operation that hit a deadlock, lock timeout or lost connection"),
            Setting.of("retry_backoff_ms", "10", "first back-off before a retry; doubles each time (up to 1 s, or this when larger), with jitter"),
            Setting.of("retry_for", "0", "seconds an operation may be retried for after its first failure (a restarted server, a failover), in place of max_retries: a deadline, whatever the count; 0: max_retries"),
            Setting.of("probe_devices", "", "block devices to count IO on (comma-separated, e.g. nvme0n1); empty: those holding the store's data"),
            Setting.of("probe_server_pid", "", "pid of the database server for its CPU and RSS; empty: as the store reports it"),
            Setting.of("stall_limit", "30", "seconds a request phase may run past its end (maxtime) waiting for requesters still inside a store call; then it ends failed: the server stalled"),
            Setting.of("load_stall_limit", "60", "seconds every loader may wait inside a store call with no batch finishing, or the server may not answer while a post-load step runs; then the load ends failed: the server stalled (raise it when one batch may take longer)")),
            Fleet.SETTINGS).flatMap(List::stream).toList();

    /** Open-loop arrival schedules. */
    public enum Arrival { POISSON, UNIFORM }

    /** {@code request_counts}: whether {@code requests} and {@code requestrate} are totals or per requester. */
    enum RequestCounts { TOTAL, PER_REQUESTER }

    public static RunConfig from(Settings s) {
        int requesters = s.getInt("requesters", 1, 4096);
        int per = s.getEnum("request_counts", RequestCounts.class) == RequestCounts.PER_REQUESTER ? requesters : 1;
        long requests = s.getLong("requests", 0, Long.MAX_VALUE / per);
        Fleet fleet = Fleet.from(s);
        RunConfig c = new RunConfig(
                s.getString("store"),
                s.getLong("seed", Long.MIN_VALUE, Long.MAX_VALUE),
                s.getEnum("schema", SchemaMode.class, SchemaMode.CREATE),
                s.getInt("loaders", 1, 1024),
                s.getInt("bulk_insert_count", 1, 1_000_000),
                s.getInt("load_chunk_size", 1, 100_000_000),
                s.getDouble("progressfreq", 0.1, 86_400),
                requesters,
                fleet.share(requests * per),
                s.getDouble("maxtime", 0, 1e9),
                s.getDouble("warmup_time", 0, 1e9),
                fleet.share(s.getDouble("requestrate", 0, 1e9) * per),
                s.getEnum("arrival", Arrival.class, Arrival.POISSON),
                s.getDouble("displayfreq", 0.1, 86_400),
                s.getInt("max_retries", 0, 1000),
                s.getLong("retry_backoff_ms", 0, 60_000),
                s.getDouble("retry_for", 0, 86_400),
                s.optional("probe_devices").map(v -> List.of(v.split("\\s*,\\s*"))).orElse(List.of()),
                s.optional("probe_server_pid").isPresent()
                        ? OptionalLong.of(s.getLong("probe_server_pid", 1, Long.MAX_VALUE)) : OptionalLong.empty(),
                s.getBoolean("load_writeback", true),
                s.getDouble("stall_limit", 0.1, 86_400),
                s.getDouble("load_stall_limit", 0.1, 86_400),
                fleet);
        if (c.store.isBlank()) {
            throw new ConfigException("store is empty: name a store provider, e.g. store = rocksdb");
        }
        return c;
    }

    /** {@code stall_limit} in nanoseconds. */
    long stallNanos() {
        return (long) (stallSeconds * 1e9);
    }

    /** {@code load_stall_limit} in nanoseconds. */
    long loadStallNanos() {
        return (long) (loadStallSeconds * 1e9);
    }

    public boolean openLoop() {
        return requestRate > 0;
    }

    /**
     * This configuration with other requesters and target rate: one step of a capacity curve. The rate
     * is the whole fleet's, so a host of a fleet takes its share of it.
     */
    public RunConfig withLoad(int newRequesters, double newRequestRate) {
        return new RunConfig(store, seed, schema, loaders, bulkInsertCount, loadChunkSize, progressSeconds, newRequesters,
                requests, maxSeconds, warmupSeconds, fleet.share(newRequestRate), arrival, displaySeconds, maxRetries,
                retryBackoffMs, retrySeconds, probeDevices, probeServerPid, loadWriteback, stallSeconds, loadStallSeconds, fleet);
    }
}
