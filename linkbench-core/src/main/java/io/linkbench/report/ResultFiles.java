package io.linkbench.report;

import io.linkbench.config.BoundedFile;
import io.linkbench.config.MessageText;
import io.linkbench.measure.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.TreeMap;

/**
 * The files of one run: a directory {@code <results>/<yyyyMMdd-HHmmss>-<store>/} (UTC start time;
 * {@code -2}, {@code -3} ... appended when taken) holding {@code result.json}, {@code summary.txt} and, when
 * the store reports it, {@value #SERVER_CONFIG_TXT}.
 * Each file is written through {@link AtomicFile}: a reader never sees half a file, and every file
 * of the run directory is 0666 less the umask (0644 usually).
 *
 * <p>{@code result.json} (pretty-printed, snake_case names, maps with sorted keys, times in ms since
 * the epoch and as ISO-8601 UTC, latencies in ms with 3 decimals):
 * <pre>{@code
 * { "schema_version": 1, "run_id": "6b1f7c2e-...",   // random, one per invocation; merge refuses duplicates
 *   "linkbench_version": "0.1.0", "started": "2025-01-02T03:04:05.678Z",
 *   "started_epoch_ms": 1735787045678, "host": "client1",
 *   "tag": "mysql InnoDB",                // --tag, default "store engine"; the label of the compare tables
 *   "notes": "",                          // --notes
 *   "command_line": [ "-c", "mysql.properties", "-D", "password=***", "-l", "-r" ],   // secrets redacted
 *   "host_facts": { "cpu_model": "...", "cores": 2, "memory_bytes": 25769803776, "kernel": "Linux 6.1.0",
 *                   "data_device_model": "nvme0n1: Samsung SSD 980", "filesystem": "ext4" },
 *   "jvm": { "version": "17.0.13+11", "vendor": "Debian", "flags": [ "-Xmx4g" ], "max_heap_bytes": 4294967296 },
 *   "build": { "version": "0.1.0-SNAPSHOT", "commit": "<git commit>[-dirty]" or "unknown" },
 *   "server_config_file": "server-config.txt",   // the server's configuration (ServerConfiguration), or null
 *   "config": { "<key>": "<value>", ... },
 *   "store": { "store": "mysql", "version": "8.4.3", "engine": "InnoDB", "transactional": true, "facts": { "<k>": "<v>" } },
 *   "phases": [ {
 *       "phase": "request", "start_epoch_ms": ..., "start": "<ISO>", "end_epoch_ms": ..., "end": "<ISO>",
 *       "seconds": 300.0, "open_loop": false, "target_rate": 0.0, "throughput": 4115.234,
 *       "interrupted": false,              // cut short: status interrupted or failed
 *       "status": "completed",             // completed | interrupted (a signal) | failed (store or run broke)
 *       "ended_by": "maxtime",             // loaded | maxtime | requests | signal | failure
 *       "end_reason": "ended by maxtime (300 s) before requests (10,000,000 in total)",
 *       "warnings": [ "..." ], "steps": { "<name>": <seconds> },
 *       "size_bytes": 123456789,           // -1 when unknown
 *       "logical_bytes": 98765432,         // load: key + payload bytes of the rows loaded (LogicalBytes); -1 otherwise
 *       "space_amplification": 1.25,       // size_bytes / logical_bytes, null when either is unknown
 *       "store_counters": { "<name>": <delta> },
 *       "continuations": 12,               // request: GET_LINKS_LIST calls that continued a full page
 *       "continuation_rows": 118000,       // request: the rows those calls read
 *       "keys_by_shard": [ 57800, 900, ... ], "hot_shard_share": 0.578,  // TAOBench request: keys per virtual shard
 *       "transaction_sizes": { "READ_TRANSACTION": { "1": 812, "2": 401, ... }, "WRITE_TRANSACTION": { ... } },
 *                                          // TAOBench request: transactions executed per size (operations),
 *                                          // sizes seen only, warm-up included; absent otherwise
 *       "graph": <graph> or null,          // load: the shape of the graph loaded
 *       "growth": <growth> or null,        // request: what the phase did to the graph, warm-up included
 *       "drift": <drift> or null,          // request: throughput from the first interval to the last
 *       "ops": [ { "name": "GET_NODE", "count": 123, "errors": 0, "errors_by_kind": { "TIMEOUT": 0 },
 *                  "retries": 0, "rows": 0,
 *                  "outcomes": { "calls": 123, "hits": 120, "rows": 120, "asked": 0 },
 *                  "service":  <latency>,
 *                  "response": <latency> or null } ],
 *       "schedule_lag": <latency> or null,
 *       "loop": 0,                         // request-phase loop number (--loops)
 *       "target": {"knob": "requestrate", "value": 2000.0, "slo": "p99 < 5ms"}, // a curve step (--sweep,
 *                                          // --slo: with its conditions); absent otherwise
 *       "cost": <cost>,                    // load: the total over the insert window and every step

 *       "intervals": [ { "offset_s": 10.0, "seconds": 10.0, "warmup": false, "errors": 0,
 *                        "rates": { "cpu_busy_pct": 42.0, ...,
 *                                   "store.<counter>": 1234,      // the store counter's change over the interval
 *                                   "busy_requesters_mean": 3.2, "busy_requesters_max": 8 },  // open loop only
 *                        "ops": [ { "name": "GET_NODE", "count": 1000, "rows": 0,
 *                                   "p50_ms": 0.1, "p99_ms": 0.9, "max_ms": 3.0 } ] } ] } ] }
 *
 * <latency> = { "mean_ms": 0.123, "p25_ms": ..., "p50_ms": ..., "p75_ms": ..., "p95_ms": ..., "p99_ms": ..., "p999_ms": ..., "max_ms": ...,
 *               "histogram": "<base64 of HdrHistogram's compressed encoding, values in ns>" }
 *
 * <cost> = { "figures": { "r/op": 0.12, ..., "dirtyKB/op": 0.5, "dirty_change_kb": 512.0,
 *                        "dirty_start_kb": 100, "writeback_start_kb": 0, "dirty_end_kb": 612, "writeback_end_kb": 0,
 *                        "secs": 12.3 },           // display order; null = unavailable; secs: load only
 *            "unavailable": [ "<figure>: <why>" ],
 *            "parts": [ { "name": "insert", "cost": <cost> },          // load only, in time order
 *                       { "name": "step: compact", "cost": <cost> },
 *                       { "name": "step: write-back", "cost": <cost> } ],
 *            "nodes": [ { "name": "node 1 127.0.0.1:3311", "cost": <cost> }, ... ] }  // a cluster only: each server
 *                                          // node's server_* figures; the phase's are their sums
 *
 * <graph> = { "id1s": 200000, "link_rows": 520312, "count_rows": 400000, "links_per_id1": 2.602,
 *             "expected_link_rows": 521000.0,  // what the workload model predicts, -1 when unknown
 *             "max_links": 512,
 *             "id1s_by_links": { "0": 0, "1": 0, "2": 162400, "3-10": 30000, "11-100": 7000, ">100": 600 } }
 *
 * <growth> = { "links_inserted": 5120, "links_deleted": 960, "nodes_added": 2500, "nodes_deleted": 240,
 *              "largest_list_seen": 812,   // the highest count a COUNT_LINK returned
 *              "loaded_links": 323520, "loaded_longest_list": 700,   // what the load wrote (model), -1 unknown
 *              "links_growth_pct": 1.2, "longest_list_ratio": 1.16 } // for readers; null when unknown
 *
 * <drift> = { "intervals": 6, "first_ops": 128085.0, "last_ops": 68514.0, "last_vs_first_pct": -46.5,
 *             "slope_pct_per_min": -93.0, "trend_pct": -45.1, "noise_pct": 2.1,   // null when unknown
 *             "beyond_noise": true }   // for readers: recomputed from the intervals when read
 * }</pre>
 * {@code throughput} is successful ops (rows, for a load) per second. The percentiles, ISO times,
 * throughput and {@code links_per_id1} are for readers; {@link #read} rebuilds the records from the
 * other fields, so a round trip is exact (histograms decode equal to the ones written). {@link #read} checks
 * every field's type and range and names the first wrong one.
 *
 * <p>An op's {@code outcomes} are what its successful calls found ({@link io.linkbench.measure.OpOutcomes}):
 * calls recorded, hits (an existing row was found), rows returned and id2s asked for; all 0 for load
 * steps. {@code loop}, {@code cost}, {@code intervals}, {@code continuations}, {@code continuation_rows}, {@code graph},
 * {@code outcomes}, {@code run_id}, {@code status}, {@code ended_by}, {@code end_reason}, {@code growth} (and its
 * {@code loaded_*}, {@code links_growth_pct} and {@code longest_list_ratio}), {@code drift} and the
 * cost's {@code parts} and dirty-page figures were added without a new {@code schema_version}, whose policy is to
 * change only when
 * a field changes meaning: a file without them reads as "not recorded" (no outcomes, no graph, 0
 * continuations).
 */
public final class ResultFiles {
    /** Name of the machine-readable result in a run directory. */
    public static final String RESULT_JSON = "result.json";
    /** The largest result.json read: a day's run with 10-s intervals writes about 15 MiB. */
    public static final long RESULT_JSON_MAX = 256 * BoundedFile.MIB;
    /** Name of the console summary in a run directory. */
    public static final String SUMMARY_TXT = "summary.txt";
    /** Name of the server's configuration in a run directory ({@link #writeServerConfig}). */
    public static final String SERVER_CONFIG_TXT = "server-config.txt";

    private static final DateTimeFormatter STAMP =
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);
    private static final int MAX_SUFFIX = 10_000;

    private final ResultJsonWriter writer = new ResultJsonWriter();
    private final ResultJsonReader reader = new ResultJsonReader();

    /**
     * Creates and returns a new directory for a run under {@code resultsBase} (created if needed).
     * Characters of {@code store} other than letters, digits, '.', '_' and '-' become '_'.
     */
    public Path createRunDirectory(Path resultsBase, String store, Instant start) throws IOException {
        Files.createDirectories(resultsBase);
        String safeStore = store.replaceAll("[^A-Za-z0-9._-]", "_");
        String name = STAMP.format(start) + "-" + (safeStore.isEmpty() ? "store" : safeStore);
        for (int n = 1; n <= MAX_SUFFIX; n++) {
            Path dir = resultsBase.resolve(n == 1 ? name : name + "-" + n);
            try {
                return Files.createDirectory(dir);
            } catch (FileAlreadyExistsException taken) {
                // another run (or a file) has this name: try the next suffix
            }
        }
        throw new IOException("no free run directory name for " + resultsBase.resolve(name));
    }

    /** Writes {@code result.json} and {@code summary.txt} into {@code dir}, replacing earlier ones. */
    public void write(Path dir, RunResult run, String summaryText) throws IOException {
        writeResult(dir, run);
        writeSummary(dir, summaryText);
    }

    /** Writes {@code result.json} into {@code dir}, replacing an earlier one. */
    public void writeResult(Path dir, RunResult run) throws IOException {
        AtomicFile.write(dir.resolve(RESULT_JSON), writer.write(run));
    }

    /** Writes {@code summary.txt} into {@code dir}, replacing an earlier one. */
    public void writeSummary(Path dir, String summaryText) throws IOException {
        AtomicFile.write(dir.resolve(SUMMARY_TXT), summaryText.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Writes the server's configuration into {@code dir} as {@value #SERVER_CONFIG_TXT}: one line
     * {@code name = value} per setting, sorted by name; line breaks in a value become {@code \\n};
     * the value of a name that looks like a credential, and whatever looks like a secret inside a value
     * (a URL password, {@code password=...}), is replaced by {@code ***}.
     */
    public void writeServerConfig(Path dir, Map<String, String> settings) throws IOException {
        AtomicFile.write(dir.resolve(SERVER_CONFIG_TXT), serverConfigText(settings).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A setting about credentials rather than one ({@code default_password_lifetime}, {@code password_encryption},
     * {@code max_password_errors}): its value is kept.
     */
    private static final java.util.regex.Pattern ABOUT_CREDENTIALS = java.util.regex.Pattern.compile(
            "lifetime|errors|expired|old_passwords|validation|history|reuse|length|encryption|policy|require|check"
                    + "|hash|timeout|plugin|_file|_path|_dir", java.util.regex.Pattern.CASE_INSENSITIVE);

    /** The text of {@link #writeServerConfig}. */
    static String serverConfigText(Map<String, String> settings) {
        StringBuilder text = new StringBuilder();
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String name = e.getKey().replaceAll("[\\r\\n]", " ");
            String value = e.getValue() == null ? "" : e.getValue().replace("\\", "\\\\").replace("\r", "")
                    .replace("\n", "\\n");
            value = MessageText.looksSecret(name) && !ABOUT_CREDENTIALS.matcher(name).find() && !value.isEmpty()
                    ? MessageText.HIDDEN : MessageText.redact(value);
            text.append(name).append(" = ").append(value).append('\n');
        }
        return text.toString();
    }

    /**
     * Reads {@code result.json} from a run directory: a regular file of at most {@link #RESULT_JSON_MAX} bytes
     * ({@link BoundedFile}).
     *
     * @throws IOException             (naming the file and the field) when its content is not a result
     * @throws io.linkbench.config.ConfigException (one line) when the file is missing, not a regular file or too large
     */
    public RunResult read(Path dir) throws IOException {
        Path file = dir.resolve(RESULT_JSON);
        byte[] json = BoundedFile.bytes(file, file.toString(), RESULT_JSON_MAX, "a result.json written by linkbench");
        try {
            return reader.read(json);
        } catch (IOException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }
}
