package io.linkbench.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import io.linkbench.measure.GraphGrowth;
import io.linkbench.measure.ThroughputDrift;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunMeta;
import io.linkbench.measure.RunResult;
import io.linkbench.measure.SizeCounts;
import io.linkbench.store.StoreInfo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Writes a {@link RunResult} as the pretty-printed {@code result.json} described in
 * {@link ResultFiles}. Maps are written with sorted keys so that two runs diff cleanly.
 */
final class ResultJsonWriter {
    private final JsonFactory factory = new JsonFactory();

    byte[] write(RunResult run) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JsonGenerator g = factory.createGenerator(bytes)) {
            g.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
            DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
            g.setPrettyPrinter(new DefaultPrettyPrinter(Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER))
                    .withObjectIndenter(indenter).withArrayIndenter(indenter));
            g.writeStartObject();
            g.writeNumberField("schema_version", RunResult.SCHEMA_VERSION);
            g.writeStringField("run_id", run.runId());
            g.writeStringField("linkbench_version", run.linkbenchVersion());
            g.writeStringField("started", iso(run.startedEpochMs()));
            g.writeNumberField("started_epoch_ms", run.startedEpochMs());
            g.writeStringField("host", run.host());
            meta(g, run.meta());
            g.writeFieldName("config");
            stringMap(g, run.config());
            g.writeFieldName("store");
            store(g, run.store());
            g.writeArrayFieldStart("phases");
            for (PhaseResult p : run.phases()) {
                phase(g, p);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        bytes.write('\n');
        return bytes.toByteArray();
    }

    /** The reproduction facts, at the top level next to {@code host}. */
    private static void meta(JsonGenerator g, RunMeta m) throws IOException {
        g.writeStringField("tag", m.tag());
        g.writeStringField("notes", m.notes());
        g.writeArrayFieldStart("command_line");
        for (String a : m.commandLine()) {
            g.writeString(a);
        }
        g.writeEndArray();
        g.writeFieldName("host_facts");
        if (m.host() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            g.writeStringField("cpu_model", m.host().cpuModel());
            g.writeNumberField("cores", m.host().cores());
            g.writeNumberField("memory_bytes", m.host().memoryBytes());
            g.writeStringField("kernel", m.host().kernel());
            g.writeStringField("data_device_model", m.host().dataDeviceModel());
            g.writeStringField("filesystem", m.host().filesystem());
            g.writeEndObject();
        }
        g.writeFieldName("jvm");
        if (m.jvm() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            g.writeStringField("version", m.jvm().version());
            g.writeStringField("vendor", m.jvm().vendor());
            g.writeArrayFieldStart("flags");
            for (String f : m.jvm().flags()) {
                g.writeString(f);
            }
            g.writeEndArray();
            g.writeNumberField("max_heap_bytes", m.jvm().maxHeapBytes());
            g.writeEndObject();
        }
        g.writeFieldName("build");
        if (m.build() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            g.writeStringField("version", m.build().version());
            g.writeStringField("commit", m.build().commit());
            g.writeEndObject();
        }
        if (m.serverConfigFile().isEmpty()) {
            g.writeNullField("server_config_file");
        } else {
            g.writeStringField("server_config_file", m.serverConfigFile());
        }
    }

    private static void store(JsonGenerator g, StoreInfo s) throws IOException {
        if (s == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeStringField("store", s.store());
        g.writeStringField("version", s.version());
        g.writeStringField("engine", s.engine());
        g.writeBooleanField("transactional", s.transactional());
        g.writeFieldName("facts");
        stringMap(g, s.facts());
        g.writeEndObject();
    }

    private static void phase(JsonGenerator g, PhaseResult p) throws IOException {
        g.writeStartObject();
        g.writeStringField("phase", p.phase().label());
        g.writeNumberField("start_epoch_ms", p.window().startEpochMs());
        g.writeStringField("start", iso(p.window().startEpochMs()));
        g.writeNumberField("end_epoch_ms", p.window().endEpochMs());
        g.writeStringField("end", iso(p.window().endEpochMs()));
        g.writeNumberField("seconds", p.seconds());
        g.writeBooleanField("open_loop", p.openLoop());
        g.writeNumberField("target_rate", p.latency().targetRate());
        g.writeFieldName("throughput");
        g.writeNumber(rounded(p.throughput()));
        g.writeBooleanField("interrupted", p.interrupted());
        g.writeStringField("status", p.end().status().label());
        g.writeStringField("ended_by", p.end().endedBy());
        g.writeStringField("end_reason", p.end().reason());
        g.writeArrayFieldStart("warnings");
        for (String w : p.warnings()) {
            g.writeString(w);
        }
        g.writeEndArray();
        g.writeObjectFieldStart("steps");
        for (Map.Entry<String, Double> e : p.steps().entrySet()) { // in the order they ran
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeNumberField("size_bytes", p.sizeBytes());
        g.writeNumberField("logical_bytes", p.logicalBytes());
        g.writeFieldName("space_amplification");
        number(g, p.store().spaceAmplification());
        g.writeFieldName("store_counters");
        longMap(g, p.storeCounters());
        g.writeNumberField("continuations", p.graph().continuations());
        g.writeNumberField("continuation_rows", p.graph().continuationRows());
        if (!p.graph().keysByShard().isEmpty()) { // TAOBench: keys drawn per virtual shard, and the hot one's share
            g.writeArrayFieldStart("keys_by_shard");
            for (long k : p.graph().keysByShard()) {
                g.writeNumber(k);
            }
            g.writeEndArray();
            g.writeFieldName("hot_shard_share");
            number(g, p.graph().hotShardShare());
        }
        if (!p.graph().transactionSizes().isEmpty()) { // TAOBench: transactions executed per size, sizes seen only
            g.writeObjectFieldStart("transaction_sizes");
            for (Map.Entry<String, SizeCounts> e : p.graph().transactionSizes().entrySet()) {
                g.writeObjectFieldStart(e.getKey());
                List<Long> bySize = e.getValue().bySize();
                for (int size = 0; size < bySize.size(); size++) {
                    if (bySize.get(size) > 0) {
                        g.writeNumberField(Integer.toString(size), bySize.get(size));
                    }
                }
                g.writeEndObject();
            }
            g.writeEndObject();
        }
        g.writeFieldName("graph");
        graph(g, p.graph().loaded());
        g.writeFieldName("growth");
        growth(g, p.graph().growth());
        g.writeFieldName("drift");
        drift(g, p.isLoad() ? null : ThroughputDrift.of(p.intervals()));
        g.writeArrayFieldStart("ops");
        for (OpStats s : p.ops()) {
            op(g, s);
        }
        g.writeEndArray();
        g.writeFieldName("schedule_lag");
        latency(g, p.scheduleLag());
        g.writeNumberField("loop", p.loop());
        if (p.target() != null) {
            g.writeObjectFieldStart("target");
            g.writeStringField("knob", p.target().knob());
            g.writeNumberField("value", p.target().value());
            if (p.target().slo() != null) {
                g.writeStringField("slo", p.target().slo());
            }
            g.writeEndObject();
        }
        g.writeFieldName("cost");
        cost(g, p.cost());
        g.writeArrayFieldStart("intervals");
        for (IntervalPoint i : p.intervals()) {
            interval(g, i);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    private static void interval(JsonGenerator g, IntervalPoint i) throws IOException {
        g.writeStartObject();
        g.writeFieldName("offset_s");
        number(g, i.offsetSeconds());
        g.writeFieldName("seconds");
        number(g, i.seconds());
        g.writeBooleanField("warmup", i.warmup());
        g.writeNumberField("errors", i.errors());
        g.writeObjectFieldStart("rates");
        for (Map.Entry<String, Double> e : i.rates().entrySet()) {
            g.writeFieldName(e.getKey());
            number(g, e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("ops");
        for (IntervalPoint.OpInterval o : i.ops()) {
            g.writeStartObject();
            g.writeStringField("name", o.name());
            g.writeNumberField("count", o.count());
            g.writeNumberField("rows", o.rows());
            g.writeFieldName("p50_ms");
            number(g, o.p50Ms());
            g.writeFieldName("p99_ms");
            number(g, o.p99Ms());
            g.writeFieldName("max_ms");
            number(g, o.maxMs());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * A cost: figures, unavailable, its parts (a load's insert window and steps) and a cluster's server nodes,
     * each as the same objects.
     */
    private static void cost(JsonGenerator g, PhaseCost cost) throws IOException {
        g.writeStartObject();
        g.writeObjectFieldStart("figures");
        for (Map.Entry<String, Double> e : cost.figures().entrySet()) { // display order
            g.writeFieldName(e.getKey());
            number(g, e.getValue());
        }
        g.writeEndObject();
        g.writeArrayFieldStart("unavailable");
        for (String u : cost.unavailable()) {
            g.writeString(u);
        }
        g.writeEndArray();
        named(g, "parts", cost.parts());
        named(g, "nodes", cost.nodes());
        g.writeEndObject();
    }

    /** {@code field: [ {"name": ..., "cost": <cost>} ... ]} in order; nothing when {@code costs} is empty. */
    private static void named(JsonGenerator g, String field, Map<String, PhaseCost> costs) throws IOException {
        if (costs.isEmpty()) {
            return;
        }
        g.writeArrayFieldStart(field);
        for (Map.Entry<String, PhaseCost> e : costs.entrySet()) {
            g.writeStartObject();
            g.writeStringField("name", e.getKey());
            g.writeFieldName("cost");
            cost(g, e.getValue());
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    /** A figure at full precision (cost per op can be far below 0.001); NaN (unavailable) as JSON null. */
    private static void number(JsonGenerator g, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumber(v);
        } else {
            g.writeNull();
        }
    }

    private static void op(JsonGenerator g, OpStats s) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", s.name());
        g.writeNumberField("count", s.count());
        g.writeNumberField("errors", s.errors());
        g.writeFieldName("errors_by_kind");
        longMap(g, s.errorsByKind());
        g.writeNumberField("retries", s.retries());
        g.writeNumberField("rows", s.rows());
        g.writeObjectFieldStart("outcomes");
        g.writeNumberField("calls", s.outcomes().calls());
        g.writeNumberField("hits", s.outcomes().hits());
        g.writeNumberField("rows", s.outcomes().rows());
        g.writeNumberField("asked", s.outcomes().asked());
        g.writeEndObject();
        g.writeFieldName("service");
        latency(g, s.service());
        g.writeFieldName("response");
        latency(g, s.response());
        g.writeEndObject();
    }

    private static void growth(JsonGenerator g, GraphGrowth growth) throws IOException {
        if (growth == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("links_inserted", growth.linksInserted());
        g.writeNumberField("links_deleted", growth.linksDeleted());
        g.writeNumberField("nodes_added", growth.nodesAdded());
        g.writeNumberField("nodes_deleted", growth.nodesDeleted());
        g.writeNumberField("largest_list_seen", growth.largestListSeen());
        g.writeNumberField("loaded_links", growth.loadedLinks());
        g.writeNumberField("loaded_longest_list", growth.loadedLongestList());
        nullable(g, "links_growth_pct", growth.linksGrowthPct());
        nullable(g, "longest_list_ratio", growth.longestListRatio());
        g.writeEndObject();
    }

    /** The throughput drift (recomputed from the intervals when read back), or null. */
    private static void drift(JsonGenerator g, ThroughputDrift d) throws IOException {
        if (d == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("intervals", d.intervals());
        nullable(g, "first_ops", d.firstOps());
        nullable(g, "last_ops", d.lastOps());
        nullable(g, "last_vs_first_pct", d.lastVsFirstPct());
        nullable(g, "slope_pct_per_min", d.slopePctPerMin());
        nullable(g, "trend_pct", d.trendPct());
        nullable(g, "noise_pct", d.noisePct());
        g.writeBooleanField("beyond_noise", d.beyondNoise());
        g.writeEndObject();
    }

    private static void nullable(JsonGenerator g, String name, double v) throws IOException {
        if (Double.isFinite(v)) {
            g.writeNumberField(name, rounded(v));
        } else {
            g.writeNullField(name);
        }
    }

    private static void graph(JsonGenerator g, GraphStats s) throws IOException {
        if (s == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("id1s", s.id1s());
        g.writeNumberField("link_rows", s.linkRows());
        g.writeNumberField("count_rows", s.countRows());
        g.writeFieldName("links_per_id1");
        g.writeNumber(rounded(s.linksPerId1()));
        g.writeNumberField("expected_link_rows", s.expectedLinkRows());
        g.writeNumberField("max_links", s.maxLinks());
        g.writeObjectFieldStart("id1s_by_links");
        for (int i = 0; i < GraphStats.BUCKETS; i++) {
            g.writeNumberField(GraphStats.BUCKET_LABELS.get(i), s.id1sIn(i));
        }
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void latency(JsonGenerator g, Histogram h) throws IOException {
        if (h == null) {
            g.writeNull();
            return;
        }
        Millis.Summary m = Millis.Summary.of(h);
        g.writeStartObject();
        g.writeFieldName("mean_ms");
        g.writeNumber(m.mean());
        g.writeFieldName("p25_ms");
        g.writeNumber(m.p25());
        g.writeFieldName("p50_ms");
        g.writeNumber(m.p50());
        g.writeFieldName("p75_ms");
        g.writeNumber(m.p75());
        g.writeFieldName("p95_ms");
        g.writeNumber(m.p95());
        g.writeFieldName("p99_ms");
        g.writeNumber(m.p99());
        g.writeFieldName("p999_ms");
        g.writeNumber(m.p999());
        g.writeFieldName("max_ms");
        g.writeNumber(m.max());
        g.writeStringField("histogram", HistogramCodec.encode(h));
        g.writeEndObject();
    }

    private static void stringMap(JsonGenerator g, Map<String, String> map) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, String> e : new TreeMap<>(map).entrySet()) {
            g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    private static void longMap(JsonGenerator g, Map<String, Long> map) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, Long> e : new TreeMap<>(map).entrySet()) {
            g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
    }

    private static BigDecimal rounded(double v) {
        return Double.isFinite(v) ? new BigDecimal(v).setScale(3, RoundingMode.HALF_UP) : BigDecimal.ZERO;
    }

    private static String iso(long epochMs) {
        return Instant.ofEpochMilli(epochMs).toString();
    }
}
