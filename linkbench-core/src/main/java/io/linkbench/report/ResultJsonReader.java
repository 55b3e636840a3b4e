package io.linkbench.report;

import static io.linkbench.report.JsonFields.array;
import static io.linkbench.report.JsonFields.bool;
import static io.linkbench.report.JsonFields.decimal;
import static io.linkbench.report.JsonFields.figure;
import static io.linkbench.report.JsonFields.integer;
import static io.linkbench.report.JsonFields.integerValue;
import static io.linkbench.report.JsonFields.integers;
import static io.linkbench.report.JsonFields.object;
import static io.linkbench.report.JsonFields.optionalInteger;
import static io.linkbench.report.JsonFields.optionalObject;
import static io.linkbench.report.JsonFields.optionalString;
import static io.linkbench.report.JsonFields.required;
import static io.linkbench.report.JsonFields.string;
import static io.linkbench.report.JsonFields.strings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.measure.GraphGrowth;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunMeta;
import io.linkbench.measure.RunResult;
import io.linkbench.measure.SizeCounts;
import io.linkbench.store.StoreInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Reads {@code result.json} back into the measurement records, checking every field it reads against
 * the layout {@link ResultFiles} documents: its type, and its range where one is implied (counts,
 * times and seconds are not negative). A field of the wrong type is an error naming its path, never a
 * silent 0. Only the primary fields become records: the percentiles, ISO times, throughput and links per
 * id1 are derived from them, so nothing is lost to rounding (throughput is still checked, since
 * readers of the file use it). The fields added to schema version 1 later ({@code run_id},
 * {@code loop}, {@code cost}, {@code intervals}, {@code continuations}, {@code continuation_rows}, {@code graph}, {@code growth},
 * {@code status}, {@code ended_by}, {@code end_reason}, an op's {@code outcomes}, a curve step's
 * {@code target}, a phase's {@code logical_bytes}, a cost's {@code nodes}, and the reproduction facts {@code tag}, {@code notes}, {@code command_line},
 * {@code host_facts}, {@code jvm}, {@code build}, {@code server_config_file}) may be missing: an older file reads as "not recorded".
 */
final class ResultJsonReader {
    /** The largest transaction size read back (TAOBench's largest is 500): a guard against a damaged file. */
    private static final int MAX_SIZE = 1_000_000;

    private final ObjectMapper mapper = new ObjectMapper();

    RunResult read(byte[] json) throws IOException {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IOException("not valid JSON: " + e.getOriginalMessage());
        }
        try {
            return run(root);
        } catch (IllegalArgumentException e) { // a histogram that does not decode
            throw new IOException("invalid content: " + e.getMessage(), e);
        }
    }

    private static RunResult run(JsonNode root) throws IOException {
        if (root == null || !root.isObject()) {
            throw new IOException("not a JSON object");
        }
        long schema = integer(root, "schema_version", "", 1);
        if (schema > RunResult.SCHEMA_VERSION) {
            throw new IOException("schema_version " + schema + " is not supported (this linkbench reads 1.."
                    + RunResult.SCHEMA_VERSION + ")");
        }
        List<PhaseResult> phases = new ArrayList<>();
        int i = 0;
        for (JsonNode p : array(root, "phases", "", false)) {
            phases.add(phase(p, "phases[" + i++ + "]."));
        }
        return new RunResult(string(root, "linkbench_version", "", false), integer(root, "started_epoch_ms", "", 0),
                string(root, "host", "", false), strings(root, "config", ""), store(required(root, "store", ""), "store."),
                phases, optionalString(root, "run_id", "", ""), meta(root));
    }

    /** The reproduction facts; each part missing in older files reads as not recorded. */
    private static RunMeta meta(JsonNode root) throws IOException {
        JsonNode h = optionalObject(root, "host_facts", "");
        RunMeta.HostFacts host = h == null ? null : new RunMeta.HostFacts(string(h, "cpu_model", "host_facts.", false),
                (int) integer(h, "cores", "host_facts.", 0), integer(h, "memory_bytes", "host_facts.", -1),
                string(h, "kernel", "host_facts.", false), string(h, "data_device_model", "host_facts.", false),
                string(h, "filesystem", "host_facts.", false));
        JsonNode j = optionalObject(root, "jvm", "");
        RunMeta.JvmFacts jvm = j == null ? null : new RunMeta.JvmFacts(string(j, "version", "jvm.", false),
                string(j, "vendor", "jvm.", false), texts(j, "flags", "jvm."), integer(j, "max_heap_bytes", "jvm.", -1));
        JsonNode b = optionalObject(root, "build", "");
        RunMeta.BuildFacts build = b == null ? null
                : new RunMeta.BuildFacts(string(b, "version", "build.", false), string(b, "commit", "build.", false));
        String configFile = root.hasNonNull("server_config_file") ? string(root, "server_config_file", "", false) : "";
        return new RunMeta(optionalString(root, "tag", "", ""), optionalString(root, "notes", "", ""),
                texts(root, "command_line", ""), host, jvm, build, configFile);
    }

    /** An array of strings that may be missing (empty then). */
    private static List<String> texts(JsonNode parent, String name, String at) throws IOException {
        List<String> out = new ArrayList<>();
        for (JsonNode t : array(parent, name, at, true)) {
            if (!t.isTextual()) {
                throw new IOException(at + name + ": expected strings, found " + t);
            }
            out.add(t.asText());
        }
        return out;
    }

    private static StoreInfo store(JsonNode s, String at) throws IOException {
        if (s.isNull()) {
            return null;
        }
        if (!s.isObject()) {
            throw new IOException("store: expected an object or null, found " + s);
        }
        return new StoreInfo(string(s, "store", at, true), string(s, "version", at, true), string(s, "engine", at, true),
                strings(s, "facts", at), s.has("transactional") && bool(s, "transactional", at));
    }

    private static PhaseResult phase(JsonNode p, String at) throws IOException {
        if (!p.isObject()) {
            throw new IOException(at + ": expected an object, found " + p);
        }
        List<OpStats> ops = new ArrayList<>();
        int i = 0;
        for (JsonNode o : array(p, "ops", at, false)) {
            ops.add(op(o, at + "ops[" + i++ + "]."));
        }
        List<String> warnings = new ArrayList<>();
        for (JsonNode w : array(p, "warnings", at, false)) {
            if (!w.isTextual()) {
                throw new IOException(at + "warnings: expected strings, found " + w);
            }
            warnings.add(w.asText());
        }
        Map<String, Double> steps = new LinkedHashMap<>();
        JsonNode stepTimes = object(p, "steps", at);
        for (Map.Entry<String, JsonNode> e : stepTimes.properties()) {
            steps.put(e.getKey(), decimal(stepTimes, e.getKey(), at + "steps.", 0));
        }
        String label = string(p, "phase", at, false);
        Phase phase;
        try {
            phase = Phase.of(label);
        } catch (IllegalArgumentException e) {
            throw new IOException(at + "phase: expected \"load\" or \"request\", found \"" + label + "\"");
        }
        decimal(p, "throughput", at, 0);
        long start = integer(p, "start_epoch_ms", at, 0);
        long end = integer(p, "end_epoch_ms", at, start);
        PhaseResult.Latency latency = new PhaseResult.Latency(bool(p, "open_loop", at), decimal(p, "target_rate", at, 0),
                ops, histogram(required(p, "schedule_lag", at), at + "schedule_lag."));
        PhaseResult.StoreReadings store = new PhaseResult.StoreReadings(
                integers(p, "store_counters", at, Long.MIN_VALUE), integer(p, "size_bytes", at, -1),
                optionalInteger(p, "logical_bytes", at, -1, -1));
        PhaseResult.GraphFacts graph = new PhaseResult.GraphFacts(graph(optionalObject(p, "graph", at), at + "graph."),
                growth(optionalObject(p, "growth", at), at + "growth."), optionalInteger(p, "continuations", at, 0, 0),
                optionalInteger(p, "continuation_rows", at, 0, 0), keysByShard(p, at),
                transactionSizes(p, at));
        return new PhaseResult(phase, (int) optionalInteger(p, "loop", at, 0, 0),
                new PhaseResult.Window(start, end, decimal(p, "seconds", at, 0)), latency, end(p, at), warnings, store,
                steps, cost(optionalObject(p, "cost", at), at + "cost."), intervals(p, at), graph,
                target(optionalObject(p, "target", at), at + "target."));
    }

    /** TAOBench's keys drawn per virtual shard; empty for LinkBench phases and older files. */
    private static List<Long> keysByShard(JsonNode p, String at) throws IOException {
        JsonNode k = p.get("keys_by_shard");
        if (k == null) {
            return List.of();
        }
        if (!k.isArray()) {
            throw new IOException(at + "keys_by_shard: not an array");
        }
        List<Long> keys = new ArrayList<>();
        for (JsonNode n : k) {
            if (!n.canConvertToLong() || n.asLong() < 0) {
                throw new IOException(at + "keys_by_shard: " + n + " is not a count");
            }
            keys.add(n.asLong());
        }
        return keys;
    }

    /**
     * TAOBench's transactions per size, by type: {@code {"READ_TRANSACTION": {"<size>": <count>, ...}}};
     * empty for LinkBench phases and older files. A size is a whole number up to {@link #MAX_SIZE}.
     */
    private static Map<String, SizeCounts> transactionSizes(JsonNode p, String at) throws IOException {
        JsonNode t = p.get("transaction_sizes");
        if (t == null) {
            return Map.of();
        }
        if (!t.isObject()) {
            throw new IOException(at + "transaction_sizes: not an object");
        }
        Map<String, SizeCounts> sizes = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> type : t.properties()) {
            String path = at + "transaction_sizes." + type.getKey();
            if (!type.getValue().isObject()) {
                throw new IOException(path + ": not an object");
            }
            List<Long> bySize = new ArrayList<>();
            for (Map.Entry<String, JsonNode> e : type.getValue().properties()) {
                int size = size(e.getKey(), path);
                while (bySize.size() <= size) {
                    bySize.add(0L);
                }
                bySize.set(size, integerValue(e.getValue(), path + "." + e.getKey(), 0));
            }
            sizes.put(type.getKey(), new SizeCounts(bySize));
        }
        return sizes;
    }

    /** A size as a key of transaction_sizes: digits only, at most {@link #MAX_SIZE}. */
    private static int size(String key, String path) throws IOException {
        if (key.isEmpty() || key.length() > 9 || !key.chars().allMatch(c -> c >= '0' && c <= '9')
                || Integer.parseInt(key) > MAX_SIZE) {
            throw new IOException(path + ": \"" + key + "\" is not a size (0.." + MAX_SIZE + ")");
        }
        return Integer.parseInt(key);
    }

    /** The step of a curve a request phase ran; null in other phases and older files. */
    private static PhaseResult.StepTarget target(JsonNode t, String at) throws IOException {
        if (t == null) {
            return null;
        }
        String knob = string(t, "knob", at, false);
        if (!knob.equals("requestrate") && !knob.equals("requesters")) {
            throw new IOException(at + "knob: expected \"requestrate\" or \"requesters\", found \"" + knob + "\"");
        }
        return new PhaseResult.StepTarget(knob, decimal(t, "value", at, 0), optionalString(t, "slo", at, null));
    }

    /** The phase's end; from {@code interrupted} alone in files written before the status was recorded. */
    private static PhaseEnd end(JsonNode p, String at) throws IOException {
        boolean interrupted = bool(p, "interrupted", at);
        if (!p.has("status")) {
            return PhaseEnd.legacy(interrupted);
        }
        String label = string(p, "status", at, false);
        PhaseEnd.Status status;
        try {
            status = PhaseEnd.Status.of(label);
        } catch (IllegalArgumentException e) {
            throw new IOException(at + "status: expected completed, interrupted or failed, found \"" + label + "\"");
        }
        return new PhaseEnd(status, string(p, "ended_by", at, false), string(p, "end_reason", at, false));
    }

    private static GraphGrowth growth(JsonNode g, String at) throws IOException {
        if (g == null) {
            return null;
        }
        return new GraphGrowth(integer(g, "links_inserted", at, 0), integer(g, "links_deleted", at, 0),
                integer(g, "nodes_added", at, 0), integer(g, "nodes_deleted", at, 0),
                integer(g, "largest_list_seen", at, 0), optionalInteger(g, "loaded_links", at, -1, -1),
                optionalInteger(g, "loaded_longest_list", at, -1, -1));
    }

    private static GraphStats graph(JsonNode g, String at) throws IOException {
        if (g == null) {
            return null;
        }
        JsonNode byLinks = object(g, "id1s_by_links", at);
        long[] buckets = new long[GraphStats.BUCKETS];
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = integer(byLinks, GraphStats.BUCKET_LABELS.get(i), at + "id1s_by_links.", 0);
        }
        return new GraphStats(integer(g, "id1s", at, 0), integer(g, "link_rows", at, 0), integer(g, "count_rows", at, 0),
                buckets, integer(g, "max_links", at, 0), figure(required(g, "expected_link_rows", at),
                at + "expected_link_rows"));
    }

    /** An op's outcome counters; NONE when the file has none (load steps of old files, older files). */
    private static OpOutcomes outcomes(JsonNode o, String at) throws IOException {
        if (o == null) {
            return OpOutcomes.NONE;
        }
        return new OpOutcomes(integer(o, "calls", at, 0), integer(o, "hits", at, 0), integer(o, "rows", at, 0),
                integer(o, "asked", at, 0));
    }

    private static PhaseCost cost(JsonNode c, String at) throws IOException {
        if (c == null) {
            return PhaseCost.NONE;
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : object(c, "figures", at).properties()) {
            figures.put(e.getKey(), figure(e.getValue(), at + "figures." + e.getKey()));
        }
        List<String> unavailable = new ArrayList<>();
        for (JsonNode u : array(c, "unavailable", at, true)) {
            unavailable.add(u.asText());
        }
        return new PhaseCost(figures, unavailable, named(c, "parts", at), named(c, "nodes", at));
    }

    /** The costs of array {@code field} ({@code [ {"name": ..., "cost": <cost>} ... ]}) by name, in order. */
    private static Map<String, PhaseCost> named(JsonNode c, String field, String at) throws IOException {
        Map<String, PhaseCost> out = new LinkedHashMap<>();
        int i = 0;
        for (JsonNode e : array(c, field, at, true)) {
            String p = at + field + "[" + i++ + "].";
            out.put(string(e, "name", p, false), cost(object(e, "cost", p), p + "cost."));
        }
        return out;
    }

    private static List<IntervalPoint> intervals(JsonNode phase, String at) throws IOException {
        List<IntervalPoint> out = new ArrayList<>();
        int n = 0;
        for (JsonNode i : array(phase, "intervals", at, true)) {
            String ia = at + "intervals[" + n++ + "].";
            List<IntervalPoint.OpInterval> ops = new ArrayList<>();
            int k = 0;
            for (JsonNode o : array(i, "ops", ia, true)) {
                String oa = ia + "ops[" + k++ + "].";
                ops.add(new IntervalPoint.OpInterval(string(o, "name", oa, false), integer(o, "count", oa, 0),
                        integer(o, "rows", oa, 0), figure(o.get("p50_ms"), oa + "p50_ms"),
                        figure(o.get("p99_ms"), oa + "p99_ms"), figure(o.get("max_ms"), oa + "max_ms")));
            }
            Map<String, Double> rates = new LinkedHashMap<>();
            JsonNode r = optionalObject(i, "rates", ia);
            if (r != null) {
                for (Map.Entry<String, JsonNode> e : r.properties()) {
                    rates.put(e.getKey(), figure(e.getValue(), ia + "rates." + e.getKey()));
                }
            }
            out.add(new IntervalPoint(figure(i.get("offset_s"), ia + "offset_s"), figure(i.get("seconds"), ia + "seconds"),
                    i.has("warmup") && bool(i, "warmup", ia), ops, optionalInteger(i, "errors", ia, 0, 0), rates));
        }
        return out;
    }

    private static OpStats op(JsonNode o, String at) throws IOException {
        return new OpStats(string(o, "name", at, false), histogram(required(o, "service", at), at + "service."),
                histogram(required(o, "response", at), at + "response."), integer(o, "errors", at, 0),
                integers(o, "errors_by_kind", at, 0), integer(o, "retries", at, 0), integer(o, "rows", at, 0),
                outcomes(optionalObject(o, "outcomes", at), at + "outcomes."));
    }

    private static Histogram histogram(JsonNode latency, String at) throws IOException {
        if (latency.isNull()) {
            return null;
        }
        if (!latency.isObject()) {
            throw new IOException(at.substring(0, at.length() - 1) + ": expected an object or null, found " + latency);
        }
        String encoded = string(latency, "histogram", at, false);
        try {
            return HistogramCodec.decode(encoded);
        } catch (IOException e) {
            throw new IOException(at + "histogram: " + e.getMessage(), e);
        }
    }
}
