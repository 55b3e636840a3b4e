package io.linkbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.linkbench.measure.GraphStats;
import io.linkbench.measure.IntervalPoint;
import io.linkbench.measure.OpOutcomes;
import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseCost;
import io.linkbench.measure.Phase;
import io.linkbench.measure.PhaseEnd;
import io.linkbench.measure.PhaseResult;
import io.linkbench.measure.RunResult;
import io.linkbench.measure.SizeCounts;
import io.linkbench.store.StoreInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {
    private static final Instant START = Instant.parse("2025-01-02T03:04:05.678Z");

    private static final GraphStats GRAPH = new GraphStats(100_000, 400_000, 150_000,
            new long[] {10, 20_000, 60_000, 15_000, 4_900, 90}, 2_000, 401_234.5);

    /** A load's cost in parts: the insert window, two steps (one unmeasured figure), the total. */
    private static final PhaseCost LOAD_COST = new PhaseCost(figures(6.5, 0.75, 1.5), List.of("rKB/op: no device"),
            parts(Map.of("insert", new PhaseCost(figures(4.0, 0.25, 0.5), List.of())),
                    Map.of("step: compact", new PhaseCost(figures(2.0, 0.25, Double.NaN), List.of("rKB/op: no device"))),
                    Map.of("step: write-back", new PhaseCost(figures(0.5, 0.25, 0.0), List.of()))));

    private static Map<String, Double> figures(double secs, double wkb, double dirty) {
        Map<String, Double> f = new java.util.LinkedHashMap<>();
        f.put(PhaseCost.SECONDS, secs);
        f.put(PhaseCost.WRITE_KB, wkb);
        f.put(PhaseCost.DIRTY_KB_PER_OP, dirty);
        f.put(PhaseCost.DIRTY_START_KB, 100.0);
        return f;
    }

    /** A cluster's server by node: two measured, one on another host. */
    private static final Map<String, PhaseCost> NODES = nodes();

    private static Map<String, PhaseCost> nodes() {
        Map<String, PhaseCost> m = new java.util.LinkedHashMap<>();
        m.put("coordinator 127.0.0.1:9700", new PhaseCost(Map.of(PhaseCost.SERVER_CPU_US, 120.5, PhaseCost.SERVER_CPU_S, 3.0),
                List.of()));
        m.put("worker 127.0.0.1:9701", new PhaseCost(Map.of(PhaseCost.SERVER_CPU_US, 80.25, PhaseCost.SERVER_CPU_S, 2.0),
                List.of()));
        m.put("worker 10.0.0.7:5432", new PhaseCost(Map.of(PhaseCost.SERVER_CPU_US, Double.NaN),
                List.of("process: at the start: not on this host")));
        return m;
    }

    @SafeVarargs
    private static Map<String, PhaseCost> parts(Map<String, PhaseCost>... each) {
        Map<String, PhaseCost> m = new java.util.LinkedHashMap<>();
        for (Map<String, PhaseCost> e : each) {
            m.putAll(e);
        }
        return m;
    }

    private final ResultFiles files = new ResultFiles();

    @TempDir
    Path base;

    private static RunResult sampleRun() {
        PhaseResult load = new PhaseResult(Phase.LOAD, 0, new PhaseResult.Window(1_735_787_046_000L, 1_735_787_106_000L, 60.0),
                PhaseResult.Latency.closedLoop(List.of(new OpStats("LOAD_NODES", Histograms.constant(100, 2_000_000), null, 0, Map.of(), 0, 100_000),
                        new OpStats("LOAD_LINKS", Histograms.series(400, 5_000, 0), null, 2,
                                Map.of("CONFLICT", 2L), 5, 400_000))), PhaseEnd.legacy(false), List.of(),
                new PhaseResult.StoreReadings(Map.of("rows_inserted", 500_000L), 123_456_789L), Map.of("build_index", 4.25), null, List.of(), null).with(0, LOAD_COST, List.of()).with(new PhaseResult.GraphFacts(GRAPH, null, 0));
        Histogram lag = Histograms.series(1000, 10, 0);
        PhaseResult request = new PhaseResult(Phase.REQUEST, 0, new PhaseResult.Window(1_735_787_110_000L, 1_735_787_410_123L, 300.123),
                new PhaseResult.Latency(true, 1000.0, List.of(new OpStats("GET_NODE", Histograms.series(1000, 1_000, 0), Histograms.series(1000, 1_000, 40_000),
                        1, Map.of("TIMEOUT", 1L), 0, 0, new OpOutcomes(1000, 981, 981, 1000)),
                        new OpStats("MULTIGET_LINK", Histograms.series(10, 1_000, 0), null, 0, Map.of(), 0, 0,
                                new OpOutcomes(10, 7, 25, 41)),
                        new OpStats("DELETE_NODE", new Histogram(3), new Histogram(3), 0, Map.of(), 0, 0)), lag), PhaseEnd.legacy(true), List.of("backlog growing", "x \"quoted\""),
                new PhaseResult.StoreReadings(Map.of("reads", 77L, "writes", 0L), -1), Map.of(), null, List.of(), null)
                .with(2, new PhaseCost(new java.util.LinkedHashMap<>(Map.of("r/op", 0.125)), List.of("rKB/op: no device"))
                                .withNodes(NODES),
                        List.of(new IntervalPoint(10.0, 10.0, false,
                                List.of(new IntervalPoint.OpInterval("GET_NODE", 100, 0, 0.5, 0.99, 1.0)), 1,
                                Map.of("cpu_busy_pct", 42.5, "rKB/s", Double.NaN))))
                .with(new PhaseResult.GraphFacts(null, null, 3));
        Map<String, String> config = Map.of("requesters", "16", "maxid1", "10000001", "dbhost", "db1",
                "requestrate", "1000");
        StoreInfo store = new StoreInfo("mysql", "8.4.3", "InnoDB",
                Map.of("isolation", "REPEATABLE-READ", "topology", "single server"), true);
        return new RunResult("0.1.0-SNAPSHOT", START.toEpochMilli(), "client1", config, store, List.of(load, request),
                "6b1f7c2e-0d4a-4c1e-9a57-3f0e2d9c8b11");
    }

    @Test
    void writeThenReadGivesTheSameRecords() throws IOException {
        RunResult run = sampleRun();
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, run, "summary text\n");

        RunResult back = files.read(dir);

        assertEquals(run, back, "records are equal field by field, histograms by content");
        OpStats get = back.phases().get(1).ops().get(0);
        OpStats getBefore = run.phases().get(1).ops().get(0);
        assertEquals(1000, get.count());
        for (double p : new double[] {50, 95, 99, 99.9, 100}) {
            assertEquals(getBefore.service().getValueAtPercentile(p), get.service().getValueAtPercentile(p));
            assertEquals(getBefore.response().getValueAtPercentile(p), get.response().getValueAtPercentile(p));
        }
        assertEquals(run.phases().get(1).scheduleLag(), back.phases().get(1).scheduleLag());
        assertNull(back.phases().get(0).ops().get(0).response());
        assertNull(back.phases().get(0).scheduleLag());
        assertEquals(run.config(), back.config());
        assertEquals(Map.of("isolation", "REPEATABLE-READ", "topology", "single server"), back.store().facts());
        assertEquals(300.123, back.phases().get(1).seconds());
        PhaseCost loadCost = back.phases().get(0).cost();
        assertEquals(LOAD_COST, loadCost, "the load's cost with its parts, NaN kept as unavailable");
        assertEquals(List.of("insert", "step: compact", "step: write-back"), List.copyOf(loadCost.parts().keySet()));
        assertEquals(0.25, loadCost.parts().get("step: write-back").get(PhaseCost.WRITE_KB));
        assertTrue(Double.isNaN(loadCost.parts().get("step: compact").get(PhaseCost.DIRTY_KB_PER_OP)));
        assertEquals(Map.of(), back.phases().get(1).cost().parts(), "a request phase has no parts");
        assertEquals(NODES, back.phases().get(1).cost().nodes(), "a cluster's nodes in order, NaN kept");
        assertEquals(List.copyOf(NODES.keySet()), List.copyOf(back.phases().get(1).cost().nodes().keySet()));
        assertEquals(Map.of(), loadCost.nodes(), "a single server has no nodes");
        assertEquals("summary text\n", Files.readString(dir.resolve(ResultFiles.SUMMARY_TXT), StandardCharsets.UTF_8));
        try (Stream<Path> s = Files.list(dir)) {
            assertEquals(List.of(ResultFiles.RESULT_JSON, ResultFiles.SUMMARY_TXT),
                    s.map(p -> p.getFileName().toString()).sorted().toList(), "no temporary files left");
        }
    }

    @Test
    void resultJsonHasTheDocumentedLayout() throws IOException {
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, sampleRun(), "");
        String text = Files.readString(dir.resolve(ResultFiles.RESULT_JSON));
        JsonNode root = new ObjectMapper().readTree(text);

        assertEquals(RunResult.SCHEMA_VERSION, root.get("schema_version").asInt());
        assertEquals("2025-01-02T03:04:05.678Z", root.get("started").asText());
        assertEquals(START.toEpochMilli(), root.get("started_epoch_ms").asLong());
        assertEquals(List.of("dbhost", "maxid1", "requesters", "requestrate"), names(root.get("config")));
        assertEquals(List.of("isolation", "topology"), names(root.get("store").get("facts")));
        assertEquals("InnoDB", root.get("store").get("engine").asText());

        JsonNode request = root.get("phases").get(1);
        assertEquals(List.of("phase", "start_epoch_ms", "start", "end_epoch_ms", "end", "seconds", "open_loop",
                "target_rate", "throughput", "interrupted", "status", "ended_by", "end_reason", "warnings", "steps",
                "size_bytes", "logical_bytes", "space_amplification", "store_counters", "continuations", "continuation_rows",
                "graph", "growth", "drift", "ops", "schedule_lag", "loop", "cost", "intervals"), names(request));
        assertEquals("6b1f7c2e-0d4a-4c1e-9a57-3f0e2d9c8b11", root.get("run_id").asText());
        assertEquals(3, request.get("continuations").asLong());
        assertTrue(request.get("graph").isNull(), "a request phase has no graph");
        assertEquals("2025-01-02T03:10:10.123Z", request.get("end").asText());
        assertEquals(List.of("reads", "writes"), names(request.get("store_counters")));
        assertEquals(3.365, request.get("throughput").asDouble(), "1010 ok calls over 300.123 s");
        JsonNode node = request.get("cost").get("nodes").get(0);
        assertEquals(List.of("name", "cost"), names(node));
        assertEquals("coordinator 127.0.0.1:9700", node.get("name").asText());
        assertEquals(120.5, node.get("cost").get("figures").get("server_cpu_us/op").asDouble());
        assertTrue(request.get("cost").get("nodes").get(2).get("cost").get("figures").get("server_cpu_us/op").isNull());

        JsonNode get = request.get("ops").get(0);
        assertEquals(List.of("name", "count", "errors", "errors_by_kind", "retries", "rows", "outcomes", "service",
                "response"), names(get));
        assertEquals(List.of("calls", "hits", "rows", "asked"), names(get.get("outcomes")));
        assertEquals(981, get.get("outcomes").get("hits").asLong());
        assertEquals(41, request.get("ops").get(1).get("outcomes").get("asked").asLong());
        JsonNode graph = root.get("phases").get(0).get("graph");
        assertEquals(List.of("id1s", "link_rows", "count_rows", "links_per_id1", "expected_link_rows", "max_links",
                "id1s_by_links"), names(graph));
        assertEquals(4.0, graph.get("links_per_id1").asDouble());
        assertEquals(401_234.5, graph.get("expected_link_rows").asDouble());
        assertEquals(List.of("0", "1", "2", "3-10", "11-100", ">100"), names(graph.get("id1s_by_links")));
        assertEquals(4_900, graph.get("id1s_by_links").get("11-100").asLong());
        assertEquals(0, root.get("phases").get(0).get("ops").get(0).get("outcomes").get("calls").asLong());
        JsonNode service = get.get("service");
        assertEquals(List.of("mean_ms", "p25_ms", "p50_ms", "p75_ms", "p95_ms", "p99_ms", "p999_ms", "max_ms", "histogram"),
                names(service));
        assertTrue(service.get("p99_ms").isNumber());
        assertEquals(0.99, service.get("p99_ms").asDouble());
        assertTrue(text.contains("\"p99_ms\": 0.990,"), "3 decimals as written");
        assertEquals(1.04, get.get("response").get("max_ms").asDouble());
        assertTrue(root.get("phases").get(0).get("ops").get(0).get("response").isNull());
        assertEquals(4.25, root.get("phases").get(0).get("steps").get("build_index").asDouble());
    }

    @Test
    void aFileWrittenBeforeOutcomesAndGraphStillReads() throws IOException {
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, sampleRun(), "");
        Path json = dir.resolve(ResultFiles.RESULT_JSON);
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json.toFile());
        for (JsonNode phase : root.get("phases")) {
            ((ObjectNode) phase).remove(List.of("continuations", "graph"));
            ((ObjectNode) phase.get("cost")).remove("parts");
            ((ObjectNode) phase.get("cost").get("figures")).remove(List.of("secs", "dirtyKB/op", "dirty_start_kb"));
            phase.get("ops").forEach(op -> ((ObjectNode) op).remove("outcomes"));
        }
        mapper.writeValue(json.toFile(), root);

        RunResult old = files.read(dir);

        assertNull(old.phases().get(0).graph().loaded());
        assertEquals(0, old.phases().get(1).graph().continuations());
        assertEquals(OpOutcomes.NONE, old.phases().get(1).op("GET_NODE").outcomes());
        assertEquals(Map.of(), old.phases().get(0).cost().parts(), "a load cost without parts");
        assertEquals(Map.of("wKB/op", 0.75), old.phases().get(0).cost().figures());
        assertEquals(1000, old.phases().get(1).op("GET_NODE").count(), "the rest reads as before");
    }

    @Test
    void aGraphWithoutABucketIsRejectedWithItsPath() throws IOException {
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, sampleRun(), "");
        Path json = dir.resolve(ResultFiles.RESULT_JSON);
        Files.writeString(json, Files.readString(json).replace("\"11-100\"", "\"11-99\""));
        IOException e = assertThrows(IOException.class, () -> files.read(dir));
        assertTrue(e.getMessage().contains("phases[0].graph.id1s_by_links.11-100"), e.getMessage());
    }

    @Test
    void aCurveStepsTargetReadsBackAndAWrongKnobIsRejectedWithItsPath() throws IOException {
        RunResult plain = sampleRun();
        PhaseResult step = plain.phases().get(1).with(new PhaseResult.StepTarget("requestrate", 2000, "p99 < 5ms"));
        RunResult run = new RunResult(plain.linkbenchVersion(), plain.startedEpochMs(), plain.host(), plain.config(),
                plain.store(), List.of(plain.phases().get(0), step), plain.runId());
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, run, "");

        RunResult back = files.read(dir);

        assertEquals(new PhaseResult.StepTarget("requestrate", 2000, "p99 < 5ms"), back.phases().get(1).target());
        assertNull(back.phases().get(0).target(), "no target: not a curve step, as in older files");
        Path json = dir.resolve(ResultFiles.RESULT_JSON);
        Files.writeString(json, Files.readString(json).replaceFirst("\"knob\"\\s*:\\s*\"requestrate\"", "\"knob\": \"rate\""));
        IOException e = assertThrows(IOException.class, () -> files.read(dir));
        assertTrue(e.getMessage().contains("phases[1].target.knob"), e.getMessage());
    }

    @Test
    void taoBenchShardsAndTransactionSizesReadBackAndABadCountIsRejectedWithItsPath() throws IOException {
        RunResult plain = sampleRun();
        Map<String, SizeCounts> sizes = Map.of(
                "READ_TRANSACTION", new SizeCounts(List.of(0L, 0L, 812L, 401L, 0L, 0L, 7L)),
                "WRITE_TRANSACTION", new SizeCounts(List.of(0L, 30L, 0L, 0L, 2L)));
        PhaseResult tao = plain.phases().get(1).with(new PhaseResult.GraphFacts(null, null, 3, 0, List.of(60L, 40L), sizes));
        RunResult run = new RunResult(plain.linkbenchVersion(), plain.startedEpochMs(), plain.host(), plain.config(),
                plain.store(), List.of(plain.phases().get(0), tao), plain.runId());
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, run, "");

        RunResult back = files.read(dir);

        assertEquals(run, back);
        assertEquals(sizes, back.phases().get(1).graph().transactionSizes());
        assertEquals(Map.of(), back.phases().get(0).graph().transactionSizes(), "a load has none, and writes none");
        Path json = dir.resolve(ResultFiles.RESULT_JSON);
        JsonNode written = new ObjectMapper().readTree(json.toFile()).get("phases");
        assertNull(written.get(0).get("transaction_sizes"));
        JsonNode txSizes = written.get(1).get("transaction_sizes");
        assertEquals(List.of("READ_TRANSACTION", "WRITE_TRANSACTION"), names(txSizes));
        assertEquals(List.of("2", "3", "6"), names(txSizes.get("READ_TRANSACTION")), "the sizes seen only");
        assertEquals(401, txSizes.get("READ_TRANSACTION").get("3").asLong());
        Files.writeString(json, Files.readString(json).replaceFirst("\"4\"\\s*:\\s*2", "\"4\": -2"));
        IOException e = assertThrows(IOException.class, () -> files.read(dir));
        assertTrue(e.getMessage().contains("phases[1].transaction_sizes.WRITE_TRANSACTION.4"), e.getMessage());
    }

    @Test
    void existingRunDirectoryGetsASuffix() throws IOException {
        Path first = files.createRunDirectory(base, "mysql", START);
        Path second = files.createRunDirectory(base, "mysql", START);
        Path third = files.createRunDirectory(base, "mysql", START);
        Path other = files.createRunDirectory(base.resolve("nested"), "my/sql x", START);

        assertEquals(base.resolve("20250102-030405-mysql"), first);
        assertEquals(base.resolve("20250102-030405-mysql-2"), second);
        assertEquals(base.resolve("20250102-030405-mysql-3"), third);
        assertEquals(base.resolve("nested").resolve("20250102-030405-my_sql_x"), other);
        assertTrue(Files.isDirectory(third) && Files.isDirectory(other));
    }

    @Test
    void unreadableResultsAreRejectedWithTheReason() throws IOException {
        Path dir = files.createRunDirectory(base, "mysql", START);
        files.write(dir, sampleRun(), "");
        Path json = dir.resolve(ResultFiles.RESULT_JSON);
        String good = Files.readString(json);

        Files.writeString(json, good.replace("\"schema_version\": 1", "\"schema_version\": 99"));
        IOException newer = assertThrows(IOException.class, () -> files.read(dir));
        assertTrue(newer.getMessage().contains("schema_version 99"), newer.getMessage());

        Files.writeString(json, good.replaceFirst("\"rows\"", "\"rowz\""));
        IOException missing = assertThrows(IOException.class, () -> files.read(dir));
        assertTrue(missing.getMessage().contains("phases[0].ops[0].rows"), missing.getMessage());

        Files.writeString(json, good.replaceFirst("\"histogram\": \"HIST", "\"histogram\": \"%%%"));
        IOException garbled = assertThrows(IOException.class, () -> files.read(dir));
        assertTrue(garbled.getMessage().contains("HdrHistogram"), garbled.getMessage());
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
