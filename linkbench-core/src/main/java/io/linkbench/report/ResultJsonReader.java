package io.linkbench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.store.StoreInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Reads {@code result.json} back into the measurement records. Only the primary fields are read:
 * the percentiles, ISO times, throughput and links per id1 are derived from them and ignored, so
 * nothing is lost to rounding. A missing field is reported with its path, except the fields added to
 * schema version 1 later ({@code loop}, {@code cost}, {@code intervals}, {@code continuations},
 * {@code graph}, an op's {@code outcomes}): an older file without them reads as "not recorded".
 */
final class ResultJsonReader {
    private final ObjectMapper mapper = new ObjectMapper();

    RunResult read(byte[] json) throws IOException {
        try {
            return run(mapper.readTree(json));
        } catch (NullPointerException | IllegalArgumentException e) {
            throw new IOException("result.json: invalid content: " + e.getMessage(), e);
        }
    }

    private static RunResult run(JsonNode root) throws IOException {
        if (root == null || !root.isObject()) {
            throw new IOException("result.json: not a JSON object");
        }
        int schema = field(root, "schema_version", "").asInt();
        if (schema < 1 || schema > RunResult.SCHEMA_VERSION) {
            throw new IOException("result.json: schema_version " + schema + " is not supported (this linkbench reads 1.."
                    + RunResult.SCHEMA_VERSION + ")");
        }
        List<PhaseResult> phases = new ArrayList<>();
        JsonNode ps = field(root, "phases", "");
        for (int i = 0; i < ps.size(); i++) {
            phases.add(phase(ps.get(i), "phases[" + i + "]."));
        }
        return new RunResult(text(root, "linkbench_version", ""), field(root, "started_epoch_ms", "").asLong(),
                text(root, "host", ""), stringMap(field(root, "config", "")), store(field(root, "store", "")),
                phases);
    }

    private static StoreInfo store(JsonNode s) throws IOException {
        if (s.isNull()) {
            return null;
        }
        return new StoreInfo(text(s, "store", "store."), text(s, "version", "store."), text(s, "engine", "store."),
                stringMap(field(s, "facts", "store.")));
    }

    private static PhaseResult phase(JsonNode p, String at) throws IOException {
        List<OpStats> ops = new ArrayList<>();
        JsonNode os = field(p, "ops", at);
        for (int i = 0; i < os.size(); i++) {
            ops.add(op(os.get(i), at + "ops[" + i + "]."));
        }
        List<String> warnings = new ArrayList<>();
        for (JsonNode w : field(p, "warnings", at)) {
            warnings.add(w.asText());
        }
        Map<String, Double> steps = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> e : field(p, "steps", at).properties()) {
            steps.put(e.getKey(), number(e.getValue()));
        }
        return new PhaseResult(text(p, "phase", at), field(p, "start_epoch_ms", at).asLong(),
                field(p, "end_epoch_ms", at).asLong(), number(field(p, "seconds", at)),
                field(p, "open_loop", at).asBoolean(), number(field(p, "target_rate", at)), ops,
                histogram(field(p, "schedule_lag", at), at + "schedule_lag."), longMap(field(p, "store_counters", at)),
                field(p, "size_bytes", at).asLong(), steps, field(p, "interrupted", at).asBoolean(), warnings,
                p.path("loop").asInt(0), cost(p.path("cost")), intervals(p.path("intervals")),
                p.path("continuations").asLong(0), graph(p.path("graph"), at + "graph."));
    }

    private static GraphStats graph(JsonNode g, String at) throws IOException {
        if (g.isMissingNode() || g.isNull()) {
            return null;
        }
        JsonNode byLinks = field(g, "id1s_by_links", at);
        long[] buckets = new long[GraphStats.BUCKETS];
        for (int i = 0; i < buckets.length; i++) {
            buckets[i] = field(byLinks, GraphStats.BUCKET_LABELS.get(i), at + "id1s_by_links.").asLong();
        }
        return new GraphStats(field(g, "id1s", at).asLong(), field(g, "link_rows", at).asLong(),
                field(g, "count_rows", at).asLong(), buckets, field(g, "max_links", at).asLong(),
                number(field(g, "expected_link_rows", at)));
    }

    /** An op's outcome counters; NONE when the file has none (load steps of old files, older files). */
    private static OpOutcomes outcomes(JsonNode o, String at) throws IOException {
        if (o.isMissingNode() || o.isNull()) {
            return OpOutcomes.NONE;
        }
        return new OpOutcomes(field(o, "calls", at).asLong(), field(o, "hits", at).asLong(),
                field(o, "rows", at).asLong(), field(o, "asked", at).asLong());
    }

    private static PhaseCost cost(JsonNode c) {
        if (c.isMissingNode() || c.isNull()) {
            return PhaseCost.NONE;
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        c.path("figures").properties().forEach(e -> figures.put(e.getKey(), number(e.getValue())));
        List<String> unavailable = new ArrayList<>();
        c.path("unavailable").forEach(u -> unavailable.add(u.asText()));
        Map<String, PhaseCost> parts = new LinkedHashMap<>();
        c.path("parts").forEach(part -> parts.put(part.path("name").asText(), cost(part.path("cost"))));
        return new PhaseCost(figures, unavailable, parts);
    }

    private static List<IntervalPoint> intervals(JsonNode list) {
        List<IntervalPoint> out = new ArrayList<>();
        for (JsonNode i : list) {
            List<IntervalPoint.OpInterval> ops = new ArrayList<>();
            for (JsonNode o : i.path("ops")) {
                ops.add(new IntervalPoint.OpInterval(o.path("name").asText(), o.path("count").asLong(),
                        o.path("rows").asLong(), number(o.path("p50_ms")), number(o.path("p99_ms")),
                        number(o.path("max_ms"))));
            }
            Map<String, Double> rates = new LinkedHashMap<>();
            i.path("rates").properties().forEach(e -> rates.put(e.getKey(), number(e.getValue())));
            out.add(new IntervalPoint(number(i.path("offset_s")), number(i.path("seconds")), i.path("warmup").asBoolean(),
                    ops, i.path("errors").asLong(), rates));
        }
        return out;
    }

    private static OpStats op(JsonNode o, String at) throws IOException {
        return new OpStats(text(o, "name", at), histogram(field(o, "service", at), at + "service."),
                histogram(field(o, "response", at), at + "response."), field(o, "errors", at).asLong(),
                longMap(field(o, "errors_by_kind", at)), field(o, "retries", at).asLong(), field(o, "rows", at).asLong(),
                outcomes(o.path("outcomes"), at + "outcomes."));
    }

    private static Histogram histogram(JsonNode latency, String at) throws IOException {
        return latency.isNull() ? null : HistogramCodec.decode(text(latency, "histogram", at));
    }

    private static JsonNode field(JsonNode parent, String name, String at) throws IOException {
        JsonNode v = parent.get(name);
        if (v == null) {
            throw new IOException("result.json: missing field " + at + name);
        }
        return v;
    }

    /** A string field; JSON null stays null. */
    private static String text(JsonNode parent, String name, String at) throws IOException {
        JsonNode v = field(parent, name, at);
        return v.isNull() ? null : v.asText();
    }

    /** A double as written: a number, null for NaN (unavailable), or "NaN"/"Infinity" as a string. */
    private static double number(JsonNode v) {
        if (v.isNull() || v.isMissingNode()) {
            return Double.NaN;
        }
        return v.isTextual() ? Double.parseDouble(v.asText()) : v.asDouble();
    }

    private static Map<String, String> stringMap(JsonNode obj) {
        Map<String, String> m = new LinkedHashMap<>();
        obj.properties().forEach(e -> m.put(e.getKey(), e.getValue().asText()));
        return m;
    }

    private static Map<String, Long> longMap(JsonNode obj) {
        Map<String, Long> m = new LinkedHashMap<>();
        obj.properties().forEach(e -> m.put(e.getKey(), e.getValue().asLong()));
        return m;
    }
}
