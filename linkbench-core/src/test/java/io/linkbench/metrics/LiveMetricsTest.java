package io.linkbench.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.linkbench.measure.OpStats;
import io.linkbench.measure.PhaseObserver;
import io.linkbench.measure.PhaseResult;
import io.linkbench.run.RunControl;
import io.linkbench.run.RunSpec;
import io.linkbench.run.TestPhases;
import io.linkbench.store.GraphStore;
import io.linkbench.store.StoreContext;
import io.linkbench.store.memory.MemoryStoreProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code --metrics-port}: the endpoint scraped while a request phase runs, and against its result. */
class LiveMetricsTest {
    private static final Pattern SAMPLE = Pattern.compile("^(linkbench_[a-z_0-9]+)(?:\\{([^}]*)\\})? (\\S+)$", Pattern.MULTILINE);
    private final HttpClient http = HttpClient.newHttpClient();

    /** Every linkbench sample of a scrape: "name{labels}" to value. */
    private Map<String, Double> scrape(int port) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
        Map<String, Double> samples = new HashMap<>();
        Matcher m = SAMPLE.matcher(r.body());
        while (m.find()) {
            samples.put(m.group(1) + (m.group(2) == null ? "" : "{" + m.group(2) + "}"), Double.parseDouble(m.group(3)));
        }
        return samples;
    }

    /** Scrapes until a scrape passes {@code ok} (polling, with a deadline) and returns it. */
    private Map<String, Double> scrapeUntil(Duration timeout, String what, int port,
                                            Predicate<Map<String, Double>> ok) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, Double> samples = scrape(port);
        while (!ok.test(samples)) {
            assertTrue(System.nanoTime() - deadline < 0, "waited " + timeout.toSeconds() + " s for " + what + ": " + samples);
            Thread.sleep(20);
            samples = scrape(port);
        }
        return samples;
    }

    private static double total(Map<String, Double> samples, String name) {
        return samples.entrySet().stream().filter(e -> e.getKey().startsWith(name + "{"))
                .mapToDouble(Map.Entry::getValue).sum();
    }

    @Test
    void theCountersGrowDuringThePhaseAndEndEqualToTheResult() throws Exception {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        RunSpec d = RunSpec.withDefaults("store", "memory", "maxid1", "2001", "requesters", "2", "warmup_time", "0.5",
                "maxtime", "600", "displayfreq", "0.25", "requestrate", "400", "requests", "100000000");
        RunControl control = new RunControl(); // ends the phase once the scrapes are taken
        try (GraphStore store = new MemoryStoreProvider().open(new StoreContext(d.settings(), d.sessions()));
             LiveMetrics live = LiveMetrics.serve(0)) {
            TestPhases.load(d, store, live);
            Map<String, Double> afterLoad = scrape(live.port());
            assertTrue(total(afterLoad, "linkbench_load_rows_total") > 2000, "rows loaded: " + afterLoad);
            assertEquals(1.0, afterLoad.get("linkbench_phase{phase=\"load\"}"));

            CompletableFuture<PhaseResult> phase = CompletableFuture.supplyAsync(() -> {
                try {
                    return TestPhases.context(d, control, out, PhaseObserver.of(live)).requests(0).execute(store);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Map<String, Double> early = scrapeUntil(Duration.ofSeconds(60), "requests counted in the request phase",
                    live.port(), m -> Double.valueOf(1.0).equals(m.get("linkbench_phase{phase=\"request\"}"))
                            && total(m, "linkbench_requests_total") > 0);
            Map<String, Double> later = scrapeUntil(Duration.ofSeconds(60), "the request counter growing and the lag",
                    live.port(), m -> total(m, "linkbench_requests_total") > total(early, "linkbench_requests_total")
                            && m.containsKey("linkbench_schedule_lag_p99_seconds"));
            control.interrupt("test");
            PhaseResult result = phase.get();
            Map<String, Double> end = scrape(live.port());

            assertEquals(1.0, early.get("linkbench_phase{phase=\"request\"}"));
            assertTrue(total(early, "linkbench_requests_total") > 0, "counting during the run: " + early);
            assertTrue(total(later, "linkbench_requests_total") > total(early, "linkbench_requests_total"), "growing");
            assertTrue(later.containsKey("linkbench_schedule_lag_p99_seconds"), "open loop: the lag");
            for (OpStats s : result.ops()) {
                String op = "{op=\"" + s.name() + "\"}";
                assertEquals(s.count(), end.getOrDefault("linkbench_requests_total" + op, 0.0), s.name());
                assertEquals(s.errors(), end.getOrDefault("linkbench_errors_total" + op, 0.0), s.name());
                assertEquals(s.count(), end.getOrDefault("linkbench_latency_seconds_count" + op, 0.0), s.name());
            }
            assertEquals(result.operations(), total(end, "linkbench_requests_total"));
        }
    }
}
